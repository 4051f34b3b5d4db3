// embedder_replace — record the embedder that builds the vectors from now on (re-embedding);
// `pending` stays true until every vector is rewritten, and a store with a pending record
// refuses to open for recall (an interrupted re-embed must be run again).
// Parameters:
//   $name        STRING   the embedder, e.g. "hashing-v1" or "openai:text-embedding-3-small"
//   $dimensions  INTEGER  its vector size
//   $pending     BOOLEAN  whether vectors are still being rewritten
// Returns: name, dimensions, pending
MERGE (m:IndexMeta {namespace: '_graphmem', id: 'embedder'})
SET m.name = $name, m.dimensions = $dimensions, m.pending = $pending
RETURN m.name AS name, m.dimensions AS dimensions, m.pending AS pending
