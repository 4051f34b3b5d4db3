// keywords_version_set — record that every fact and episode has its keyword terms counted in
// its namespace's statistics (cypher/write/keywords_set), at this version.
// Parameters:
//   $version  INTEGER  the version of the keyword statistics
// Returns: version
MERGE (m:IndexMeta {namespace: '_graphmem', id: 'keywords'})
SET m.version = $version
RETURN m.version AS version
