// thread_turns — every episode of a thread, oldest first: forgetting or redacting a turn
// windows its thread again (each chat turn's keyword context is the turns around it). A
// thread is the session the caller named, or for a chat turn without one the day it was
// told (graphmem/write/context.py); episodes stored before threads count by their session.
// Parameters:
//   $namespace  STRING    the tenant
//   $thread     STRING    the thread (a session, or "~" and a UTC date)
// Returns: e (id, content, source, sensitivity, occurred_at, recorded_at, context_text,
//          context_from), by occurred_at, then recorded_at, then id
CALL () {
  MATCH (e:Episode {namespace: $namespace, thread: $thread})
  RETURN e
  UNION
  MATCH (e:Episode {namespace: $namespace, session: $thread})
  WHERE e.thread IS NULL
  RETURN e
}
RETURN e {.id, .content, .source, .sensitivity, .occurred_at, .recorded_at, .context_text,
          .context_from} AS e
ORDER BY e.occurred_at, e.recorded_at, e.id
