"""Built-in rulesets; importing this package registers them."""
from . import bohnanza  # noqa: F401
