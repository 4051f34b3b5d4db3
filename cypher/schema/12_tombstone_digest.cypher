// Serves the tombstone check on re-ingestion.
CREATE INDEX tombstone_digest IF NOT EXISTS FOR (t:Tombstone) ON (t.namespace, t.digest)
