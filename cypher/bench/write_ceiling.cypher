// write_ceiling — the rows one remember wrote, written again by one statement with no read,
// no check and no decision: the ceiling bench/scale.py compares remember's throughput with.
// Parameters:
//   $namespace     STRING     the tenant
//   $ns_token      STRING     the namespace's full-text token
//   $slots         LIST<STRING>  slot node ids the write moves on
//   $episodes      LIST<MAP>  episode rows (embedding included)
//   $entities      LIST<MAP>  entity rows (id, key, name)
//   $mentions      LIST<MAP>  (episode_id, entity_key)
//   $facts         LIST<MAP>  (props, embedding)
//   $statements    LIST<MAP>  (props, episodes)
//   $supports      LIST<MAP>  (fact_id, episode_id, role, added_at)
//   $supersessions LIST<MAP>  (new_id, old_id, at, reason, previous_until)
//   $patches       LIST<MAP>  (fact_id, changes)
//   $audit         LIST<MAP>  audit rows
// Returns: facts (how many fact nodes were created)
CALL () {
  UNWIND $slots AS id
  MERGE (s:Slot {id: id})
    ON CREATE SET s.namespace = $namespace, s.version = 0
  SET s.version = s.version + 1
}
CALL () {
  UNWIND $episodes AS row
  CREATE (e:Episode)
  SET e = row, e.namespace = $namespace, e.ns_token = $ns_token, e.support_scopes = []
}
CALL () {
  UNWIND $entities AS row
  MERGE (n:Entity {namespace: $namespace, key: row.key})
    ON CREATE SET n.id = row.id, n.name = row.name
}
CALL () {
  UNWIND $mentions AS row
  MATCH (e:Episode {namespace: $namespace, id: row.episode_id})
  MATCH (n:Entity {namespace: $namespace, key: row.entity_key})
  MERGE (e)-[:MENTIONS]->(n)
}
CALL () {
  UNWIND $facts AS row
  MATCH (s:Entity {namespace: $namespace, key: row.props.subject_key})
  CREATE (f:Fact)
  SET f = row.props, f.namespace = $namespace, f.ns_token = $ns_token, f.embedding = row.embedding
  CREATE (f)-[:SUBJECT]->(s)
  WITH f, row
  MATCH (o:Entity {namespace: $namespace, key: row.props.object_key})
  WHERE row.props.object_is_entity
  CREATE (f)-[:OBJECT]->(o)
}
CALL () {
  UNWIND $statements AS row
  CREATE (s:Statement)
  SET s = row.props, s.namespace = $namespace
  WITH s, row
  UNWIND row.episodes AS episode_id
  MATCH (e:Episode {namespace: $namespace, id: episode_id})
  CREATE (s)-[:STATED_IN]->(e)
}
CALL () {
  UNWIND $supports AS row
  MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
  MATCH (e:Episode {namespace: $namespace, id: row.episode_id})
  MERGE (f)-[r:SUPPORTED_BY]->(e)
    ON CREATE SET r.role = row.role, r.added_at = row.added_at
  SET e.support_scopes = CASE
    WHEN e.support_scopes IS NULL OR f.scope IN e.support_scopes THEN e.support_scopes
    ELSE e.support_scopes + f.scope END
}
CALL () {
  UNWIND $supersessions AS row
  MATCH (n:Fact {namespace: $namespace, id: row.new_id})
  MATCH (o:Fact {namespace: $namespace, id: row.old_id})
  CREATE (n)-[:SUPERSEDES {at: row.at, reason: row.reason, previous_until: row.previous_until}]->(o)
}
CALL () {
  UNWIND $patches AS row
  MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
  SET f += row.changes
}
CALL () {
  UNWIND $audit AS row
  CREATE (a:AuditEntry)
  SET a = row, a.namespace = $namespace
}
RETURN size($facts) AS facts
