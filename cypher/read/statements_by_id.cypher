// statements_by_id — statements by id, with the episodes each came from.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  statement ids; unknown ids are skipped
// Returns: s (the Statement's properties plus episodes: LIST<STRING>), oldest said first
UNWIND $ids AS id
MATCH (s:Statement {namespace: $namespace, id: id})
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
RETURN s {.*, episodes: episodes} AS s
ORDER BY s.said_at, s.recorded_at, s.id
