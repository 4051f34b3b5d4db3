// Serves "the turns around this one in its thread" (a chat turn's keyword context window;
// a thread is a named session or, without one, the day a chat turn was told).
CREATE INDEX episode_thread IF NOT EXISTS FOR (e:Episode) ON (e.namespace, e.thread)
