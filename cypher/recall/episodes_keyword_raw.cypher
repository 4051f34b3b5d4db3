// episodes_keyword_raw — episode ids the full-text index still returns for a Lucene query,
// with no other filter: the deletion audit checks that the index forgot too.
// Parameters:
//   $namespace  STRING  the tenant (re-checked on the node)
//   $lucene     STRING  Lucene query over episode_terms: ns_token:<token> AND
//                       keywords:(<terms>), each term quoted
// Returns: id
CALL db.index.fulltext.queryNodes('episode_terms', $lucene) YIELD node
WHERE node.namespace = $namespace
RETURN node.id AS id
