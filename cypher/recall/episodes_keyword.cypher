// episodes_keyword — episodes by full-text match, restricted by the namespace token and
// re-checked in Cypher: the best $fetch by Lucene's score, eight times as many when fewer
// than $limit of them pass and Lucene had more (as recall/candidates_episodes does).
// Parameters:
//   $namespace  STRING        the tenant
//   $at         DATETIME      only episodes that had happened by then
//   $known_at   DATETIME      only episodes recorded by then
//   $authorities LIST<STRING> authorities allowed (the authority floor)
//   $sensitivities LIST<STRING> sensitivities allowed (an episode without one is normal)
//   $scopes     LIST<STRING>|null  scopes asked for; an episode behind a fact of another scope
//                                  is left out (null: any), as its support_scopes say
//                                  (write/supports_add), or its facts when it has none
//   $lucene     STRING        Lucene query: ns_token:<token> AND (content:(<terms>) OR
//                             context_text:(<terms>)), each term quoted
//   $vector     LIST<FLOAT>|null  the query embedding, for the similarity column
//   $fetch      INTEGER       how many Lucene returns before the outer filter
//   $limit      INTEGER       how many rows at most
// Returns: e (properties without the embedding), similarity, score (Lucene score)
CALL () {
  CALL db.index.fulltext.queryNodes('episode_keywords', $lucene, {limit: $fetch})
  YIELD node AS e, score
  WITH e, score
  ORDER BY score DESC
  WITH collect(CASE WHEN e.namespace = $namespace
                      AND e.occurred_at <= $at AND e.recorded_at <= $known_at
                      AND e.authority IN $authorities
                      AND coalesce(e.sensitivity, 'normal') IN $sensitivities
                      AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
                        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
                      } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
                    THEN {e: e, score: score} END) AS passing,
       count(*) AS seen
  RETURN passing[..$limit] AS best, seen
}
CALL (best, seen) {
  WHEN size(best) >= $limit OR seen < $fetch THEN RETURN best AS hits
  ELSE {
    CALL db.index.fulltext.queryNodes('episode_keywords', $lucene, {limit: $fetch * 8})
    YIELD node AS e, score
    WHERE e.namespace = $namespace AND e.occurred_at <= $at AND e.recorded_at <= $known_at
      AND e.authority IN $authorities
      AND coalesce(e.sensitivity, 'normal') IN $sensitivities
      AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
      } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
    WITH e, score
    ORDER BY score DESC
    LIMIT $limit
    RETURN collect({e: e, score: score}) AS hits
  }
}
UNWIND hits AS hit
WITH hit.e AS e, hit.score AS score
RETURN e {.*, embedding: null} AS e,
       coalesce(vector.similarity.cosine(e.embedding, $vector), 0.0) AS similarity,
       score
ORDER BY score DESC
LIMIT $limit
