// episode_statements — what these episodes said: the statements linked to them.
// Parameters:
//   $namespace    STRING        the tenant
//   $episode_ids  LIST<STRING>  episode ids
// Returns: s (the Statement's properties plus episodes: LIST<STRING>), oldest said first
UNWIND $episode_ids AS episode_id
MATCH (:Episode {namespace: $namespace, id: episode_id})<-[:STATED_IN]-(s:Statement)
WITH DISTINCT s
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
RETURN s {.*, episodes: episodes} AS s
ORDER BY s.said_at, s.recorded_at, s.id
