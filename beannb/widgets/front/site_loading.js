/* The browser-only site: what a page says while Python starts in the browser.
 *
 * Runs in each page before Voici starts the kernel. It names the kernel's worker so that
 * the worker's reports (site_boot.js, on a BroadcastChannel) reach this page only, shows
 * the start's progress in the page's language in place of the spinner's text, and, when
 * a file does not load or the start fails, says so in the page, naming the file. The
 * phases' times are kept in `window.__beannbBoot` (milliseconds since the page opened) for
 * `beannb bench --site`.
 */
(function () {
  "use strict";
  const ID = "beannb-" + Math.random().toString(36).slice(2) + Date.now().toString(36);
  const LANGS = ["en", "hu"];
  const TEXT = {
    en: {
      starting: "Starting Python in this browser…",
      files: "Loading Python and its packages: {k} of {n} files",
      kernel: "Starting Python’s kernel…",
      cells: "Preparing the page: part {k} of {n}",
      failed_file: "This page could not start: the file {file} did not load ({why}).",
      mismatch: "its contents are not the ones the site lists: damaged or out of date",
      failed: "This page could not start: {why}",
      advice: "Reload the page. If this happens again, the site is incomplete or damaged: tell whoever published it.",
    },
    hu: {
      starting: "A Python indul ebben a böngészőben…",
      files: "Töltődik a Python és a csomagjai: {k} / {n} fájl",
      kernel: "Indul a Python-kernel…",
      cells: "Készül az oldal: {k}. rész / {n}",
      failed_file: "Az oldal nem tudott elindulni: a(z) {file} fájl nem töltődött be ({why}).",
      mismatch: "a tartalma nem az, amit a webhely nyilvántart: sérült vagy elavult",
      failed: "Az oldal nem tudott elindulni: {why}",
      advice: "Töltsd újra az oldalt. Ha újra előfordul, a webhely hiányos vagy sérült: szólj annak, aki közzétette.",
    },
  };

  function pageLang() {
    let q = null, s = null;
    try { q = new URLSearchParams(window.location.search).get("lang"); } catch (e) { /* ignore */ }
    if (LANGS.includes(q)) return q;
    try { s = window.localStorage.getItem("beannb.lang"); } catch (e) { /* ignore */ }
    return LANGS.includes(s) ? s : "en";
  }
  const lang = pageLang();
  const say = (key, args) => TEXT[lang][key].replace(/\{(\w+)\}/g, (_, k) => String((args || {})[k]));

  const origin = performance.timeOrigin;
  const boot = window.__beannbBoot = {files: 0, total: 0, failed: null, error: null, marks: {}, log: []};
  const mark = (name, t) => {
    if (boot.marks[name] === undefined) boot.marks[name] = Math.round((t === undefined ? performance.now() : t - origin));
  };
  mark("script");

  let stopped = false;
  function show(text) {
    if (stopped) return;
    const el = document.getElementById("loading_text");
    if (el) el.textContent = text;
  }

  function fail(message) {
    if (stopped) return;
    stopped = true;
    const loading = document.getElementById("loading");
    const box = document.createElement("div");
    box.className = "beannb-load-error";
    box.setAttribute("role", "alert");
    box.lang = lang;
    box.style.cssText = "max-width:40em;margin:2em auto;padding:1em 1.2em;border:2px solid #b3261e;"
      + "border-radius:8px;background:#fdecea;color:#5f1410;font:16px/1.5 sans-serif";
    const what = document.createElement("p");
    what.className = "beannb-load-error-what";
    what.style.margin = "0 0 .5em 0";
    what.textContent = message;
    const advice = document.createElement("p");
    advice.style.margin = "0";
    advice.textContent = say("advice");
    box.append(what, advice);
    if (loading) {
      loading.replaceChildren(box);
      loading.style.display = "flex";
    } else {
      document.body.prepend(box);
    }
  }

  // Voici's own loading text is English and says little; ours replaces it.
  window.update_loading_text = function (cellIndex, cellCount) {
    if (cellIndex > 0 && cellCount > 0) {
      mark("cells");
      show(say("cells", {k: cellIndex, n: cellCount}));
    }
  };
  const voilaDisplay = window.display_cells;
  window.display_cells = function () {
    mark("shown");
    if (!stopped && typeof voilaDisplay === "function") voilaDisplay();
  };

  let channel = null;
  try { channel = new BroadcastChannel("beannb-site-boot"); } catch (e) { /* no reports: the spinner stays */ }
  if (channel) {
    channel.onmessage = (event) => {
      const m = event.data || {};
      if (m.to !== ID) return;
      if (m.kind === "start") {
        boot.total = m.total;
        mark("worker", m.t);
        show(say("files", {k: 0, n: m.total}));
      } else if (m.kind === "file") {
        boot.files += 1;
        mark("first_file", m.t);
        boot.marks.last_file = Math.round(m.t - origin);
        boot.log.push([m.file.split("/").pop(), boot.marks.last_file]);
        if (/pyodide-lock\.json$/.test(m.file)) mark("lock", m.t);
        show(say("files", {k: Math.min(boot.files, boot.total || boot.files), n: boot.total || boot.files}));
      } else if (m.kind === "wasm") {
        mark("wasm", m.t);
      } else if (m.kind === "python" || m.kind === "snapshot" || m.kind === "bundle") {
        mark(m.kind, m.t);
      } else if (m.kind === "installed") {
        mark("installed", m.t);
        show(say("kernel"));
      } else if (m.kind === "kernel") {
        mark("kernel", m.t);
      } else if (m.kind === "failed") {
        if (!boot.failed) boot.failed = {file: m.file, why: m.why};
        fail(say("failed_file", {file: m.file, why: m.why === "mismatch" ? say("mismatch") : m.why}));
      } else if (m.kind === "error") {
        if (!boot.error) boot.error = m.why;
        fail(say("failed", {why: m.why}));
      }
    };
  }

  // The kernel's worker: named, so that its reports reach this page only.
  const RealWorker = window.Worker;
  if (RealWorker) {
    window.Worker = class extends RealWorker {
      constructor(url, options) {
        const opts = Object.assign({}, options || {});
        if (!opts.name && !String(url).startsWith("data:")) opts.name = ID;
        super(url, opts);
      }
    };
  }

  function ready() {
    show(say("starting"));
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
