// One key of each name per namespace, so two first users meet on one node.
CREATE CONSTRAINT store_key IF NOT EXISTS FOR (k:StoreKey) REQUIRE (k.namespace, k.name) IS UNIQUE
