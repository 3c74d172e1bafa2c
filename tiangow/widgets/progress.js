// The learner's progress lives in this browser's localStorage, one key per lesson
// ("tiangow:lesson:<id>") and one for preferences ("tiangow:prefs"), so it survives reloads
// and needs no server.
//
// Several tabs share the store, so this tab never writes over a value it has not seen:
// - it writes only what the kernel asks it to (a "write" message: a lesson the page changed,
//   or the preferences), and a lesson only if the stored value is still the one this tab last
//   read or wrote; otherwise it sends the stored value to the kernel (a "stored" message),
//   which joins it into the lesson's state and asks for the join to be written;
// - when another tab writes (the "storage" event), the new value goes to the kernel likewise.
// A value that does not parse, or is not an object, is ignored with a console warning (and
// may be replaced); one from a later schema than the kernel's is ignored and never overwritten.
const PREFIX = "tiangow:";
const LESSON = PREFIX + "lesson:";
const PREFS = PREFIX + "prefs";

function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

// {ok: true, value} for a usable stored value; {ok: false, keep} otherwise, keep = true when
// the value must not be overwritten (a later schema).
function parse(key, raw, schema) {
  if (raw === null) return { ok: false, keep: false, absent: true };
  let value;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    console.warn(`tiangow: ignoring the stored value of ${key}: it is not JSON`);
    return { ok: false, keep: false };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    console.warn(`tiangow: ignoring the stored value of ${key}: it is not an object`);
    return { ok: false, keep: false };
  }
  if (key.startsWith(LESSON)) {
    const v = value.schema === undefined ? 1 : value.schema;
    if (!Number.isInteger(v) || v < 1) {
      console.warn(`tiangow: ignoring the stored value of ${key}: schema ${JSON.stringify(v)} is not a version`);
      return { ok: false, keep: false };
    }
    if (v > schema) {
      console.warn(`tiangow: leaving the stored value of ${key} alone: it is from a later version (schema ${v}; this page reads ${schema})`);
      return { ok: false, keep: true };
    }
  }
  return { ok: true, value };
}

function render({ model, el }) {
  keepListening(model, el);
  el.classList.add("tg-progress-store");
  el.setAttribute("aria-hidden", "true");
  const store = storage();
  const schema = model.get("schema") || 1;
  const seen = new Map(); // key -> the raw value this tab last read or wrote
  const keep = new Set(); // keys holding a later schema's value

  const sendStored = (key, value) => {
    model.send({ type: "stored", lesson: key.slice(LESSON.length), value });
  };

  const write = (key, json) => {
    if (!store || keep.has(key)) return;
    let raw;
    try {
      raw = store.getItem(key);
    } catch (e) {
      return;
    }
    if (raw === json) {
      seen.set(key, raw);
      return;
    }
    if (raw !== null && raw !== seen.get(key) && key.startsWith(LESSON)) {
      // Another tab wrote since this one last looked: merge first (the kernel sends the join).
      seen.set(key, raw);
      const p = parse(key, raw, schema);
      if (p.ok) {
        sendStored(key, p.value);
        return;
      }
      if (p.keep) {
        keep.add(key);
        return;
      }
    }
    try {
      store.setItem(key, json);
      seen.set(key, json);
    } catch (e) {
      console.warn("tiangow: could not save progress", e);
    }
  };

  const onMessage = (msg) => {
    if (msg && msg.type === "pong") {
      const done = pongs.get(msg.id);
      pongs.delete(msg.id);
      if (done) done();
      return;
    }
    if (!msg || msg.type !== "write" || typeof msg.key !== "string") return;
    if (msg.key !== "prefs" && !msg.key.startsWith("lesson:")) return;
    write(PREFIX + msg.key, JSON.stringify(msg.value));
  };

  const onStorage = (e) => {
    if (!store || e.storageArea !== store || !e.key || !e.key.startsWith(LESSON)) return;
    if (e.newValue === null || e.newValue === seen.get(e.key)) return;
    seen.set(e.key, e.newValue);
    const p = parse(e.key, e.newValue, schema);
    if (p.ok) sendStored(e.key, p.value);
    else if (p.keep) keep.add(e.key);
  };

  // A barrier for page scripts and tests: the kernel answers a ping after everything sent
  // before it, so once the answer is in, every earlier click has had its reply and every write
  // it asked for is in localStorage. data-tg-progress="ready" on <body>: the kernel has read
  // the saved progress and redrawn what depends on it.
  const pongs = new Map();
  window.tiangowSettle = (ms = 60000) => new Promise((resolve, reject) => {
    const id = `${Date.now()}-${Math.random()}`;
    const timer = setTimeout(() => { pongs.delete(id); reject(new Error("tiangow: the kernel did not answer")); }, ms);
    // After the answer, a task later: ipywidgets applies a state update in a promise chain of
    // its own, so let every update that came before the answer reach the page first.
    pongs.set(id, () => { clearTimeout(timer); setTimeout(() => resolve(true), 20); });
    model.send({ type: "ping", id });
  });
  const markReady = () => {
    if (model.get("ready")) document.body.dataset.tgProgress = "ready";
  };
  model.on("change:ready", markReady);
  markReady();

  model.on("msg:custom", onMessage);
  if (!model.get("loaded")) {
    const local = { lessons: {}, prefs: {} };
    if (!store) console.warn("tiangow: localStorage is not available; progress will not be kept");
    try {
      for (let i = 0; store && i < store.length; i++) {
        const key = store.key(i);
        // only this store's keys: the tables' entries (tiangow:table-admin:…, tiangow:seat-lang)
        // are other pages' and not JSON
        if (!key || (key !== PREFS && !key.startsWith(LESSON))) continue;
        const raw = store.getItem(key);
        seen.set(key, raw);
        const p = parse(key, raw, schema);
        if (p.keep) keep.add(key);
        if (!p.ok) continue;
        if (key === PREFS) local.prefs = p.value;
        else if (key.startsWith(LESSON)) local.lessons[key.slice(LESSON.length)] = p.value;
      }
    } catch (e) {
      console.warn("tiangow: could not read the saved progress", e);
    }
    // The browser's languages, for a first visit's language (sent before "loaded", which
    // makes the kernel choose it when no language was picked before).
    const langs = Array.from(navigator.languages || [navigator.language || ""]).filter((x) => typeof x === "string");
    model.set("browser_languages", langs.slice(0, 16));
    model.set("tz_offset", -new Date().getTimezoneOffset()); // minutes east of UTC: the learner's day
    model.save_changes();
    const py = model.get("data") || {};
    const data = {
      lessons: { ...local.lessons, ...(py.lessons || {}) },
      prefs: { ...local.prefs, ...(py.prefs || {}) },
    };
    model.set("data", data);
    model.set("loaded", true);
    model.save_changes();
  }
  window.addEventListener("storage", onStorage);
  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:ready", markReady);
    window.removeEventListener("storage", onStorage);
  };
}

export default { render };
