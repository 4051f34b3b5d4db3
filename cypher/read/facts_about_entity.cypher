// facts_about_entity — every fact (any time, any status) whose subject or object is the entity.
// Parameters:
//   $namespace  STRING  the tenant
//   $key        STRING  the entity's normalised name
// Returns: f (the Fact node's properties)
MATCH (e:Entity {namespace: $namespace, key: $key})<-[:SUBJECT|OBJECT]-(f:Fact)
WHERE f.namespace = $namespace
RETURN DISTINCT f {.*, embedding: null} AS f
