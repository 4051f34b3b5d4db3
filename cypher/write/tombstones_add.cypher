// tombstones_add — content-free markers of deliberately forgotten material.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id, digest (keyed hash, never text), kind, created_at, key_fp
//                           (the fingerprint of the key the digest needs; absent on old rows)
// Returns: added (INTEGER)
UNWIND $rows AS row
CREATE (t:Tombstone)
SET t = row, t.namespace = $namespace
RETURN count(t) AS added
