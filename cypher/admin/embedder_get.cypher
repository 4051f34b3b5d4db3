// embedder_get — which embedder built the vectors of this database (recorded once).
// The record lives in the reserved namespace '_graphmem', which no tenant can use.
// Parameters: none
// Returns: name, dimensions, pending (true while a re-embed is unfinished)
MATCH (m:IndexMeta {namespace: '_graphmem', id: 'embedder'})
RETURN m.name AS name, m.dimensions AS dimensions, coalesce(m.pending, false) AS pending
