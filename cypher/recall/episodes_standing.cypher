// episodes_standing — for episodes that support facts, whether any of those facts still holds
// at the point asked: an episode whose every claim was superseded or retracted is dated
// evidence of what was said, not of what is true.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  episode ids
//   $at         DATETIME      world time
//   $known_at   DATETIME      belief time
// Returns: id, current (BOOLEAN)
UNWIND $ids AS id
MATCH (e:Episode {namespace: $namespace, id: id})<-[:SUPPORTED_BY]-(f:Fact)
WHERE f.namespace = $namespace
WITH e, collect(f.valid_from <= $at AND $at < f.valid_until
                AND f.recorded_at <= $known_at AND $known_at < f.retired_at) AS holding
RETURN e.id AS id, any(h IN holding WHERE h) AS current
