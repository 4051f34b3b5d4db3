// fact_chain — the supersession chain a fact belongs to, oldest belief first.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  any fact of the chain
// Returns: f (the Fact node's properties)
// Example: :param namespace => 'maya'; :param fact_id => 'f_…'
MATCH (start:Fact {namespace: $namespace, id: $fact_id})
MATCH (start)-[:SUPERSEDES*0..]-(f:Fact)
WHERE f.namespace = $namespace
WITH DISTINCT f
RETURN f {.*, embedding: null} AS f
ORDER BY f.recorded_at, f.valid_from, f.id
