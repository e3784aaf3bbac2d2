"""piplite on the browser-only beannb site: nothing is installed at run time (every
package the pages use is loaded when Python starts)."""
from .piplite import install

__version__ = "0.7.2"
__all__ = ["install", "__version__"]
