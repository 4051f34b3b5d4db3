// episode_facts — the facts an episode supports (what was derived from it).
// Parameters:
//   $namespace   STRING  the tenant
//   $episode_id  STRING  the episode
// Returns: f (the Fact node's properties)
MATCH (e:Episode {namespace: $namespace, id: $episode_id})<-[:SUPPORTED_BY]-(f:Fact)
WHERE f.namespace = $namespace
RETURN f {.*, embedding: null} AS f
