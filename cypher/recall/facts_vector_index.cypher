// facts_vector_index — nearest facts by the vector index, filtered inside the index by tenant,
// then by validity, belief, status, scope, authority and sensitivity; when fewer than $limit
// pass, the index is asked for eight times as many (as recall/candidates does, and why). Can
// return fewer than $limit rows: the caller over-fetches.
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at
//   $known_at       DATETIME      belief time the facts must be believed at
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $vector         LIST<FLOAT>   the query embedding
//   $fetch          INTEGER       how many the index returns before the outer filter
//                                 (eight times as many when fewer than $limit pass)
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding), similarity, score (= similarity)
CALL () {
  MATCH (f:Fact)
  SEARCH f IN (
    VECTOR INDEX fact_embedding FOR $vector
    WHERE f.namespace = $namespace
    LIMIT $fetch
  ) SCORE AS similarity
  WHERE f.namespace = $namespace
    AND f.valid_from <= $at AND $at < f.valid_until
    AND f.recorded_at <= $known_at AND $known_at < f.retired_at
    AND f.status IN $statuses
    AND ($scopes IS NULL OR f.scope IN $scopes)
    AND f.authority IN $authorities
    AND f.sensitivity IN $sensitivities
    AND ($include_review OR f.review_at > $at)
  WITH f, similarity
  ORDER BY similarity DESC
  LIMIT $limit
  RETURN collect({f: f, similarity: similarity}) AS nearest
}
CALL (nearest) {
  WHEN size(nearest) >= $limit THEN RETURN nearest AS hits
  ELSE {
    MATCH (f:Fact)
    SEARCH f IN (
      VECTOR INDEX fact_embedding FOR $vector
      WHERE f.namespace = $namespace
      LIMIT $fetch * 8
    ) SCORE AS similarity
    WHERE f.namespace = $namespace
      AND f.valid_from <= $at AND $at < f.valid_until
      AND f.recorded_at <= $known_at AND $known_at < f.retired_at
      AND f.status IN $statuses
      AND ($scopes IS NULL OR f.scope IN $scopes)
      AND f.authority IN $authorities
      AND f.sensitivity IN $sensitivities
      AND ($include_review OR f.review_at > $at)
    WITH f, similarity
    ORDER BY similarity DESC
    LIMIT $limit
    RETURN collect({f: f, similarity: similarity}) AS hits
  }
}
UNWIND hits AS hit
WITH hit.f AS f, hit.similarity AS similarity
RETURN f {.*, embedding: null} AS f, similarity, similarity AS score
ORDER BY score DESC
LIMIT $limit
