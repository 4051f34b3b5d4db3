// embedder_set — record which embedder builds the vectors of this database.
// Parameters:
//   $name        STRING   the embedder's name, e.g. 'hashing-v1-256'
//   $dimensions  INTEGER  its dimension
// Returns: name, dimensions, pending — the record: ours when this is the first, else the one
// another store made before (which the caller compares with its own embedder)
MERGE (m:IndexMeta {namespace: '_graphmem', id: 'embedder'})
ON CREATE SET m.name = $name, m.dimensions = $dimensions
RETURN m.name AS name, m.dimensions AS dimensions, coalesce(m.pending, false) AS pending
