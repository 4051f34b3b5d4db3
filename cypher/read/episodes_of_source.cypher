// episodes_of_source — the episodes that came from one source (an account, a mailbox, a
// project's document store), to retire what that source alone supported when it goes away.
// Parameters:
//   $namespace   STRING  the tenant
//   $source_ref  STRING  the source's reference, as given to remember(source_ref=...)
// Returns: id
MATCH (e:Episode {namespace: $namespace, source_ref: $source_ref})
RETURN e.id AS id
