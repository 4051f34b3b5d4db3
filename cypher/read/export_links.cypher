// export_links — the support and supersession links of a namespace, for export.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: type, fact_id, other_id, props
MATCH (f:Fact {namespace: $namespace})-[r:SUPPORTED_BY|SUPERSEDES]->(other)
WHERE other.namespace = $namespace
RETURN type(r) AS type, f.id AS fact_id, other.id AS other_id, properties(r) AS props
ORDER BY type, fact_id, other_id
