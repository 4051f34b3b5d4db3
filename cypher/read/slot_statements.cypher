// slot_statements — everything said about several slots, with the episodes each came from:
// what a slot's timeline is derived from.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns: s (the Statement's properties plus episodes: LIST<STRING>), oldest said first
// Example: :param namespace => 'maya'; :param slots => ['user\u001flives_in\u001fglobal']
UNWIND $slots AS slot
MATCH (s:Statement {namespace: $namespace, slot: slot})
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
RETURN s {.*, episodes: episodes} AS s
ORDER BY s.said_at, s.recorded_at, s.id
