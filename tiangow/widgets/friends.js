// "Play with friends": create a shared table and hand out its links (each opens the table
// service's own seat page: tiangow/online/page.py), or show the review of one's play at a table
// (#review=…, sent here by a seat page: the kernel works out the coach's marks).
const ADMIN = "tiangow:table-admin:";
const CREATED = "tiangow:table-created"; // the last table this browser created: its links, after a reload

function store() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

// The table service: ?s=<address> on the page (a static site's links carry it), else the
// address the course was set up with, else the page's own server.
function pageService() {
  const s = new URLSearchParams(location.search).get("s");
  try {
    return s && /^https?:$/.test(new URL(s).protocol) ? s : "";
  } catch (e) {
    return "";
  }
}

function baseUrl(model) {
  const configured = pageService() || model.get("service");
  if (configured) return configured.endsWith("/") ? configured : configured + "/";
  try {
    const c = JSON.parse(document.getElementById("jupyter-config-data").textContent);
    if (c && typeof c.baseUrl === "string" && c.baseUrl) return c.baseUrl;
  } catch (e) {
    /* not a Voilà page */
  }
  const i = location.pathname.indexOf("/voila/");
  return i >= 0 ? location.pathname.slice(0, i + 1) : "/";
}

function lang(model) {
  return document.body.dataset.tgLang || model.get("lang") || "zh-Hant";
}

function node(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el }) {
  if (typeof keepListening === "function") keepListening(model, el);
  const say = (key, vars) => {
    const all = model.get("labels") || {};
    let s = (all[lang(model)] || all.en || {})[key] || key;
    for (const [k, v] of Object.entries(vars || {})) s = s.replaceAll("{" + k + "}", String(v));
    return s;
  };
  const seatName = (s) => say("seat" + s);
  const base = new URL(baseUrl(model), location.href);
  const token = new URLSearchParams(location.search).get("t");
  const root = node("div", "tg-friends");
  el.append(root);

  // Before a table is joined, the form (or the links) is drawn again when the page's language changes.
  let redraw = null;
  let drawnLang = lang(model);
  new MutationObserver(() => {
    if (lang(model) !== drawnLang) {
      drawnLang = lang(model);
      if (redraw) redraw();
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-tg-lang"] });

  const reviewed = new URLSearchParams(location.hash.slice(1)).get("review");
  if (token && /^[A-Za-z0-9_-]{10,64}$/.test(token)) {
    // a seat's link from before the seat page: the table is played there now
    location.replace(new URL("tiangow/play#t=" + token, base).href);
  } else if (reviewed) {
    review(reviewed);
  } else if (model.get("static") && !model.get("service") && !pageService()) {
    redraw = () => {
      const picture = node("div", "tg-friends-picture");
      picture.innerHTML = model.get("picture") || "";
      root.replaceChildren(picture, node("p", "tg-prose tg-friends-note", say("needs_server")));
    };
    redraw();
  } else {
    const s = store();
    let saved = null;
    try {
      saved = s ? JSON.parse(s.getItem(CREATED) || "null") : null;
    } catch (e) {
      saved = null;
    }
    if (saved && saved.links && saved.seats) showLinks(saved);
    else createForm();
  }

  // -- creating a table ------------------------------------------------------------------
  function createForm() {
    redraw = createForm;
    root.replaceChildren();
    const form = node("div", "tg-friends-create tg-card");
    const picture = node("div", "tg-friends-picture");
    picture.innerHTML = model.get("picture") || "";
    form.appendChild(picture);
    const bots = node("select", "tg-friends-bots");
    for (const b of ["rule", "search"]) {
      const o = node("option", "", say("bots_" + b));
      o.value = b;
      bots.appendChild(o);
    }
    const botsLabel = node("label", "tg-friends-field", say("bots") + " ");
    botsLabel.appendChild(bots);
    const hints = node("input");
    hints.type = "checkbox";
    hints.checked = true;
    hints.className = "tg-friends-hints";
    const hintsLabel = node("label", "tg-friends-field");
    hintsLabel.append(hints, " " + say("hints"));
    const variants = node("details", "tg-friends-variants");
    variants.appendChild(node("summary", "", say("variants")));
    const chosen = [];
    for (const v of model.get("variants") || []) {
      const sel = node("select");
      v.options.forEach((opt, i) => {
        const o = node("option", "", opt.label[lang(model)] || opt.label.en);
        o.value = String(i);
        sel.appendChild(o);
      });
      const l = node("label", "tg-friends-field", (v.label[lang(model)] || v.label.en) + " ");
      l.appendChild(sel);
      variants.appendChild(l);
      chosen.push([v, sel]);
    }
    const go = node("button", "tg-friends-create-button jupyter-button mod-primary", say("create"));
    const out = node("div", "tg-friends-feedback");
    out.setAttribute("role", "status");
    form.append(botsLabel, hintsLabel, variants, go, out);
    root.appendChild(form);
    go.addEventListener("click", async () => {
      if (go.disabled) return;
      go.disabled = true;
      const rules = {};
      for (const [v, sel] of chosen) {
        const i = Number(sel.value);
        if (i > 0) rules[v.field] = v.options[i].value;
      }
      const page = location.origin + location.pathname + (pageService() ? "?s=" + encodeURIComponent(pageService()) : "");
      try {
        const r = await fetch(new URL("tiangow/tables", base), {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ bots: bots.value, hints: hints.checked, rules, page }),
        });
        const info = await r.json();
        if (!r.ok) throw new Error(info.error || r.statusText);
        const s = store();
        if (s) {
          for (const tok of [...info.seats, info.watch]) s.setItem(ADMIN + tok, info.admin);
          try {
            s.setItem(CREATED, JSON.stringify(info));
          } catch (e) {
            /* storage full: the links stay on this page until it is closed */
          }
        }
        showLinks(info);
      } catch (e) {
        out.textContent = say("create_failed") + " " + (e && e.message ? e.message : e);
        go.disabled = false;
      }
    });
  }

  function showLinks(info) {
    redraw = () => showLinks(info);
    root.replaceChildren();
    const box = node("div", "tg-friends-links tg-card");
    if (info.local_only) {
      // links on localhost name each phone itself: say so, and how to let the family in
      const warn = node("div", "tg-friends-local");
      warn.setAttribute("role", "note");
      warn.append(node("b", "", say("local_only")), lang(model) === "en" ? " " : "", say("local_fix"));
      box.appendChild(warn);
    }
    box.appendChild(node("p", "tg-prose", say("links_intro")));
    const rows = [0, 1, 2, 3].map((s) => [seatName(s), info.links[String(s)], "seat"]);
    rows.push([say("watch"), info.links.watch, "watch"]);
    for (const [name, link, kind] of rows) {
      const row = node("div", "tg-friends-link");
      row.dataset.kind = kind;
      const label = node("b", "tg-friends-link-name", name);
      const input = node("input", "tg-friends-link-url");
      input.readOnly = true;
      input.value = link.url;
      input.setAttribute("aria-label", name);
      const copy = node("button", "jupyter-button tg-friends-copy", say("copy"));
      copy.addEventListener("click", async () => {
        try {
          await navigator.clipboard.writeText(link.url);
        } catch (e) {
          input.select();
          document.execCommand && document.execCommand("copy");
        }
        copy.textContent = say("copied");
        setTimeout(() => (copy.textContent = say("copy")), 1500);
      });
      const open = node("a", "tg-friends-open", kind === "seat" ? say("sit_here") : say("watch_here"));
      open.href = link.url;
      const qr = node("details", "tg-friends-qr");
      qr.appendChild(node("summary", "", say("qr")));
      const pic = node("div");
      pic.innerHTML = link.qr;
      qr.appendChild(pic);
      row.append(label, input, copy, open, qr);
      box.appendChild(row);
    }
    const again = node("button", "jupyter-button tg-friends-new", say("new_table"));
    again.addEventListener("click", () => {
      const st = store();
      if (st) st.removeItem(CREATED);
      createForm();
    });
    box.appendChild(again);
    root.appendChild(box);
  }

  // -- the review of one's own play, asked for from a seat page (#review=…) -----------------
  function review(packed) {
    let data = null;
    try {
      data = JSON.parse(decodeURIComponent(escape(atob(packed.replace(/-/g, "+").replace(/_/g, "/")))));
    } catch (e) {
      data = null;
    }
    const box = node("div", "tg-friends-review-status tg-prose");
    box.setAttribute("role", "status");
    root.replaceChildren(box);
    if (!data || typeof data !== "object") {
      box.textContent = say("bad_review");
      return;
    }
    box.textContent = say("review_working");
    model.send({ type: "review", record: data.record, seat: data.seat });
    model.on("change:review_state", () => {
      const r = model.get("review_state");
      if (r === "shown" || r === "failed") box.textContent = "";
    });
  }
}

export default { render };
