// A namespace's keyword statistics for one label (documents and their total length): one
// node per (namespace, label).
CREATE CONSTRAINT keyword_stats IF NOT EXISTS
FOR (s:KeywordStats) REQUIRE (s.namespace, s.label) IS UNIQUE
