// recall_ceiling_episodes — recall_ceiling's searches over episodes: the nearest episodes by
// the vector index (namespace filtered inside the index) and the episodes matching the words
// (the namespace token in the Lucene query), in one statement, ids and scores only — no time,
// belief or trust filter, no standing, no rows. bench/recall_parts.py sends it beside
// recall_ceiling to show what the bare searches of recall's fact and episode channels cost
// together, before anything graphmem adds.
// Parameters:
//   $namespace  STRING        the tenant
//   $vector     LIST<FLOAT>   the query embedding
//   $lucene     STRING        Lucene query: ns_token:<token> AND keywords:(<terms>)
//   $limit      INTEGER       how many hits a channel
// Returns: one row — vector (maps: id, score), keyword (maps: id, score)
CALL () {
  MATCH (e:Episode)
  SEARCH e IN (
    VECTOR INDEX episode_embedding FOR $vector
    WHERE e.namespace = $namespace
    LIMIT $limit
  ) SCORE AS score
  RETURN collect({id: e.id, score: score}) AS vector
}
CALL () {
  CALL db.index.fulltext.queryNodes('episode_terms', $lucene, {limit: $limit})
  YIELD node, score
  RETURN collect({id: node.id, score: score}) AS keyword
}
RETURN vector, keyword
