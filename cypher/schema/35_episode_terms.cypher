// Keyword candidates among episodes, as fact_terms: e.keywords holds the content's terms
// written graphmem.store.keywords.OWN_WEIGHT times, then the terms of the turns around it
// (e.keywords_context), the one text the embedded store indexes for an episode.
CREATE FULLTEXT INDEX episode_terms IF NOT EXISTS FOR (e:Episode) ON EACH [e.keywords, e.ns_token]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'whitespace'}}
