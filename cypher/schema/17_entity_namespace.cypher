// Serves entity lookups by namespace (entity names found in a recall query).
CREATE INDEX entity_namespace IF NOT EXISTS FOR (n:Entity) ON (n.namespace)
