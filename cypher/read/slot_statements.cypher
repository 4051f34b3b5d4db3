// slot_statements — everything said about several slots, with the episodes each came from:
// what a slot's timeline is derived from.
// The properties every statement has are read by name (reading each through keys(s) and
// s[key] cost twice the server time); any other property comes in `rest`.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns, a statement a row, oldest said_at first:
//   plain  MAP   the named properties that are not datetimes (absent ones null), and
//                episodes: the ids of the episodes it was stated in
//   times  MAP   the named zoned datetimes, as epoch microseconds (absent ones null)
//   rest   LIST  any other property as a [key, value, is_time] triple (zoned datetimes as
//                epoch microseconds); embedding and ns_token are never returned
// Example: :param namespace => 'maya'; :param slots => ['user\u001flives_in\u001fglobal']
UNWIND $slots AS slot
MATCH (s:Statement {namespace: $namespace, slot: slot})
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
ORDER BY s.said_at, s.recorded_at, s.id
RETURN s {.id, .namespace, .slot, .op, .subject, .subject_key, .predicate, .object_text,
          .object_json, .object_is_entity, .object_key, .kind, .cardinality, .scope, .status,
          .authority, .sensitivity, .confidence, .quote, episodes: episodes} AS plain,
       {said_at: s.said_at.epochMillis * 1000 + s.said_at.microsecond % 1000,
        valid_from: s.valid_from.epochMillis * 1000 + s.valid_from.microsecond % 1000,
        valid_until: s.valid_until.epochMillis * 1000 + s.valid_until.microsecond % 1000,
        recorded_at: s.recorded_at.epochMillis * 1000 + s.recorded_at.microsecond % 1000,
        review_at: s.review_at.epochMillis * 1000 + s.review_at.microsecond % 1000} AS times,
       [key IN keys(s) WHERE NOT key IN [
          'embedding', 'ns_token', 'id', 'namespace', 'slot', 'op', 'subject', 'subject_key',
          'predicate', 'object_text', 'object_json', 'object_is_entity', 'object_key', 'kind',
          'cardinality', 'scope', 'status', 'authority', 'sensitivity', 'confidence', 'quote',
          'said_at', 'valid_from', 'valid_until', 'recorded_at', 'review_at'] |
        CASE WHEN s[key] IS :: ZONED DATETIME
             THEN [key, s[key].epochMillis * 1000 + s[key].microsecond % 1000, true]
             ELSE [key, s[key], false] END] AS rest
