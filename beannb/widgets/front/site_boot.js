/* The browser-only site: the first script of the Python kernel's worker.
 *
 * The kernel's `pyodideUrl` setting points here (next to pyodide.js), so this script loads
 * the Pyodide core itself and tells the page how the start goes: each file fetched, each
 * file that did not load (with its address), any other failure, and when the kernel is
 * ready. The page (site_loading.js) names its worker `beannb-<id>` and listens on the
 * BroadcastChannel below for messages carrying that id. Times are epoch milliseconds
 * (performance.timeOrigin + now), comparable with the page's.
 */
(function () {
  "use strict";
  const ID = self.name || "";
  let channel = null;
  try { channel = new BroadcastChannel("beannb-site-boot"); } catch (e) { /* old browser: no reports */ }
  const now = () => performance.timeOrigin + performance.now();
  const post = (msg) => {
    try { if (channel) channel.postMessage(Object.assign({to: ID, t: now()}, msg)); } catch (e) { /* ignore */ }
  };
  const path = (url) => {
    try { return new URL(url, self.location.href).pathname; } catch (e) { return String(url); }
  };
  const why = (e) => String((e && e.message) || e || "unknown error");

  let starting = true;   // reports stop once the kernel is up (the page's own errors are its business)
  let index = "";        // where the Pyodide core and the wheels are

  const realFetch = self.fetch.bind(self);
  self.fetch = function (input, init) {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    const ours = index && new URL(url, self.location.href).href.startsWith(index);
    return realFetch(input, init).then((response) => {
      if (starting && !response.ok) post({kind: "failed", file: path(url), why: "HTTP " + response.status});
      else if (starting && ours) post({kind: "file", file: path(url)});
      return response;
    }, async (e) => {
      if (starting) {
        // Pyodide fetches each wheel with its hash (integrity), so a missing or a damaged
        // file both end here: ask again without the hash to tell which.
        let reason = why(e);
        try {
          const again = await realFetch(url, {method: "HEAD", cache: "no-store"});
          reason = again.ok ? "mismatch" : "HTTP " + again.status;
        } catch (e2) { /* the network itself: keep the first reason */ }
        post({kind: "failed", file: path(url), why: reason});
      }
      throw e;
    });
  };

  const realImportScripts = self.importScripts.bind(self);
  self.importScripts = function (...urls) {
    for (const url of urls) {
      try {
        realImportScripts(url);
      } catch (e) {
        if (starting) post({kind: "failed", file: path(url), why: why(e)});
        throw e;
      }
      if (starting) post({kind: "file", file: path(url)});
    }
  };

  // When the WebAssembly runtime is compiled and running (for the timings).
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const real = WebAssembly[name];
    if (typeof real !== "function") continue;
    WebAssembly[name] = function (...args) {
      const result = real.apply(WebAssembly, args);
      if (starting) Promise.resolve(result).then(() => post({kind: "wasm"}), () => {});
      return result;
    };
  }

  self.addEventListener("unhandledrejection", (event) => {
    if (starting) post({kind: "error", why: why(event.reason)});
  });

  // The packages every page needs come as one file (see "one file for the packages" in
  // beannb/site.py), and Python's memory with them imported as another (a snapshot): both
  // are fetched while the WebAssembly runtime starts, and written into place as they are.
  async function fetchBytes(entry) {
    const response = await self.fetch(index + entry.file, entry.integrity ? {integrity: entry.integrity} : {});
    if (!response.ok) throw new Error(entry.file + ": HTTP " + response.status);
    if (!entry.integrity && response.body && entry.size) return unpackWhileArriving(response.body, entry.size);
    let bytes = new Uint8Array(await response.arrayBuffer());
    // Compressed by the build (a host may also have undone it: Content-Encoding: gzip).
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    }
    return bytes;
  }

  // The snapshot (tens of MB unpacked): unpacked as it arrives, into one buffer of the
  // size the build wrote down.
  async function unpackWhileArriving(body, size) {
    const reader = body.getReader();
    const first = await reader.read();
    const head = first.value || new Uint8Array(0);
    let stream = new ReadableStream({
      start(controller) {
        if (head.length) controller.enqueue(head);
        if (first.done) controller.close();
      },
      async pull(controller) {
        const {done, value} = await reader.read();
        if (done) controller.close(); else controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    if (head[0] === 0x1f && head[1] === 0x8b) stream = stream.pipeThrough(new DecompressionStream("gzip"));
    const out = new Uint8Array(size);
    const chunks = stream.getReader();
    let offset = 0;
    for (;;) {
      const {done, value} = await chunks.read();
      if (done) break;
      if (offset + value.length > size) throw new Error("the snapshot is larger than the site says");
      out.set(value, offset);
      offset += value.length;
    }
    if (offset !== size) throw new Error("the snapshot is incomplete");
    return out;
  }

  function installBundle(pyodide, bytes) {
    const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
    if (magic !== "BNBP") throw new Error("the package bundle is damaged");
    const size = new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
    const roots = JSON.parse(pyodide.runPython(
      "import json, sys, sysconfig; json.dumps({'site': sysconfig.get_path('purelib'), 'prefix': sys.prefix})"));
    const made = new Set();
    let offset = 8 + size;
    for (const [root, rel, n] of header.files) {
      const file = (roots[root] + "/" + rel).replace(/\/+/g, "/");
      const dir = file.slice(0, file.lastIndexOf("/"));
      if (!made.has(dir)) { pyodide.FS.mkdirTree(dir); made.add(dir); }
      pyodide.FS.writeFile(file, bytes.subarray(offset, offset + n), {canOwn: true});
      offset += n;
    }
    pyodide.globals.set("_beannb_paths",
      JSON.stringify((header.path || []).map((p) => (roots.site + "/" + p).replace(/\/+/g, "/"))));
    // A snapshot's Python already has them on its path (and knows what the zips hold: no
    // importlib.invalidate_caches(), which would make it read them again), and its random
    // numbers would be the same on every page: it draws new ones.
    pyodide.runPython([
      "import json, random, sys",
      "sys.path.extend(p for p in json.loads(_beannb_paths) if p not in sys.path)",
      "random.seed()",
      "del _beannb_paths",
    ].join("\n"));
  }

  self.loadPyodide = async function (options) {
    options = Object.assign({}, options || {});
    index = new URL(options.indexURL || "./", self.location.href).href;
    const bundle = options.beannbBundle || null;
    delete options.beannbBundle;
    const bundled = new Set(bundle ? bundle.packages : []);
    // The kernel is told every package name (it installs any it misses); Pyodide loads
    // only the ones outside the bundle.
    options.packages = (options.packages || []).filter((name) => !bundled.has(name));
    const snapshot = bundle && bundle.snapshot
      ? fetchBytes(bundle.snapshot).then((b) => { post({kind: "snapshot"}); return b; }) : null;
    // pyodide.js, pyodide.asm.js, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json
    post({kind: "start", total: options.packages.length + 5 + (bundle ? 1 : 0) + (snapshot ? 1 : 0)});
    const bytes = bundle ? fetchBytes(bundle).then((b) => { post({kind: "bundle"}); return b; }) : null;
    for (const p of [snapshot, bytes]) if (p) p.catch(() => {});  // reported by fetch above; awaited below
    if (snapshot) options._loadSnapshot = snapshot;
    self.importScripts(index + "pyodide.js");
    const load = self.loadPyodide;
    let pyodide;
    try {
      pyodide = await load(options);
      post({kind: "python"});
      // Pyodide keeps its options: let the snapshot's bytes (in its memory now) go.
      delete options._loadSnapshot;
      try { if (pyodide._api && pyodide._api.config) delete pyodide._api.config._loadSnapshot; } catch (e) { /* ignore */ }
      if (bytes) installBundle(pyodide, await bytes);
    } catch (e) {
      post({kind: "error", why: why(e)});
      starting = false;
      throw e;
    }
    post({kind: "installed"});
    const run = pyodide.runPythonAsync.bind(pyodide);
    pyodide.runPythonAsync = async function (code, opts) {
      if (!starting) return run(code, opts);
      try {
        const result = await run(code, opts);
        if (/^\s*import pyodide_kernel\s*$/m.test(String(code))) {
          starting = false;
          // ipywidgets answers the page's widget manager, which asks for the widgets' state
          // on the "jupyter.widget.control" comm as soon as the kernel is up (without an
          // answer the page logs errors and, 5 s later, that the control comm closed). It
          // registers that comm target when imported with a kernel running: imported in the
          // snapshot, before the kernel, it is told to now; else it is imported now.
          await run("try:\n    __import__('ipywidgets')._handle_ipython()\nexcept ImportError:\n    pass");
          post({kind: "kernel"});
        }
        return result;
      } catch (e) {
        // A Python traceback: its last line says what failed (e.g. a module that is missing).
        const lines = why(e).trim().split("\n");
        post({kind: "error", why: lines[lines.length - 1]});
        starting = false;
        throw e;
      }
    };
    return pyodide;
  };
})();
