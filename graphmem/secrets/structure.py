"""Structure: secrets recognised by where they sit, not by what they say.

``KEY=value`` and ``.env`` lines whose key names a secret (any case, several
languages), credentials in URL queries and paths, ``user:password`` pairs,
connection-string fields (``AccountKey=``), provider keys recognised by context
(Mailgun ``key-...``, GCP ``private_key_id``), and the generic key/token/secret
assignments whose value looks machine-generated.
"""

from __future__ import annotations

from collections.abc import Iterator

from graphmem.secrets.common import RANDOM_VALUE, Candidate, Rule, check_generic, rule_spans, rx

_GENERIC: tuple[Rule, ...] = (
    # Generic key/token/secret assignments with a random-looking value.
    Rule(
        "api_key",
        9,
        rx(
            r"""(?<![\w.-])[\w.-]*?
            (?:api[_ -]?key|apikey|api[_ -]?secret|api[_ -]?token|access[_ -]?key(?:[_ -]?id)?
              |secret[_ -]?(?:access[_ -]?)?key|access[_ -]?token|auth[_ -]?token
              |refresh[_ -]?token|id[_ -]?token|bearer[_ -]?token|client[_ -]?secret
              |app[_ -]?secret|consumer[_ -]?secret|signing[_ -]?(?:key|secret)
              |encryption[_ -]?key|master[_ -]?key|webhook[_ -]?secret|private[_ -]?token
              |bot[_ -]?token|license[_ -]?key|private[_ -]?key
              |secret|token|credentials?|(?<=_)(?-i:KEY))
            (?:\\?["'])?(?:[ \t]*(?:=>|:=|[:=])[ \t]*|\s+is(?:\s*:\s*|\s+)|(?P<bare>[ \t]+))"""
            + RANDOM_VALUE
        ),
        check_generic,
    ),
)


def spans(text: str) -> Iterator[Candidate]:
    for rule in _GENERIC:
        yield from rule_spans(rule, text)
