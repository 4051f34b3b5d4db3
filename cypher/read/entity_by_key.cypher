// entity_by_key — the id of the entity with this normalised name.
// Parameters:
//   $namespace  STRING  the tenant
//   $key        STRING  normalised name
// Returns: id
MATCH (e:Entity {namespace: $namespace, key: $key})
RETURN e.id AS id
