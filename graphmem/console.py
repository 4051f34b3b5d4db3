"""The ``graphmem`` command's entry point: ``--version`` answers before anything heavy loads
(pydantic models, the driver, the model client); every other command goes to the CLI."""

from __future__ import annotations

import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--version"]:
        from graphmem import __version__  # noqa: PLC0415 - graphmem itself imports lazily

        sys.stdout.write(f"graphmem {__version__}\n")
        return 0
    from graphmem.cli import main as cli  # noqa: PLC0415

    return cli(args)


if __name__ == "__main__":
    sys.exit(main())
