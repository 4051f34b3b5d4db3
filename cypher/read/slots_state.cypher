// slots_state — all a write decides a batch of claims against, in one read (one round trip
// instead of four): each slot's version, its statements with their episodes, its facts in
// any state, and the support of the facts still believed.
// Parameters:
//   $namespace    STRING          the tenant
//   $ids          LIST<STRING>    slot digest ids (graphmem.store.rows.slot_node_id)
//   $slots        LIST<STRING>    the same slots' keys (subject_key, predicate and scope
//                                 joined by \u001f)
//   $end_of_time  DATETIME        the retired_at of a version still believed
// Returns: one row —
//   versions   LIST<[id, version]>  the slots that have been written;
//   statements LIST  each Statement as in read/slot_statements, oldest said first;
//   facts      LIST  each Fact as in read/facts_of_slots, oldest valid_from first;
//   support    LIST<MAP>  the believed facts' support as in read/fact_support, oldest first.
// Zoned datetimes come as epoch microseconds, which the driver need not decode.
CALL () {
  UNWIND $ids AS id
  MATCH (s:Slot {id: id})
  WHERE s.namespace = $namespace
  RETURN collect([s.id, s.version]) AS versions
}
CALL () {
  UNWIND $slots AS slot
  MATCH (s:Statement {namespace: $namespace, slot: slot})
  OPTIONAL MATCH (s)-[:STATED_IN]->(e:Episode)
  WITH s, collect(e.id) AS episodes
  ORDER BY s.said_at, s.recorded_at, s.id
  RETURN collect([key IN keys(s) WHERE NOT key IN ['embedding', 'ns_token'] |
    CASE WHEN valueType(s[key]) STARTS WITH 'ZONED DATETIME'
         THEN [key, s[key].epochMillis * 1000 + s[key].microsecond % 1000, true]
         ELSE [key, s[key], false] END] + [['episodes', episodes, false]]) AS statements
}
CALL () {
  UNWIND $slots AS slot
  MATCH (f:Fact {namespace: $namespace, slot: slot})
  WITH f
  ORDER BY f.valid_from, f.recorded_at, f.id
  RETURN collect([key IN keys(f) WHERE NOT key IN ['embedding', 'ns_token'] |
    CASE WHEN valueType(f[key]) STARTS WITH 'ZONED DATETIME'
         THEN [key, f[key].epochMillis * 1000 + f[key].microsecond % 1000, true]
         ELSE [key, f[key], false] END]) AS facts,
         collect(CASE WHEN f.retired_at >= $end_of_time THEN f.id END) AS believed
}
CALL (believed) {
  UNWIND believed AS fact_id
  MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPPORTED_BY]->(e:Episode)
  WHERE e.namespace = $namespace
  WITH f, r, e
  ORDER BY r.added_at, e.id
  RETURN collect({fact_id: f.id, episode_id: e.id, role: r.role,
    added_at: r.added_at.epochMillis * 1000 + r.added_at.microsecond % 1000,
    source: e.source, session: e.session,
    occurred_at: e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000}) AS support
}
RETURN versions, statements, facts, support
