// rows — what recall quotes, read once for the final k candidates: the whole fact and episode
// rows and the facts' support with provenance.
// Parameters:
//   $namespace    STRING        the tenant
//   $fact_ids     LIST<STRING>  the facts recall returns
//   $episode_ids  LIST<STRING>  the episodes recall returns
// Returns: one row — facts (maps of properties, embedding null), episodes (the same), support
//   (maps: fact_id, episode_id, role, added_at, source, session, occurred_at; oldest first)
CALL () {
  UNWIND $fact_ids AS id
  MATCH (f:Fact {namespace: $namespace, id: id})
  RETURN collect(f {.*, embedding: null}) AS facts
}
CALL () {
  UNWIND $episode_ids AS id
  MATCH (e:Episode {namespace: $namespace, id: id})
  RETURN collect(e {.*, embedding: null}) AS episodes
}
CALL () {
  UNWIND $fact_ids AS fact_id
  MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPPORTED_BY]->(e:Episode)
  WHERE e.namespace = $namespace
  WITH f, r, e
  ORDER BY r.added_at, e.id
  RETURN collect({fact_id: f.id, episode_id: e.id, role: r.role, added_at: r.added_at,
                  source: e.source, session: e.session, occurred_at: e.occurred_at}) AS support
}
RETURN facts, episodes, support
