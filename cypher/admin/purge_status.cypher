// purge_status — how far the server's purges are: the last ticket asked for, the last one
// finished (a purge serves every ticket asked before it began) and how the last one went.
// Parameters: none
// Returns: asked (INTEGER), done (INTEGER), last (STRING: "ok: …" or "failed: …")
CALL graphmem.purgeStatus() YIELD asked, done, last
RETURN asked, done, last
