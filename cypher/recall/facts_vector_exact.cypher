// facts_vector_exact — nearest facts by exact cosine over the filtered set: filter first, then
// similarity. Faster than the index for small namespaces, and the only filter-first path on
// servers without in-index filtering.
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
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding), similarity, score (= similarity)
MATCH (f:Fact {namespace: $namespace})
WHERE f.valid_from <= $at AND $at < f.valid_until
  AND f.recorded_at <= $known_at AND $known_at < f.retired_at
  AND f.status IN $statuses
  AND ($scopes IS NULL OR f.scope IN $scopes)
  AND f.authority IN $authorities
  AND f.sensitivity IN $sensitivities
  AND ($include_review OR f.review_at > $at)
WITH f, vector.similarity.cosine(f.embedding, $vector) AS similarity
// null without an embedding: the list is read once, here (IS NOT NULL reads it too)
WHERE similarity IS NOT NULL
ORDER BY similarity DESC
LIMIT $limit
RETURN f {.*, embedding: null} AS f, similarity, similarity AS score
