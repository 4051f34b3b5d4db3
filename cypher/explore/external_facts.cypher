// external_facts — facts whose authority is external (they came from an email, a document
// or a tool result, not from the user), with the source kinds of their episodes.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: fact_id, subject, predicate, object, status, confidence, valid_from, valid_until,
//          recorded_at, retired_at, sources (episode source kinds: email, document, tool, …),
//          source_refs, episodes (distinct supporting episodes); newest first
// Example: :param namespace => 'maya'
MATCH (f:Fact {namespace: $namespace, authority: 'external'})
OPTIONAL MATCH (f)-[:SUPPORTED_BY]->(e:Episode {namespace: $namespace})
WITH f, collect(DISTINCT e.source) AS sources, collect(DISTINCT e.source_ref) AS source_refs,
     count(DISTINCT e) AS episodes
RETURN f.id AS fact_id, f.subject AS subject, f.predicate AS predicate,
       f.object_text AS object, f.status AS status, f.confidence AS confidence,
       f.valid_from AS valid_from, f.valid_until AS valid_until,
       f.recorded_at AS recorded_at, f.retired_at AS retired_at,
       sources, source_refs, episodes
ORDER BY recorded_at DESC, fact_id
