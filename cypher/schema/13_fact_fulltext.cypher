// Keyword search over facts, with the english analyzer (it stems: 'lives' meets 'live').
// The analyzer splits namespaces such as 'acme-prod', so the index is never a tenant
// boundary: queries add the single-token f.ns_token and re-check f.namespace in Cypher.
CREATE FULLTEXT INDEX fact_text IF NOT EXISTS FOR (f:Fact) ON EACH [f.search_text, f.ns_token]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
