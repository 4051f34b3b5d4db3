// episodes_vector_exact — nearest episodes by exact cosine over the tenant's episodes.
// Parameters:
//   $namespace  STRING        the tenant
//   $at         DATETIME      only episodes that had happened by then
//   $known_at   DATETIME      only episodes recorded by then
//   $authorities LIST<STRING> authorities allowed (the authority floor)
//   $sensitivities LIST<STRING> sensitivities allowed (an episode without one is normal)
//   $scopes     LIST<STRING>|null  scopes asked for; an episode behind a fact of another scope
//                                  is left out (null: any), as its support_scopes say
//                                  (write/supports_add), or its facts when it has none
//   $vector     LIST<FLOAT>   the query embedding
//   $limit      INTEGER       how many rows at most
// Returns: e (properties without the embedding), similarity, score
MATCH (e:Episode {namespace: $namespace})
WHERE e.occurred_at <= $at AND e.recorded_at <= $known_at
  AND e.authority IN $authorities
  AND coalesce(e.sensitivity, 'normal') IN $sensitivities
  AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
    MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
  } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
WITH e, vector.similarity.cosine(e.embedding, $vector) AS similarity
// null without an embedding: the list is read once, here (IS NOT NULL reads it too)
WHERE similarity IS NOT NULL
ORDER BY similarity DESC
LIMIT $limit
RETURN e {.*, embedding: null} AS e, similarity, similarity AS score
