"""The judge's model card, written beside its weights by train.py."""

from __future__ import annotations

from pathlib import Path

from graphmem.trust.secrets.judge_features import DEEP, DIM

_CARD = """# The secret gate's second judge: model card

`judge.npz` holds the weights of `graphmem/trust/secrets/judge.py`: a wide-and-deep model
over {dim} hashed features of each token of a message (its character shape, the words
around it, the multilingual cue lexicon's words by distance, the punctuation about it, its
place in its clause; `judge_features.py`): a weight per feature, plus a hidden layer of
{hidden} units over the sum of the features' embeddings ({deep} slots). Weights in float16,
fitted by `tools/secret_judge/train.py` (numpy, minibatch Adam, a fixed seed) on {date}.
Inference needs numpy only.

- **What it does**: scores every candidate token of a message as a secret (a password, a
  PIN, a one-time code, a card's or an account's number, a security answer, a passphrase's
  word) or not. The gate redacts what the rules find or what the judge scores at or above
  its bar; public material (`public.py`) and numbers named by their own label
  (`labels.py`) overrule it.
- **Bars**: a token is a secret at a probability of {threshold} or more where the message
  holds a word about access (a cue of the lexicon that names a secret), {bare} where it
  holds none. The pair is chosen on held-out figures only, never on the fit: the fewest
  secrets stored whole over the LOCO and first-sight measures below, while neither pooled
  look-alike alteration exceeds its rules' own by more than {max_altered} points.
- **Training data**: the project's own spent secret corpora only, every sentence written
  by hand for the project (licence: the project's own, Apache-2.0), messages per corpus:
  {corpora}. The sealed corpora (`secrets_blind_c`, `_f`, `_h`) were never read, and no
  public benchmark was used.
- **Settings**: {settings}.
- **Limits**: it learns from some 6,900 messages in some 90 languages written in a few
  batches; a way of telling a secret unlike all of them is missed as the rules miss it.
  The rules were fitted to the same corpora, so the LOCO "rules alone" figures are
  after-fix figures (the first-sight table gives the rules as a new corpus meets them);
  "judge alone" is the judge's own reach, at the same bars, on a corpus it never saw. The
  cue lexicon the features read was itself extended with words the spent corpora showed,
  so even the held-out figures flatter the judge a little. Where the message holds no
  word about access the bar is nearly out of reach: there the judge adds little.
- **Where it is not used**: text graphmem composes (claims given as data, rendered
  "subject predicate object"; an audit entry's before, after and note) and callers'
  references (`source_ref`) are read by the rules only. It was trained on people's
  messages, and the model of 2026-12-05 (G added) scored one in ten ids like "run_" + 32 hex,
  alone, as a key (the one before: none); the rules know a key by its
  format and by the words around it.

## Leave-one-corpus-out validation

Each corpus held out in turn, the judge trained on the others. Stored whole: a listed
secret with no character redacted. Altered: a look-alike with any character changed.

{loco}

## First sight

The rules are fitted to these corpora, so the LOCO "rules alone" figures are after-fix
ones. Here the rules are those of the commit before each corpus was read (its first-sight
code), with the judge trained without that corpus. G was measured sealed by a commit that
shipped a judge already; its "rules then" are that commit's rules alone:

{first_sight}

Pooled over the held-out corpora, by bars (with a word about access, without):

| bar | bare bar | LOCO: whole | LOCO: altered | first sight: whole | first sight: altered |
|---|---|---:|---:|---:|---:|
{sweep}
"""


def write_card(path: Path, **fields: object) -> None:
    fields.setdefault("hidden", 16)
    sweep = str(fields.pop("sweep"))
    path.write_text(_CARD.format(dim=DIM, deep=DEEP, sweep=sweep, **fields), encoding="utf-8")
