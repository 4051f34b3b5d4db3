// episode_derivations — everything derived from an episode: the facts it supports, and what
// those changed: the versions they superseded, the beliefs retired in the same write, and
// the values that hold again after a window.
// How to read a revision: when the episode's fact ends a value that was believed open-ended,
// that belief is retired ('revised', via the version with the closed validity, which is the
// 'superseded' row); a revised version keeps the support of the original, so it also shows
// under the original's episodes as 'supports', never as a change they made.
// Parameters:
//   $namespace   STRING  the tenant
//   $episode_id  STRING  the episode
// Returns: link ('supports'; 'superseded': a version a supported fact replaced with a new
//          value; 'revised': the earlier belief in that version, retired by the same write;
//          'resumed': the value that holds again after a supported window), fact_id,
//          via_fact_id (the fact the link goes through), role (of the support), reason (of
//          the supersession), subject, predicate, object, status, valid_from, valid_until,
//          recorded_at, retired_at; by link in that order, then by recorded_at
// Example: :param namespace => 'maya'; :param episode_id => 'e_…'
MATCH (e:Episode {namespace: $namespace, id: $episode_id})
CALL (e) {
  MATCH (e)<-[r:SUPPORTED_BY]-(f:Fact {namespace: $namespace})
  RETURN 'supports' AS link, f, null AS via_fact_id, r.role AS role, null AS reason
  UNION ALL
  MATCH (e)<-[:SUPPORTED_BY]-(via:Fact {namespace: $namespace})
        -[s:SUPERSEDES {reason: 'new value'}]->(f:Fact {namespace: $namespace})
  RETURN 'superseded' AS link, f, via.id AS via_fact_id, null AS role, s.reason AS reason
  UNION ALL
  MATCH (e)<-[:SUPPORTED_BY]-(:Fact {namespace: $namespace})
        -[s:SUPERSEDES {reason: 'new value'}]->(closed:Fact {namespace: $namespace})
        -[r:SUPERSEDES {reason: 'revised'}]->(f:Fact {namespace: $namespace})
  WHERE r.at = s.at
  RETURN 'revised' AS link, f, closed.id AS via_fact_id, null AS role, r.reason AS reason
  UNION ALL
  MATCH (e)<-[:SUPPORTED_BY]-(window:Fact {namespace: $namespace})
        <-[s:SUPERSEDES {reason: 'window ended'}]-(f:Fact {namespace: $namespace})
  RETURN 'resumed' AS link, f, window.id AS via_fact_id, null AS role, s.reason AS reason
}
RETURN link, f.id AS fact_id, via_fact_id, role, reason, f.subject AS subject,
       f.predicate AS predicate, f.object_text AS object, f.status AS status,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at
ORDER BY CASE link WHEN 'supports' THEN 0 WHEN 'superseded' THEN 1 WHEN 'revised' THEN 2
         ELSE 3 END, recorded_at, fact_id
