// facts_of_slots — every fact (any time, any status) of several slots at once: what the write
// path weighs a batch of new claims against, in one read.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns: f (the Fact node's properties as [key, value, is_time] triples: zoned datetimes as
//   epoch microseconds, which the driver need not decode), oldest valid_from first
UNWIND $slots AS slot
MATCH (f:Fact {namespace: $namespace, slot: slot})
WITH f
ORDER BY f.valid_from, f.recorded_at, f.id
RETURN [key IN keys(f) WHERE NOT key IN ['embedding', 'ns_token'] |
  CASE WHEN valueType(f[key]) STARTS WITH 'ZONED DATETIME'
       THEN [key, f[key].epochMillis * 1000 + f[key].microsecond % 1000, true]
       ELSE [key, f[key], false] END] AS f
