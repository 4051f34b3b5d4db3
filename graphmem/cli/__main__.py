"""``python -m graphmem.cli``."""

import sys

from graphmem.cli import main

sys.exit(main())
