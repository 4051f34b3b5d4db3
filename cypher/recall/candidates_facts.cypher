// candidates_facts — recall's fact channels over the indexes, one of the candidate statements
// recall sends at once (with candidates_episodes and candidates_entity, each on a server thread
// of its own): the facts nearest the query (the tenant filtered inside the vector index,
// validity, belief and trust after it) and the facts matching its words (the namespace token
// inside the Lucene query), each filtered before it ranks (tenant, validity, belief, status,
// scope, authority, sensitivity), exactly as the single-channel queries of this folder do.
// Rows are lean: ids, scores and the few fields scoring reads; the final k rows are read
// whole by recall/rows.
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
//   $fact_lucene    STRING|null   Lucene query over fact_terms: ns_token:<token> AND
//                                 keywords:(<terms>), each term quoted
//   $terms          LIST<STRING>  the query's keyword terms (graphmem.store.text.tokens)
//   $k1, $b         FLOAT         BM25's parameters (graphmem.store.keywords.K1, B)
//   $exact_facts    BOOLEAN       exact cosine over the filtered facts instead of the index
//   $fetch          INTEGER       how many the vector index returns before the outer filter
//                                 (eight times as many when fewer than $limit pass)
//   $keyword_fetch  INTEGER       how many Lucene returns before the outer filter (eight times
//                                 as many when fewer than $limit pass and it had more); every
//                                 one that passes is scored, the best $limit kept
//   $limit          INTEGER       how many rows at most per channel
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row — fact_vector and fact_keyword (maps: id, similarity, score, valid_from,
//   confidence, authority, slot, kind, use_count, subject_key, object_key: the entity
//   object's key, else null: what recall credits a named hub with; a keyword hit also idfs,
//   each distinct query term's idf in the namespace in term order: what recall weighs a
//   score against). Datetimes are microseconds since 1970-01-01 UTC; similarity is Neo4j's
//   (1 + cosine) / 2.

// replan=skip: the plan, made once, does not depend on the namespace's size (indexes are
// named, hubs capped), while planning this statement costs a second or more; without it the
// server plans again whenever its statistics drift (a growing store: every few minutes).
CYPHER replan=skip
CALL () {
  WHEN $exact_facts THEN {
    MATCH (f:Fact {namespace: $namespace})
    USING INDEX f:Fact(namespace)
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
    RETURN collect({id: f.id, similarity: similarity, score: similarity,
                    valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                    confidence: f.confidence, authority: f.authority, slot: f.slot, kind: f.kind,
                    use_count: f.use_count, subject_key: f.subject_key,
                    object_key: CASE WHEN f.object_is_entity THEN f.object_key END}) AS fact_vector
  }
  ELSE {
    // The namespace's nearest, every other filter after the index: a validity range inside
    // the index cost more than the rows it spared (this channel alone at 1M claims: 64 ms
    // against 23), and belief time cannot go there. When fewer than $limit of them pass
    // (a slot's retired and closed versions crowd the question: a value that changed
    // 40 times), the index is asked again for eight times as many. When $limit pass, they
    // are the $limit nearest facts that pass: any nearer one would be among those fetched.
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
      RETURN collect({id: f.id, similarity: similarity, score: similarity,
                      valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                      confidence: f.confidence, authority: f.authority, slot: f.slot,
                      kind: f.kind, use_count: f.use_count, subject_key: f.subject_key,
                      object_key: CASE WHEN f.object_is_entity THEN f.object_key END}) AS nearest
    }
    CALL (nearest) {
      WHEN size(nearest) >= $limit THEN RETURN nearest AS fact_vector
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
        RETURN collect({id: f.id, similarity: similarity, score: similarity,
                        valid_from: f.valid_from.epochMillis * 1000
                                    + f.valid_from.microsecond % 1000,
                        confidence: f.confidence, authority: f.authority, slot: f.slot,
                        kind: f.kind, use_count: f.use_count, subject_key: f.subject_key,
                        object_key: CASE WHEN f.object_is_entity THEN f.object_key END}
                ) AS fact_vector
      }
    }
    RETURN fact_vector
  }
}
// The facts matching the query's words: Lucene finds candidates (the best $keyword_fetch by its
// own score, which counts every tenant's documents), and each passing one is scored with BM25
// over the namespace's statistics alone (KeywordStats, KeywordTerm: write/keywords_set), as
// the embedded store scores it; the best $limit by that score are kept (ties: smaller id).
// When fewer than $limit of them pass and Lucene had more, eight times as many.
CALL () {
  WHEN $fact_lucene IS NULL THEN RETURN [] AS fact_keyword
  ELSE {
    CALL () {
      CALL db.index.fulltext.queryNodes('fact_terms', $fact_lucene, {limit: $keyword_fetch})
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
        CALL db.index.fulltext.queryNodes('fact_terms', $fact_lucene, {limit: $keyword_fetch * 8})
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
    RETURN collect({
          id: f.id, score: score, idfs: idfs,
          similarity: coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0),
          valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
          confidence: f.confidence, authority: f.authority, slot: f.slot,
          kind: f.kind, use_count: f.use_count, subject_key: f.subject_key,
          object_key: CASE WHEN f.object_is_entity THEN f.object_key END}) AS fact_keyword
  }
}
RETURN fact_vector, fact_keyword
