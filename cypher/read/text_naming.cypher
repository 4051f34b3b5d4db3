// text_naming — where a name occurs in what forgetting an entity by name reads: an episode's
// content, a fact's or a statement's subject or value, anything of a checkpoint. It reads
// those records only, instead of scanning every property of the namespace (explore/find_text,
// the audit's scan, which stays for proving erasure).
// Episodes and facts come from their full-text indexes (every term of the name, in any
// order; an episode's terms include its context's, which the check below leaves out),
// statements through the facts found (a fact lists the statements it stands for), checkpoints
// from the namespace's checkpoints; each is then checked by substring, case-insensitive, so
// the rows are those find_text would give for these labels.
// Parameters:
//   $namespace  STRING  the tenant
//   $needle     STRING  the name, as the user gave it
//   $lucene     STRING  Lucene query over fact_terms and episode_terms: ns_token:<token> AND
//                       keywords:(every term of the name)
// Returns: kind ('node'), label, id, property
// Example: :param namespace => 'maya'; :param needle => 'Lisbon'
CALL () {
  CALL db.index.fulltext.queryNodes('episode_terms', $lucene) YIELD node AS e
  WITH e WHERE e.namespace = $namespace AND toLower(e.content) CONTAINS toLower($needle)
  RETURN 'Episode' AS label, e.id AS id, 'content' AS property
  UNION
  CALL db.index.fulltext.queryNodes('fact_terms', $lucene) YIELD node AS f
  WITH f WHERE f.namespace = $namespace
  UNWIND [k IN ['subject', 'object_text']
          WHERE toLower(coalesce(f[k], '')) CONTAINS toLower($needle)] AS property
  RETURN 'Fact' AS label, f.id AS id, property
  UNION
  CALL db.index.fulltext.queryNodes('fact_terms', $lucene) YIELD node AS f
  WITH f WHERE f.namespace = $namespace
  UNWIND coalesce(f.statements, []) AS statement_id
  MATCH (s:Statement {namespace: $namespace, id: statement_id})
  UNWIND [k IN ['subject', 'object_text']
          WHERE toLower(coalesce(s[k], '')) CONTAINS toLower($needle)] AS property
  RETURN 'Statement' AS label, s.id AS id, property
  UNION
  MATCH (c:Checkpoint {namespace: $namespace})
  UNWIND [k IN keys(c) WHERE toLower(toString(c[k])) CONTAINS toLower($needle)] AS property
  RETURN 'Checkpoint' AS label, c.id AS id, property
}
RETURN 'node' AS kind, label, id, property
