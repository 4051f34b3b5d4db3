// facts_due_review — facts that need a human look: marked needs_review, or still active
// although their review date (time-to-live) has passed.
// Parameters:
//   $namespace  STRING         the tenant
//   $at         DATETIME|null  the point to judge review dates from; null: now (datetime())
// Returns: fact_id, subject, predicate, object, scope, status, why ('marked needs_review' or
//          'review date passed'), review_at, authority, confidence, valid_from, valid_until,
//          last_used_at, use_count; longest overdue first
// Example: :param namespace => 'maya'; :param at => null
WITH coalesce($at, datetime()) AS now
MATCH (f:Fact {namespace: $namespace})
WHERE f.status = 'needs_review' OR (f.status = 'active' AND f.review_at <= now)
RETURN f.id AS fact_id, f.subject AS subject, f.predicate AS predicate,
       f.object_text AS object, f.scope AS scope, f.status AS status,
       CASE f.status WHEN 'needs_review' THEN 'marked needs_review'
                     ELSE 'review date passed' END AS why,
       f.review_at AS review_at, f.authority AS authority, f.confidence AS confidence,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.last_used_at AS last_used_at, f.use_count AS use_count
ORDER BY review_at, fact_id
