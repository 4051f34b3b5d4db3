// keywords_set — set the keyword terms of facts or episodes, and keep the namespace's keyword
// statistics in step, in the write that changes them: recall scores keywords with BM25 over
// the namespace alone (documents, their total length, each term's document frequency), so
// that other tenants never move a tenant's scores and both stores score alike.
// A node's n.keywords is its terms, each with a space either side (graphmem/store/keywords.py,
// spaced): a fact's search text; an episode's content, and when it has a context, its content
// written $weight times and then its context's terms (kept apart as n.keywords_context, so
// that either part can change alone; '' for a context without terms) — the text the embedded
// store indexes (keyword_text). Statistics: (:KeywordStats {namespace, label, docs, length})
// and (:KeywordTerm {namespace, label, term, df}); a term no document holds any more is
// deleted (its word leaves the graph).
// Parameters:
//   $namespace  STRING      the tenant
//   $label      STRING      Fact or Episode
//   $weight     INTEGER     times an episode's own terms are written beside a context
//                           (graphmem.store.keywords.OWN_WEIGHT)
//   $rows       LIST<MAP>   id; own (STRING|null: the spaced terms of the content or search
//                           text; null: unchanged); context_set (BOOLEAN: the context changes);
//                           context (STRING|null: its spaced terms, null for none); gone
//                           (BOOLEAN: the node is removed later in this write: its terms go)
// Returns: changed (INTEGER)
UNWIND $rows AS row
MATCH (n:$($label) {namespace: $namespace, id: row.id})
WITH n, row, n.keywords AS before, n.keywords_context AS old_context
WITH n, row, before,
     coalesce(row.own, CASE WHEN before IS NULL THEN ''
                            WHEN old_context IS NULL THEN before
                            ELSE left(before, (size(before) - size(old_context)) / $weight) END)
       AS own,
     CASE WHEN row.context_set THEN row.context ELSE old_context END AS context
WITH n, before, context,
     CASE WHEN row.gone THEN null
          WHEN context IS NULL THEN own
          ELSE reduce(text = '', i IN range(1, $weight) | text + own) + context END AS after
WITH n, before, after, context,
     [t IN split(coalesce(before, ''), ' ') WHERE t <> ''] AS old_terms,
     [t IN split(coalesce(after, ''), ' ') WHERE t <> ''] AS new_terms
SET n.keywords = after,
    n.keywords_context = CASE WHEN after IS NULL THEN null ELSE context END,
    n.keyword_length = CASE WHEN after IS NULL THEN null ELSE size(new_terms) END
WITH before, after, old_terms, new_terms
CALL (old_terms) { UNWIND old_terms AS t RETURN collect(DISTINCT t) AS old_distinct }
CALL (new_terms) { UNWIND new_terms AS t RETURN collect(DISTINCT t) AS new_distinct }
WITH collect({docs: CASE WHEN before IS NULL AND after IS NOT NULL THEN 1
                         WHEN before IS NOT NULL AND after IS NULL THEN -1 ELSE 0 END,
              length: size(new_terms) - size(old_terms),
              old: old_distinct, new: new_distinct}) AS changes
CALL (changes) {
  WITH changes WHERE size(changes) > 0
  MERGE (s:KeywordStats {namespace: $namespace, label: $label})
  SET s.docs = coalesce(s.docs, 0) + reduce(d = 0, c IN changes | d + c.docs),
      s.length = coalesce(s.length, 0) + reduce(l = 0, c IN changes | l + c.length)
}
CALL (changes) {
  UNWIND changes AS c
  UNWIND [t IN c.old | [t, -1]] + [t IN c.new | [t, 1]] AS change
  WITH change[0] AS term, sum(change[1]) AS delta
  WHERE delta <> 0
  WITH term, delta ORDER BY term
  MERGE (k:KeywordTerm {namespace: $namespace, label: $label, term: term})
  SET k.df = coalesce(k.df, 0) + delta
  WITH k WHERE k.df <= 0
  DELETE k
}
RETURN size(changes) AS changed
