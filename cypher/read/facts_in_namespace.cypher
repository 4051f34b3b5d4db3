// facts_in_namespace — every fact of a namespace, optionally filtered, as of a point.
// Parameters:
//   $namespace           STRING          the tenant
//   $predicate           STRING|null     keep only this predicate
//   $scope               STRING|null     keep only this scope
//   $at                  DATETIME|null   world time; null returns every version
//   $known_at            DATETIME|null   belief time (set whenever $at is set)
//   $include_candidates  BOOLEAN         return unconfirmed candidates too
//   $statuses            LIST<STRING>|null  keep only these stored statuses
// Returns: f (the Fact node's properties), oldest valid_from first
// Example: :param namespace => 'maya'
MATCH (f:Fact {namespace: $namespace})
WHERE ($predicate IS NULL OR f.predicate = $predicate)
  AND ($scope IS NULL OR f.scope = $scope)
  AND ($include_candidates OR NOT coalesce(f.candidate, f.status = 'candidate'))
  AND ($statuses IS NULL OR f.status IN $statuses)
  AND ($at IS NULL OR (f.valid_from <= $at AND $at < f.valid_until
                       AND f.recorded_at <= $known_at AND $known_at < f.retired_at))
RETURN f {.*, embedding: null} AS f
ORDER BY f.valid_from, f.recorded_at, f.id
