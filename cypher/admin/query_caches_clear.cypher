// query_caches_clear — empty the server's plan cache, as a restart would: for
// bench/first_recall.py, which measures what a first question pays for planning.
// Parameters: none. Returns: value (the server's message).
CALL db.clearQueryCaches()
