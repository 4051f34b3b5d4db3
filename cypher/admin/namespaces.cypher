// namespaces — every namespace that holds facts or episodes: what a store-wide operation
// (re-embedding after a change of embedder) walks, one namespace at a time.
// Parameters: none
// Returns: namespace
MATCH (n)
WHERE (n:Fact OR n:Episode) AND n.namespace IS NOT NULL
RETURN DISTINCT n.namespace AS namespace
ORDER BY namespace
