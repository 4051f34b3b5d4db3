// episode_derivations — everything derived from an episode: the facts it supports, and the
// facts those superseded (what the episode changed).
// Parameters:
//   $namespace   STRING  the tenant
//   $episode_id  STRING  the episode
// Returns: link ('supports' or 'superseded'), fact_id, via_fact_id (for 'superseded': the
//          supported fact that superseded it), role (of the support), reason (of the
//          supersession), subject, predicate, object, status, valid_from, valid_until,
//          recorded_at, retired_at; supported facts first, then by recorded_at
// Example: :param namespace => 'maya'; :param episode_id => 'e_…'
MATCH (e:Episode {namespace: $namespace, id: $episode_id})
CALL (e) {
  MATCH (e)<-[r:SUPPORTED_BY]-(f:Fact {namespace: $namespace})
  RETURN 'supports' AS link, f, null AS via_fact_id, r.role AS role, null AS reason
  UNION ALL
  MATCH (e)<-[:SUPPORTED_BY]-(via:Fact {namespace: $namespace})
        -[s:SUPERSEDES]->(f:Fact {namespace: $namespace})
  RETURN 'superseded' AS link, f, via.id AS via_fact_id, null AS role, s.reason AS reason
}
RETURN link, f.id AS fact_id, via_fact_id, role, reason, f.subject AS subject,
       f.predicate AS predicate, f.object_text AS object, f.status AS status,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at
ORDER BY CASE link WHEN 'supports' THEN 0 ELSE 1 END, recorded_at, fact_id
