// facts_create — store new facts as reified nodes linked to their subject and object, and to
// the distillation run that produced them, if any.
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
WITH f, row
OPTIONAL MATCH (o:Entity {namespace: $namespace, key: row.props.object_key})
  WHERE row.props.object_is_entity
FOREACH (_ IN CASE WHEN o IS NULL THEN [] ELSE [1] END | CREATE (f)-[:OBJECT]->(o))
WITH f, row
OPTIONAL MATCH (run:DistillationRun {namespace: $namespace, id: row.props.produced_by})
FOREACH (_ IN CASE WHEN run IS NULL THEN [] ELSE [1] END | CREATE (f)-[:PRODUCED_BY]->(run))
RETURN count(f) AS created
