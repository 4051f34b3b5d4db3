// current_facts — what the store holds true about one subject now (or at $at): facts valid
// and believed at that point, candidates left out.
// Parameters:
//   $namespace    STRING         the tenant
//   $subject_key  STRING         the subject's normalised name (lower case, single spaces;
//                                'user' for the speaker)
//   $at           DATETIME|null  world and belief time to look from; null: now (datetime())
// Returns: fact_id, predicate, object, scope, kind, status, authority, confidence,
//          valid_from, valid_until, recorded_at, review_at, episodes (supporting episodes);
//          by predicate, scope, valid_from. Open ends read 9999-12-31T23:59:59Z.
// Example: :param namespace => 'maya'; :param subject_key => 'user'; :param at => null
WITH coalesce($at, datetime()) AS now
MATCH (f:Fact {namespace: $namespace, subject_key: $subject_key})
WHERE f.status <> 'candidate'
  AND f.valid_from <= now AND now < f.valid_until
  AND f.recorded_at <= now AND now < f.retired_at
OPTIONAL MATCH (f)-[:SUPPORTED_BY]->(e:Episode {namespace: $namespace})
WITH f, count(DISTINCT e) AS episodes
RETURN f.id AS fact_id, f.predicate AS predicate, f.object_text AS object, f.scope AS scope,
       f.kind AS kind, f.status AS status, f.authority AS authority,
       f.confidence AS confidence, f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.review_at AS review_at, episodes
ORDER BY predicate, scope, valid_from, fact_id
