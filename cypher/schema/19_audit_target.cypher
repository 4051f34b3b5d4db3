// Serves "the audit trail of this record" and the scrub that forgetting does.
CREATE INDEX audit_target IF NOT EXISTS FOR (a:AuditEntry) ON (a.namespace, a.target_id)
