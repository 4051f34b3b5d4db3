// episodes_create — store new episodes (immutable observations). An episode starts with no
// support_scopes: the scopes of the facts it supports, kept by supports_add.
// Parameters:
//   $namespace  STRING      the tenant every node belongs to
//   $ns_token   STRING      single-token namespace key for the full-text index
//   $rows       LIST<MAP>   episode rows: id, content, source, authority, occurred_at,
//                           recorded_at, source_ref?, session?, redactions, sensitivity,
//                           alerts (LIST<STRING>), content_digest?, thread? (the thread
//                           its keyword context is read in: graphmem/write/context.py)
// Returns: created (INTEGER)
UNWIND $rows AS row
CREATE (e:Episode)
SET e = row, e.namespace = $namespace, e.ns_token = $ns_token, e.support_scopes = []
RETURN count(e) AS created
