"""``python -m bot`` runs the rulingbot command line."""

import sys

from bot.cli import main

sys.exit(main())
