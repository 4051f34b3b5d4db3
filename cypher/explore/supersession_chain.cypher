// supersession_chain — the chain of versions a fact belongs to (every fact linked to it by
// SUPERSEDES, either way), oldest belief first, each with the link to the version after it.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  any fact of the chain
// Returns: position (1 = oldest), fact_id, predicate, object, status, valid_from,
//          valid_until, recorded_at, retired_at, superseded_by (ids), reason, superseded_at
// Example: :param namespace => 'maya'; :param fact_id => 'f_…'
MATCH (start:Fact {namespace: $namespace, id: $fact_id})
MATCH (start)-[:SUPERSEDES*0..]-(f:Fact {namespace: $namespace})
WITH DISTINCT f
OPTIONAL MATCH (newer:Fact {namespace: $namespace})-[s:SUPERSEDES]->(f)
WITH f, collect(newer.id) AS superseded_by, collect(s.reason) AS reasons,
     min(s.at) AS superseded_at
ORDER BY f.recorded_at, f.valid_from, f.id
WITH collect({f: f, by: superseded_by, reasons: reasons, at: superseded_at}) AS chain
UNWIND range(0, size(chain) - 1) AS i
WITH i, chain[i] AS link
RETURN i + 1 AS position, link.f.id AS fact_id, link.f.predicate AS predicate,
       link.f.object_text AS object, link.f.status AS status,
       link.f.valid_from AS valid_from, link.f.valid_until AS valid_until,
       link.f.recorded_at AS recorded_at, link.f.retired_at AS retired_at,
       link.by AS superseded_by, link.reasons[0] AS reason, link.at AS superseded_at
ORDER BY position
