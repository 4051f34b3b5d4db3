// facts_keyword — facts by full-text match. The index is no tenant boundary, so the Lucene
// query carries the single-token namespace key and Cypher re-checks namespace and validity.
// The best $fetch by Lucene's score; when fewer than $limit of them pass and Lucene had more,
// eight times as many (as recall/candidates_facts does, and why).
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at
//   $known_at       DATETIME      belief time the facts must be believed at
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $lucene         STRING        Lucene query: ns_token:<token> AND (search_text:(<terms>)),
//                                 each term quoted
//   $vector         LIST<FLOAT>|null  the query embedding, for the similarity column
//   $fetch          INTEGER       how many the index returns before the outer filter; when
//                                 fewer than $limit pass and the index had more, it is asked
//                                 again for eight times as many
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding), similarity, score (Lucene score)
CALL () {
  CALL db.index.fulltext.queryNodes('fact_text', $lucene, {limit: $fetch})
  YIELD node AS f, score
  WITH f, score
  ORDER BY score DESC
  WITH collect(CASE WHEN f.namespace = $namespace
                      AND f.valid_from <= $at AND $at < f.valid_until
                      AND f.recorded_at <= $known_at AND $known_at < f.retired_at
                      AND f.status IN $statuses
                      AND ($scopes IS NULL OR f.scope IN $scopes)
                      AND f.authority IN $authorities
                      AND f.sensitivity IN $sensitivities
                      AND ($include_review OR f.review_at > $at)
                    THEN {f: f, score: score} END) AS passing,
       count(*) AS seen
  RETURN passing[..$limit] AS best, seen
}
CALL (best, seen) {
  WHEN size(best) >= $limit OR seen < $fetch THEN RETURN best AS hits
  ELSE {
    CALL db.index.fulltext.queryNodes('fact_text', $lucene, {limit: $fetch * 8})
    YIELD node AS f, score
    WHERE f.namespace = $namespace
      AND f.valid_from <= $at AND $at < f.valid_until
      AND f.recorded_at <= $known_at AND $known_at < f.retired_at
      AND f.status IN $statuses
      AND ($scopes IS NULL OR f.scope IN $scopes)
      AND f.authority IN $authorities
      AND f.sensitivity IN $sensitivities
      AND ($include_review OR f.review_at > $at)
    WITH f, score
    ORDER BY score DESC
    LIMIT $limit
    RETURN collect({f: f, score: score}) AS hits
  }
}
UNWIND hits AS hit
WITH hit.f AS f, hit.score AS score
RETURN f {.*, embedding: null} AS f,
       coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0) AS similarity,
       score
ORDER BY score DESC
LIMIT $limit
