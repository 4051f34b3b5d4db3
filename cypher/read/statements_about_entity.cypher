// statements_about_entity — every statement whose subject or object is this entity, or whose
// literal object is its name: what forgetting the entity must take away.
// Parameters:
//   $namespace  STRING  the tenant
//   $key        STRING  the entity's normalised name (lower case, single spaces)
// Returns: s (the Statement's properties plus episodes: LIST<STRING>)
CALL () {
  MATCH (s:Statement {namespace: $namespace, subject_key: $key}) RETURN s
  UNION
  MATCH (s:Statement {namespace: $namespace, object_key: $key}) RETURN s
  UNION
  MATCH (s:Statement {namespace: $namespace})
  WHERE s.object_key IS NULL AND toLower(s.object_text) CONTAINS $key
  RETURN s
}
OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
WITH s, collect(e.id) AS episodes
RETURN s {.*, episodes: episodes} AS s
ORDER BY s.said_at, s.recorded_at, s.id
