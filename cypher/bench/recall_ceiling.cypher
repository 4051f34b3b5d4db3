// recall_ceiling — the fewest work a recall could do on Neo4j, for bench/scale.py to compare
// graphmem's recall with: nearest facts by the vector index (namespace filtered inside the
// index) and facts by full text (the namespace token in the Lucene query), in one statement,
// ids and scores only — no validity, belief or trust filter, no graph walk, no rows.
// Parameters:
//   $namespace  STRING        the tenant
//   $vector     LIST<FLOAT>   the query embedding
//   $lucene     STRING        Lucene query: ns_token:<token> AND keywords:(<terms>)
//   $limit      INTEGER       how many hits a channel
// Returns: one row — vector (maps: id, score), keyword (maps: id, score)
CALL () {
  MATCH (f:Fact)
  SEARCH f IN (
    VECTOR INDEX fact_embedding FOR $vector
    WHERE f.namespace = $namespace
    LIMIT $limit
  ) SCORE AS score
  RETURN collect({id: f.id, score: score}) AS vector
}
CALL () {
  CALL db.index.fulltext.queryNodes('fact_terms', $lucene, {limit: $limit}) YIELD node, score
  RETURN collect({id: node.id, score: score}) AS keyword
}
RETURN vector, keyword
