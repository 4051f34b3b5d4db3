"""Token counts for working-memory budgets, exact and offline.

tiktoken normally downloads its BPE files at first use, which cannot work on an
air-gapped machine and would hang on a network timeout where the network is
filtered. graphmem therefore never calls ``tiktoken.get_encoding``: it ships
``o200k_base`` and ``cl100k_base`` in ``graphmem/encodings`` (OpenAI's files,
checked against the hashes tiktoken itself expects) and builds the
``tiktoken.Encoding`` from them directly::

    counter = default_counter()          # o200k_base, loaded once per process
    counter.count("where does Maya live")

Any other encoding tiktoken knows (``r50k_base``, ``p50k_base``, ...) or a
damaged shipped file gives a counter with
``exact = False`` that estimates with :func:`estimate_tokens`, after one
:class:`TokenEstimateWarning`; it never reaches for the network and never raises.
"""

from __future__ import annotations

import base64
import binascii
import functools
import gzip
import hashlib
import math
import re
import warnings
from dataclasses import dataclass
from importlib import resources

import tiktoken

from graphmem.errors import InvalidArgument

ENDOFTEXT = "<|endoftext|>"
ENDOFPROMPT = "<|endofprompt|>"

# The split patterns and special tokens are those of tiktoken_ext/openai_public.py;
# an encoding never changes once published (tests compare them with tiktoken's).
_O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++"""
    r"""[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)


@dataclass(frozen=True, slots=True)
class _Shipped:
    sha256: str  # of the decompressed .tiktoken file, as tiktoken expects it
    pattern: str
    special_tokens: dict[str, int]


SHIPPED: dict[str, _Shipped] = {
    "o200k_base": _Shipped(
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        _O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
    ),
    "cl100k_base": _Shipped(
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        _CL100K_PATTERN,
        {
            ENDOFTEXT: 100257,
            "<|fim_prefix|>": 100258,
            "<|fim_middle|>": 100259,
            "<|fim_suffix|>": 100260,
            ENDOFPROMPT: 100276,
        },
    ),
}
"""Encodings counted exactly, from files inside graphmem."""

ESTIMATED = frozenset({"gpt2", "r50k_base", "p50k_base", "p50k_edit", "o200k_harmony"})
"""Encodings tiktoken knows but graphmem does not ship: counted by estimate."""

_PIECE = re.compile(r"\w+|[^\w\s]")


class TokenEstimateWarning(UserWarning):
    """Token counts are estimates, not the model's tokenizer (warned once per encoding)."""


def estimate_tokens(text: str) -> int:
    """A tokenizer-free count that errs high: ``max(ceil(utf8_bytes / 4), pieces)``.

    Pieces are words plus punctuation marks. On English prose and Python source
    this is within about 10% of ``o200k_base`` on the whole, rarely below it.
    """
    if not text:
        return 0
    return max(math.ceil(len(text.encode("utf-8")) / 4), len(_PIECE.findall(text)))


class TokenCounter:
    """Counts tokens of ``encoding`` (by default ``o200k_base``, used by GPT-4o and later).

    ``exact`` is False when the counter estimates (see the module docstring).
    Special-token text such as ``<|endoftext|>`` is counted as ordinary text.
    """

    def __init__(self, encoding: str = "o200k_base") -> None:
        if encoding not in SHIPPED and encoding not in ESTIMATED:
            raise InvalidArgument(
                f"no tiktoken encoding named {encoding!r}; exact: {sorted(SHIPPED)}, "
                f"estimated: {sorted(ESTIMATED)}"
            )
        loaded, problem = _load(encoding)
        if loaded is None:
            _warn_estimate(encoding, problem)
        self.encoding = encoding
        self._tiktoken = loaded
        self.exact = loaded is not None

    def count(self, text: str) -> int:
        if not isinstance(text, str):
            raise InvalidArgument(f"count() takes a str, not {type(text).__name__}")
        if self._tiktoken is None:
            return estimate_tokens(text)
        return len(self._tiktoken.encode_ordinary(text))

    def __repr__(self) -> str:
        return f"TokenCounter({self.encoding!r}, exact={self.exact})"


@functools.cache
def default_counter() -> TokenCounter:
    """The ``o200k_base`` counter, made once per process."""
    return TokenCounter()


@functools.cache
def _load(encoding: str) -> tuple[tiktoken.Encoding | None, str]:
    """The tiktoken encoding built from the shipped file, or None and why not."""
    spec = SHIPPED.get(encoding)
    if spec is None:
        return None, f"graphmem ships only {sorted(SHIPPED)}"
    try:
        ranks = _read_ranks(encoding, spec.sha256)
    except (OSError, EOFError, ValueError, binascii.Error) as exc:
        return None, f"its BPE file shipped with graphmem cannot be used ({exc})"
    built = tiktoken.Encoding(
        encoding,
        pat_str=spec.pattern,
        mergeable_ranks=ranks,
        special_tokens=spec.special_tokens,
    )
    return built, ""


def _read_ranks(encoding: str, sha256: str) -> dict[bytes, int]:
    """Parse ``graphmem/models/encodings/<encoding>.tiktoken.gz`` after checking its hash."""
    packed = resources.files("graphmem.models").joinpath("encodings", f"{encoding}.tiktoken.gz")
    data = gzip.decompress(packed.read_bytes())
    if hashlib.sha256(data).hexdigest() != sha256:
        raise ValueError(f"{encoding}.tiktoken.gz does not have the expected sha256 {sha256}")
    ranks: dict[bytes, int] = {}
    for line in data.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token, validate=True)] = int(rank)
    return ranks


@functools.cache
def _warn_estimate(encoding: str, problem: str) -> None:
    warnings.warn(
        f"token counts for {encoding!r} are estimates (about 4 bytes a token): {problem}",
        TokenEstimateWarning,
        stacklevel=3,
    )


__all__ = [
    "ESTIMATED",
    "SHIPPED",
    "TokenCounter",
    "TokenEstimateWarning",
    "default_counter",
    "estimate_tokens",
]
