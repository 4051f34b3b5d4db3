// entity_relations — what links one entity to others at a point in time, read from the FACT
// relationships (one per fact version whose object is an entity, see write/facts_create): a
// walk from entity to entity that passes no Fact node, for paths and graph algorithms.
// Parameters:
//   $namespace  STRING         the tenant
//   $key        STRING         the entity's normalised name (lower case; 'user' for the speaker)
//   $at         DATETIME|null  world and belief time to look from; null: now (datetime())
// Returns: direction ('out': the entity is the subject, 'in': the object), predicate, other
//          (the other entity's name), other_key, scope, status, valid_from, valid_until,
//          fact_id; candidates left out; by predicate, other_key, valid_from.
// Example: :param namespace => 'maya'; :param key => 'user'; :param at => null
WITH coalesce($at, datetime()) AS now
MATCH (e:Entity {namespace: $namespace, key: $key})-[r:FACT]-(other:Entity {namespace: $namespace})
WHERE r.status <> 'candidate'
  AND r.valid_from <= now AND now < r.valid_until
  AND r.recorded_at <= now AND now < r.retired_at
RETURN CASE WHEN startNode(r) = e THEN 'out' ELSE 'in' END AS direction,
       r.predicate AS predicate, other.name AS other, other.key AS other_key, r.scope AS scope,
       r.status AS status, r.valid_from AS valid_from, r.valid_until AS valid_until,
       r.fact_id AS fact_id
ORDER BY predicate, other_key, valid_from, fact_id
