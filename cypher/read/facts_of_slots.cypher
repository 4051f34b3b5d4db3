// facts_of_slots — every fact (any time, any status) of several slots at once: what the write
// path weighs a batch of new claims against, in one read.
// Parameters:
//   $namespace  STRING        the tenant
//   $slots      LIST<STRING>  slot keys (subject_key, predicate and scope joined by \u001f)
// Returns: f (the Fact node's properties)
UNWIND $slots AS slot
MATCH (f:Fact {namespace: $namespace, slot: slot})
RETURN f {.*, embedding: null} AS f
ORDER BY f.valid_from, f.recorded_at, f.id
