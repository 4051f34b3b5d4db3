// store_key — the random key of one purpose kept with this database for a namespace, made by
// the first caller (its candidate wins; later callers read it). Today the only purpose is
// 'tombstone': the HMAC key of tombstone digests, so a digest confirms no guess to anyone
// without the key. Never exported; removed only with the namespace (admin/drop_namespace).
// An import into an empty namespace may replace its key with the key of the namespace the
// document came from, so the tombstones it brings still stop replays (graphmem/write/tombstone.py).
// Parameters:
//   $namespace  STRING       the tenant
//   $name       STRING       the key's purpose, e.g. 'tombstone'
//   $candidate  STRING       64 hex characters from a CSPRNG, used only if there is no key yet
//   $replace    STRING|null  a key to keep from now on instead of the one there (or null)
// Returns: key (STRING)
MERGE (k:StoreKey {namespace: $namespace, name: $name})
  ON CREATE SET k.key = $candidate
SET k.key = coalesce($replace, k.key)
RETURN k.key AS key
