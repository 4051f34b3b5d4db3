// slot_conflicts — slots (subject, predicate, scope) holding more than one current
// non-candidate value now (or at $at). For a one-valued predicate that is a conflict; for a
// many-valued one (likes, prefers) it is normal, so pass the one-valued predicates to narrow.
// Parameters:
//   $namespace   STRING              the tenant
//   $at          DATETIME|null       world and belief time to look from; null: now (datetime())
//   $predicates  LIST<STRING>|null   keep only these predicates; null: every slot
// Returns: subject, subject_key, predicate, scope, current (how many values), objects,
//          fact_ids, authorities, statuses (in the same order as objects); most values first
// Example: :param namespace => 'maya'; :param at => null; :param predicates => null
WITH coalesce($at, datetime()) AS now
MATCH (f:Fact {namespace: $namespace})
WHERE f.status <> 'candidate'
  AND ($predicates IS NULL OR f.predicate IN $predicates)
  AND f.valid_from <= now AND now < f.valid_until
  AND f.recorded_at <= now AND now < f.retired_at
WITH f ORDER BY f.recorded_at, f.id
WITH f.subject_key AS subject_key, f.predicate AS predicate, f.scope AS scope,
     collect(f) AS facts
WHERE size(facts) > 1
RETURN facts[0].subject AS subject, subject_key, predicate, scope, size(facts) AS current,
       [x IN facts | x.object_text] AS objects, [x IN facts | x.id] AS fact_ids,
       [x IN facts | x.authority] AS authorities, [x IN facts | x.status] AS statuses
ORDER BY current DESC, subject_key, predicate, scope
