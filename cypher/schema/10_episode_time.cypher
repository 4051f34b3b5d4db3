// Serves episode timelines within a namespace.
CREATE INDEX episode_time IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.occurred_at)
