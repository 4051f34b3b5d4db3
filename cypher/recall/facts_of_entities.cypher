// facts_of_entities — current facts about the entities a query names, and one hop beyond them
// (facts about the entities those facts link to). Hubs — entities with more than $hub_degree
// linked facts — are never walked, on either side of the hop: named, a hub credits only those
// of its facts in $found (what the vector and keyword channels returned), so a popular entity
// cannot flood the channel nor make the question cost thousands of rows.
// Only facts link to entities: the degree counts name no label and come from the degree store.
// Parameters:
//   $namespace      STRING        the tenant
//   $at             DATETIME      world time the facts must hold at
//   $known_at       DATETIME      belief time the facts must be believed at
//   $statuses       LIST<STRING>  stored statuses allowed (active; candidate only when asked)
//   $scopes         LIST<STRING>|null  scopes allowed (global plus the asked scope); null: any
//   $authorities    LIST<STRING>  authorities allowed (the authority floor)
//   $sensitivities  LIST<STRING>  sensitivities allowed
//   $include_review BOOLEAN       also facts whose review date has passed (flagged by the caller)
//   $keys           LIST<STRING>  normalised entity names found in the query
//   $vector         LIST<FLOAT>|null  the query embedding, for the similarity column
//   $hub_degree     INTEGER       linked facts above which an entity is a hub (HUB_DEGREE)
//   $found          LIST<STRING>  ids of the facts the vector and keyword channels returned
//   $limit          INTEGER       how many rows at most
// Returns: f (properties without the embedding), similarity, score (1.0 named, 0.5 one hop)
UNWIND $keys AS key
MATCH (e:Entity {namespace: $namespace, key: key})
WITH e, COUNT { (e)<-[:SUBJECT|OBJECT]-() } <= $hub_degree AS expandable
CALL (e, expandable) {
  WITH e WHERE expandable  // before the walk: a hub's relationships are never read
  MATCH (e)<-[:SUBJECT|OBJECT]-(f:Fact)
  RETURN f, 1.0 AS score
  UNION
  UNWIND CASE WHEN expandable THEN [] ELSE $found END AS id
  MATCH (f:Fact {id: id})-[:SUBJECT|OBJECT]->(e)
  WHERE f.namespace = $namespace
  RETURN f, 1.0 AS score
  UNION
  WITH e WHERE expandable
  MATCH (e)<-[:SUBJECT|OBJECT]-(link:Fact)-[:SUBJECT|OBJECT]->(other:Entity)
  WHERE other <> e
    AND link.namespace = $namespace AND link.valid_from <= $at AND $at < link.valid_until
    AND link.recorded_at <= $known_at AND $known_at < link.retired_at
    AND COUNT { (other)<-[:SUBJECT|OBJECT]-() } <= $hub_degree
  MATCH (other)<-[:SUBJECT]-(f:Fact)
  RETURN f, 0.5 AS score
}
WITH f, max(score) AS score
WHERE f.namespace = $namespace
  AND f.valid_from <= $at AND $at < f.valid_until
  AND f.recorded_at <= $known_at AND $known_at < f.retired_at
  AND f.status IN $statuses
  AND ($scopes IS NULL OR f.scope IN $scopes)
  AND f.authority IN $authorities
  AND f.sensitivity IN $sensitivities
  AND ($include_review OR f.review_at > $at)
RETURN f {.*, embedding: null} AS f,
       coalesce(vector.similarity.cosine(f.embedding, $vector), 0.0) AS similarity,
       score
ORDER BY score DESC, similarity DESC, f.id
LIMIT $limit
