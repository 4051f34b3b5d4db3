// episodes_keyword_raw — episode ids the full-text index still returns for a Lucene query,
// with no other filter: the deletion audit checks that the index forgot too.
// Parameters:
//   $namespace  STRING  the tenant (re-checked on the node)
//   $lucene     STRING  Lucene query: ns_token:<token> AND (content:(<terms>)), or
//                       context_text, each term quoted
// Returns: id
CALL db.index.fulltext.queryNodes('episode_keywords', $lucene) YIELD node
WHERE node.namespace = $namespace
RETURN node.id AS id
