// export_links — the support, supersession and statement links of a namespace, for export.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: type, fact_id (the link's start: a Fact or a Statement), other_id, props
MATCH (f:Fact|Statement {namespace: $namespace})-[r:SUPPORTED_BY|SUPERSEDES|STATED_IN]->(other)
WHERE other.namespace = $namespace
RETURN type(r) AS type, f.id AS fact_id, other.id AS other_id, properties(r) AS props
ORDER BY type, fact_id, other_id
