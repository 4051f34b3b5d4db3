// facts_of_slots — every fact (any time, any status) of several slots at once: what the write
// path weighs a batch of new claims against, in one read.
// The properties every fact has are read by name (about half the server time of reading each
// through keys(f) and f[key], measured on a write's 500 slots); any other property comes in
// `rest`, so nothing a fact holds is left out.
// Parameters:
//   $namespace    STRING        the tenant
//   $slots        LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
//   $history      BOOLEAN       every fact; false: only the believed ones in rows (a write
//                               weighs claims against those) with their support, the rest
//                               summed up in history
//   $end_of_time  DATETIME      the retired_at of a fact still believed
// Returns one row (none when no slot has a fact):
//   plain  LIST<STRING>  the names of the first columns: the named properties that are not
//                        datetimes
//   times  LIST<STRING>  the names of the next columns: zoned datetimes, as epoch microseconds
//   rows   LIST<LIST>    a fact a list, oldest valid_from first: the plain columns, the times
//                        columns (absent properties null), then `rest`: any other property as
//                        a [key, value, is_time] triple (zoned datetimes as epoch
//                        microseconds); embedding and ns_token are never returned
//   history LIST<LIST>   when $history is false, [slot, the epoch microseconds at which a fact
//                        left out was recorded or retired, whichever is later] for each one
//   support LIST<LIST>   when $history is false, [fact id, links] for each fact in rows, each
//                        link [episode_id, role, added_at, source, session, occurred_at] (the
//                        datetimes as epoch microseconds), as cypher/read/fact_support returns
//                        them: what a write needs beside the believed facts, in this read
// Positional lists in one row, not a map a row (as cypher/read/slot_statements).
WITH ['id', 'namespace', 'slot', 'subject', 'subject_key', 'predicate', 'object_text',
      'object_json', 'object_is_entity', 'kind', 'lane', 'scope', 'status', 'candidate',
      'authority', 'sensitivity', 'confidence', 'use_count', 'bad_outcomes', 'statements',
      'quote', 'search_text'] AS plain,
     ['valid_from', 'valid_until', 'recorded_at', 'retired_at', 'review_at', 'last_used_at',
      'decayed_at'] AS times
UNWIND $slots AS slot
MATCH (f:Fact {namespace: $namespace, slot: slot})
WITH plain, times, f, $history OR f.retired_at >= $end_of_time AS whole
ORDER BY f.valid_from, f.recorded_at, f.id
WITH plain, times, f, whole,
     CASE WHEN f.recorded_at > f.retired_at THEN f.recorded_at ELSE f.retired_at END AS last
RETURN plain, times,
       collect(CASE WHEN NOT whole
                    THEN [f.slot, last.epochMillis * 1000 + last.microsecond % 1000] END)
         AS history,
       collect(CASE WHEN whole AND NOT $history THEN [f.id, [
         (f)-[r:SUPPORTED_BY]->(e:Episode) WHERE e.namespace = $namespace |
         [e.id, r.role, r.added_at.epochMillis * 1000 + r.added_at.microsecond % 1000,
          e.source, e.session,
          e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000]]] END)
         AS support,
       collect(CASE WHEN whole THEN [
         f.id, f.namespace, f.slot, f.subject, f.subject_key, f.predicate, f.object_text,
         f.object_json, f.object_is_entity, f.kind, f.lane, f.scope, f.status, f.candidate,
         f.authority, f.sensitivity, f.confidence, f.use_count, f.bad_outcomes, f.statements,
         f.quote, f.search_text,
         f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
         f.valid_until.epochMillis * 1000 + f.valid_until.microsecond % 1000,
         f.recorded_at.epochMillis * 1000 + f.recorded_at.microsecond % 1000,
         f.retired_at.epochMillis * 1000 + f.retired_at.microsecond % 1000,
         f.review_at.epochMillis * 1000 + f.review_at.microsecond % 1000,
         f.last_used_at.epochMillis * 1000 + f.last_used_at.microsecond % 1000,
         f.decayed_at.epochMillis * 1000 + f.decayed_at.microsecond % 1000,
         [key IN keys(f) WHERE NOT key IN plain + times + ['embedding', 'ns_token', 'keywords',
                                                     'keyword_length'] |
          CASE WHEN f[key] IS :: ZONED DATETIME
               THEN [key, f[key].epochMillis * 1000 + f[key].microsecond % 1000, true]
               ELSE [key, f[key], false] END]] END) AS rows
