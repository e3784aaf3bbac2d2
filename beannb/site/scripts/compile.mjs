// Compiles wheels to bytecode with the CPython inside Pyodide (under Node):
// node compile.mjs <pyodide core> <cache folder> <compile.py> <jobs JSON>
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [core, cache, codeFile, jobs] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(core + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: core + "/" });
py.FS.mkdirTree("/cache");
py.mountNodeFS("/cache", cache);
py.globals.set("JOBS", jobs);
await py.runPythonAsync(readFileSync(codeFile, "utf8"));
