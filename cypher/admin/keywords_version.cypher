// keywords_version — which version of the keyword statistics this database keeps (recorded
// once the nodes written before them have their terms counted: Connection.install_schema).
// The record lives in the reserved namespace '_graphmem', which no tenant can use.
// Parameters: none
// Returns: version (INTEGER; no row before the first count)
MATCH (m:IndexMeta {namespace: '_graphmem', id: 'keywords'})
RETURN m.version AS version
