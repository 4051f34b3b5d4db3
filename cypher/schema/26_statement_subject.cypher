// Serves forgetting an entity: the statements whose subject it is.
CREATE INDEX statement_subject IF NOT EXISTS FOR (s:Statement) ON (s.namespace, s.subject_key)
