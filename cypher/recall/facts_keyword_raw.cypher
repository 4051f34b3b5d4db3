// facts_keyword_raw — fact ids the full-text index still returns for a Lucene query, with no
// other filter: the deletion audit checks that the index forgot too.
// Parameters:
//   $namespace  STRING  the tenant (re-checked on the node)
//   $lucene     STRING  Lucene query over fact_terms: ns_token:<token> AND keywords:(<terms>),
//                       each term quoted
// Returns: id
CALL db.index.fulltext.queryNodes('fact_terms', $lucene) YIELD node
WHERE node.namespace = $namespace
RETURN node.id AS id
