// vector_indexes — the dimensions of graphmem's vector indexes, to check against the embedder.
// Parameters: none
// Returns: name, dimensions
SHOW VECTOR INDEXES YIELD name, options
WHERE name IN ['fact_embedding', 'episode_embedding']
RETURN name, options.indexConfig.`vector.dimensions` AS dimensions
