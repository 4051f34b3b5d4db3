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
//   $fact_lucene    STRING|null   Lucene query: ns_token:<token> AND search_text:(<terms>)
//   $exact_facts    BOOLEAN       exact cosine over the filtered facts instead of the index
//   $fetch          INTEGER       how many each index returns before the outer filter (eight
//                                 times as many when fewer than $limit pass; Lucene only
//                                 when it had more)
//   $limit          INTEGER       how many rows at most per channel
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row — fact_vector and fact_keyword (maps: id, similarity, score, valid_from,
//   confidence, authority, slot, kind, use_count, subject_key, object_key: the entity
//   object's key, else null: what recall credits a named hub with). Datetimes are
//   microseconds since 1970-01-01 UTC; similarity is Neo4j's (1 + cosine) / 2.

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
// The facts matching the query's words, the same way: Lucene's best $fetch, and when fewer
// than $limit of them pass and Lucene had more, eight times as many: when $limit pass, no
// better-scored fact was left out (equal scores may fall either way). The hits are collected
// before the filter, so that the statement knows whether Lucene had more.
CALL () {
  WHEN $fact_lucene IS NULL THEN RETURN [] AS fact_keyword
  ELSE {
    CALL () {
      CALL db.index.fulltext.queryNodes('fact_text', $fact_lucene, {limit: $fetch})
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
      WHEN size(best) >= $limit OR seen < $fetch THEN RETURN best AS matching
      ELSE {
        CALL db.index.fulltext.queryNodes('fact_text', $fact_lucene, {limit: $fetch * 8})
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
        RETURN collect({f: f, score: score}) AS matching
      }
    }
    RETURN [hit IN matching | {
          id: hit.f.id, score: hit.score,
          similarity: coalesce(vector.similarity.cosine(hit.f.embedding, $vector), 0.0),
          valid_from: hit.f.valid_from.epochMillis * 1000 + hit.f.valid_from.microsecond % 1000,
          confidence: hit.f.confidence, authority: hit.f.authority, slot: hit.f.slot,
          kind: hit.f.kind, use_count: hit.f.use_count, subject_key: hit.f.subject_key,
          object_key: CASE WHEN hit.f.object_is_entity THEN hit.f.object_key END}
       ] AS fact_keyword
  }
}
RETURN fact_vector, fact_keyword
