// succession — for episodes whose every claim no longer holds at the point asked: when the
// last of those claims stopped holding, the slots they were about, and the facts that hold in
// those slots at the point. Recall puts what holds now above what was said then (the current
// truth first; graphmem/read/recall/succession.py), and dates the episode's window by it.
// Asked only for outdated episodes that reach recall's final k: a few ids.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  episode ids (outdated at the point)
//   $at         DATETIME      world time
//   $known_at   DATETIME      belief time
// Returns: one row per episode that supports a believed fact which began by $at: id,
//   ended (epoch microseconds: the latest valid_until among those facts), slots (their slot
//   keys), current ([slot, id] of each fact of those slots that holds at the point, believed
//   then)
UNWIND $ids AS id
MATCH (e:Episode {namespace: $namespace, id: id})
USING INDEX e:Episode(id)
MATCH (e)<-[:SUPPORTED_BY]-(f:Fact)
WHERE f.namespace = $namespace AND f.valid_from <= $at
  AND f.recorded_at <= $known_at AND $known_at < f.retired_at
WITH e, collect(DISTINCT f.slot) AS slots, max(f.valid_until) AS ended
CALL (slots) {
  UNWIND slots AS slot
  MATCH (c:Fact {namespace: $namespace, slot: slot})
  WHERE c.valid_from <= $at AND $at < c.valid_until
    AND c.recorded_at <= $known_at AND $known_at < c.retired_at
  RETURN collect([c.slot, c.id]) AS current
}
RETURN e.id AS id, slots, ended.epochMillis * 1000 + ended.microsecond % 1000 AS ended, current
