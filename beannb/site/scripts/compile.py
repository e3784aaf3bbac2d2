# Run inside Pyodide by compile.mjs: compiles wheels (zips) to the browser's bytecode.
# JOBS (JSON: [[src, dst, "cache" | "sourceless"], ...]) is set by the caller.
import importlib.util, json, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

warnings.simplefilter("ignore")
TAG = sys.implementation.cache_tag


def compile_zip(src, dst, layout):
    # "cache": __pycache__/x.<tag>.pyc beside x.py; "sourceless": x.pyc in place of x.py.
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if not name.endswith(".py") or name.split("/")[0].endswith((".dist-info", ".data")):
                zout.writestr(info, data)
                continue
            try:
                code = compile(data, name, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                zout.writestr(info, data)
                continue
            folder, _, file = name.rpartition("/")
            if layout == "cache":
                zout.writestr(info, data)
                pyc = (folder + "/" if folder else "") + "__pycache__/" + file[:-3] + "." + TAG + ".pyc"
            else:
                pyc = name + "c"
            out = zipfile.ZipInfo(pyc, info.date_time)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = 0o644 << 16
            zout.writestr(out, bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False)))


for src, dst, layout in json.loads(JOBS):
    compile_zip(src, dst + ".tmp", layout)
