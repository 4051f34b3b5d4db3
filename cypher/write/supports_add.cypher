// supports_add — link facts to the episodes that support them (stated, corroborated, confirmed).
// A link that exists already is kept as it was. Each episode keeps the scopes of the facts it
// supports (support_scopes), so that a scoped recall decides whether an episode stands behind
// a fact of another scope from one property instead of from every fact the episode supports
// (500 of them for a batch of 500 claims). An episode written before it was kept has none and
// is checked the long way (cypher/recall); nodes_remove keeps it exact when a fact goes.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   fact_id, episode_id, role, added_at
// Returns: linked (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
MATCH (e:Episode {namespace: $namespace, id: row.episode_id})
MERGE (f)-[r:SUPPORTED_BY]->(e)
  ON CREATE SET r.role = row.role, r.added_at = row.added_at
SET e.support_scopes = CASE
  WHEN e.support_scopes IS NULL OR f.scope IN e.support_scopes THEN e.support_scopes
  ELSE e.support_scopes + f.scope END
RETURN count(r) AS linked
