// One slot node per slot (its id is a digest of namespace and slot): concurrent first writers
// MERGE onto the same node, so its write lock serialises every write to the slot.
CREATE CONSTRAINT slot_id IF NOT EXISTS FOR (s:Slot) REQUIRE s.id IS UNIQUE
