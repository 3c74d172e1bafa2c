// Shared by every tiangow widget drawn by a module of its own (anywidget); put before its code.
//
// anywidget 0.11 gives a widget 2 s from its creation in the page to load its module. Past
// that it drops every later message from the kernel to the widget ("[anywidget] Failed to
// initialize model." in the console): the widget looks right but never changes again, so a
// hand stops following the play or progress stops being saved. A slow or busy browser takes
// longer than 2 s (measured: 2 of 20 learners in the load test). So once this module runs,
// the widget's messages go straight to ipywidgets, and the kernel is asked to send its state
// again, in case something was dropped meanwhile.
//
// anywidget also drops ipywidgets' own listeners on a widget when it draws it, so a class
// added from Python after that (``add_class``), or arriving with that resent state, would
// never reach the page: the element follows ``_dom_classes`` here instead.
function keepListening(model, el) {
  followClasses(model, el);
  reconnect(model);
}

function followClasses(model, el) {
  let shown = [];
  const apply = () => {
    const now = model.get("_dom_classes") || [];
    for (const c of shown) if (!now.includes(c)) el.classList.remove(c);
    for (const c of now) el.classList.add(c);
    shown = now.slice();
  };
  apply();
  model.on("change:_dom_classes", apply);
}

async function reconnect(model) {
  const id = model.get("_tg_model");
  const manager = model.widget_manager;
  if (!id || !manager || typeof manager.get_model !== "function") return;
  let real;
  try {
    real = await manager.get_model(id);
  } catch (e) {
    return;
  }
  if (!real || !real.comm || typeof real.comm.on_msg !== "function" || real.tgListening) return;
  // The first class up the chain with a handler of its own is anywidget's (it waits for the
  // module); the next one is ipywidgets'.
  let proto = Object.getPrototypeOf(real);
  while (proto && !Object.prototype.hasOwnProperty.call(proto, "_handle_comm_msg")) {
    proto = Object.getPrototypeOf(proto);
  }
  const waiting = proto && proto._handle_comm_msg;
  while (proto && proto._handle_comm_msg === waiting) proto = Object.getPrototypeOf(proto);
  if (!proto || typeof proto._handle_comm_msg !== "function") return;
  const handle = proto._handle_comm_msg;
  real.tgListening = true;
  real.comm.on_msg((msg) => handle.call(real, msg));
  model.send({ type: "resync" });
}
