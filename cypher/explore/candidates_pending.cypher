// candidates_pending — candidate facts awaiting review (inferred or distilled, not yet
// confirmed or rejected, still believed), with how many episodes support each.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: fact_id, subject, predicate, object, scope, kind, authority, confidence,
//          valid_from, valid_until, recorded_at, produced_by (distillation run id or null),
//          episodes (distinct supporting episodes), sources (their source kinds);
//          best supported first
// Example: :param namespace => 'maya'
MATCH (f:Fact {namespace: $namespace, status: 'candidate'})
// Still believed: a confirmed or rejected candidate's version was retired in belief time.
WHERE f.retired_at = datetime('9999-12-31T23:59:59Z')
OPTIONAL MATCH (f)-[:SUPPORTED_BY]->(e:Episode {namespace: $namespace})
OPTIONAL MATCH (f)-[:PRODUCED_BY]->(run:DistillationRun {namespace: $namespace})
WITH f, count(DISTINCT e) AS episodes, collect(DISTINCT e.source) AS sources,
     head(collect(DISTINCT run.id)) AS produced_by
RETURN f.id AS fact_id, f.subject AS subject, f.predicate AS predicate,
       f.object_text AS object, f.scope AS scope, f.kind AS kind, f.authority AS authority,
       f.confidence AS confidence, f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, produced_by, episodes, sources
ORDER BY episodes DESC, confidence DESC, recorded_at, fact_id
