// One entity per normalised name in a namespace: MERGE on (namespace, key) stays single.
CREATE CONSTRAINT entity_key IF NOT EXISTS FOR (n:Entity) REQUIRE (n.namespace, n.key) IS UNIQUE
