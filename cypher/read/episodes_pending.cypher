// episodes_pending — episodes whose extraction is pending: the model failed when they were
// told, so they are kept as evidence and wait for `graphmem reextract` to read them again.
// Parameters:
//   $namespace  STRING   the tenant
//   $limit      INTEGER  how many at most
// Returns: id; oldest told first
MATCH (e:Episode {namespace: $namespace})
WHERE e.extraction = 'pending'
RETURN e.id AS id
ORDER BY e.recorded_at, e.id
LIMIT $limit
