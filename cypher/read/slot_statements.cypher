// slot_statements — everything said about several slots, with the episodes each came from:
// what a slot's timeline is derived from.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns: s (the Statement's properties as [key, value, is_time] triples — zoned datetimes as
//   epoch microseconds, which the driver need not decode — plus episodes: LIST<STRING>),
//   oldest said first
// Example: :param namespace => 'maya'; :param slots => ['user\u001flives_in\u001fglobal']
UNWIND $slots AS slot
MATCH (s:Statement {namespace: $namespace, slot: slot})
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
ORDER BY s.said_at, s.recorded_at, s.id
RETURN [key IN keys(s) WHERE NOT key IN ['embedding', 'ns_token'] |
  CASE WHEN valueType(s[key]) STARTS WITH 'ZONED DATETIME'
       THEN [key, s[key].epochMillis * 1000 + s[key].microsecond % 1000, true]
       ELSE [key, s[key], false] END] + [['episodes', episodes, false]] AS s
