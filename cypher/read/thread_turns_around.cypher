// thread_turns_around — the turns of a thread on either side of an instant: a new turn's
// keyword context is read from them, and it joins their windows. Episodes stored before
// threads count by their session; each kind is read by its own index, so a side may bring
// up to twice $reach turns (the nearest $reach are always among them).
// Parameters:
//   $namespace  STRING    the tenant
//   $thread     STRING    the thread (a session, or "~" and a UTC date)
//   $at         DATETIME  the new turn's occurred_at
//   $reach      INTEGER   how many turns on each side
// Returns: e (id, content, source, sensitivity, occurred_at, recorded_at, context_text,
//          context_from), oldest first (by occurred_at, then recorded_at, then id)
CALL () {
  MATCH (e:Episode {namespace: $namespace, thread: $thread})
  WHERE e.occurred_at <= $at
  WITH e ORDER BY e.occurred_at DESC, e.recorded_at DESC, e.id DESC LIMIT $reach
  RETURN e
  UNION
  MATCH (e:Episode {namespace: $namespace, thread: $thread})
  WHERE e.occurred_at > $at
  WITH e ORDER BY e.occurred_at, e.recorded_at, e.id LIMIT $reach
  RETURN e
  UNION
  MATCH (e:Episode {namespace: $namespace, session: $thread})
  WHERE e.thread IS NULL AND e.occurred_at <= $at
  WITH e ORDER BY e.occurred_at DESC, e.recorded_at DESC, e.id DESC LIMIT $reach
  RETURN e
  UNION
  MATCH (e:Episode {namespace: $namespace, session: $thread})
  WHERE e.thread IS NULL AND e.occurred_at > $at
  WITH e ORDER BY e.occurred_at, e.recorded_at, e.id LIMIT $reach
  RETURN e
}
RETURN e {.id, .content, .source, .sensitivity, .occurred_at, .recorded_at, .context_text,
          .context_from} AS e
ORDER BY e.occurred_at, e.recorded_at, e.id
