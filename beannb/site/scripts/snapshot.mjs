// Makes the memory snapshot of Pyodide (under Node) with the site's bundle installed:
// node snapshot.mjs <pyodide core> <bundle> <snapshot.py> <modules JSON> <out>
import { pathToFileURL } from "node:url";
import { readFileSync, writeFileSync } from "node:fs";
const [core, bundleFile, codeFile, modules, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(core + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: core + "/", _makeSnapshot: true });
// As site_boot.js installs the bundle (same paths, so that the snapshot finds its files).
const bytes = new Uint8Array(readFileSync(bundleFile));
const size = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
const roots = JSON.parse(py.runPython(
  "import json, sys, sysconfig; json.dumps({'site': sysconfig.get_path('purelib'), 'prefix': sys.prefix})"));
let offset = 8 + size;
for (const [root, rel, n] of header.files) {
  const file = (roots[root] + "/" + rel).replace(/\/+/g, "/");
  py.FS.mkdirTree(file.slice(0, file.lastIndexOf("/")));
  py.FS.writeFile(file, bytes.slice(offset, offset + n));
  offset += n;
}
py.globals.set("PATHS", JSON.stringify(header.path.map((p) => (roots.site + "/" + p).replace(/\/+/g, "/"))));
py.runPython("import importlib, json, sys; sys.path.extend(p for p in json.loads(PATHS) if p not in sys.path); importlib.invalidate_caches(); del PATHS");
py.globals.set("MODULES", modules);
py.runPython(readFileSync(codeFile, "utf8"));
py.runPython("del MODULES");
writeFileSync(out, py.makeMemorySnapshot());
