// Serves episodes stored before threads, whose session is their thread (thread_turns).
CREATE INDEX episode_session IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.session)
