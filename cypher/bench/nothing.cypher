// nothing — a statement that does no work, for bench/recall_parts.py: what a round trip and
// the server's handling of one statement cost, before any query does anything.
// Parameters: none
// Returns: one row — one (the integer 1)
RETURN 1 AS one
