// fact_vector_index — the vector index over fact embeddings. Its filter properties let
// SEARCH ... WHERE narrow by tenant and validity inside the index (Neo4j 2026.02+).
// Parameters:
//   $dimensions  INTEGER  the embedder's dimension
CREATE VECTOR INDEX fact_embedding IF NOT EXISTS
FOR (f:Fact) ON f.embedding
WITH [f.namespace, f.valid_from, f.valid_until]
OPTIONS {indexConfig: {
  `vector.dimensions`: $dimensions,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE'
}}
