"""Built-in rulesets; importing this package registers them.

Each game lives in its own module (or package) here and registers itself on import.
"""
import importlib

from . import bohnanza  # noqa: F401

for _name in ("takeover", "rabohnzel", "bohnaparte"):
    try:
        importlib.import_module(f".{_name}", __name__)
    except ModuleNotFoundError as exc:  # not written yet
        if exc.name != f"{__name__}.{_name}":
            raise
