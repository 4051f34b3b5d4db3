// facts_create — store new facts as reified nodes linked to their subject and object, and to
// the distillation run that produced them, if any. A fact whose object is an entity is also
// projected as (subject)-[:FACT]->(object), carrying its predicate, validity and belief
// interval and its id, so analysts walk entity to entity over time without Fact nodes
// (kept in step by facts_patch, removed by fact_relations_remove).
// Parameters:
//   $namespace  STRING      the tenant
//   $ns_token   STRING      single-token namespace key for the full-text index
//   $rows       LIST<MAP>   {props: fact row (see graphmem/store/rows.py), embedding: LIST<FLOAT>?}
//                           props.subject_key must name an Entity; props.object_key one too
//                           when props.object_is_entity; props.produced_by a DistillationRun.
// Returns: created (INTEGER)
UNWIND $rows AS row
MATCH (s:Entity {namespace: $namespace, key: row.props.subject_key})
CREATE (f:Fact)
SET f = row.props, f.namespace = $namespace, f.ns_token = $ns_token, f.embedding = row.embedding
CREATE (f)-[:SUBJECT]->(s)
WITH f, row, s
OPTIONAL MATCH (o:Entity {namespace: $namespace, key: row.props.object_key})
  WHERE row.props.object_is_entity
FOREACH (_ IN CASE WHEN o IS NULL THEN [] ELSE [1] END |
  CREATE (f)-[:OBJECT]->(o)
  CREATE (s)-[:FACT {namespace: $namespace, fact_id: f.id, predicate: f.predicate,
                     scope: f.scope, status: f.status, valid_from: f.valid_from,
                     valid_until: f.valid_until, recorded_at: f.recorded_at,
                     retired_at: f.retired_at}]->(o))
WITH f, row
OPTIONAL MATCH (run:DistillationRun {namespace: $namespace, id: row.props.produced_by})
FOREACH (_ IN CASE WHEN run IS NULL THEN [] ELSE [1] END | CREATE (f)-[:PRODUCED_BY]->(run))
RETURN count(f) AS created
