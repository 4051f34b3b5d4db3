// session_turns_around — the turns of a session on either side of an instant: a new turn's
// keyword context is read from them, and it joins their windows.
// Parameters:
//   $namespace  STRING    the tenant
//   $session    STRING    the session, as given to remember(session=...)
//   $at         DATETIME  the new turn's occurred_at
//   $reach      INTEGER   how many turns on each side
// Returns: e (id, content, source, sensitivity, occurred_at, recorded_at, context_text,
//          context_from): the $reach latest at or before $at and the $reach first after it,
//          oldest first (by occurred_at, then recorded_at, then id)
CALL {
  MATCH (e:Episode {namespace: $namespace, session: $session})
  WHERE e.occurred_at <= $at
  WITH e ORDER BY e.occurred_at DESC, e.recorded_at DESC, e.id DESC LIMIT $reach
  RETURN e
  UNION
  MATCH (e:Episode {namespace: $namespace, session: $session})
  WHERE e.occurred_at > $at
  WITH e ORDER BY e.occurred_at, e.recorded_at, e.id LIMIT $reach
  RETURN e
}
RETURN e {.id, .content, .source, .sensitivity, .occurred_at, .recorded_at, .context_text,
          .context_from} AS e
ORDER BY e.occurred_at, e.recorded_at, e.id
