// fact_vector_index_drop — drop the facts' vector index before re-embedding with an embedder
// of another size (ensure_vectors recreates it with the new dimensions).
// Parameters: none
DROP INDEX fact_embedding IF EXISTS
