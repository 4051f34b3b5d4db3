// facts_by_slot — the facts of one slot (subject, predicate, scope), optionally as of a point.
// Parameters:
//   $namespace           STRING          the tenant
//   $slot                STRING          slot key (subject_key, predicate and scope joined by \u001f)
//   $at                  DATETIME|null   world time; null returns every version
//   $known_at            DATETIME|null   belief time (set whenever $at is set)
//   $include_candidates  BOOLEAN         return unconfirmed candidates too
//   $statuses            LIST<STRING>|null  keep only these stored statuses
// Returns: f (the Fact node's properties), oldest valid_from first
// Example: :param namespace => 'maya'; :param slot => 'maya\u001flives_in\u001fglobal'
MATCH (f:Fact {namespace: $namespace, slot: $slot})
WHERE ($include_candidates OR NOT coalesce(f.candidate, f.status = 'candidate'))
  AND ($statuses IS NULL OR f.status IN $statuses)
  AND ($at IS NULL OR (f.valid_from <= $at AND $at < f.valid_until
                       AND f.recorded_at <= $known_at AND $known_at < f.retired_at))
RETURN f {.*, embedding: null} AS f
ORDER BY f.valid_from, f.recorded_at, f.id
