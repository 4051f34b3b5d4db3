// slot_statements — everything said about several slots, with the episodes each came from:
// what a slot's timeline is derived from.
// The properties every statement has are read by name (reading each through keys(s) and
// s[key] cost twice the server time); any other property comes in `rest`.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns one row (none when no slot has a statement):
//   plain  LIST<STRING>  the names of the first columns: the named properties that are not
//                        datetimes, and episodes (the ids of the episodes it was stated in)
//   times  LIST<STRING>  the names of the next columns: zoned datetimes, as epoch microseconds
//   rows   LIST<LIST>    a statement a list, oldest said_at first: the plain columns, the
//                        times columns (absent properties null), then `rest`: any other
//                        property as a [key, value, is_time] triple (zoned datetimes as epoch
//                        microseconds); embedding and ns_token are never returned
// Positional lists in one row, not a map a row: a third less server time for a write's
// 500 slots, and one record for the driver to read instead of a thousand.
// Example: :param namespace => 'maya'; :param slots => ['user\u001flives_in\u001fglobal']
WITH ['id', 'namespace', 'slot', 'op', 'subject', 'subject_key', 'predicate', 'object_text',
      'object_json', 'object_is_entity', 'object_key', 'kind', 'cardinality', 'scope', 'status',
      'authority', 'sensitivity', 'confidence', 'quote', 'episodes'] AS plain,
     ['said_at', 'valid_from', 'valid_until', 'recorded_at', 'review_at'] AS times
UNWIND $slots AS slot
MATCH (s:Statement {namespace: $namespace, slot: slot})
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH plain, times, s, collect(e.id) AS episodes
ORDER BY s.said_at, s.recorded_at, s.id
RETURN plain, times,
       collect([s.id, s.namespace, s.slot, s.op, s.subject, s.subject_key, s.predicate,
                s.object_text, s.object_json, s.object_is_entity, s.object_key, s.kind,
                s.cardinality, s.scope, s.status, s.authority, s.sensitivity, s.confidence,
                s.quote, episodes,
                s.said_at.epochMillis * 1000 + s.said_at.microsecond % 1000,
                s.valid_from.epochMillis * 1000 + s.valid_from.microsecond % 1000,
                s.valid_until.epochMillis * 1000 + s.valid_until.microsecond % 1000,
                s.recorded_at.epochMillis * 1000 + s.recorded_at.microsecond % 1000,
                s.review_at.epochMillis * 1000 + s.review_at.microsecond % 1000,
                [key IN keys(s) WHERE NOT key IN plain + times + ['embedding', 'ns_token'] |
                 CASE WHEN s[key] IS :: ZONED DATETIME
                      THEN [key, s[key].epochMillis * 1000 + s[key].microsecond % 1000, true]
                      ELSE [key, s[key], false] END]]) AS rows
