// purge — ask the server to rewrite its store as a copy of the live graph, so that no file
// (store records, transaction logs, index segments) keeps values deleted before the call.
// Only servers started by tools/neo4j/neo4j-local have this procedure; the server restarts
// on the same port while it copies, and graphmem.purgeStatus reports the ticket as done.
// Not namespaced: it rewrites the whole store and changes no data.
// Parameters: none
// Returns: ticket (INTEGER)
CALL graphmem.purge() YIELD ticket
RETURN ticket
