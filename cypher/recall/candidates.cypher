// candidates — every recall channel in one statement: facts by vector (the tenant filtered
// inside the index, validity after it), by full text (the namespace token inside the Lucene
// query) and by the entities the query names (one hop; a hub only credits what those two found);
// episodes by vector and by full text. Each channel filters before it ranks (tenant, validity,
// belief, status, scope, authority, sensitivity), exactly as the single-channel queries of
// this folder do. Rows are lean: ids, scores and the few fields scoring reads, datetimes as
// epoch microseconds; the final k rows are read whole by recall/rows.
// Only facts have SUBJECT, OBJECT and SUPPORTED_BY relationships, so the patterns over them
// name no label on the fact side: a hub's degree then comes from the degree store instead of
// walking its relationships, and an episode's standing expands from the episode (with
// held:Fact the planner seeked every current fact of the namespace once per episode).
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at (episodes: had happened)
//   $known_at       DATETIME      belief time the facts must be believed at (episodes: recorded)
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed (an episode without one is normal)
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $vector         LIST<FLOAT>   the query embedding
//   $fact_lucene    STRING|null   Lucene query: ns_token:<token> AND search_text:(<terms>)
//   $episode_lucene STRING|null   Lucene query: ns_token:<token> AND (content:(<terms>) OR
//                                 context_text:(<terms>)^boost), each term quoted
//   $keys           LIST<STRING>  normalised entity names found in the query
//   $hub_degree     INTEGER       linked facts above which an entity is a hub (HUB_DEGREE):
//                                 never walked, only its facts among fact_vector and
//                                 fact_keyword count as named
//   $exact_facts    BOOLEAN       exact cosine over the filtered facts instead of the index
//   $exact_episodes BOOLEAN       the same for episodes
//   $include_episodes BOOLEAN     whether the episode channels run at all
//   $fetch          INTEGER       how many the vector index returns before the outer filter
//                                 (facts: eight times as many when fewer than $limit pass)
//   $limit          INTEGER       how many rows at most per channel
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row of six lists of maps — fact_vector, fact_keyword, fact_entity (id,
//   similarity, score, valid_from, confidence, authority, slot, kind, use_count), episode_vector,
//   episode_keyword (id, similarity, score, occurred_at, confidence, authority, use_count),
//   episode_standing (id, standing: whether a fact the episode supports holds; episodes that
//   support none are left out). Datetimes are microseconds since 1970-01-01 UTC; similarity
//   is Neo4j's (1 + cosine) / 2.

// replan=skip: the plan, made once, does not depend on the namespace's size (indexes are
// named, hubs capped), while planning this statement costs a second or more; without it the
// server plans again whenever its statistics drift (a growing store: every few minutes).
CYPHER replan=skip
CALL () {
  WHEN $exact_facts THEN {
    MATCH (f:Fact {namespace: $namespace})
    USING INDEX f:Fact(namespace)
    WHERE f.embedding IS NOT NULL
      AND f.valid_from <= $at AND $at < f.valid_until
      AND f.recorded_at <= $known_at AND $known_at < f.retired_at
      AND f.status IN $statuses
      AND ($scopes IS NULL OR f.scope IN $scopes)
      AND f.authority IN $authorities
      AND f.sensitivity IN $sensitivities
      AND ($include_review OR f.review_at > $at)
    WITH f, vector.similarity.cosine(f.embedding, $vector) AS similarity
    ORDER BY similarity DESC
    LIMIT $limit
    RETURN collect({id: f.id, similarity: similarity, score: similarity,
                    valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                    confidence: f.confidence, authority: f.authority, slot: f.slot, kind: f.kind,
                    use_count: f.use_count, node: f}) AS fact_vector
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
                      kind: f.kind, use_count: f.use_count, node: f}) AS nearest
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
                        kind: f.kind, use_count: f.use_count, node: f}) AS fact_vector
      }
    }
    RETURN fact_vector
  }
}
CALL () {
  WHEN $fact_lucene IS NULL THEN RETURN [] AS fact_keyword
  ELSE {
    CALL db.index.fulltext.queryNodes('fact_text', $fact_lucene, {limit: $limit * 4})
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
    RETURN collect({id: f.id, score: score,
                    similarity: CASE WHEN f.embedding IS NULL THEN 0.0
                                     ELSE vector.similarity.cosine(f.embedding, $vector) END,
                    valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                    confidence: f.confidence, authority: f.authority, slot: f.slot, kind: f.kind,
                    use_count: f.use_count, node: f}) AS fact_keyword
  }
}
// The entity channel. A hub is never walked (its thousands of facts would cost the question
// thousands of rows): named, it credits only those of its facts the vector and keyword
// channels above found; it is never expanded through. Every other named entity gives all its
// own facts, then one hop beyond (see HUB_DEGREE in graphmem/store/base.py).
CALL (fact_vector, fact_keyword) {
  UNWIND $keys AS key
  MATCH (e:Entity {namespace: $namespace, key: key})
  USING INDEX e:Entity(namespace, key)
  WITH e, COUNT { (e)<-[:SUBJECT|OBJECT]-() } > $hub_degree AS hub
  WITH collect(CASE WHEN NOT hub THEN e END) AS named, collect(CASE WHEN hub THEN e END) AS hubs
  // One row whatever the union finds: with no own facts, the hop still runs.
  CALL (named, hubs, fact_vector, fact_keyword) {
    CALL (named, hubs, fact_vector, fact_keyword) {
      UNWIND named AS e
      MATCH (e)<-[:SUBJECT|OBJECT]-(f:Fact)
      WHERE f.namespace = $namespace
        AND f.valid_from <= $at AND $at < f.valid_until
        AND f.recorded_at <= $known_at AND $known_at < f.retired_at
        AND f.status IN $statuses
        AND ($scopes IS NULL OR f.scope IN $scopes)
        AND f.authority IN $authorities
        AND f.sensitivity IN $sensitivities
        AND ($include_review OR f.review_at > $at)
      RETURN f
      UNION
      UNWIND CASE WHEN size(hubs) = 0 THEN [] ELSE fact_vector + fact_keyword END AS hit
      WITH hit.node AS f
      WHERE EXISTS { MATCH (f)-[:SUBJECT|OBJECT]->(hub) WHERE hub IN hubs }
      RETURN f
    }
    RETURN collect(f) AS own
  }
  // The named entities' own facts outrank every fact one hop away: when they fill the
  // channel, the hop cannot change it.
  CALL (named, own) {
    WHEN size(own) >= $limit THEN RETURN [] AS near
    ELSE {
      UNWIND named AS e
      MATCH (e)<-[:SUBJECT|OBJECT]-(link:Fact)-[:SUBJECT|OBJECT]->(other:Entity)
      WHERE other <> e
        AND link.namespace = $namespace AND link.valid_from <= $at AND $at < link.valid_until
        AND link.recorded_at <= $known_at AND $known_at < link.retired_at
        AND COUNT { (other)<-[:SUBJECT|OBJECT]-() } <= $hub_degree
      MATCH (other)<-[:SUBJECT]-(f:Fact)
      WHERE NOT f IN own
        AND f.namespace = $namespace
        AND f.valid_from <= $at AND $at < f.valid_until
        AND f.recorded_at <= $known_at AND $known_at < f.retired_at
        AND f.status IN $statuses
        AND ($scopes IS NULL OR f.scope IN $scopes)
        AND f.authority IN $authorities
        AND f.sensitivity IN $sensitivities
        AND ($include_review OR f.review_at > $at)
      RETURN collect(DISTINCT f) AS near
    }
  }
  UNWIND [f IN own | {f: f, score: 1.0}] + [f IN near | {f: f, score: 0.5}] AS hit
  WITH hit.f AS f, hit.score AS score
  WITH f, score,
       CASE WHEN f.embedding IS NULL THEN 0.0
            ELSE vector.similarity.cosine(f.embedding, $vector) END AS similarity
  ORDER BY score DESC, similarity DESC, f.id
  LIMIT $limit
  RETURN collect({id: f.id, score: score, similarity: similarity,
                  valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                  confidence: f.confidence, authority: f.authority, slot: f.slot, kind: f.kind,
                  use_count: f.use_count}) AS fact_entity
}
CALL () {
  WHEN NOT $include_episodes THEN RETURN [] AS episode_vector
  WHEN $exact_episodes THEN {
    MATCH (e:Episode {namespace: $namespace})
    USING INDEX e:Episode(namespace)
    WHERE e.embedding IS NOT NULL AND e.occurred_at <= $at AND e.recorded_at <= $known_at
      AND e.authority IN $authorities
      AND coalesce(e.sensitivity, 'normal') IN $sensitivities
      AND ($scopes IS NULL OR NOT EXISTS {
        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
      })
    WITH e, vector.similarity.cosine(e.embedding, $vector) AS similarity
    ORDER BY similarity DESC
    LIMIT $limit
    RETURN collect({id: e.id, similarity: similarity, score: similarity,
                    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
                    confidence: e.confidence, authority: e.authority, use_count: e.use_count,
                    node: e}) AS episode_vector
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
      AND ($scopes IS NULL OR NOT EXISTS {
        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
      })
    WITH e, similarity
    ORDER BY similarity DESC
    LIMIT $limit
    RETURN collect({id: e.id, similarity: similarity, score: similarity,
                    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
                    confidence: e.confidence, authority: e.authority, use_count: e.use_count,
                    node: e}) AS episode_vector
  }
}
CALL () {
  WHEN NOT $include_episodes OR $episode_lucene IS NULL THEN RETURN [] AS episode_keyword
  ELSE {
    CALL db.index.fulltext.queryNodes('episode_keywords', $episode_lucene, {limit: $limit * 4})
    YIELD node AS e, score
    WHERE e.namespace = $namespace AND e.occurred_at <= $at AND e.recorded_at <= $known_at
      AND e.authority IN $authorities
      AND coalesce(e.sensitivity, 'normal') IN $sensitivities
      AND ($scopes IS NULL OR NOT EXISTS {
        MATCH (e)<-[:SUPPORTED_BY]-(other:Fact) WHERE NOT other.scope IN $scopes
      })
    WITH e, score
    ORDER BY score DESC
    LIMIT $limit
    RETURN collect({id: e.id, score: score,
                    similarity: CASE WHEN e.embedding IS NULL THEN 0.0
                                     ELSE vector.similarity.cosine(e.embedding, $vector) END,
                    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000,
                    confidence: e.confidence, authority: e.authority, use_count: e.use_count,
                    node: e}) AS episode_keyword
  }
}
// An episode's standing, once for the episodes of both channels (they share most): whether
// a fact it supports holds, stopping at the first that does. Only facts have SUPPORTED_BY.
CALL (episode_vector, episode_keyword) {
  UNWIND episode_vector + episode_keyword AS hit
  WITH DISTINCT hit.node AS e
  WHERE COUNT { (e)<-[:SUPPORTED_BY]-() } > 0
  RETURN collect({id: e.id, standing: EXISTS {
    MATCH (e)<-[:SUPPORTED_BY]-(held)
    WHERE held.namespace = $namespace
      AND held.valid_from <= $at AND $at < held.valid_until
      AND held.recorded_at <= $known_at AND $known_at < held.retired_at
  }}) AS episode_standing
}
RETURN [hit IN fact_vector | hit {.id, .similarity, .score, .valid_from, .confidence, .authority,
                                 .slot, .kind, .use_count}] AS fact_vector,
       [hit IN fact_keyword | hit {.id, .similarity, .score, .valid_from, .confidence,
                                  .authority, .slot, .kind, .use_count}] AS fact_keyword,
       fact_entity,
       [hit IN episode_vector | hit {.id, .similarity, .score, .occurred_at, .confidence,
                                     .authority, .use_count}] AS episode_vector,
       [hit IN episode_keyword | hit {.id, .similarity, .score, .occurred_at, .confidence,
                                      .authority, .use_count}] AS episode_keyword,
       episode_standing
