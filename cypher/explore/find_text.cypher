// find_text — every node and relationship of a namespace with a property containing the text
// (case-insensitive): the scan a deletion audit runs to prove nothing of a forgotten string
// remains. Embeddings are skipped (numbers, not text), and so are keyword terms (analysed
// words: the audit asks their indexes, recall/facts_keyword_raw and episodes_keyword_raw).
// Label by label, so each scan uses the namespace's indexes instead of reading the whole
// database.
// Parameters:
//   $namespace  STRING  the tenant
//   $needle     STRING  the text to look for
// Returns: kind ('node' or 'relationship'), label, id, property
// Example: :param namespace => 'maya'; :param needle => 'Denver'
UNWIND ['Episode', 'Entity', 'Fact', 'Statement', 'Slot', 'AuditEntry', 'Tombstone',
        'DistillationRun', 'Checkpoint'] AS name
CALL (name) {
  MATCH (n:$(name) {namespace: $namespace})
  UNWIND [k IN keys(n) WHERE NOT k IN ['embedding', 'keywords', 'keywords_context']
          AND toLower(CASE WHEN n[k] IS :: LIST<ANY>
                           THEN reduce(text = '', x IN n[k] | text + ' ' + toString(x))
                           ELSE toString(n[k]) END) CONTAINS toLower($needle)] AS property
  RETURN 'node' AS kind, name AS label, n.id AS id, property
  UNION
  MATCH (n:$(name) {namespace: $namespace})-[r]->()
  UNWIND [k IN keys(r) WHERE toLower(toString(r[k])) CONTAINS toLower($needle)] AS property
  RETURN 'relationship' AS kind, type(r) AS label, n.id AS id, property
}
RETURN kind, label, id, property
