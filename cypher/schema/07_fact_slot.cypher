// Serves the slot lookup of the write path: current values of (subject, predicate, scope).
CREATE INDEX fact_slot IF NOT EXISTS FOR (f:Fact) ON (f.namespace, f.slot)
