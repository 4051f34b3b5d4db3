// episodes_redact — replace an episode's content with its redacted form, and its embedding
// with the redacted text's: a vector of the words taken out would still find it by them.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id, content, redactions, embedding (LIST<FLOAT>; null: none given),
//                           reduced_at (DATETIME; set when retention reduced it to its claims)
// Returns: redacted (INTEGER)
UNWIND $rows AS row
MATCH (e:Episode {namespace: $namespace, id: row.id})
SET e.content = row.content, e.redactions = row.redactions,
    e.embedding = CASE WHEN row.embedding IS NULL THEN e.embedding ELSE row.embedding END,
    e.reduced_at = coalesce(row.reduced_at, e.reduced_at)
RETURN count(e) AS redacted
