// indexes — every index of the database (a uniqueness constraint's index has the
// constraint's name): which of graphmem's rules (cypher/schema) a store must still create
// when it opens, whether they are online, and the dimensions of the vector indexes, to
// check against the embedder.
// Parameters: none
// Returns a row an index:
//   name        STRING   the index's (or its constraint's) name
//   state       STRING   ONLINE, POPULATING or FAILED
//   dimensions  INTEGER  a vector index's dimensions; null for other indexes
SHOW INDEXES YIELD name, state, options
RETURN name, state, options.indexConfig.`vector.dimensions` AS dimensions
