// One game's exercise score kept in localStorage (beannb.widgets.progress.ProgressStore).
// PREFIX (of the storage key) and VERSION (of what is stored) are defined by progress.py
// ahead of this text.
const KEY = (model) => PREFIX + model.get("game");
function readStored(model) {
  try {
    const raw = window.localStorage.getItem(KEY(model));
    const data = raw ? JSON.parse(raw) : null;
    return data && data.version === VERSION ? data : null;
  } catch (e) { return null; }
}
function writeStored(model) {
  try {
    window.localStorage.setItem(KEY(model), JSON.stringify(
      {version: VERSION, answers: model.get("answers"), quiz: model.get("quiz")}));
  } catch (e) { /* storage off (private mode, sandbox): the score lives as long as the page */ }
}
function merge(model) {
  const stored = readStored(model);
  if (stored) {
    const answers = Object.assign({}, stored.answers || {});
    for (const [k, v] of Object.entries(model.get("answers") || {})) answers[k] = Boolean(answers[k]) || Boolean(v);
    const a = stored.quiz || {}, b = model.get("quiz") || {};
    const quiz = Object.assign({}, a, b);
    if (a.best !== undefined || b.best !== undefined) quiz.best = Math.max(a.best || 0, b.best || 0);
    model.set("answers", answers);
    model.set("quiz", quiz);
  }
  model.set("loaded", true);
  model.save_changes();
  writeStored(model);
}
function draw(model, el) {
  const answers = model.get("answers") || {};
  const ids = model.get("ids") || [];
  const right = ids.filter((k) => answers[k]).length;
  const wrong = ids.filter((k) => k in answers && !answers[k]).length;
  const quiz = model.get("quiz") || {};
  const words = model.get("words") || {};
  let line = `${words.progress}: ${right} / ${ids.length} ${words.exercises}`;
  if (wrong) line += ` · ${wrong} ${words.wrong}`;
  if (ids.length - right - wrong) line += ` · ${ids.length - right - wrong} ${words.open}`;
  if (quiz.of) line += ` · ${words.check}: ${quiz.best || 0} / ${quiz.of}`;
  el.textContent = line;
  el.dataset.right = String(right);
  el.dataset.total = String(ids.length);
}
export default {
  initialize({ model }) {
    merge(model);
    model.on("change:answers", () => writeStored(model));
    model.on("change:quiz", () => writeStored(model));
  },
  render({ model, el }) {
    el.classList.add("beannb-progress");
    const redraw = () => draw(model, el);
    redraw();
    model.on("change:answers", redraw);
    model.on("change:quiz", redraw);
    model.on("change:words", redraw);
    model.on("change:ids", redraw);
    return () => {
      model.off("change:answers", redraw); model.off("change:quiz", redraw);
      model.off("change:words", redraw); model.off("change:ids", redraw);
    };
  },
};
