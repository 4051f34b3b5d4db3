// rows — what recall quotes, read once for the final k candidates: the whole fact and episode
// rows, the facts' support with provenance, and the episodes' standing (whether a fact an
// episode supports holds: recall learns it only for the episodes that reach the final k, as
// an outdated episode only ranks lower). Zoned datetimes come as epoch microseconds
// (decoding driver temporals costs more than the rest of the read): each row is a list of
// [key, value, is_time] triples, embeddings, the full-text token and an episode's
// support_scopes left out.
// Parameters:
//   $namespace    STRING        the tenant
//   $fact_ids     LIST<STRING>  the facts recall returns
//   $episode_ids  LIST<STRING>  the episodes recall returns
//   $checked_fact_ids    LIST<STRING>  facts tied with the final k: only whether they exist
//   $checked_episode_ids LIST<STRING>  episodes tied with the final k: whether they exist and
//                                      their standing (graphmem.read.recall._best says why)
//   $at           DATETIME      world time the facts that give an episode standing must hold at
//   $known_at     DATETIME      belief time those facts must be believed at
// graphmem pads list parameters with " " and the Lucene queries with spaces, so that the
// server plans this once, not once per size of question (graphmem/store/neo4j/recall.py,
// one_size).
// Returns: one row — facts and episodes (lists of triples a row), support (maps: fact_id,
//   episode_id, role, added_at, source, session, occurred_at; oldest first; the two
//   datetimes as epoch microseconds), standing (maps: id, standing; of the returned and the
//   checked episodes, those that support no fact left out), present (the checked ids that
//   exist)

// replan=skip: planning this statement costs a second or more, and without it the server plans
// again whenever its statistics drift (a growing store: every few minutes). The plan is then
// kept whatever the store grows to, so every lookup names its index: graphmem plans recall
// ahead when a memory opens (warmup.py), often on a store that holds nothing, and a plan made
// then may start from the namespace index (the support below walked every episode of the
// namespace, on every recall: tests/test_plans_made_empty.py).
CYPHER replan=skip
CALL () {
  UNWIND $fact_ids AS id
  MATCH (f:Fact {namespace: $namespace, id: id})
  USING INDEX f:Fact(id)
  RETURN collect([key IN keys(f) WHERE NOT key IN ['embedding', 'ns_token', 'keywords', 'keyword_length'] |
    CASE WHEN valueType(f[key]) STARTS WITH 'ZONED DATETIME'
         THEN [key, f[key].epochMillis * 1000 + f[key].microsecond % 1000, true]
         ELSE [key, f[key], false] END]) AS facts
}
CALL () {
  UNWIND $episode_ids AS id
  MATCH (e:Episode {namespace: $namespace, id: id})
  USING INDEX e:Episode(id)
  RETURN collect([key IN keys(e) WHERE NOT key IN ['embedding', 'ns_token', 'support_scopes',
                                                   'keywords', 'keywords_context', 'keyword_length'] |
    CASE WHEN valueType(e[key]) STARTS WITH 'ZONED DATETIME'
         THEN [key, e[key].epochMillis * 1000 + e[key].microsecond % 1000, true]
         ELSE [key, e[key], false] END]) AS episodes
}
CALL () {
  UNWIND $fact_ids AS fact_id
  MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPPORTED_BY]->(e:Episode)
  USING INDEX f:Fact(id)
  WHERE e.namespace = $namespace
  WITH f, r, e
  ORDER BY r.added_at, e.id
  RETURN collect({fact_id: f.id, episode_id: e.id, role: r.role, source: e.source,
                  session: e.session,
                  added_at: r.added_at.epochMillis * 1000 + r.added_at.microsecond % 1000,
                  occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000}
         ) AS support
}
// Of the candidates tied with the final k, only which still exist.
CALL () {
  UNWIND $checked_fact_ids AS id
  MATCH (f:Fact {namespace: $namespace, id: id})
  USING INDEX f:Fact(id)
  RETURN collect(f.id) AS present_facts
}
CALL () {
  UNWIND $checked_episode_ids AS id
  MATCH (e:Episode {namespace: $namespace, id: id})
  USING INDEX e:Episode(id)
  RETURN collect(e.id) AS present_episodes
}
// Stopping at the first fact that holds: an episode may support thousands.
CALL () {
  UNWIND $episode_ids + $checked_episode_ids AS id
  MATCH (e:Episode {namespace: $namespace, id: id})
  USING INDEX e:Episode(id)
  WHERE COUNT { (e)<-[:SUPPORTED_BY]-() } > 0
  RETURN collect({id: e.id, standing: EXISTS {
    MATCH (e)<-[:SUPPORTED_BY]-(held)
    WHERE held.namespace = $namespace
      AND held.valid_from <= $at AND $at < held.valid_until
      AND held.recorded_at <= $known_at AND $known_at < held.retired_at
  }}) AS standing
}
RETURN facts, episodes, support, standing, present_facts + present_episodes AS present
