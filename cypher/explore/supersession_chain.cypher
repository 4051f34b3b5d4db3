// supersession_chain — the chain of versions a fact belongs to (every fact linked to it by
// SUPERSEDES, either way), oldest belief first, each with the links to the versions after it.
// How to read a revision: a row with kind_of_link ['revised'] was believed, with the validity
// it shows, until its retired_at; the row whose revises names it is the same fact with its
// validity closed, believed from then on. Memory.history leaves the revised rows out.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  any fact of the chain
// Returns: position (1 = oldest), fact_id, predicate, object, status, valid_from,
//          valid_until, recorded_at, retired_at, retired (true: no longer believed),
//          revises (for a closed version: the id of the version whose belief it replaced),
//          superseded_by (ids), kind_of_link (one per superseded_by: 'revised', 'new value'
//          or 'window ended'), superseded_at
// Example: :param namespace => 'maya'; :param fact_id => 'f_…'
MATCH (start:Fact {namespace: $namespace, id: $fact_id})
MATCH (start)-[:SUPERSEDES*0..]-(f:Fact {namespace: $namespace})
WITH DISTINCT f
OPTIONAL MATCH (newer:Fact {namespace: $namespace})-[s:SUPERSEDES]->(f)
WITH f, newer, s
ORDER BY s.at, newer.id
WITH f, collect(newer.id) AS superseded_by, collect(s.reason) AS kind_of_link,
     min(s.at) AS superseded_at,
     [(f)-[:SUPERSEDES {reason: 'revised'}]->(earlier:Fact {namespace: $namespace})
      | earlier.id][0] AS revises
ORDER BY f.recorded_at, f.valid_from, f.id
WITH collect({f: f, revises: revises, by: superseded_by, kinds: kind_of_link,
              at: superseded_at}) AS chain
UNWIND range(0, size(chain) - 1) AS i
WITH i, chain[i] AS link
RETURN i + 1 AS position, link.f.id AS fact_id, link.f.predicate AS predicate,
       link.f.object_text AS object, link.f.status AS status,
       link.f.valid_from AS valid_from, link.f.valid_until AS valid_until,
       link.f.recorded_at AS recorded_at, link.f.retired_at AS retired_at,
       link.f.retired_at < datetime('9999-12-31T23:59:59Z') AS retired,
       link.revises AS revises, link.by AS superseded_by, link.kinds AS kind_of_link,
       link.at AS superseded_at
ORDER BY position
