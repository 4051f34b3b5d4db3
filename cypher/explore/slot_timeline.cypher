// slot_timeline — every version a slot (subject, predicate, scope) has held, any status, with
// its validity and belief times and what superseded it; oldest first.
// Parameters:
//   $namespace    STRING  the tenant
//   $subject_key  STRING  the subject's normalised name (lower case, single spaces)
//   $predicate    STRING  the predicate, e.g. 'lives_in'
//   $scope        STRING  'global' or '<kind>:<name>', e.g. 'project:apollo'
// Returns: fact_id, object, status, authority, confidence, valid_from, valid_until,
//          recorded_at, retired_at, superseded_by (ids of the newer facts), superseded_at;
//          by valid_from, then recorded_at. Open ends read 9999-12-31T23:59:59Z.
// Example: :param namespace => 'maya'; :param subject_key => 'maya'; :param predicate => 'lives_in'; :param scope => 'global'
MATCH (f:Fact {namespace: $namespace, subject_key: $subject_key})
WHERE f.predicate = $predicate AND f.scope = $scope
OPTIONAL MATCH (newer:Fact {namespace: $namespace})-[s:SUPERSEDES]->(f)
WITH f, collect(newer.id) AS superseded_by, min(s.at) AS superseded_at
RETURN f.id AS fact_id, f.object_text AS object, f.status AS status,
       f.authority AS authority, f.confidence AS confidence,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at,
       superseded_by, superseded_at
ORDER BY valid_from, recorded_at, fact_id
