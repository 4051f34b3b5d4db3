// episodes_keyword — episodes by full-text match, restricted by the namespace token and
// re-checked in Cypher.
// Parameters:
//   $namespace  STRING        the tenant
//   $at         DATETIME      only episodes that had happened by then
//   $known_at   DATETIME      only episodes recorded by then
//   $authorities LIST<STRING> authorities allowed (the authority floor)
//   $sensitivities LIST<STRING> sensitivities allowed (an episode without one is normal)
//   $scopes     LIST<STRING>|null  scopes asked for; an episode behind a fact of another scope
//                                  is left out (null: any)
//   $lucene     STRING        Lucene query: ns_token:<token> AND (content:(<terms>) OR
//                             context_text:(<terms>)), each term quoted
//   $vector     LIST<FLOAT>|null  the query embedding, for the similarity column
//   $limit      INTEGER       how many rows at most
// Returns: e (properties without the embedding), similarity, score (Lucene score)
CALL db.index.fulltext.queryNodes('episode_keywords', $lucene, {limit: $limit * 4})
YIELD node AS e, score
WHERE e.namespace = $namespace AND e.occurred_at <= $at AND e.recorded_at <= $known_at
  AND e.authority IN $authorities
  AND coalesce(e.sensitivity, 'normal') IN $sensitivities
  AND ($scopes IS NULL OR NOT EXISTS {
    MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
  })
RETURN e {.*, embedding: null} AS e,
       coalesce(vector.similarity.cosine(e.embedding, $vector), 0.0) AS similarity,
       score
ORDER BY score DESC
LIMIT $limit
