// facts_keyword — facts by their keywords, on a server without in-index vector filters: as
// recall/candidates_facts does it. The index is no tenant boundary, so the Lucene query carries
// the single-token namespace key and Cypher re-checks namespace and validity. Lucene's best
// $keyword_fetch (eight times as many when fewer than $limit of them pass and it had more), each
// passing one scored with BM25 over the namespace's own statistics; the best $limit kept.
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at
//   $known_at       DATETIME      belief time the facts must be believed at
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $lucene         STRING        Lucene query over fact_terms: ns_token:<token> AND
//                                 keywords:(<terms>), each term quoted
//   $terms          LIST<STRING>  the query's keyword terms (graphmem.store.text.tokens)
//   $k1, $b         FLOAT         BM25's parameters (graphmem.store.keywords.K1, B)
//   $vector         LIST<FLOAT>|null  the query embedding, for the similarity column
//   $keyword_fetch  INTEGER       how many the index returns before the outer filter; when
//                                 fewer than $limit pass and the index had more, it is asked
//                                 again for eight times as many
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding and keywords), similarity, score (BM25), idfs
//   (each distinct query term's idf in the namespace, in term order: what recall weighs a
//   score against, graphmem.read.recall)
CALL () {
  CALL db.index.fulltext.queryNodes('fact_terms', $lucene, {limit: $keyword_fetch})
  YIELD node AS f
  WITH collect(CASE WHEN f.namespace = $namespace
                    AND f.valid_from <= $at AND $at < f.valid_until
                    AND f.recorded_at <= $known_at AND $known_at < f.retired_at
                    AND f.status IN $statuses
                    AND ($scopes IS NULL OR f.scope IN $scopes)
                    AND f.authority IN $authorities
                    AND f.sensitivity IN $sensitivities
                    AND ($include_review OR f.review_at > $at)
                    THEN f END) AS passing,
       count(*) AS seen
  RETURN passing, seen
}
CALL (passing, seen) {
  WHEN size(passing) >= $limit OR seen < $keyword_fetch THEN RETURN passing AS matching
  ELSE {
    CALL db.index.fulltext.queryNodes('fact_terms', $lucene, {limit: $keyword_fetch * 8})
    YIELD node AS f
    WHERE f.namespace = $namespace
      AND f.valid_from <= $at AND $at < f.valid_until
      AND f.recorded_at <= $known_at AND $known_at < f.retired_at
      AND f.status IN $statuses
      AND ($scopes IS NULL OR f.scope IN $scopes)
      AND f.authority IN $authorities
      AND f.sensitivity IN $sensitivities
      AND ($include_review OR f.review_at > $at)
    RETURN collect(f) AS matching
  }
}
OPTIONAL MATCH (stats:KeywordStats {namespace: $namespace, label: 'Fact'})
USING INDEX stats:KeywordStats(namespace, label)
WITH matching, coalesce(stats.docs, 0) AS docs, coalesce(stats.length, 0) AS length
CALL (docs) {
  UNWIND $terms AS term
  WITH DISTINCT term WHERE trim(term) <> ''
  OPTIONAL MATCH (k:KeywordTerm {namespace: $namespace, label: 'Fact', term: term})
  USING INDEX k:KeywordTerm(namespace, label, term)
  WITH term, coalesce(k.df, 0) AS df
  ORDER BY term
  RETURN collect({term: ' ' + term + ' ',
                  idf: log(1 + (docs - df + 0.5) / (df + 0.5))}) AS weights
}
UNWIND matching AS f
WITH f, CASE WHEN docs = 0 OR length = 0 THEN 1.0 ELSE toFloat(length) / docs END AS mean,
     weights,
     // each query term's idf, in term order: what recall weighs the score against
     [w IN weights | w.idf] AS idfs
// a term's count: the characters taking " term " out of the text takes, over its length
WITH f, mean, f.keywords AS text, weights, idfs
WITH f, mean, idfs, [w IN weights | {idf: w.idf, tf: CASE WHEN text CONTAINS w.term
  THEN (size(text) - size(replace(text, w.term, ''))) / size(w.term) ELSE 0 END}] AS counts
WITH f, idfs, reduce(score = 0.0, c IN counts | score + CASE c.tf WHEN 0 THEN 0.0
       ELSE c.idf * c.tf * ($k1 + 1) / (c.tf + $k1 * (1 - $b + $b * f.keyword_length / mean))
       END) AS score
ORDER BY score DESC, f.id
LIMIT $limit
RETURN f {.*, embedding: null, keywords: null, keywords_context: null} AS f,
       coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0) AS similarity,
       score, idfs
ORDER BY score DESC, f.id
