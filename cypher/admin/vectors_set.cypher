// vectors_set — replace the embeddings of facts and episodes (re-embedding): one batch of
// one namespace.
// Parameters:
//   $namespace  STRING                            the tenant
//   $rows       LIST<MAP>  new vectors: {id: STRING, vector: LIST<FLOAT>}
// Returns: updated (INTEGER)
UNWIND $rows AS row
MATCH (n {namespace: $namespace, id: row.id})
WHERE n:Fact OR n:Episode
SET n.embedding = row.vector
RETURN count(n) AS updated
