// Keyword search over episode content, restricted the same way as fact_text.
CREATE FULLTEXT INDEX episode_text IF NOT EXISTS FOR (e:Episode) ON EACH [e.content, e.ns_token]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
