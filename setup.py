"""The optional compiled engine (everything else is declared in pyproject.toml).

A plain build or install is pure Python. With ``BEANNB_COMPILE=1`` the engine modules that
``beannb/_native.py`` lists are compiled from their unchanged sources with Cython (which the
build then asks for) and a C compiler; ``make compiled`` does it in place for a checkout.
"""
import os
import runpy
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
native = runpy.run_path(str(HERE / "beannb" / "_native.py"))
COMPILE = os.environ.get("BEANNB_COMPILE", "") not in ("", "0")
CYTHON = native["CYTHON_REQUIREMENT"]

# The sources are compiled as the Python they are: type annotations are documentation, never
# C types (an ``int`` stays a Python int), so the compiled engine computes exactly what the
# source does.
DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False, "infer_types": False,
              "always_allow_keywords": True}


class BuildEngine(build_ext):
    """``build_ext`` that also records which sources the compiled modules were made from."""

    def run(self):
        if COMPILE and not self.extensions:
            raise SystemExit(f"BEANNB_COMPILE=1 needs Cython to build the compiled engine: pip install '{CYTHON}'")
        super().run()
        if self.extensions:
            folder = HERE / "beannb" if self.inplace else Path(self.build_lib) / "beannb"
            native["write_manifest"](folder, [ext.name for ext in self.extensions], HERE)

    def copy_file(self, infile, outfile, *args, **kwargs):
        # A new file, not the old one overwritten: a running app keeps the module it loaded
        # (overwriting a loaded shared library in place crashes the process using it).
        if self.inplace and os.path.isfile(outfile):
            os.unlink(outfile)
        return super().copy_file(infile, outfile, *args, **kwargs)


def extensions():
    if not COMPILE:
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # asked for below (``setup_requires``); the build proper has it
        return []
    from setuptools import Extension

    # -O1: the generated C is mostly calls into Python's API, which higher levels hardly speed
    # up, while they double the compile time.
    flags = [] if os.name == "nt" else ["-O1", "-g0"]
    exts = [Extension(m, [str(native["module_source"](m, HERE).relative_to(HERE))], extra_compile_args=flags)
            for m in native["ENGINE_MODULES"]]
    return cythonize(exts, compiler_directives=DIRECTIVES, build_dir="build/cython", quiet=True,
                     nthreads=os.cpu_count() or 1)


EXTENSIONS = extensions()

setup(
    # pip before 24 shows "Home-page" only from this field (pyproject's [project.urls] are
    # Project-URL lines, which it does not show).
    url="https://github.com/beannb/beannb",
    ext_modules=EXTENSIONS,
    cmdclass={"build_ext": BuildEngine},
    # A PEP 517 build (pip) asks for this first and installs it into the build environment.
    setup_requires=[CYTHON] if COMPILE and not EXTENSIONS else [],
)
