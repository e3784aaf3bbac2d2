"""``python -m beannb.serve``: ``beannb app`` (or, with ``--voila-server``, the server process)."""
import sys

from .run import main

sys.exit(main())
