import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = ["Ann", "Bob", "Cid", "Dora", "Eve", "Fred", "Gus"]


@pytest.fixture
def root() -> Path:
    return ROOT
