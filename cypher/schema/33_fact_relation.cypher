// Serves the entity-to-entity view of facts (write/facts_patch, write/fact_relations_remove):
// each FACT relationship is found by the fact it projects.
CREATE INDEX fact_relation IF NOT EXISTS FOR ()-[r:FACT]-() ON (r.fact_id)
