// The widget that tells the kernel when the browser first shows it (beannb.widgets.onshow.OnShow).
export default {
  render({ model, el }) {
    const fire = () => {
      if (!model.get("shown")) { model.set("shown", true); model.save_changes(); }
    };
    const margin = model.get("margin");
    if (!margin) { el.style.display = "none"; fire(); return; }
    if (model.get("placeholder")) {  // a section still to come: its height is the layout's min_height
      el.classList.add("beannb-onshow-wait");
      el.setAttribute("aria-busy", "true");
    }
    if (model.get("shown") || typeof IntersectionObserver === "undefined") { fire(); return; }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) { seen.disconnect(); fire(); }
    }, { rootMargin: margin });
    seen.observe(el);
    return () => seen.disconnect();
  }
};
