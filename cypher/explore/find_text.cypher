// find_text — every node and relationship of a namespace with a property containing the text
// (case-insensitive): the scan a deletion audit runs to prove nothing of a forgotten string
// remains. Embeddings are skipped (numbers, not text).
// Parameters:
//   $namespace  STRING  the tenant
//   $needle     STRING  the text to look for
// Returns: kind ('node' or 'relationship'), label, id, property
// Example: :param namespace => 'maya'; :param needle => 'Denver'
MATCH (n {namespace: $namespace})
UNWIND [k IN keys(n) WHERE k <> 'embedding'
        AND toLower(toString(n[k])) CONTAINS toLower($needle)] AS property
RETURN 'node' AS kind, labels(n)[0] AS label, n.id AS id, property
UNION
MATCH (n {namespace: $namespace})-[r]-()
UNWIND [k IN keys(r) WHERE toLower(toString(r[k])) CONTAINS toLower($needle)] AS property
RETURN 'relationship' AS kind, type(r) AS label, n.id AS id, property
