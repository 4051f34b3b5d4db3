// episodes_to_reduce — episodes older than a namespace's retention keeps raw text, not yet
// reduced to their claims (graphmem/lifecycle/retention.py).
// Parameters:
//   $namespace  STRING    the tenant
//   $before     DATETIME  episodes that happened before this are due
//   $limit      INTEGER   how many at most
// Returns: id; oldest first
MATCH (e:Episode {namespace: $namespace})
WHERE e.occurred_at < $before AND e.reduced_at IS NULL
RETURN e.id AS id
ORDER BY e.occurred_at, e.id
LIMIT $limit
