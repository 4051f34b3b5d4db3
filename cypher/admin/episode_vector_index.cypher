// episode_vector_index — the vector index over episode embeddings, filtered by tenant and time.
// Parameters:
//   $dimensions  INTEGER  the embedder's dimension
CREATE VECTOR INDEX episode_embedding IF NOT EXISTS
FOR (e:Episode) ON e.embedding
WITH [e.namespace, e.occurred_at]
OPTIONS {indexConfig: {
  `vector.dimensions`: $dimensions,
  `vector.similarity_function`: 'cosine',
  `vector.quantization.type`: 'NONE'
}}
