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

  self.loadPyodide = async function (options) {
    options = options || {};
    index = new URL(options.indexURL || "./", self.location.href).href;
    const packages = (options.packages || []).length;
    // pyodide.js, pyodide.asm.js, pyodide.asm.wasm, python_stdlib.zip, pyodide-lock.json
    post({kind: "start", total: packages + 5});
    self.importScripts(index + "pyodide.js");
    const load = self.loadPyodide;
    let pyodide;
    try {
      pyodide = await load(options);
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
