// Serves as-of reads: namespace first, then the validity window (open ends are sentinels, never null).
CREATE INDEX fact_validity IF NOT EXISTS FOR (f:Fact) ON (f.namespace, f.valid_from, f.valid_until)
