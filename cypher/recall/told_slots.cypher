// told_slots — the slots an episode's claims are about: for each episode that supports a
// believed fact which began by $at, the slot keys of those facts. What recall reads to learn
// which relation a message spoke of (graphmem/read/asked.py); succession.cypher without the
// slots' other facts, which a long document's hundreds of slots make costly.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  episode ids
//   $at         DATETIME      world time
//   $known_at   DATETIME      belief time
// Returns: one row per such episode: id, slots (distinct slot keys)
UNWIND $ids AS id
MATCH (e:Episode {namespace: $namespace, id: id})
USING INDEX e:Episode(id)
MATCH (e)<-[:SUPPORTED_BY]-(f:Fact)
WHERE f.namespace = $namespace AND f.valid_from <= $at
  AND f.recorded_at <= $known_at AND $known_at < f.retired_at
RETURN e.id AS id, collect(DISTINCT f.slot) AS slots
