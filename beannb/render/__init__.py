"""Pure renderers: observation -> HTML/SVG strings. Imported only when something is displayed."""
