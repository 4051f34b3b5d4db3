// export_nodes — every node of one label in a namespace, for export (embeddings and what only
// the store's queries read left out).
// Parameters:
//   $namespace  STRING  the tenant
//   $label      STRING  Episode, Entity, Fact, AuditEntry, Tombstone, DistillationRun, Checkpoint
// Returns: n (properties)
MATCH (n:$($label) {namespace: $namespace})
RETURN n {.*, embedding: null, ns_token: null, support_scopes: null, keywords: null,
          keywords_context: null, keyword_length: null} AS n
ORDER BY n.id
