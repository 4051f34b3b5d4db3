// episodes_keyword — episodes by their keywords, on a server without in-index vector filters:
// as recall/candidates_episodes does it, restricted by the namespace token and re-checked in
// Cypher: Lucene's best $keyword_fetch (eight times as many when fewer than $limit of them pass
// and it had more), each passing one scored with BM25 over the namespace's own statistics.
// Parameters:
//   $namespace  STRING        the tenant
//   $at         DATETIME      only episodes that had happened by then
//   $known_at   DATETIME      only episodes recorded by then
//   $authorities LIST<STRING> authorities allowed (the authority floor)
//   $sensitivities LIST<STRING> sensitivities allowed (an episode without one is normal)
//   $scopes     LIST<STRING>|null  scopes asked for; an episode behind a fact of another scope
//                                  is left out (null: any), as its support_scopes say
//                                  (write/supports_add), or its facts when it has none
//   $lucene     STRING        Lucene query over episode_terms: ns_token:<token> AND
//                             keywords:(<terms>), each term quoted
//   $terms      LIST<STRING>  the query's keyword terms (graphmem.store.text.tokens)
//   $k1, $b     FLOAT         BM25's parameters (graphmem.store.keywords.K1, B)
//   $vector     LIST<FLOAT>|null  the query embedding, for the similarity column
//   $keyword_fetch INTEGER    how many Lucene returns before the outer filter (eight times as
//                             many when fewer than $limit pass and it had more)
//   $limit      INTEGER       how many rows at most
// Returns: e (properties without the embedding and keywords), similarity, score (BM25), idfs
//   (each distinct query term's idf in the namespace, in term order: what recall weighs a
//   score against, graphmem.read.recall)
CALL () {
  CALL db.index.fulltext.queryNodes('episode_terms', $lucene, {limit: $keyword_fetch})
  YIELD node AS e
  WITH collect(CASE WHEN e.namespace = $namespace
                    AND e.occurred_at <= $at AND e.recorded_at <= $known_at
                    AND e.authority IN $authorities
                    AND coalesce(e.sensitivity, 'normal') IN $sensitivities
                    AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
                      MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
                    } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
                    THEN e END) AS passing,
       count(*) AS seen
  RETURN passing, seen
}
CALL (passing, seen) {
  WHEN size(passing) >= $limit OR seen < $keyword_fetch THEN RETURN passing AS matching
  ELSE {
    CALL db.index.fulltext.queryNodes('episode_terms', $lucene, {limit: $keyword_fetch * 8})
    YIELD node AS e
    WHERE e.namespace = $namespace AND e.occurred_at <= $at AND e.recorded_at <= $known_at
      AND e.authority IN $authorities
      AND coalesce(e.sensitivity, 'normal') IN $sensitivities
      AND ($scopes IS NULL OR CASE WHEN e.support_scopes IS NULL THEN NOT EXISTS {
        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
      } ELSE all(scope IN e.support_scopes WHERE scope IN $scopes) END)
    RETURN collect(e) AS matching
  }
}
OPTIONAL MATCH (stats:KeywordStats {namespace: $namespace, label: 'Episode'})
USING INDEX stats:KeywordStats(namespace, label)
WITH matching, coalesce(stats.docs, 0) AS docs, coalesce(stats.length, 0) AS length
CALL (docs) {
  UNWIND $terms AS term
  WITH DISTINCT term WHERE trim(term) <> ''
  OPTIONAL MATCH (k:KeywordTerm {namespace: $namespace, label: 'Episode', term: term})
  USING INDEX k:KeywordTerm(namespace, label, term)
  WITH term, coalesce(k.df, 0) AS df
  ORDER BY term
  RETURN collect({term: ' ' + term + ' ',
                  idf: log(1 + (docs - df + 0.5) / (df + 0.5))}) AS weights
}
UNWIND matching AS e
WITH e, CASE WHEN docs = 0 OR length = 0 THEN 1.0 ELSE toFloat(length) / docs END AS mean,
     weights,
     // each query term's idf, in term order: what recall weighs the score against
     [w IN weights | w.idf] AS idfs
// a term's count: the characters taking " term " out of the text takes, over its length
WITH e, mean, e.keywords AS text, weights, idfs
WITH e, mean, idfs, [w IN weights | {idf: w.idf, tf: CASE WHEN text CONTAINS w.term
  THEN (size(text) - size(replace(text, w.term, ''))) / size(w.term) ELSE 0 END}] AS counts
WITH e, idfs, reduce(score = 0.0, c IN counts | score + CASE c.tf WHEN 0 THEN 0.0
       ELSE c.idf * c.tf * ($k1 + 1) / (c.tf + $k1 * (1 - $b + $b * e.keyword_length / mean))
       END) AS score
ORDER BY score DESC, e.id
LIMIT $limit
RETURN e {.*, embedding: null, keywords: null, keywords_context: null} AS e,
       coalesce(vector.similarity.cosine(e.embedding, $vector), 0.0) AS similarity,
       score, idfs
ORDER BY score DESC, e.id
