// Serves "the turn before this one in the session" (a new turn's keyword context).
CREATE INDEX episode_session IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.session)
