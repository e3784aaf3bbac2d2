// The touchable table and map. The kernel sends small JSON models (see beannb/render/touch.py)
// and this module draws them; a click is mapped to one of the legal actions the kernel listed
// (by index) and sent back. No rules live here.

const SVGNS = "http://www.w3.org/2000/svg";

function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function cardHtml(cards, c, extra, cls) {
  const [name, bg, ink, tip] = cards[c.b] || [c.b, "#ddd", "#000", c.b];
  const k = c.k ? ` data-k="${esc(c.k)}"` : "";
  return `<span class="bnt-card ${cls || ""}"${k} data-tip="${esc(tip)}" data-name="${esc(name)}"` +
    ` style="background:${bg};color:${ink}">${esc(name)}${extra || ""}</span>`;
}

// A field by its number as the page's language says it ("field 2", "2. babföld").
function fieldName(w, i) {
  return (w.field_n || `${w.field} {n}`).replace("{n}", String(i));
}

function fieldHtml(cards, w, f, i) {
  if (!f.n) {
    return `<span class="bnt-field bnt-empty" data-k="${esc(f.k)}" data-name="${esc(fieldName(w, i))}">` +
      `<span class="bnt-fno">${i}</span>${esc(w.empty)}</span>`;
  }
  const under = (f.under || []).map(([b, n]) => cardHtml(cards, { b }, ` ×${n}`, "bnt-small")).join("");
  const [name] = cards[f.b] || [f.b];
  return `<span class="bnt-field" data-k="${esc(f.k)}" data-name="${esc(fieldName(w, i))}: ${esc(name)} ×${f.n}">` +
    `<span class="bnt-fno">${i}</span>${under}${cardHtml(cards, { b: f.b }, ` ×${f.top}`, "bnt-top")}` +
    `<span class="bnt-meter">${esc(f.m)}</span></span>`;
}

// The table as keyed parts, each one element's HTML: a click redraws only the parts whose
// HTML changed (see patch), so most of the table (other players, the face-up cards) stays.
function tableParts(t, cards, w) {
  const chg = new Set(t.chg || []);
  const mark = (p) => (chg.has(p) ? " bnt-chg" : "");
  const parts = [];
  parts.push(["info", `<div class="bnt-info${mark("phase")}"><b>${esc(t.info)}</b>` +
    ` <span class="bnt-muted">· ${esc(w.view)}: ${esc(t.viewer)}</span></div>`]);
  let h = `<div class="bnt-common">`;
  h += `<span class="bnt-deck" data-k="deck" data-tip="${esc(w.deck_chip)}" data-name="${esc(w.deck_chip)}">` +
    `${esc(w.deck)}</span>`;
  h += `<span class="bnt-lbl">${esc(w.discard)}:</span> ` +
    (t.discard ? `${esc(w.top)} ` + cardHtml(cards, { b: t.discard }) + ` <span class="bnt-muted">· ${esc(t.nd)}</span>`
      : `<span class="bnt-muted">${esc(w.empty)}</span>`);
  if (t.faceup.length) {
    h += `<span class="bnt-group${mark("faceup")}"><span class="bnt-lbl">${esc(w.faceup)}:</span> ` +
      t.faceup.map((c) => cardHtml(cards, c)).join("") + "</span>";
  }
  if (t.zone.length) {
    h += `<span class="bnt-group"><span class="bnt-lbl">${esc(w.offer)}:</span> ` +
      t.zone.map((b) => cardHtml(cards, { b })).join("") + "</span>";
  }
  parts.push(["common", h + "</div>"]);
  if (t.offers.length) parts.push(["offers", `<div class="bnt-offers"><b>${esc(w.offers)}:</b> ${t.offers.map(esc).join("; ")}</div>`]);
  const players = [];
  for (const p of t.players) {
    let s = `<section class="bnt-player${p.active ? " bnt-active" : ""}">`;
    s += `<header><b>${esc(p.name)}</b>${p.active ? ` <span class="bnt-badge">${esc(w.active)}</span>` : ""}` +
      `<span class="bnt-coins${mark(p.name + ".coins")}" title="${esc(w.coins)}">${esc(w.coins)}: <b>${p.coins}</b></span></header>`;
    s += `<div class="bnt-row${mark(p.name + ".fields")}"><span class="bnt-lbl">${esc(w.fields)}</span>` +
      p.fields.map((f, i) => fieldHtml(cards, w, f, i + 1)).join("") + "</div>";
    let hand;
    if (p.hand == null) {  // null, or undefined: the browser-only kernel sends None as undefined
      hand = p.hs ? `<span class="bnt-back">${p.hs} ${esc(w.cards)}</span>` : `<span class="bnt-muted">${esc(w.empty)}</span>`;
    } else {
      hand = p.hand.map((c, i) => cardHtml(cards, c, "", i === 0 ? "bnt-first" : "")).join("") ||
        `<span class="bnt-muted">${esc(w.empty)}</span>`;
    }
    s += `<div class="bnt-row${mark(p.name + ".hand")}"><span class="bnt-lbl">${esc(w.hand)}</span>` +
      `<span class="bnt-hand">${hand}</span></div>`;
    if (p.pending.length) {
      s += `<div class="bnt-row${mark(p.name + ".pending")}"><span class="bnt-lbl">${esc(w.pending)}</span>` +
        p.pending.map((c) => cardHtml(cards, c)).join("") + "</div>";
    }
    if (p.x) s += `<div class="bnt-row bnt-extra">${t.xh ? `<span class="bnt-lbl">${esc(t.xh)}</span>` : ""}<span>${p.x}</span></div>`;
    players.push(["p:" + p.name, s + "</section>"]);
  }
  parts.push(["players", `<div class="bnt-players"></div>`, players]);
  if (t.x) parts.push(["x", `<div class="bnt-x">${t.x}</div>`]);
  if (t.wait) parts.push(["wait", `<div class="bnt-muted">${esc(w.waiting)}: ${esc(t.wait)}</div>`]);
  if (t.scores) parts.push(["scores", `<div class="bnt-scores"><b>${esc(t.scores)}</b></div>`]);
  return parts;
}

const TEMPLATE = document.createElement("template");

function element(html) {
  TEMPLATE.innerHTML = html;
  return TEMPLATE.content.firstElementChild;
}

// Make ``host``'s children the parts [key, html, subparts?] in order, replacing only the
// elements whose HTML changed; ``kept`` maps key -> {html, el, sub} from the last call.
// Returns the new map. Subparts are patched inside their part's element the same way.
function patch(host, parts, kept) {
  const next = new Map();
  for (const [key, html, sub] of parts) {
    let rec = kept.get(key);
    if (!rec || rec.html !== html) {
      const el = element(html);
      if (rec) rec.el.replaceWith(el);
      rec = { html, el, sub: new Map() };
    }
    if (sub) rec.sub = patch(rec.el, sub, rec.sub);
    next.set(key, rec);
  }
  for (const [key, rec] of kept) if (!next.has(key)) rec.el.remove();
  let i = 0;
  for (const rec of next.values()) {
    const at = host.children[i];
    if (at !== rec.el) host.insertBefore(rec.el, at || null);
    i++;
  }
  return next;
}

function setAttr(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

function svg(tag, attrs, parent) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function hexPoints(x, y, r) {
  const pts = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (60 * k - 90);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function drawMap(m, host) {
  const r = m.r;
  const reach = new Set(m.reach || []);
  const root = svg("svg", { class: "bnb-map bnt-map", viewBox: `0 0 ${m.w} ${m.h}`, width: m.w, height: m.h,
    role: "group", "aria-label": m.words.map });
  const pos = {};
  for (const hx of m.hexes) pos[hx.p] = [hx.x, hx.y];
  for (const hx of m.hexes) {
    const g = svg("g", { class: `bnt-hex hex-${hx.p}`, "data-k": `hex:${hx.p}`, "data-tip": hx.tip,
      "data-name": `${hx.p} ${hx.n}` }, root);
    if (reach.has(hx.p)) g.classList.add("bnt-reach");
    if (m.battle === hx.p) g.classList.add("bnt-battle");
    svg("polygon", { class: "hex", "data-pos": hx.p, "data-terrain": hx.t, points: hexPoints(hx.x, hx.y, r - 1.5),
      fill: hx.fill }, g);
    const no = svg("text", { x: hx.x, y: hx.y - r * 0.5, class: "bnt-hexno" }, g);
    no.textContent = hx.p;
    const n = hx.l.length;
    hx.l.forEach((line, i) => {
      const t = svg("text", { x: hx.x, y: (hx.y - r * 0.08 + (i - (n - 1) / 2) * hx.fs * 1.05).toFixed(1),
        class: "bnt-hexname", "font-size": hx.fs }, g);
      t.textContent = line;
    });
    // On a steppe the cavalry token sits under the name and the owner's marker below it.
    const my = hx.cav ? hx.y + r * 0.68 : hx.y + r * 0.45, mr = hx.cav ? r * 0.16 : r * 0.22;
    if (hx.o) {
      svg("circle", { cx: hx.x, cy: my, r: mr, fill: hx.oc, stroke: "#000", "stroke-width": 1 }, g);
      const t = svg("text", { x: hx.x, y: my + 3.5, class: "bnt-owner", fill: hx.oink }, g);
      t.textContent = hx.oi;
    } else if (hx.camp) {
      svg("circle", { cx: hx.x, cy: my, r: r * 0.2, fill: "none", stroke: hx.camp, "stroke-width": 3 }, g);
    }
    if (hx.cav) {
      const c = hx.cav;
      const cw = Math.min(r * 1.62, Math.max(r * 0.9, c.lab.length * 5.4 + 10)), cy = hx.y + r * 0.3;
      const tok = svg("g", { class: `cavalry cavalry-${c.s} bnt-cav`, "data-k": `cavalry:${c.id}`, "data-tip": c.tip,
        "data-name": c.tip }, g);
      svg("rect", { x: hx.x - cw / 2, y: cy - 8, width: cw, height: 16, rx: 8, fill: c.c, stroke: "#000",
        "stroke-dasharray": c.s === "spent" ? "3 2" : "" }, tok);
      const t = svg("text", { x: hx.x, y: cy + 3.5, class: "bnt-cavlab", fill: c.ink }, tok);
      t.textContent = c.lab;
      svg("title", {}, tok).textContent = c.tip;
    }
  }
  for (const path of m.crossings || []) {
    const pts = path.map((p) => pos[p].map((v) => v.toFixed(1)).join(",")).join(" ");
    const pl = svg("polyline", { class: "crossing", points: pts }, root);
    svg("title", {}, pl).textContent = `${m.words.crossing}: ${path.join(" → ")}`;
  }
  host.appendChild(root);
  // The same board as a bare graph, at a readable size.
  const s = 0.62;
  const gw = Math.round(m.w * s), gh = Math.round(m.h * s);
  const graph = svg("svg", { class: "bnb-graph bnt-graph", viewBox: `0 0 ${gw} ${gh}`, width: gw, height: gh,
    role: "img", "aria-label": m.words.graph });
  const onPath = new Set();
  for (const path of m.crossings || []) for (let i = 1; i < path.length; i++) {
    onPath.add(path[i - 1] + "|" + path[i]); onPath.add(path[i] + "|" + path[i - 1]);
  }
  for (const [a, b] of m.edges) {
    const on = onPath.has(a + "|" + b);
    svg("line", { x1: pos[a][0] * s, y1: pos[a][1] * s, x2: pos[b][0] * s, y2: pos[b][1] * s,
      class: on ? "bnt-edge bnt-edge-on" : "bnt-edge" }, graph);
  }
  for (const hx of m.hexes) {
    svg("circle", { cx: hx.x * s, cy: hx.y * s, r: r * s * 0.42, fill: hx.fill,
      class: reach.has(hx.p) ? "bnt-node bnt-node-reach" : "bnt-node" }, graph);
    const t = svg("text", { x: hx.x * s, y: hx.y * s + 4, class: "bnt-nodelab" }, graph);
    t.textContent = hx.p;
  }
  const box = document.createElement("div");
  box.className = "bnt-graphbox";
  box.innerHTML = `<div class="bnt-lbl">${esc(m.words.graph)}</div>`;
  box.appendChild(graph);
  host.appendChild(box);
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "bnt beannb-board beannb-table";
  el.appendChild(root);
  const body = document.createElement("div");
  body.className = "bnt-body";
  const side = document.createElement("div");
  side.className = "bnt-side";
  const bar = document.createElement("div");
  bar.className = "bnt-choice";
  bar.setAttribute("role", "group");
  bar.hidden = true;
  const tip = document.createElement("div");
  tip.className = "bnt-tip";
  tip.setAttribute("role", "tooltip");
  tip.hidden = true;
  const main = document.createElement("div");
  main.className = "bnt-main";
  const mapHost = document.createElement("div");
  mapHost.className = "bnt-maphost";
  main.append(body, mapHost, bar);
  root.append(main, side, tip);
  let pending = null; // the key clicked first, while its "then" is being chosen
  let drawnMap = null;

  const words = () => model.get("words") || {};
  const acts = () => (model.get("actions") || {}).acts || [];
  const targets = () => (model.get("actions") || {}).targets || {};

  function send(i) {
    pending = null;
    bar.hidden = true;
    model.send({ t: "act", i, r: (model.get("actions") || {}).rev });
  }

  function nextKeys() {
    if (!pending) return {};
    const out = {};
    for (const i of targets()[pending] || []) {
      const a = acts()[i];
      if (a[1] === pending && a[2]) (out[a[2]] = out[a[2]] || []).push(i);
    }
    return out;
  }

  function showChoice(ids, title) {
    const w = words();
    bar.innerHTML = `<span class="bnt-lbl">${esc(title)}</span>` +
      ids.map((i) => `<button type="button" class="bnt-opt" data-i="${i}">${esc(acts()[i][0])}</button>`).join("") +
      `<button type="button" class="bnt-opt bnt-cancel" data-i="-1">${esc(w.cancel)}</button>`;
    bar.setAttribute("aria-label", title);
    bar.hidden = false;
    const first = bar.querySelector("button");
    if (first) first.focus({ preventScroll: true });
  }

  function activate(k) {
    const nk = nextKeys();
    if (pending && nk[k]) {
      const ids = nk[k];
      if (ids.length === 1) return send(ids[0]);
      return showChoice(ids, words().choose);
    }
    const ids = targets()[k] || [];
    if (!ids.length) {
      const pick = model.get("pick") || {};
      if (k in pick) model.send({ t: "pick", k });
      return;
    }
    if (ids.length === 1) return send(ids[0]);
    const two = ids.filter((i) => acts()[i][1] === k && acts()[i][2]);
    if (two.length > 1 && two.length === ids.length) {
      pending = k;
      decorate();
      const el = root.querySelector(`[data-k="${CSS.escape(k)}"]`);
      const name = el ? el.getAttribute("data-name") || k : k;
      return showChoice(ids, `${name} — ${words().next_then}`);
    }
    pending = null;
    decorate();
    showChoice(ids, words().choose);
  }

  function decorate() {
    const t = targets();
    const nk = nextKeys();
    const pick = model.get("pick") || {};
    const w = words();
    let anyHex = false;
    for (const e of root.querySelectorAll("[data-k]")) {
      const k = e.getAttribute("data-k");
      const ids = (pending && nk[k]) || t[k];
      const picking = !pending && !ids && k in pick;
      const live = !!(ids && ids.length) || picking;
      e.classList.toggle("bnt-live", live);
      e.classList.toggle("bnt-act", !!(ids && ids.length));
      e.classList.toggle("bnt-next", !!(pending && nk[k]));
      e.classList.toggle("bnt-sel", k === pending);
      e.classList.toggle("bnt-picked", !!pick[k]);
      if (k.startsWith("hex:") && ids && ids.length) anyHex = true;
      if (live) {
        const name = e.getAttribute("data-name") || k;
        const what = picking ? `${w.pick}${pick[k] ? ` (${w.picked})` : ""}`
          : ids.length === 1 ? acts()[ids[0]][0] : `${ids.length} ${w.options}`;
        setAttr(e, "role", "button");
        setAttr(e, "tabindex", "0");
        setAttr(e, "aria-label", `${name}: ${what}`);
      } else if (e.hasAttribute("role")) {
        e.removeAttribute("role");
        e.removeAttribute("tabindex");
        e.removeAttribute("aria-label");
      }
    }
    const svgMap = root.querySelector("svg.bnt-map");
    if (svgMap) svgMap.classList.toggle("bnt-choosing", anyHex);
  }

  let kept = new Map();  // the table's parts now shown (see patch)
  let keptSide = new Map();
  function draw() {
    const cards = model.get("cards") || {};
    const w = words();
    const t = model.get("table");
    const msg = model.get("msg") || {};
    // Empty until the kernel sends the first table (a live kernel, as in the browser-only site).
    kept = patch(body, t && t.faceup ? tableParts(t, cards, w) : [], kept);
    const m = model.get("map");
    if (m !== drawnMap) {
      mapHost.textContent = "";
      if (m && m.hexes) drawMap(m, mapHost);
      drawnMap = m;
    }
    const logBefore = keptSide.get("log");
    keptSide = patch(side, [["msg", `<div>${msg.html || ""}</div>`], ["log", `<div>${msg.log || ""}</div>`]]
      .filter(([, html]) => html !== "<div></div>"), keptSide);
    side.hidden = keptSide.size === 0;
    const log = keptSide.get("log");
    if (log && log !== logBefore) {
      const scroller = log.el.querySelector(".beannb-log > div");
      if (scroller) scroller.scrollTop = scroller.scrollHeight; // the newest line in view
    }
    if (pending && !(targets()[pending] || []).length) pending = null;
    if (!pending) bar.hidden = true;
    decorate();
  }

  root.addEventListener("click", (ev) => {
    const opt = ev.target.closest(".bnt-opt");
    if (opt) {
      const i = Number(opt.getAttribute("data-i"));
      if (i < 0) { pending = null; bar.hidden = true; decorate(); } else send(i);
      return;
    }
    const e = ev.target.closest("[data-k].bnt-live");
    if (e) activate(e.getAttribute("data-k"));
  });
  root.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && !bar.hidden) { pending = null; bar.hidden = true; decorate(); return; }
    if (ev.key !== "Enter" && ev.key !== " ") return;
    const e = ev.target.closest && ev.target.closest("[data-k].bnt-live");
    if (e && e === ev.target) { ev.preventDefault(); activate(e.getAttribute("data-k")); }
  });
  function showTip(ev) {
    const e = ev.target.closest && ev.target.closest("[data-tip]");
    if (!e) { tip.hidden = true; return; }
    tip.textContent = e.getAttribute("data-tip");
    const a = e.getBoundingClientRect(), b = root.getBoundingClientRect();
    tip.style.left = `${Math.max(0, a.left - b.left)}px`;
    tip.style.top = `${a.bottom - b.top + 4}px`;
    tip.hidden = false;
  }
  root.addEventListener("mouseover", showTip);
  root.addEventListener("focusin", showTip);
  root.addEventListener("mouseleave", () => { tip.hidden = true; });
  root.addEventListener("focusout", () => { tip.hidden = true; });

  draw();
  // One kernel message may change several traits: draw once for all of them.
  let queued = false;
  const redraw = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; draw(); });
  };
  for (const name of ["table", "actions", "map", "msg", "cards", "words", "pick"]) model.on(`change:${name}`, redraw);
  return () => { for (const name of ["table", "actions", "map", "msg", "cards", "words", "pick"]) model.off(`change:${name}`, redraw); };
}

export default { render };
