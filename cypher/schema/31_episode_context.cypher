// Serves "which turns hold a copy of this one's words" when it is forgotten or redacted.
CREATE INDEX episode_context IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.context_from)
