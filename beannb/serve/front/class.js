// The class page and the teacher's page. The class hub sends *parts* (JSON values built for
// this reader alone) over one websocket; this module draws them and sends back what the reader
// does. No rule and no sentence live here: every word comes in the "words" part, every table is
// drawn by the touchable table's own module (touch.js), every move names one of the actions the
// hub listed for this seat.

import touch from "./touch.js";

const root = document.getElementById("beannb-class");
const cfg = JSON.parse(root.dataset.cfg);
const TEACHER = cfg.role === "teacher";
const LANG_KEY = "beannb.lang";
const P = {};            // the parts as last received
let W = {};              // this reader's words
let ws = null;
let retry = 0;
let lessonOpened = false;
// When each part was drawn (for `beannb bench --class N --live`; bounded).
const trace = (window.beannbTrace = []);
// One entry of the page's trace (what the class bench reads): when, what kind, which, where.
function traceNote(kind, what, where) {
  trace.push([performance.timeOrigin + performance.now(), kind, what, where]);
  if (trace.length > 20000) trace.splice(0, 10000);
}

// -- small helpers ------------------------------------------------------------------------------

function esc(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, (c) => (
    { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function t(key, values) {
  let s = W[key] || "";
  for (const [k, v] of Object.entries(values || {})) s = s.split(`{${k}}`).join(String(v));
  return s;
}

function el(tag, cls, html) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (html != null) e.innerHTML = html;
  return e;
}

function startLang() {
  let q = null, s = null;
  try { q = new URLSearchParams(location.search).get("lang"); } catch (e) { /* no query */ }
  if (q === "en" || q === "hu") return q;
  try { s = localStorage.getItem(LANG_KEY); } catch (e) { /* no storage */ }
  if (s === "en" || s === "hu") return s;
  return cfg.lang || "en";
}
let lang = startLang();

function send(msg) {
  if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
}

// A touchable table fed by hand instead of by a widget model: the same front end as in the
// notebooks, with its clicks handed to ``onSend``.
function touchTable(host, onSend) {
  const data = {};
  const handlers = {};
  const model = {
    get: (k) => data[k],
    on: (ev, fn) => { (handlers[ev] = handlers[ev] || []).push(fn); },
    off: (ev, fn) => { handlers[ev] = (handlers[ev] || []).filter((f) => f !== fn); },
    send: (msg) => onSend(msg),
  };
  touch.render({ model, el: host });
  return {
    set(values) {
      for (const [k, v] of Object.entries(values)) {
        data[k] = v;
        for (const fn of handlers["change:" + k] || []) fn();
      }
    },
  };
}

// Replace ``host``'s content only when the HTML differs (keeps focus and scroll otherwise).
function put(host, html) {
  if (host.__html !== html) {
    host.innerHTML = html;
    host.__html = html;
  }
}

// -- the page's frame ----------------------------------------------------------------------------

root.innerHTML = "";
const head = el("header", "bc-head");
const notice = el("div", "bc-notice");
notice.setAttribute("role", "status");
notice.hidden = true;
const tabsBar = el("nav", "bc-tabs");
const main = el("main", "bc-main");
root.append(head, tabsBar, notice, main);

const STUDENT_TABS = ["lessons", "tables"];
const TEACHER_TABS = ["lessons", "students", "board", "tables"];
const panes = {};
for (const name of TEACHER ? TEACHER_TABS : STUDENT_TABS) {
  panes[name] = el("section", `bc-pane bc-pane-${name}`);
  panes[name].hidden = true;
  main.appendChild(panes[name]);
}
let tab = "lessons";

function showTab(name) {
  tab = name;
  for (const [k, p] of Object.entries(panes)) p.hidden = k !== name;
  drawTabs();
}

// Lessons pane: the list beside the lesson (the student's own or the teacher's step).
const lessonsPane = panes.lessons;
const listBox = el("aside", "bc-list");
const stage = el("div", "bc-stage");
lessonsPane.append(listBox, stage);
const stageHead = el("div", "bc-stage-head");
const stageBody = el("div", "bc-frame");
const frameText = el("div", "bc-frame-text");
const frameTable = el("div", "bc-frame-table");
const frameAfter = el("div", "bc-frame-after");
const tallyBox = el("div", "bc-tally");
stageBody.append(frameText, frameTable, frameAfter);
stage.append(stageHead, stageBody, tallyBox);
const lessonTable = touchTable(frameTable, () => {});

// Tables pane: the list (and the new-table form), or the table this reader sits at or watches.
const tablesPane = panes.tables;
const tablesList = el("div", "bc-tables");
const tableBox = el("div", "bc-table");
const tableHead = el("div", "bc-table-head");
const tableTouchHost = el("div", "bc-table-touch");
const tableButtons = el("div", "bc-buttons");
const tradeBox = el("div", "bc-trade");
const tableFoot = el("div", "bc-table-foot");
tableBox.append(tableHead, tableTouchHost, tableButtons, tradeBox, tableFoot);
tablesPane.append(tableBox, tablesList);
let tradeState = { key: "", give: new Set(), get: {}, partner: "", up: false };
const seatTable = touchTable(tableTouchHost, (msg) => {
  const tv = P.table;
  if (!tv) return;
  if (msg.t === "act") send({ t: "act", id: tv.id, i: msg.i, r: tv.rev });
  else if (msg.t === "pick") togglePick(msg.k);
});

// -- header and tabs ------------------------------------------------------------------------------

function drawHead() {
  const me = P.me || {};
  let who = "";
  if (TEACHER) {
    const online = (P.students || []).filter((r) => r[1]).length;
    // A hub that does not know its public address gives the path: the page's own origin completes it.
    const link = me.link && me.link.startsWith("/") ? location.origin + me.link : me.link;
    who = `<span class="bc-who">${esc(t("teacher"))}</span>` + (link ? ` <span class="bc-classlink">${esc(t("class_link"))}: ` +
      `<a href="${esc(link)}" target="_blank" rel="noopener">${esc(link)}</a> · ${esc(t("students_head"))}: ${online}</span>` : "");
  }
  else if (me.name) {
    who = `<span class="bc-who">${esc(t("hello", { name: me.name }))}</span> ` +
      `<a class="bc-rename" href="${esc(cfg.base)}class/rename?lang=${lang}">${esc(t("not_you", { name: me.name }))}</a>`;
  }
  const langs = [["en", "English"], ["hu", "Magyar"]].map(([code, label]) =>
    `<button type="button" class="bc-lang${code === lang ? " bc-on" : ""}" data-lang="${code}" aria-pressed="${code === lang}">${label}</button>`).join("");
  put(head, `<b class="bc-brand">beannb</b> ${who}<span class="bc-langs" role="group" aria-label="${esc(t("language"))}">${langs}</span>`);
}

function drawTabs() {
  const names = TEACHER ? TEACHER_TABS : STUDENT_TABS;
  const label = { lessons: t("tab_lessons"), tables: t("tab_tables"), students: t("tab_students"), board: t("tab_board") };
  let html = names.map((n) => `<button type="button" class="bc-tab${n === tab ? " bc-on" : ""}" data-tab="${n}"` +
    ` aria-selected="${n === tab}">${esc(label[n])}</button>`).join("");
  if (TEACHER) {
    html += `<a class="bc-tab bc-link" href="${esc(cfg.base)}join?lang=${lang}" target="_blank" rel="noopener">${esc(t("projector"))}</a>`;
  } else {
    html += `<a class="bc-tab bc-link" href="${esc(cfg.app)}?lang=${lang}" target="_blank" rel="noopener">${esc(t("tab_app"))}</a>`;
  }
  put(tabsBar, html);
}

// A notice (a refusal of something the page sent) shows for a few seconds.
let noticeTimer = null;
function drawNotice() {
  const text = P.notice;
  if (!text) return;
  traceNote("notice", text, -1);
  notice.hidden = false;
  notice.textContent = text;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { notice.hidden = true; }, 6000);
}

// -- lessons ------------------------------------------------------------------------------------------

const openGames = new Set();

function drawLessons() {
  const groups = P.lessons || [];
  if (!groups.length) return put(listBox, `<p class="bc-muted">${esc(t("no_lessons"))}</p>`);
  let html = "";
  for (const [game, title, items] of groups) {
    const lessons = items.filter((it) => it[2] === "lesson");
    const cases = items.filter((it) => it[2] !== "lesson");
    const item = ([key, name, , error]) => {
      if (error) {
        return `<li class="bc-broken"><span>${esc(name)}</span> <small>${esc(t("broken"))}</small>` +
          `<pre class="bc-error">${esc(error)}</pre></li>`;
      }
      const verb = TEACHER ? "lead" : "open";
      return `<li><button type="button" class="bc-open" data-${verb}="${esc(key)}">${esc(name)}</button></li>`;
    };
    const open = openGames.has(game) || groups.length === 1 ? " open" : "";
    html += `<details class="bc-game" data-game="${esc(game)}"${open}><summary>${esc(title)}</summary>`;
    if (lessons.length) html += `<ul>${lessons.map(item).join("")}</ul>`;
    if (cases.length) {
      html += `<details class="bc-cases"><summary>${esc(t("cases_head"))} (${cases.length})</summary>` +
        `<ul>${cases.map(item).join("")}</ul></details>`;
    }
    html += "</details>";
  }
  const lead = TEACHER ? `<p class="bc-muted">${esc(t("lead_hint"))}</p>` : "";
  put(listBox, `<h2>${esc(t("lessons_head"))}</h2>${lead}${html}`);
}

// Choices ticked but not sent yet, by question (so a redraw does not lose them).
const ticked = new Map();

function frameKey(v) { return `${v.key}#${v.line}#${v.i}`; }

function drawFrame(v, withControls) {
  const actions = (v.actions || []).map((a) => `<b class="beannb-step-action">${esc(a)}</b>`).join(" ");
  const lines = (v.narration || []).map((x) => `<p>${esc(x)}</p>`).join("");
  let rules = "";
  if (v.rules_after) rules = `<div class="bc-rules"><i>${esc(t("rule_after"))}</i></div>`;
  else if ((v.rules || []).length) {
    rules = `<div class="bc-rules"><b>${esc(t("rule"))}</b>` + v.rules.map(([id, title, text]) =>
      `<div><b class="beannb-rule">${esc(id)}</b> <i>${esc(title)}</i>: ${esc(text)}</div>`).join("") + "</div>";
  }
  put(frameText, `<div class="bc-narration beannb-narration">${actions}${lines || "&nbsp;"}</div>${rules}`);
  lessonTable.set(v.touch || {});
  let after = v.changed ? `<p class="bc-changed"><small>${esc(t("changed"))}: ${esc(v.changed)}</small></p>` : "";
  after += drawExercise(v, withControls);
  put(frameAfter, after);
}

function drawExercise(v) {
  const ex = v.exercise;
  if (!ex) return "";
  const k = frameKey(v);
  const mine = new Set(ticked.has(k) ? ticked.get(k) : (v.mine || []));
  const fb = v.feedback;
  const answer = new Set(fb ? fb.answer : (P.tally && P.tally.answer) || []);
  const locked = !!fb || TEACHER;
  const kind = ex.multiple ? "checkbox" : "radio";
  const counts = TEACHER && P.tally && P.tally.counts ? P.tally.counts : null;
  const who = TEACHER && P.tally && P.tally.who ? P.tally.who : null;
  let html = `<div class="bc-exercise beannb-exercise"><p><b>${esc(t("exercise"))}:</b> ${esc(ex.q)} <i>${esc(ex.hint)}</i></p>`;
  html += `<ul class="bc-choices">`;
  for (const [i, label] of ex.choices) {
    const right = answer.has(i) ? " bc-right" : "";
    const count = counts ? `<span class="bc-count">${counts[i]}</span>` : "";
    const names = who && who[i].length ? `<small class="bc-names">${who[i].map(esc).join(", ")}</small>` : "";
    const bar = counts ? `<span class="bc-bar" style="width:${Math.round(100 * counts[i] / Math.max(1, P.tally.answered))}%"></span>` : "";
    html += `<li class="bc-choice${right}">${TEACHER ? "" : `<input type="${kind}" name="bc-ex" id="bc-ex-${i}" data-choice="${i}"` +
      `${mine.has(i) ? " checked" : ""}${locked ? " disabled" : ""}>`}<label for="bc-ex-${i}">${count}${esc(label)}</label>${bar}${names}</li>`;
  }
  html += "</ul>";
  if (!TEACHER) {
    if (!fb) {
      const follow = v.mode === "follow";
      html += `<button type="button" class="bc-send beannb-check" data-answer="1">${esc(follow ? t("send_answer") : t("check"))}</button>`;
      if (follow && v.mine) html += `<p class="bc-sent">${esc(t("answer_sent"))} ${esc(t("change_answer"))}</p>`;
    } else {
      const cls = fb.ok === true ? "right" : fb.ok === false ? "wrong" : "shown";
      html += `<div class="bc-feedback beannb-feedback beannb-feedback-${cls}">${esc(fb.text)}</div>`;
    }
  }
  return html + "</div>";
}

function stepButtons(v, back, next) {
  return `<span class="bc-steps"><button type="button" class="bc-back" data-step="${v.i - 1}"${v.i <= 0 ? " disabled" : ""}>${esc(t("back"))}</button>` +
    `<button type="button" class="bc-next" data-step="${v.i + 1}"${v.i >= v.last ? " disabled" : ""}>${esc(t("next"))}</button>` +
    `<span class="bc-counter">${esc(t("step_of", { i: v.i, n: v.last }))}</span></span>`;
}

function drawStage() {
  const v = TEACHER ? P.lead : P.view;
  stage.dataset.mode = TEACHER ? (v ? "lead" : "none") : (v ? v.mode : "none");
  if (!v || !v.touch) {
    stageBody.hidden = true;
    tallyBox.hidden = true;
    let html;
    if (TEACHER) html = `<p class="bc-muted">${esc(t("lead_hint"))}</p>`;
    else if (v && v.mode === "wait") html = `<p class="bc-wait">${esc(t("waiting_teacher"))}</p>`;
    else {
      html = `<p class="bc-muted">${esc(t("waiting_teacher"))}</p>`;
      if (P.me && P.me.leading) html = `<button type="button" data-follow="1">${esc(t("follow"))}</button>`;
    }
    return put(stageHead, html);
  }
  stageBody.hidden = false;
  let headHtml = `<h2 class="bc-title">${esc(v.title)}</h2>`;
  if (TEACHER) {
    if ((v.lines || []).length > 1) {
      headHtml += `<label class="bc-variant">${esc(t("variant"))} <select data-leadline="1">` + v.lines.map((name, k) =>
        `<option value="${k}"${k === v.line ? " selected" : ""}>${esc(name)}</option>`).join("") + "</select></label>";
    }
    headHtml += stepButtons(v) + ` <button type="button" class="bc-stop" data-stop="1">${esc(t("stop_leading"))}</button>`;
    headHtml += ` <a class="bc-linkto" href="${esc(cfg.base)}join?lesson=${encodeURIComponent(v.key)}&lang=${lang}" target="_blank" rel="noopener">${esc(t("lesson_link"))}</a>`;
  } else if (v.mode === "follow") {
    headHtml = `<p class="bc-leading">${esc(t("following"))} · ${esc(t("step_of", { i: v.i, n: v.last }))}</p>` + headHtml +
      `<button type="button" data-follow="0">${esc(t("stop_following"))}</button>`;
  } else {
    if ((v.lines || []).length > 1) {
      headHtml += `<label class="bc-variant">${esc(t("variant"))} <select data-line="1">` + v.lines.map((name, k) =>
        `<option value="${k}"${k === v.line ? " selected" : ""}>${esc(name)}</option>`).join("") + "</select></label>";
    }
    headHtml += stepButtons(v) + ` <button type="button" data-close="1">${esc(t("close"))}</button>`;
    if (P.me && P.me.leading) headHtml += ` <button type="button" data-follow="1">${esc(t("follow"))}</button>`;
    if (v.i === v.last) headHtml += `<p class="bc-done">${esc(t("lesson_done"))}</p>`;
  }
  put(stageHead, headHtml);
  drawFrame(v);
  drawTally();
  traceNote("step", v.key, v.i);
}

function drawTally() {
  const ty = P.tally;
  if (!TEACHER || !ty || !P.lead) { tallyBox.hidden = true; return; }
  tallyBox.hidden = false;
  let html = `<p>${esc(t("followers", { n: ty.followers }))}</p>`;
  if (ty.question) {
    html = `<p><b>${esc(t("answers_in", { k: ty.answered, n: ty.followers }))}</b></p>`;
    html += `<label><input type="checkbox" data-names="1"${ty.names ? " checked" : ""}> ${esc(t("show_names"))}</label> `;
    html += `<label><input type="checkbox" data-key="1"${ty.key ? " checked" : ""}> ${esc(t("show_key"))}</label> `;
    if (!ty.revealed) html += `<button type="button" class="bc-reveal" data-reveal="1">${esc(t("reveal"))}</button>`;
    else html += `<p class="bc-revealed">${esc(t("revealed"))} ✓</p>`;
  }
  put(tallyBox, html);
  if (P.lead) put(frameAfter, (P.lead.changed ? `<p class="bc-changed"><small>${esc(t("changed"))}: ${esc(P.lead.changed)}</small></p>` : "") + drawExercise(P.lead));
}

// -- tables ---------------------------------------------------------------------------------------------

const SEAT_WORD = { free: "free", bot: "bot", you: "you", away: "seat_away" };

function seatsHtml(seats, tableId, joinable) {
  return seats.map(([i, label, who]) => {
    if (who === "free") {
      return joinable ? `<button type="button" class="bc-sit" data-sit="${tableId}" data-seat="${i}">${esc(t("join_table"))}</button>`
        : `<span class="bc-seat bc-free">${esc(t("free"))}</span>`;
    }
    const note = who === "took_over" ? t("bot_took_over", { name: label }) : (SEAT_WORD[who] ? t(SEAT_WORD[who]) : "");
    return `<span class="bc-seat bc-${who}">${esc(label)}${note && who !== "person" ? ` <small>(${esc(note)})</small>` : ""}</span>`;
  }).join(" ");
}

function drawTables() {
  const list = P.tables || [];
  const games = P.games || [];
  const me = P.me || {};
  const seated = !TEACHER && me.table != null;
  let html = `<h2>${esc(t("tables_head"))}</h2>`;
  if (!list.length) html += `<p class="bc-muted">${esc(t("no_tables"))}</p>`;
  html += `<ul class="bc-table-list">`;
  for (const tb of list) {
    const status = t("status_" + tb.status);
    html += `<li data-table="${tb.id}"><b>${esc(t("table_title", { id: tb.id }))}</b> · ${esc(tb.title)} · <i>${esc(status)}</i><br>` +
      seatsHtml(tb.seats, tb.id, !seated && tb.status === "open");
    if (TEACHER) {
      html += ` <button type="button" data-watch="${tb.id}">${esc(t("watch"))}</button>` +
        ` <button type="button" class="bc-danger" data-closetable="${tb.id}">${esc(t("close_table"))}</button>`;
    }
    html += "</li>";
  }
  html += "</ul>";
  if (!seated && games.length) {
    const f = newTable;
    const g = games.find((x) => x[0] === f.game) || games[0];
    const editions = g[2];
    const ed = editions.find((x) => x[0] === f.profile) || editions[0];
    const counts = ed[2];
    const seats = counts.includes(f.seats) ? f.seats : counts[Math.min(2, counts.length - 1)];
    html += `<form class="bc-new" data-newtable="1"><h3>${esc(t("new_table"))}</h3>` +
      `<label>${esc(t("game"))} <select name="game">${games.map(([code, title]) => `<option value="${code}"${code === g[0] ? " selected" : ""}>${esc(title)}</option>`).join("")}</select></label> ` +
      (editions.length > 1 || editions[0][0] ? `<label>${esc(t("edition"))} <select name="profile">${editions.map(([code, label]) => `<option value="${code}"${code === ed[0] ? " selected" : ""}>${esc(label)}</option>`).join("")}</select></label> ` : "") +
      `<label>${esc(t("seats"))} <select name="seats">${counts.map((n) => `<option${n === seats ? " selected" : ""}>${n}</option>`).join("")}</select></label> ` +
      `<label>${esc(t("bots_fill"))} <select name="bots">${(P.bots || []).map(([code, label]) => `<option value="${code}"${code === f.bots ? " selected" : ""}>${esc(label)}</option>`).join("")}</select></label> ` +
      `<button type="submit">${esc(t("create"))}</button></form>`;
  }
  put(tablesList, html);
  tablesList.hidden = seated;
}

const newTable = { game: "bohnanza", profile: "", seats: 4, bots: "random" };

function drawTable() {
  const tv = P.table;
  tableBox.hidden = !tv;
  if (!tv) return;
  tableBox.dataset.v = tv.v == null ? "" : String(tv.v);
  const mine = tv.list && tv.list.mine;
  let head = `<h2>${esc(t("table_title", { id: tv.id }))} · ${esc(tv.title)}</h2>`;
  if (tv.list) head += `<p class="bc-seats">${seatsHtml(tv.list.seats, tv.id, false)}</p>`;
  if (TEACHER && tv.status !== "open" && tv.list) {
    const seatNames = (tv.names || []);
    head += `<label>${esc(t("watch_as"))} <select data-watchseat="${tv.id}"><option value="">${esc(t("whole_table"))}</option>` +
      seatNames.map((n) => `<option${n === tv.seat ? " selected" : ""}>${esc(n)}</option>`).join("") + "</select></label>";
  }
  if (tv.status === "open") {
    head += `<p>${esc(t("status_open"))}</p>`;
    if (!TEACHER && mine) head += `<button type="button" class="bc-start" data-start="${tv.id}">${esc(t("start"))}</button> `;
    if (TEACHER) head += `<button type="button" class="bc-start" data-start="${tv.id}">${esc(t("start"))}</button> `;
  } else if (tv.status === "playing") {
    const waiting = (tv.to_move || []);
    head += `<p class="bc-turn">${tv.seat && waiting.includes(tv.seat) && tv.buttons && tv.buttons.length ? `<b>${esc(t("your_turn"))}</b>`
      : esc(t("waiting_for", { names: waiting.join(", ") }))}</p>`;
    if (tv.took_over) head += `<p class="bc-away">${esc(t("bot_took_over", { name: tv.seat }))}</p>`;
  } else {
    head += `<p class="bc-over"><b>${esc(t("game_over"))}</b> · ${esc(t("scores"))}: ` +
      Object.entries(tv.scores || {}).map(([n, s]) => `${esc(n)} ${s}`).join(", ") +
      ` · ${esc(t("winners"))}: ${esc((tv.winners || []).join(", "))}</p>`;
  }
  put(tableHead, head);
  tableTouchHost.hidden = !tv.touch;
  if (tv.touch) seatTable.set(tv.touch);
  // The seat's actions as buttons, grouped as in the notebooks (the same list the table's clicks use).
  let buttons = "";
  if (tv.status === "playing" && !TEACHER && tv.touch) {
    if (!(tv.buttons || []).length) buttons = `<p class="bc-muted">${esc(t("no_actions"))}</p>`;
    else {
      buttons = `<b>${esc(t("actions"))}</b>` + tv.buttons.map(([heading, acts]) => `<div class="bc-group"><span class="bc-heading">${esc(heading)}</span>` +
        acts.map(([i, label, verb, tip]) => `<button type="button" class="beannb-action beannb-action-${esc(verb)}" data-act="${i}"` +
          ` title="${esc(tip)}">${esc(label)}</button>`).join("") +
        "</div>").join("");
    }
  }
  put(tableButtons, buttons);
  drawTrade();
  let foot = "";
  if (!TEACHER && (mine || tv.seat)) {
    if (tv.status === "over") {
      foot += tv.review ? `<div class="bc-review"><pre>${esc(tv.review)}</pre></div>`
        : `<button type="button" data-review="${tv.id}">${esc(t("review"))}</button> `;
    }
    foot += `<button type="button" class="bc-leave" data-leave="1">${esc(t("leave"))}</button>`;
  }
  if (TEACHER && tv.status === "over") {
    foot += `<a class="bc-download" href="${esc(cfg.base)}teacher/table/${tv.id}/lesson.yaml">${esc(t("download_lesson"))}</a> `;
    if (tv.saved) foot += `<span class="bc-saved">${esc(t("lesson_saved", { key: tv.saved }))}</span> `;
    else if (tv.can_save) foot += `<button type="button" data-save="${tv.id}">${esc(t("save_lesson"))}</button> `;
    if (tv.seat) {
      foot += tv.review ? `<div class="bc-review"><pre>${esc(tv.review)}</pre></div>`
        : `<button type="button" data-review="${tv.id}" data-seat="${esc(tv.seat)}">${esc(t("review"))}</button>`;
    }
  }
  put(tableFoot, foot);
  traceNote("table", tv.id, tv.v);
}

function drawTrade() {
  const tv = P.table;
  const tr = tv && !TEACHER ? tv.trade : null;
  if (!tr) {
    put(tradeBox, "");
    if (tv && tv.touch) seatTable.set({ pick: {} });
    return;
  }
  const key = JSON.stringify([tv.rev, tr.give.map((g) => g[2])]);
  if (tradeState.key !== key) {
    const partner = tr.partners.includes(tradeState.partner) ? tradeState.partner : tr.partners[0];
    tradeState = { key, give: new Set(), get: {}, partner, up: false };
  }
  const s = tradeState;
  let html = `<h3>${esc(t("trade"))}</h3><label>${esc(t("to"))} <select data-partner="1">` +
    tr.partners.map((n) => `<option${n === s.partner ? " selected" : ""}>${esc(n)}</option>`).join("") + "</select></label>";
  html += `<fieldset class="bc-give"><legend>${esc(t("you_give"))}</legend>` + tr.give.map(([k, label]) =>
    `<label><input type="checkbox" data-give="${k}"${s.give.has(k) ? " checked" : ""}> ${esc(label)}</label>`).join("") +
    `<p class="bc-muted"><small>${esc(t("offer_pick"))}</small></p></fieldset>`;
  html += `<fieldset class="bc-get"><legend>${esc(t("you_ask"))}</legend>` + tr.beans.map(([b, name]) =>
    `<label>${esc(name)} <input type="number" min="0" max="9" value="${s.get[b] || 0}" data-get="${esc(b)}"></label>`).join("") +
    (tr.up ? "" : `<label><input type="checkbox" data-up="1"${s.up ? " checked" : ""}> ${esc(t("from_up"))}</label>`) +
    `<p class="bc-muted"><small>${esc(t("gift_note"))}</small></p></fieldset>`;
  html += `<button type="button" class="bc-send-offer" data-offer="1">${esc(t("send_offer"))}</button>`;
  put(tradeBox, html);
  const pick = {};
  for (const [k, , tableKey] of tr.give) pick[tableKey] = s.give.has(k);
  seatTable.set({ pick });
}

function togglePick(tableKey) {
  const tr = P.table && P.table.trade;
  if (!tr) return;
  const item = tr.give.find((g) => g[2] === tableKey);
  if (!item) return;
  if (tradeState.give.has(item[0])) tradeState.give.delete(item[0]);
  else tradeState.give.add(item[0]);
  tradeBox.__html = null;
  drawTrade();
}

// -- teacher's lists --------------------------------------------------------------------------------------

function drawStudents() {
  if (!panes.students) return;
  const rows = P.students || [];
  if (!rows.length) return put(panes.students, `<h2>${esc(t("students_head"))}</h2><p class="bc-muted">${esc(t("no_students"))}</p>`);
  put(panes.students, `<h2>${esc(t("students_head"))}</h2><table class="bc-grid"><tbody>` + rows.map(([name, online, follow, table]) =>
    `<tr><td>${esc(name)}</td><td>${esc(online ? t("online") : t("away"))}</td><td>${follow ? esc(t("following")) : ""}</td>` +
    `<td>${table != null ? esc(t("at_table", { id: table })) : ""}</td></tr>`).join("") + "</tbody></table>");
}

function drawBoard() {
  if (!panes.board) return;
  const b = P.board || { games: [], rows: [] };
  let html = `<h2>${esc(t("board_head"))}</h2><p><a class="bc-csv" href="${esc(cfg.base)}teacher/board.csv">${esc(t("board_csv"))}</a></p>`;
  html += `<table class="bc-grid bc-board"><thead><tr><th>${esc(t("student"))}</th>` +
    b.games.map((g) => `<th>${esc(g)}<br><small>${esc(t("answered"))} · ${esc(t("right"))} · ${esc(t("lessons_done"))}</small></th>`).join("") +
    `</tr></thead><tbody>` + b.rows.map(([name, online, cells]) => `<tr><td>${esc(name)}${online ? "" : ` <small>(${esc(t("away"))})</small>`}</td>` +
      cells.map((c) => `<td>${c ? `${c[0]} · ${c[1]} · ${c[2]}` : "–"}</td>`).join("") + "</tr>").join("") + "</tbody></table>";
  put(panes.board, html);
}

// -- drawing what arrived -----------------------------------------------------------------------------------

function receive(parts) {
  Object.assign(P, parts);
  const names = Object.keys(parts);
  if (parts.words) { W = parts.words; document.title = `beannb · ${TEACHER ? t("teacher") : t("class")}`; }
  const all = !!parts.words;
  if (all || parts.me) { drawHead(); drawTabs(); }
  if (all || parts.notice !== undefined) drawNotice();
  if (all || parts.lessons) drawLessons();
  if (all || names.some((n) => ["view", "lead", "me"].includes(n))) drawStage();
  else if (parts.tally) drawTally();
  if (all || names.some((n) => ["tables", "games", "me", "bots"].includes(n))) drawTables();
  if (all || parts.table !== undefined) drawTable();
  if (all || parts.students) { drawStudents(); if (TEACHER) drawHead(); }
  if (all || parts.board) drawBoard();
  if (!TEACHER && parts.me && parts.me.table != null && !seenTable) { seenTable = true; showTab("tables"); }
  if (!TEACHER && parts.me && parts.me.table == null) seenTable = false;
  document.body.dataset.ready = "1";
}
let seenTable = false;

// -- what the reader does ---------------------------------------------------------------------------------------

root.addEventListener("click", (ev) => {
  const b = ev.target.closest("button, [data-tab]");
  if (!b || b.disabled) return;
  const d = b.dataset;
  if (d.tab) return showTab(d.tab);
  if (d.lang) return setLang(d.lang);
  if (d.open) return send({ t: "open", key: d.open });
  if (d.lead) return send({ t: "lead", key: d.lead });
  if (d.step !== undefined) {
    if (TEACHER) traceNote("goto", P.lead && P.lead.key, Number(d.step));
    return send({ t: TEACHER ? "goto" : "go", i: Number(d.step) });
  }
  if (d.stop) return send({ t: "stop" });
  if (d.close) return send({ t: "close" });
  if (d.follow !== undefined) return send({ t: "follow", on: d.follow === "1" });
  if (d.reveal) return send({ t: "reveal" });
  if (d.answer) {
    const picked = [...stageBody.querySelectorAll("input[data-choice]:checked")].map((e) => Number(e.dataset.choice));
    return send({ t: "answer", picked });
  }
  if (d.sit) return send({ t: "table.join", id: Number(d.sit), seat: Number(d.seat) });
  if (d.start) return send({ t: "table.start", id: Number(d.start) });
  if (d.leave) return send({ t: "table.leave" });
  if (d.act !== undefined && P.table) return send({ t: "act", id: P.table.id, i: Number(d.act), r: P.table.rev });
  if (d.watch) return send({ t: "watch", id: Number(d.watch), seat: null });
  if (d.closetable) return send({ t: "table.close", id: Number(d.closetable) });
  if (d.save) return send({ t: "save", id: Number(d.save) });
  if (d.review) return send({ t: "review", id: Number(d.review), seat: d.seat || null });
  if (d.offer && P.table && P.table.trade) {
    const get = {};
    for (const [b2, n] of Object.entries(tradeState.get)) if (n > 0) get[b2] = n;
    return send({ t: "offer", id: P.table.id, partner: tradeState.partner, give: [...tradeState.give].sort((a, c) => a - c),
      get, up: tradeState.up });
  }
});

root.addEventListener("change", (ev) => {
  const e = ev.target;
  const d = e.dataset;
  if (d.choice !== undefined) {
    const v = P.view;
    if (v) ticked.set(frameKey(v), [...stageBody.querySelectorAll("input[data-choice]:checked")].map((x) => Number(x.dataset.choice)));
  } else if (d.line) send({ t: "open", key: P.view.key, line: Number(e.value) });
  else if (d.leadline) send({ t: "lead", key: P.lead.key, line: Number(e.value) });
  else if (d.names) send({ t: "names", on: e.checked });
  else if (d.key) send({ t: "key", on: e.checked });
  else if (d.watchseat) send({ t: "watch", id: Number(d.watchseat), seat: e.value || null });
  else if (d.partner) tradeState.partner = e.value;
  else if (d.give !== undefined) { if (e.checked) tradeState.give.add(Number(d.give)); else tradeState.give.delete(Number(d.give)); drawTrade(); }
  else if (d.get) tradeState.get[d.get] = Math.max(0, Math.min(9, Number(e.value) || 0));
  else if (d.up) tradeState.up = e.checked;
  else if (e.form && e.form.dataset.newtable) {
    const f = e.form;
    newTable.game = f.game.value;
    newTable.profile = f.profile ? f.profile.value : "";
    newTable.seats = Number(f.seats.value);
    newTable.bots = f.bots.value;
    if (e.name === "game") newTable.profile = "";
    tablesList.__html = null;
    drawTables();
  }
});

root.addEventListener("toggle", (ev) => {
  const d = ev.target.closest && ev.target.closest("details.bc-game");
  if (d && ev.target === d) { if (d.open) openGames.add(d.dataset.game); else openGames.delete(d.dataset.game); }
}, true);

root.addEventListener("submit", (ev) => {
  const f = ev.target;
  if (!f.dataset.newtable) return;
  ev.preventDefault();
  const msg = { t: "table.new", game: f.game.value, seats: Number(f.seats.value), bots: f.bots.value };
  if (f.profile && f.profile.value) msg.profile = f.profile.value;
  send(msg);
});

function setLang(code) {
  lang = code;
  try { localStorage.setItem(LANG_KEY, code); } catch (e) { /* no storage */ }
  try {
    const u = new URL(location.href);
    u.searchParams.set("lang", code);
    history.replaceState(history.state, "", u.toString());
  } catch (e) { /* keep the address */ }
  document.documentElement.lang = code;
  send({ t: "lang", lang: code });
}

// -- the line to the hub ----------------------------------------------------------------------------------------------

function connect() {
  const u = new URL(cfg.ws, location.href);
  u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  u.searchParams.set("lang", lang);
  ws = new WebSocket(u.toString());
  ws.onopen = () => {
    retry = 0;
    if (notice.textContent === W.reconnecting) notice.hidden = true;
    send({ t: "hello", lang });
    if (cfg.lesson && !lessonOpened && !TEACHER) {
      lessonOpened = true;
      send({ t: "open", key: cfg.lesson, keep: true });
    }
  };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch (err) { return; }
    if (m.t === "parts") receive(m.parts);
  };
  ws.onclose = () => {
    notice.hidden = false;
    notice.textContent = W.reconnecting || "…";
    setTimeout(connect, Math.min(8000, 400 * 2 ** retry++));
  };
}

document.documentElement.lang = lang;
showTab("lessons");
connect();
