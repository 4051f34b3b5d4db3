// Serves namespace-wide statement scans (forget everything, check, export).
CREATE INDEX statement_namespace IF NOT EXISTS FOR (s:Statement) ON (s.namespace)
