// slot_timeline — every version a slot (subject, predicate, scope) has held, any status, with
// its validity (valid_from..valid_until: when it was true) and its belief interval
// (recorded_at..retired_at: when we believed it), and what replaced it; oldest first.
// How to read a revision: a change of validity never edits a fact. The version believed until
// then keeps its bounds and is retired (retired = true, kind_of_link ['revised']); the rows
// whose revises names it are the same value with its new bounds (two when a window split
// it), believed from their recorded_at.
// Parameters:
//   $namespace    STRING  the tenant
//   $subject_key  STRING  the subject's normalised name (lower case, single spaces)
//   $predicate    STRING  the predicate, e.g. 'lives_in'
//   $scope        STRING  'global' or '<kind>:<name>', e.g. 'project:apollo'
// Returns: fact_id, object, status, authority, confidence, valid_from, valid_until,
//          recorded_at, retired_at, retired (true: no longer believed, revised or corrected),
//          revises (for a closed version: the id of the version whose belief it replaced),
//          superseded_by (ids of the newer facts), kind_of_link (one per superseded_by:
//          'revised' = the same fact with its validity closed, 'new value' = another value
//          took the slot, 'window ended' = this was a window and that value holds again after
//          it), superseded_at; by valid_from, then recorded_at. Open ends read
//          9999-12-31T23:59:59Z.
// Example: :param namespace => 'maya'; :param subject_key => 'user'; :param predicate => 'lives_in'; :param scope => 'global'
MATCH (f:Fact {namespace: $namespace, subject_key: $subject_key})
WHERE f.predicate = $predicate AND f.scope = $scope
OPTIONAL MATCH (newer:Fact {namespace: $namespace})-[s:SUPERSEDES]->(f)
WITH f, newer, s
ORDER BY s.at, newer.id
WITH f, collect(newer.id) AS superseded_by, collect(s.reason) AS kind_of_link,
     min(s.at) AS superseded_at,
     [(f)-[:SUPERSEDES {reason: 'revised'}]->(earlier:Fact {namespace: $namespace})
      | earlier.id][0] AS revises
RETURN f.id AS fact_id, f.object_text AS object, f.status AS status,
       f.authority AS authority, f.confidence AS confidence,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at,
       f.retired_at < datetime('9999-12-31T23:59:59Z') AS retired, revises,
       superseded_by, kind_of_link, superseded_at
ORDER BY valid_from, recorded_at, fact_id
