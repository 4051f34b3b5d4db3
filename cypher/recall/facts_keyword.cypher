// facts_keyword — facts by full-text match. The index is no tenant boundary, so the Lucene
// query carries the single-token namespace key and Cypher re-checks namespace and validity.
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
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding), similarity, score (Lucene score)
CALL db.index.fulltext.queryNodes('fact_text', $lucene, {limit: $limit * 4})
YIELD node AS f, score
WHERE f.namespace = $namespace
  AND f.valid_from <= $at AND $at < f.valid_until
  AND f.recorded_at <= $known_at AND $known_at < f.retired_at
  AND f.status IN $statuses
  AND ($scopes IS NULL OR f.scope IN $scopes)
  AND f.authority IN $authorities
  AND f.sensitivity IN $sensitivities
  AND ($include_review OR f.review_at > $at)
RETURN f {.*, embedding: null} AS f,
       coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0) AS similarity,
       score
ORDER BY score DESC
LIMIT $limit
