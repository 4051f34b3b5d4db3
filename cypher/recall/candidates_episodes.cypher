// candidates_episodes — recall's episode channels, one of the candidate statements recall
// sends at once (with candidates_facts and candidates_entity, each on a server thread of its
// own): the episodes nearest the query (the tenant and time filtered inside the vector index)
// and those matching its words (the namespace token inside the Lucene query), each filtered
// before it ranks (tenant, time, belief, scope, authority, sensitivity), exactly as the
// single-channel queries of this folder do. Rows are lean: ids, scores and the few fields
// scoring reads; the final k rows, and whether those episodes are outdated, are read by
// recall/rows.
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the episodes must have happened by
//   $known_at       DATETIME      belief time the episodes must have been recorded by
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//                                 (an episode's scopes: its support_scopes, write/supports_add,
//                                 or its facts when it has none)
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed (an episode without one is normal)
//   $vector         LIST<FLOAT>   the query embedding
//   $episode_lucene STRING|null   Lucene query over episode_terms: ns_token:<token> AND
//                                 keywords:(<terms>), each term quoted
//   $terms          LIST<STRING>  the query's keyword terms (graphmem.store.text.tokens)
//   $k1, $b         FLOAT         BM25's parameters (graphmem.store.keywords.K1, B)
//   $exact_episodes BOOLEAN       exact cosine over the filtered episodes instead of the index
//   $fetch          INTEGER       how many the vector index returns before the outer filter
//   $keyword_fetch  INTEGER       how many Lucene returns before the outer filter (eight times
//                                 as many when fewer than $limit pass and it had more); every
//                                 one that passes is scored, the best $limit kept
//   $limit          INTEGER       how many rows at most per channel
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row — episode_vector and episode_keyword (maps: id, similarity, score,
//   occurred_at, confidence, authority, use_count, about, source; a keyword hit also idfs, each distinct
//   query term's idf in the namespace in term order: what recall weighs a score against). Datetimes are microseconds since
//   1970-01-01 UTC; similarity is Neo4j's (1 + cosine) / 2.

// replan=skip: the plan, made once, does not depend on the namespace's size (indexes are
// named, hubs capped), while planning this statement costs a second or more; without it the
// server plans again whenever its statistics drift (a growing store: every few minutes).
CYPHER replan=skip
CALL () {
  WHEN $exact_episodes THEN {
    MATCH (e:Episode {namespace: $namespace})
    USING INDEX e:Episode(namespace)
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
    RETURN collect({id: e.id, similarity: similarity, score: similarity,
                    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
                    confidence: e.confidence, authority: e.authority, use_count: e.use_count,
                    about: e.about, source: e.source}
           ) AS episode_vector
  }
  ELSE {
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
    WITH e, similarity
    ORDER BY similarity DESC
    LIMIT $limit
    RETURN collect({id: e.id, similarity: similarity, score: similarity,
                    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
                    confidence: e.confidence, authority: e.authority, use_count: e.use_count,
                    about: e.about, source: e.source}
           ) AS episode_vector
  }
}
// The episodes matching the query's words, found and scored as candidates_facts does facts:
// Lucene's best $keyword_fetch (eight times as many when fewer than $limit pass and it had more:
// the vector index filters by time itself, this one cannot), every passing one scored with BM25
// over the namespace's own statistics, the best $limit kept (ties: smaller id).
CALL () {
  WHEN $episode_lucene IS NULL THEN RETURN [] AS episode_keyword
  ELSE {
    CALL () {
      CALL db.index.fulltext.queryNodes('episode_terms', $episode_lucene, {limit: $keyword_fetch})
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
        CALL db.index.fulltext.queryNodes('episode_terms', $episode_lucene, {limit: $keyword_fetch * 8})
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
    RETURN collect({
          id: e.id, score: score, idfs: idfs,
          similarity: coalesce(vector.similarity.cosine(e.embedding, $vector), 0.0),
          occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
          confidence: e.confidence, authority: e.authority, use_count: e.use_count,
          about: e.about, source: e.source}) AS episode_keyword
  }
}
RETURN episode_vector, episode_keyword
