// fact_evidence — why the store holds a fact: each supporting episode, with its role,
// provenance and text.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  the fact
// Returns: fact_id, claim (subject predicate object), role, added_at, episode_id, source,
//          source_ref, authority (the episode's), session, occurred_at, recorded_at, content;
//          oldest support first
// Example: :param namespace => 'maya'; :param fact_id => 'f_…'
MATCH (f:Fact {namespace: $namespace, id: $fact_id})-[r:SUPPORTED_BY]->(e:Episode {namespace: $namespace})
RETURN f.id AS fact_id, f.subject + ' ' + f.predicate + ' ' + f.object_text AS claim,
       r.role AS role, r.added_at AS added_at, e.id AS episode_id, e.source AS source,
       e.source_ref AS source_ref, e.authority AS authority, e.session AS session,
       e.occurred_at AS occurred_at, e.recorded_at AS recorded_at, e.content AS content
ORDER BY added_at, occurred_at, episode_id
