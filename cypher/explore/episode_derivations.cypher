// episode_derivations — everything derived from an episode: the facts it supports, and the
// facts those superseded (what the episode changed).
// Parameters:
//   $namespace   STRING  the tenant
//   $episode_id  STRING  the episode
// Returns: link ('supports' or 'superseded'), fact_id, via_fact_id (for 'superseded': the
//          supported fact that superseded it), role (of the support), reason (of the
//          supersession), subject, predicate, object, status, valid_from, valid_until,
//          recorded_at, retired_at; supported facts first
// Example: :param namespace => 'maya'; :param episode_id => 'e_…'
MATCH (:Episode {namespace: $namespace, id: $episode_id})<-[r:SUPPORTED_BY]-(f:Fact {namespace: $namespace})
RETURN 'supports' AS link, f.id AS fact_id, null AS via_fact_id, r.role AS role,
       null AS reason, f.subject AS subject, f.predicate AS predicate, f.object_text AS object,
       f.status AS status, f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at
  ORDER BY recorded_at, fact_id
UNION ALL
MATCH (:Episode {namespace: $namespace, id: $episode_id})<-[:SUPPORTED_BY]-(f:Fact {namespace: $namespace})
MATCH (f)-[s:SUPERSEDES]->(old:Fact {namespace: $namespace})
RETURN 'superseded' AS link, old.id AS fact_id, f.id AS via_fact_id, null AS role,
       s.reason AS reason, old.subject AS subject, old.predicate AS predicate,
       old.object_text AS object, old.status AS status, old.valid_from AS valid_from,
       old.valid_until AS valid_until, old.recorded_at AS recorded_at,
       old.retired_at AS retired_at
  ORDER BY recorded_at, fact_id
