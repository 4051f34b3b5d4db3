// statements_create — store what was said about a slot, linked to the episodes it came from.
// Statements are the source the slot's facts are derived from (graphmem/write/timeline.py).
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  {props: statement row without episodes (see graphmem/write/statements.py),
//                          episodes: LIST<STRING> ids of Episodes in the namespace}
// Returns: created (INTEGER)
UNWIND $rows AS row
CREATE (s:Statement)
SET s = row.props, s.namespace = $namespace
WITH s, row
CALL (s, row) {
  UNWIND row.episodes AS episode_id
  MATCH (e:Episode {namespace: $namespace, id: episode_id})
  CREATE (s)-[:STATED_IN]->(e)
  RETURN count(e) AS linked
}
RETURN count(s) AS created, sum(linked) AS linked
