// Audit entry ids are unique.
CREATE CONSTRAINT audit_id IF NOT EXISTS FOR (a:AuditEntry) REQUIRE a.id IS UNIQUE
