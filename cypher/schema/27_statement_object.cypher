// Serves forgetting an entity: the statements whose object it is.
CREATE INDEX statement_object IF NOT EXISTS FOR (s:Statement) ON (s.namespace, s.object_key)
