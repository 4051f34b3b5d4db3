// supports_add — link facts to the episodes that support them (stated, corroborated, confirmed).
// A link that exists already is kept as it was.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   fact_id, episode_id, role, added_at
// Returns: linked (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
MATCH (e:Episode {namespace: $namespace, id: row.episode_id})
MERGE (f)-[r:SUPPORTED_BY]->(e)
  ON CREATE SET r.role = row.role, r.added_at = row.added_at
RETURN count(r) AS linked
