// episodes_vector_index — nearest episodes by the vector index, filtered inside the index.
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
//   $fetch      INTEGER       how many the index returns before the outer filter
//   $limit      INTEGER       how many rows at most
// Returns: e (properties without the embedding), similarity, score
MATCH (e:Episode)
SEARCH e IN (
  VECTOR INDEX episode_embedding FOR $vector
  WHERE e.namespace = $namespace AND e.occurred_at <= $at
  LIMIT $fetch
) SCORE AS similarity
WHERE e.namespace = $namespace AND e.recorded_at <= $known_at AND e.authority IN $authorities
  AND coalesce(e.sensitivity, 'normal') IN $sensitivities
  AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
    MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
  } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
RETURN e {.*, embedding: null} AS e, similarity, similarity AS score
ORDER BY score DESC
LIMIT $limit
