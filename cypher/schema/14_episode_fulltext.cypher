// Keyword search over episode content and its keyword context (the turn before it in the
// session), restricted the same way as fact_text. A new name: a full-text index cannot gain
// a property, and a store made before keeps its old episode_text index (unused since).
CREATE FULLTEXT INDEX episode_keywords IF NOT EXISTS
FOR (e:Episode) ON EACH [e.content, e.context_text, e.ns_token]
OPTIONS {indexConfig: {`fulltext.analyzer`: 'english'}}
