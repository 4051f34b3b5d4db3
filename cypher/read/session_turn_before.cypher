// session_turn_before — the latest turn of a session up to a time: the neighbour whose words
// are indexed with a new turn (its keyword context).
// Parameters:
//   $namespace  STRING    the tenant
//   $session    STRING    the session, as given to remember(session=...)
//   $at         DATETIME  the new turn's occurred_at
// Returns: e (id, content, source, sensitivity), or no row
MATCH (e:Episode {namespace: $namespace, session: $session})
WHERE e.occurred_at <= $at
WITH e ORDER BY e.occurred_at DESC, e.recorded_at DESC, e.id DESC LIMIT 1
RETURN e {.id, .content, .source, .sensitivity} AS e
