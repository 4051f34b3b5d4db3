// Serves namespace-wide fact scans and counts (recall's exact path, forget everything).
CREATE INDEX fact_namespace IF NOT EXISTS FOR (f:Fact) ON (f.namespace)
