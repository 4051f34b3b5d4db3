// Tombstone ids are unique.
CREATE CONSTRAINT tombstone_id IF NOT EXISTS FOR (t:Tombstone) REQUIRE t.id IS UNIQUE
