// holds_records — whether the database holds any fact or episode yet, from the count store
// (no scan). A database that holds none has no question to answer yet: recall's plans are
// not made ahead on it, where they would compete with its first writes (warmup.py).
// Parameters: none
// Returns: facts (INTEGER), episodes (INTEGER)
MATCH (f:Fact)
WITH count(f) AS facts
MATCH (e:Episode)
RETURN facts, count(e) AS episodes
