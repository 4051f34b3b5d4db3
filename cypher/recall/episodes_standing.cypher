// episodes_standing — for episodes that support facts, whether any of those facts still holds
// at the point asked: an episode whose every claim was superseded or retracted is dated
// evidence of what was said, not of what is true. Both tests stop at the first fact that
// answers them, so an episode behind thousands of facts costs what one behind a few does.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  episode ids
//   $at         DATETIME      world time
//   $known_at   DATETIME      belief time
// Returns: id, current (BOOLEAN); episodes that support no fact are left out
UNWIND $ids AS id
MATCH (e:Episode {namespace: $namespace, id: id})
WHERE EXISTS { (e)<-[:SUPPORTED_BY]-(:Fact) }
RETURN e.id AS id,
       EXISTS {
         MATCH (e)<-[:SUPPORTED_BY]-(f)
         WHERE f.namespace = $namespace
           AND f.valid_from <= $at AND $at < f.valid_until
           AND f.recorded_at <= $known_at AND $known_at < f.retired_at
       } AS current
