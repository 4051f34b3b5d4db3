// Serves "everything that came from this source" when a source is removed.
CREATE INDEX episode_source IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.source_ref)
