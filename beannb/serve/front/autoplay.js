// A scripted person at a class table, for the live benchmark and the browser tests (never
// loaded by the class pages themselves): it plays its seat through the page as a person does,
// clicking one of the seat's action buttons, now and then sending an offer from the trade
// form, and waits for the table to be redrawn before its next click. Every click is written
// to the page's trace (window.beannbTrace) beside the redraws the page writes there itself.
//
// Started with page.evaluate(source, {seed, offers, think}); it stops when the game is over.
(opts) => {
  let seed = (opts && opts.seed) || 1;
  const rnd = () => {                       // a small seeded generator: the same person each run
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const offersLeft = { n: (opts && opts.offers) || 0 };
  const think = (opts && opts.think) || 0;
  const trace = window.beannbTrace;
  let waitingFor = -1;                      // the trace length a click waits to see grow
  let waitingSince = 0;                     // a click the hub ignored (a stale list) is given up after 2 s
  let busy = false;
  const state = { clicks: 0, offers: 0, done: false };
  window.beannbAuto = state;

  function tableDrawnSince(mark) {
    for (let k = mark; k < trace.length; k++) if (trace[k][1] === "table") return true;
    return false;
  }

  function offer() {
    const box = document.querySelector(".bc-trade");
    const give = box && box.querySelectorAll("input[data-give]");
    const get = box && box.querySelectorAll("input[data-get]");
    const send = box && box.querySelector("[data-offer]");
    if (!give || !give.length || !get || !get.length || !send) return false;
    const g = give[Math.floor(rnd() * give.length)];
    g.checked = true;
    g.dispatchEvent(new Event("change", { bubbles: true }));
    const w = get[Math.floor(rnd() * get.length)];
    w.value = "1";
    w.dispatchEvent(new Event("change", { bubbles: true }));
    trace.push([performance.timeOrigin + performance.now(), "click", "offer", -1]);
    document.querySelector(".bc-trade [data-offer]").click();
    return true;
  }

  function step() {
    if (state.done) return;
    if (document.querySelector(".bc-over")) { state.done = true; clearInterval(timer); return; }
    if (busy) return;
    if (waitingFor >= 0 && !tableDrawnSince(waitingFor) && performance.now() - waitingSince < 2000) return;
    waitingFor = -1;
    const buttons = [...document.querySelectorAll(".bc-buttons button[data-act]")];
    if (!buttons.length) return;
    busy = true;
    setTimeout(() => {
      busy = false;
      const now = [...document.querySelectorAll(".bc-buttons button[data-act]")];
      if (!now.length || document.querySelector(".bc-over")) return;
      waitingFor = trace.length;
      waitingSince = performance.now();
      if (offersLeft.n > 0 && document.querySelector(".bc-trade [data-offer]") && rnd() < 0.15 && offer()) {
        offersLeft.n -= 1;
        state.offers += 1;
        return;
      }
      const b = now[Math.floor(rnd() * now.length)];
      const v = (document.querySelector(".bc-table") || {}).dataset ? Number(document.querySelector(".bc-table").dataset.v || -1) : -1;
      trace.push([performance.timeOrigin + performance.now(), "click", "act", v]);
      state.clicks += 1;
      b.click();
    }, think ? Math.floor(rnd() * think) : 0);
  }
  const timer = setInterval(step, 10);
  return true;
}
