"""Everything about the build is declared in pyproject.toml; this file only adds the home page.

pip before 24 shows "Home-page" only from this field (pyproject's [project.urls] are
Project-URL lines, which it does not show).
"""
from setuptools import setup

setup(url="https://github.com/beannb/beannb")
