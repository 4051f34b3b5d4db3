// Serves the audit log of a namespace in time order.
CREATE INDEX audit_time IF NOT EXISTS FOR (a:AuditEntry) ON (a.namespace, a.at)
