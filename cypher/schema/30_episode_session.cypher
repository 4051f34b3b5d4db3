// Serves "the turns around this one in its session" (a turn's keyword context window).
CREATE INDEX episode_session IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.session)
