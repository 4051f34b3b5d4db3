// session_turns — every episode of a session, oldest first: forgetting or redacting a turn
// windows its session again (each turn's keyword context is the turns around it).
// Parameters:
//   $namespace  STRING    the tenant
//   $session    STRING    the session, as given to remember(session=...)
// Returns: e (id, content, source, sensitivity, occurred_at, recorded_at, context_text,
//          context_from), by occurred_at, then recorded_at, then id
MATCH (e:Episode {namespace: $namespace, session: $session})
RETURN e {.id, .content, .source, .sensitivity, .occurred_at, .recorded_at, .context_text,
          .context_from} AS e
ORDER BY e.occurred_at, e.recorded_at, e.id
