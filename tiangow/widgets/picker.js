// A holding the learner selects tiles from. The kernel validates every selection.
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

// A tile's name wraps under it, but never inside its pips: "八 Eight (2-6)", not "(2-" / "6)".
function label(text) {
  return escapeHtml(text).replace(/\(([^()]*)\)/g, '<span class="tg-nowrap">($1)</span>');
}

function render({ model, el }) {
  keepListening(model, el);
  el.classList.add("tg-picker");
  const toggle = (i) => {
    if (model.get("disabled")) return;
    const max = model.get("max_select");
    let sel = model.get("selected").slice();
    if (sel.includes(i)) sel = sel.filter((x) => x !== i);
    else if (max === 1) sel = [i];
    else if (sel.length < max) sel.push(i);
    else return;
    // Drawn at once here; the kernel is told by a message of the widget's own, not by a sync of
    // the state: ipywidgets holds a sync back while the kernel is busy with the last one, so a
    // Play or Check pressed just after a second pick (a button's click is a message) would reach
    // the kernel before that pick did.
    model.set("selected", sel);
    model.send({ type: "select", selected: sel });
  };
  const draw = () => {
    const svgs = model.get("svgs");
    const labels = model.get("labels");
    const marks = model.get("marks");
    const order = model.get("selected");
    const sel = new Set(order);
    const ordered = model.get("ordered");
    const disabled = model.get("disabled");
    // Redrawing replaces the buttons: keep the keyboard's place (the tile that had the focus).
    const active = document.activeElement;
    const focused = active && el.contains(active) ? active.dataset.index : null;
    el.replaceChildren();
    svgs.forEach((svg, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "tg-pick" + (sel.has(i) ? " tg-picked" : "") + (marks[i] ? " tg-mark-" + marks[i] : "");
      b.setAttribute("aria-pressed", sel.has(i) ? "true" : "false");
      b.dataset.index = String(i);
      b.disabled = disabled;
      const badge = ordered && sel.has(i) ? '<span class="tg-order-badge">' + (order.indexOf(i) + 1) + "</span>" : "";
      b.innerHTML = badge + svg + (labels[i] ? '<span class="tg-pick-label">' + label(labels[i]) + "</span>" : "");
      b.addEventListener("click", () => toggle(i));
      el.appendChild(b);
    });
    if (focused != null) {
      const again = el.querySelector(`button[data-index="${focused}"]`);
      if (again && !again.disabled) again.focus({ preventScroll: true });
    }
  };
  const events = "change:svgs change:selected change:disabled change:labels change:marks change:ordered";
  model.on(events, draw);
  draw();
  return () => model.off(events, draw);
}

export default { render };
