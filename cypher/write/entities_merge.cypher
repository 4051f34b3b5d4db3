// entities_merge — make sure an Entity exists for each normalised name.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   entity rows: id, name, key (key = normalised name)
// Returns: touched (INTEGER)
UNWIND $rows AS row
MERGE (n:Entity {namespace: $namespace, key: row.key})
  ON CREATE SET n.id = row.id, n.name = row.name
RETURN count(n) AS touched
