// label_count — how many facts or episodes a namespace holds (index-backed), to choose
// between exact and index vector search.
// Parameters:
//   $namespace  STRING  the tenant
//   $label      STRING  Fact or Episode
// Returns: n (INTEGER)
MATCH (n:$($label) {namespace: $namespace})
RETURN count(n) AS n
