// await_indexes — wait until every index is online (after the schema is installed).
// Parameters: none
CALL db.awaitIndexes(300)
