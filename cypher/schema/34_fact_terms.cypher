// Keyword candidates among facts: f.keywords holds the search text's terms as
// graphmem.store.text.tokens makes them (graphmem/store/keywords.py, spaced), so the analyzer
// only splits on spaces and both stores match the same words. Lucene finds the candidates;
// recall scores them with BM25 over the namespace's own statistics (KeywordTerm,
// KeywordStats), never the index-wide ones. Queries add the single-token f.ns_token.
CREATE FULLTEXT INDEX fact_terms IF NOT EXISTS FOR (f:Fact) ON EACH [f.keywords, f.ns_token]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
