// keywords_uncounted — facts or episodes of a namespace whose keyword terms are not counted
// yet (stored before the keyword statistics existed): a batch for the backfill that counts
// them with write/keywords_set.
// Parameters:
//   $namespace  STRING   the tenant
//   $label      STRING   Fact or Episode
//   $batch      INTEGER  how many at most
// Returns: id, own (a fact's search text, an episode's content), context (an episode's
//   context_text, or null)
MATCH (n:$($label) {namespace: $namespace})
WHERE n.keywords IS NULL
RETURN n.id AS id, coalesce(n.search_text, n.content, '') AS own, n.context_text AS context
LIMIT $batch
