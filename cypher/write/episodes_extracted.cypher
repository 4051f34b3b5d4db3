// episodes_extracted — an episode whose extraction was pending (the model failed when it
// was told) has been read again: its mark goes, in the write that stores what it said.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id (of the episode), sensitivity (raised by what its claims say)
// Returns: extracted (INTEGER)
UNWIND $rows AS row
MATCH (e:Episode {namespace: $namespace, id: row.id})
SET e.sensitivity = row.sensitivity
REMOVE e.extraction, e.speaker
RETURN count(e) AS extracted
