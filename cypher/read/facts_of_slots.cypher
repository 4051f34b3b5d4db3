// facts_of_slots — every fact (any time, any status) of several slots at once: what the write
// path weighs a batch of new claims against, in one read.
// The properties every fact has are read by name (about half the server time of reading each
// through keys(f) and f[key], measured on a write's 500 slots); any other property comes in
// `rest`, so nothing a fact holds is left out.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns, a fact a row, oldest valid_from first:
//   plain  MAP   the named properties that are not datetimes (absent ones null)
//   times  MAP   the named zoned datetimes, as epoch microseconds (absent ones null)
//   rest   LIST  any other property as a [key, value, is_time] triple (zoned datetimes as
//                epoch microseconds); embedding and ns_token are never returned
UNWIND $slots AS slot
MATCH (f:Fact {namespace: $namespace, slot: slot})
WITH f
ORDER BY f.valid_from, f.recorded_at, f.id
RETURN f {.id, .namespace, .slot, .subject, .subject_key, .predicate, .object_text, .object_json,
          .object_is_entity, .kind, .lane, .scope, .status, .candidate, .authority,
          .sensitivity, .confidence, .use_count, .bad_outcomes, .statements, .quote,
          .search_text} AS plain,
       {valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
        valid_until: f.valid_until.epochMillis * 1000 + f.valid_until.microsecond % 1000,
        recorded_at: f.recorded_at.epochMillis * 1000 + f.recorded_at.microsecond % 1000,
        retired_at: f.retired_at.epochMillis * 1000 + f.retired_at.microsecond % 1000,
        review_at: f.review_at.epochMillis * 1000 + f.review_at.microsecond % 1000,
        last_used_at: f.last_used_at.epochMillis * 1000 + f.last_used_at.microsecond % 1000,
        decayed_at: f.decayed_at.epochMillis * 1000 + f.decayed_at.microsecond % 1000} AS times,
       [key IN keys(f) WHERE NOT key IN [
          'embedding', 'ns_token', 'id', 'namespace', 'slot', 'subject', 'subject_key',
          'predicate', 'object_text', 'object_json', 'object_is_entity', 'kind', 'lane', 'scope',
          'status', 'candidate', 'authority', 'sensitivity', 'confidence', 'use_count',
          'bad_outcomes', 'statements', 'quote', 'search_text', 'valid_from', 'valid_until',
          'recorded_at', 'retired_at', 'review_at', 'last_used_at', 'decayed_at'] |
        CASE WHEN f[key] IS :: ZONED DATETIME
             THEN [key, f[key].epochMillis * 1000 + f[key].microsecond % 1000, true]
             ELSE [key, f[key], false] END] AS rest
