// candidates_entity — recall's entity channel, one of the three candidate statements recall
// sends at once (with candidates_facts and candidates_episodes): the admitted facts about the
// entities the query names, then one hop beyond them, filtered before they rank (tenant,
// validity, belief, status, scope, authority, sensitivity) as facts_of_entities filters them.
// A hub (more than $hub_degree linked facts: a city everyone lives in) is never walked, nor
// expanded through: its key is returned instead, and recall credits as named those facts
// of the vector and keyword channels whose subject or entity object it is — what
// facts_of_entities does with $found, done by the caller because those channels run beside
// this statement, not before it (graphmem/store/neo4j/recall.py, credit_hubs).
// Only facts have SUBJECT and OBJECT relationships, and only entities are their ends, so the
// patterns name no label but the named entities': a hub's degree then comes from the degree
// store instead of walking its relationships, and every walk starts at a named entity (with
// f:Fact the planner read every current fact of the namespace through its index and joined).
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at
//   $known_at       DATETIME      belief time the facts must be believed at
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $vector         LIST<FLOAT>   the query embedding, for the similarity column
//   $keys           LIST<STRING>  normalised entity names found in the query
//   $hub_degree     INTEGER       linked facts above which an entity is a hub (HUB_DEGREE)
//   $limit          INTEGER       how many rows at most
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row — fact_entity (maps: id, score — 1.0 named, 0.5 one hop —, similarity,
//   valid_from, confidence, authority, slot, kind, use_count; best score first, then the
//   nearest, then by id), hubs (the keys of the named hubs). Datetimes are microseconds since
//   1970-01-01 UTC; similarity is Neo4j's (1 + cosine) / 2.

// replan=skip: the plan, made once, does not depend on the namespace's size (indexes are
// named, hubs capped), while planning this statement costs a second or more; without it the
// server plans again whenever its statistics drift (a growing store: every few minutes).
CYPHER replan=skip
UNWIND $keys AS key
MATCH (e:Entity {namespace: $namespace, key: key})
USING INDEX e:Entity(namespace, key)
WITH e, COUNT { (e)<-[:SUBJECT|OBJECT]-() } > $hub_degree AS hub
WITH collect(CASE WHEN NOT hub THEN e END) AS named, collect(CASE WHEN hub THEN e.key END) AS hubs
// One row whatever the names find: with no own facts, the hop still runs.
CALL (named) {
  UNWIND named AS e
  MATCH (e)<-[:SUBJECT|OBJECT]-(f)
  WHERE f.namespace = $namespace
    AND f.valid_from <= $at AND $at < f.valid_until
    AND f.recorded_at <= $known_at AND $known_at < f.retired_at
    AND f.status IN $statuses
    AND ($scopes IS NULL OR f.scope IN $scopes)
    AND f.authority IN $authorities
    AND f.sensitivity IN $sensitivities
    AND ($include_review OR f.review_at > $at)
  RETURN collect(DISTINCT f) AS own
}
// The named entities' own facts outrank every fact one hop away: when they fill the channel,
// the hop cannot change it (nor can a hub's credited facts, which are named too).
CALL (named, own) {
  WHEN size(own) >= $limit THEN RETURN [] AS near
  ELSE {
    UNWIND named AS e
    MATCH (e)<-[:SUBJECT|OBJECT]-(link)-[:SUBJECT|OBJECT]->(other)
    WHERE other <> e
      AND link.namespace = $namespace AND link.valid_from <= $at AND $at < link.valid_until
      AND link.recorded_at <= $known_at AND $known_at < link.retired_at
      AND COUNT { (other)<-[:SUBJECT|OBJECT]-() } <= $hub_degree
    MATCH (other)<-[:SUBJECT]-(f)
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
CALL (own, near) {
  UNWIND [f IN own | {f: f, score: 1.0}] + [f IN near | {f: f, score: 0.5}] AS hit
  WITH hit.f AS f, hit.score AS score
  WITH f, score,
       coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0) AS similarity
  ORDER BY score DESC, similarity DESC, f.id
  LIMIT $limit
  RETURN collect({id: f.id, score: score, similarity: similarity,
                  valid_from: f.valid_from.epochMillis * 1000 + f.valid_from.microsecond % 1000,
                  confidence: f.confidence, authority: f.authority, slot: f.slot, kind: f.kind,
                  use_count: f.use_count}) AS fact_entity
}
RETURN fact_entity, hubs
