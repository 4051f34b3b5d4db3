// episodes_redact — replace an episode's content with its redacted form.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id, content, redactions
// Returns: redacted (INTEGER)
UNWIND $rows AS row
MATCH (e:Episode {namespace: $namespace, id: row.id})
SET e.content = row.content, e.redactions = row.redactions
RETURN count(e) AS redacted
