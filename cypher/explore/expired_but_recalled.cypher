// expired_but_recalled — facts whose validity has ended but that recall still used within
// the last $days days: an agent leaning on stale memory.
// Parameters:
//   $namespace  STRING         the tenant
//   $days       INTEGER        how far back "recently" reaches, in days
//   $at         DATETIME|null  the point to look back from; null: now (datetime())
// Returns: fact_id, subject, predicate, object, status, valid_from, valid_until,
//          last_used_at, use_count, authority; most recently used first
// Example: :param namespace => 'maya'; :param days => 30; :param at => null
WITH coalesce($at, datetime()) AS now
MATCH (f:Fact {namespace: $namespace})
WHERE f.valid_until <= now
  AND f.last_used_at >= now - duration({days: $days}) AND f.last_used_at <= now
RETURN f.id AS fact_id, f.subject AS subject, f.predicate AS predicate,
       f.object_text AS object, f.status AS status, f.valid_from AS valid_from,
       f.valid_until AS valid_until, f.last_used_at AS last_used_at,
       f.use_count AS use_count, f.authority AS authority
ORDER BY last_used_at DESC, fact_id
