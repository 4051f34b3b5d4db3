// mentions_create — link episodes to the entities they mention.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   episode_id, entity_key
// Returns: linked (INTEGER)
UNWIND $rows AS row
MATCH (e:Episode {namespace: $namespace, id: row.episode_id})
MATCH (n:Entity {namespace: $namespace, key: row.entity_key})
MERGE (e)-[:MENTIONS]->(n)
RETURN count(*) AS linked
