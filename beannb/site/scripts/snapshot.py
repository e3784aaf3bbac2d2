# Run inside Pyodide by snapshot.mjs: imports the pages' modules and warms them up before
# the memory snapshot is taken. MODULES (JSON: {"modules": [...], "warm": [...]}) is set by the caller.
import importlib, json, warnings
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    for name in json.loads(MODULES)["modules"]:
        try:
            importlib.import_module(name)
        except Exception:
            pass
    for module, function, calls in json.loads(MODULES)["warm"]:
        for args in calls:
            try:
                getattr(importlib.import_module(module), function)(*args)
            except Exception:
                pass
del name, module, function, calls, args
import gc
gc.collect()
