// entity_mentions — every episode that names an entity: where a person, place or thing came
// up, oldest first, with how each episode was sourced. An episode mentions the subject of
// each statement it supports and its object when that is an entity (written with the
// statement; forgetting the entity or the episode removes the link).
// Parameters:
//   $namespace  STRING  the tenant
//   $entity     STRING  the entity's name or key, matched without regard to case
// Returns: entity_key, entity, episode_id, source, authority, session, occurred_at,
//          content; oldest episode first
// Example: :param namespace => 'maya'; :param entity => 'Denver'
MATCH (n:Entity {namespace: $namespace})
WHERE toLower(n.name) = toLower($entity) OR n.key = toLower($entity)
MATCH (e:Episode {namespace: $namespace})-[:MENTIONS]->(n)
RETURN n.key AS entity_key, n.name AS entity, e.id AS episode_id, e.source AS source,
       e.authority AS authority, e.session AS session, e.occurred_at AS occurred_at,
       e.content AS content
ORDER BY occurred_at, episode_id
