// The page-wide language switch (beannb.widgets.page.PageSwitch).
// KEY (the localStorage key) and LANGS (the languages) are defined by page.py
// ahead of this text, so the Python side stays their one source.
const LABELS = {en: "English", hu: "Magyar"};

function fromPage() {
  let q = null, s = null;
  try { q = new URLSearchParams(window.location.search).get("lang"); } catch (e) {}
  if (LANGS.includes(q)) return q;
  try { s = window.localStorage.getItem(KEY); } catch (e) {}
  if (LANGS.includes(s)) return s;
  return "en";
}

// The browser-only site (Voici) has each notebook prebuilt as a page: x.ipynb is x.html,
// next to this page in voici/render/.
const SITE_PAGE = /\/voici\/render\/[^/]+\.html$/;
const ON_SITE = SITE_PAGE.test(window.location.pathname);

function isOurs(a) {
  const href = a.getAttribute("href");
  if (!href || href.startsWith("#") || href.startsWith("javascript:")) return false;
  let u;
  try { u = new URL(href, window.location.href); } catch (e) { return false; }
  if (u.origin !== window.location.origin) return false;
  return /\.ipynb$/.test(u.pathname) || u.pathname.includes("/voila/render/") ||
    (ON_SITE && SITE_PAGE.test(u.pathname));
}

function carry(a, lang) {
  const u = new URL(a.getAttribute("href"), window.location.href);
  let changed = false;
  if (ON_SITE && /\/voici\/render\/[^/]+\.ipynb$/.test(u.pathname)) {
    u.pathname = u.pathname.replace(/\.ipynb$/, ".html");
    changed = true;
  }
  if (u.searchParams.get("lang") !== lang) {
    u.searchParams.set("lang", lang);
    changed = true;
  }
  if (changed) a.setAttribute("href", u.pathname + u.search + u.hash);
}

function carryAll(lang) {
  document.querySelectorAll("a[href]").forEach((a) => { if (isOurs(a)) carry(a, lang); });
}

function remember(lang) {
  try { window.localStorage.setItem(KEY, lang); } catch (e) {}
  try {
    const u = new URL(window.location.href);
    if (u.searchParams.get("lang") !== lang) {
      u.searchParams.set("lang", lang);
      window.history.replaceState(window.history.state, "", u.toString());
    }
  } catch (e) {}
}

let watching = false;

function watchLinks(model) {
  if (watching) return;
  watching = true;
  let queued = false;
  const again = () => {
    if (queued) return;
    queued = true;
    setTimeout(() => { queued = false; carryAll(model.get("lang")); }, 50);
  };
  new MutationObserver(again).observe(document.body, {childList: true, subtree: true});
  // Links drawn between two passes still leave with the language.
  document.addEventListener("click", (e) => {
    const a = e.target && e.target.closest ? e.target.closest("a[href]") : null;
    if (a && isOurs(a)) carry(a, model.get("lang"));
  }, true);
}

// Rule marks lead to their rule. The game page's rules section (render/overview.py) gives
// each rule the anchor "rule-<ID>" inside a closed <details>: a link to it opens the groups
// around it and shows it. Marks other widgets draw (a refusal's rule, a walkthrough step's
// rule: class beannb-rule, the id as text) become links too, but only when that rule's
// anchor is on this page, so no mark ever leads nowhere.
const RULE_ID = /^[A-Z]-\d+$/;

function ruleOnPage(id) {
  return id && RULE_ID.test(id) ? document.getElementById("rule-" + id) : null;
}

function showRule(target) {
  for (let d = target.closest("details"); d; d = d.parentElement ? d.parentElement.closest("details") : null) {
    d.open = true;
  }
  target.scrollIntoView({block: "center"});
  target.classList.add("bnb-rule-shown");
  setTimeout(() => target.classList.remove("bnb-rule-shown"), 2500);
}

function linkRuleMarks() {
  document.querySelectorAll(".beannb-rule:not([data-rule-link])").forEach((mark) => {
    const id = (mark.textContent || "").trim();
    if (!ruleOnPage(id)) return;
    mark.setAttribute("data-rule-link", id);
    mark.setAttribute("role", "link");
    mark.setAttribute("tabindex", "0");
    mark.classList.add("beannb-rule-linked");
  });
}

function ruleOf(e) {
  const mark = e.target && e.target.closest ? e.target.closest('a[href^="#rule-"], [data-rule-link]') : null;
  if (!mark) return null;
  const id = mark.getAttribute("data-rule-link") || mark.getAttribute("href").slice("#rule-".length);
  return ruleOnPage(id);
}

let watchingRules = false;

function watchRules() {
  if (watchingRules) return;
  watchingRules = true;
  let queued = false;
  new MutationObserver(() => {
    if (queued) return;
    queued = true;
    setTimeout(() => { queued = false; linkRuleMarks(); }, 50);
  }).observe(document.body, {childList: true, subtree: true});
  linkRuleMarks();
  document.addEventListener("click", (e) => {
    const target = ruleOf(e);
    if (!target) return;
    e.preventDefault();
    showRule(target);
  }, true);
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !e.target || !e.target.hasAttribute || !e.target.hasAttribute("data-rule-link")) return;
    const target = ruleOf(e);
    if (!target) return;
    e.preventDefault();
    showRule(target);
  }, true);
}

function render({ model, el }) {
  const want = fromPage();
  if (model.get("lang") !== want) {
    model.set("lang", want);
    model.save_changes();
  }
  remember(want);
  // Hide the widgets' own switches on this page only (in JupyterLab: this notebook only).
  (el.closest(".jp-Notebook") || document.body).classList.add("beannb-has-page-switch");
  el.classList.add("beannb-page-switch");
  const box = document.createElement("div");
  box.className = "beannb-page-switch-box";
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", "Language / Nyelv");
  const buttons = {};
  for (const lang of LANGS) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = LABELS[lang];
    b.lang = lang;
    b.className = "beannb-page-lang beannb-page-lang-" + lang;
    b.addEventListener("click", () => {
      model.set("lang", lang);
      model.save_changes();
    });
    buttons[lang] = b;
    box.appendChild(b);
  }
  el.appendChild(box);
  const show = () => {
    const lang = model.get("lang");
    for (const [l, b] of Object.entries(buttons)) {
      b.setAttribute("aria-pressed", String(l === lang));
      b.classList.toggle("beannb-page-lang-on", l === lang);
    }
    document.documentElement.setAttribute("lang", lang);
    const titles = model.get("titles") || {};
    if (titles[lang]) document.title = titles[lang];  // the tab: the game's name in the page's language
    remember(lang);
    carryAll(lang);
  };
  model.on("change:lang", show);
  model.on("change:titles", show);
  show();
  watchLinks(model);
  watchRules();
  return () => { model.off("change:lang", show); model.off("change:titles", show); };
}

export default { render };
