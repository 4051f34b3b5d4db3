// Serves the write path's slot read: everything said about (subject, predicate, scope).
CREATE INDEX statement_slot IF NOT EXISTS FOR (s:Statement) ON (s.namespace, s.slot)
