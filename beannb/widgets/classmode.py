"""Class mode: a page served to a classroom (``beannb app --class``).

The class server sets ``BEANNB_CLASS=1`` for its process, so every page's kernel has it.
In class mode a game with hidden cards is never dealt from a seed a learner can see or
choose: with beannb installed, whoever knows the seed can deal the same game again and
read every hand. Such games are dealt from :func:`fresh_seed` instead.
"""
from __future__ import annotations

import os
import secrets

#: The environment variable the class server sets for its kernels
#: (the same name as ``beannb.serve.settings.CLASS_ENV``; a test keeps them equal).
CLASS_ENV = "BEANNB_CLASS"


def class_mode() -> bool:
    """Whether this kernel serves a page of a class server."""
    return os.environ.get(CLASS_ENV) == "1"


def fresh_seed() -> int:
    """An unpredictable seed for a new deal (any whole number deals; 63 bits fit everywhere)."""
    return secrets.randbelow(1 << 63)
