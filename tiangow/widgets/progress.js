// The learner's progress lives in this browser's localStorage, one key per lesson
// ("tiangow:lesson:<id>") and one for preferences ("tiangow:prefs"), so it survives reloads
// and needs no server. An entry that does not parse is left untouched, never overwritten
// by an empty default.
const PREFIX = "tiangow:";
const LESSON = PREFIX + "lesson:";
const PREFS = PREFIX + "prefs";

function readAll() {
  const out = { lessons: {}, prefs: {} };
  for (let i = 0; i < window.localStorage.length; i++) {
    const key = window.localStorage.key(i);
    if (!key || !key.startsWith(PREFIX)) continue;
    let value;
    try {
      value = JSON.parse(window.localStorage.getItem(key));
    } catch (e) {
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) continue;
    if (key === PREFS) out.prefs = value;
    else if (key.startsWith(LESSON)) out.lessons[key.slice(LESSON.length)] = value;
  }
  return out;
}

function writeChanged(data) {
  const entries = Object.entries((data && data.lessons) || {}).map(([id, s]) => [LESSON + id, s]);
  if (data && data.prefs && Object.keys(data.prefs).length) entries.push([PREFS, data.prefs]);
  for (const [key, state] of entries) {
    const json = JSON.stringify(state);
    try {
      if (window.localStorage.getItem(key) !== json) window.localStorage.setItem(key, json);
    } catch (e) {
      console.warn("tiangow: could not save progress", e);
    }
  }
}

function render({ model, el }) {
  el.classList.add("tg-progress-store");
  el.setAttribute("aria-hidden", "true");
  const onData = () => {
    if (model.get("loaded")) writeChanged(model.get("data"));
  };
  model.on("change:data", onData);
  if (!model.get("loaded")) {
    let local = { lessons: {}, prefs: {} };
    try {
      local = readAll();
    } catch (e) {
      console.warn("tiangow: localStorage is not available; progress will not be kept", e);
    }
    const py = model.get("data") || {};
    model.set("data", {
      lessons: { ...local.lessons, ...(py.lessons || {}) },
      prefs: { ...local.prefs, ...(py.prefs || {}) },
    });
    model.set("loaded", true);
    model.save_changes();
  }
  return () => model.off("change:data", onData);
}

export default { render };
