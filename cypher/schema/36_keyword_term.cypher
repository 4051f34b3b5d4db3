// A keyword term's document frequency among a namespace's facts or episodes (label):
// one node per (namespace, label, term), which writes MERGE and recall reads by this key.
CREATE CONSTRAINT keyword_term IF NOT EXISTS
FOR (k:KeywordTerm) REQUIRE (k.namespace, k.label, k.term) IS UNIQUE
