// Serves "facts about this subject" within a namespace.
CREATE INDEX fact_subject IF NOT EXISTS FOR (f:Fact) ON (f.namespace, f.subject_key)
