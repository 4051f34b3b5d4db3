"""A bounded memo of secret scans, so that one write scans each distinct text once.

A write scans the same short texts many times over (a claim's subject, predicate and
value in the gate, the claim as echoed in the episode, the result and the audit, the
same fact summarised in several audit rows). Detection is a pure function of the
text, so a remembered answer is the answer: every text is still scanned, only not
twice.

Entries are keyed by a 256-bit BLAKE2b digest of the text, never by the text: the memo
holds no secret, only where secrets sat (offsets and kinds). Long texts (episodes)
are rarely repeated and are not kept.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable

Span = tuple[int, int, str]  # start, end, kind

MAX_ENTRIES = 8192
MAX_CHARS = 2048  # longer texts are scanned every time


class ScanMemo:
    """``scan(text)``, remembered per distinct text (oldest forgotten first)."""

    def __init__(
        self,
        scan: Callable[[str], list[Span]],
        *,
        max_entries: int = MAX_ENTRIES,
        max_chars: int = MAX_CHARS,
    ) -> None:
        self._scan = scan
        self._max_entries = max_entries
        self._max_chars = max_chars
        self._seen: dict[bytes, tuple[Span, ...]] = {}
        self._lock = threading.Lock()

    def __call__(self, text: str) -> list[Span]:
        if len(text) > self._max_chars:
            return self._scan(text)
        # surrogatepass: any str a caller hands over has a digest, lone surrogates included.
        key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=32).digest()
        known = self._seen.get(key)  # one dict read is atomic: only changes take the lock
        if known is not None:
            return list(known)
        spans = self._scan(text)
        with self._lock:
            if len(self._seen) >= self._max_entries:
                del self._seen[next(iter(self._seen))]
            self._seen[key] = tuple(spans)
        return spans

    def clear(self) -> None:
        with self._lock:
            self._seen.clear()

    def __len__(self) -> int:
        return len(self._seen)
