// "Play with friends": create a shared table, hand out its links, and play at it.
//
// The page holds the table's WebSocket itself (tiangow/online/service.py), so a table needs no
// kernel per player: the kernel only drew this widget. Everything the page shows of the table
// comes from the service, drawn there from this seat's view only, in this page's language.
// A page opened with ?t=<token> (a seat's link or the spectator's) joins that table; otherwise
// it offers to create one. A dropped socket comes back by itself, saying the last event it had.
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
  const style = node("div", "tg-friends-style");
  style.innerHTML = model.get("table_css") || ""; // the drawings' style, once (the service leaves it out of each)
  el.append(style, root);

  // Before a table is joined, the form (or the links) is drawn again when the page's language changes.
  let redraw = null;
  let drawnLang = lang(model);
  new MutationObserver(() => {
    if (lang(model) !== drawnLang) {
      drawnLang = lang(model);
      if (redraw) redraw();
    }
  }).observe(document.body, { attributes: true, attributeFilter: ["data-tg-lang"] });

  if (token && /^[A-Za-z0-9_-]{10,64}$/.test(token)) {
    join(token);
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
      const warn = node("div", "tg-friends-local tg-feedback-wrong");
      warn.setAttribute("role", "note");
      warn.append(node("b", "", say("local_only")), " ", say("local_fix"));
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

  // -- at a table ------------------------------------------------------------------------
  function join(tok) {
    let ws = null;
    let state = null;
    let last = null;
    let delay = 200;
    let picked = [];
    let shownLang = lang(model);
    let reviewed = null;
    const s = store();
    const admin = s ? s.getItem(ADMIN + tok) : null;
    const table = node("div", "tg-friends-table");
    const status = node("div", "tg-friends-status");
    status.setAttribute("role", "status");
    const board = node("div", "tg-friends-board");
    const actions = node("div", "tg-friends-actions");
    const play = node("button", "jupyter-button mod-primary tg-friends-play");
    const discard = node("button", "jupyter-button tg-friends-discard");
    const hint = node("button", "jupyter-button tg-friends-hint-button");
    const again = node("button", "jupyter-button mod-success tg-friends-again");
    const end = node("button", "jupyter-button tg-friends-end");
    const review = node("button", "jupyter-button mod-warning tg-friends-review");
    actions.append(play, discard, hint, again, review, end);
    const feedback = node("div", "tg-friends-feedback");
    feedback.setAttribute("role", "status");
    feedback.setAttribute("aria-live", "polite");
    const hintBox = node("div", "tg-friends-hintbox");
    const result = node("div", "tg-friends-result");
    table.append(status, board, actions, feedback, hintBox, result);
    root.replaceChildren(table);

    const send = (msg) => {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    };
    const move = (verb) => {
      if (!state || !picked.length) {
        feedback.textContent = say("pick_first");
        return;
      }
      const mine = ownTiles();
      const tiles = picked.map((i) => mine[i] && mine[i].dataset.tile).filter(Boolean);
      feedback.textContent = "";
      send({ type: "move", against: state.seq, move: verb + " " + tiles.join(" ") });
    };
    play.addEventListener("click", () => move("play"));
    discard.addEventListener("click", () => move("discard"));
    // Lesson 08's two stages: first the nudge, then (a second click) the recommendation and options.
    let advice = null;
    let stage = 0;
    hint.addEventListener("click", () => {
      if (advice && state && advice.seq === state.seq && stage === 1) {
        stage = 2;
        showHint();
        return;
      }
      hintBox.textContent = say("thinking");
      send({ type: "hint" });
    });
    function showHint() {
      hintBox.replaceChildren();
      if (!advice || stage === 0) return;
      const box = node("div", "tg-hintbox");
      box.dataset.stage = String(stage);
      box.appendChild(node("div", "tg-hint-nudge", advice.nudge));
      if (stage === 2) {
        box.appendChild(node("div", "tg-hint-rec", say("recommended", { move: advice.recommended }) + " " + advice.reason));
        const tab = node("table", "tg-options");
        for (const o of advice.options.slice(0, 6)) {
          const tr = node("tr");
          tr.append(node("td", "", o.move), node("td", "", say("expected", { net: o.net.toFixed(1) })));
          tab.appendChild(tr);
        }
        box.appendChild(tab);
      }
      hintBox.appendChild(box);
      hint.textContent = say(stage === 1 ? "hint2" : "hint");
      hint.disabled = stage === 2;
    }
    again.addEventListener("click", () => state && send({ type: "again", against: state.seq }));
    review.addEventListener("click", () => {
      if (!state || !state.over || review.disabled) return;
      review.disabled = true;
      reviewed = JSON.stringify(state.over.record);
      hintBox.textContent = say("review_working");
      model.send({ type: "review", record: state.over.record, seat: state.role });
    });
    model.on("change:review_state", () => {
      const r = model.get("review_state");
      if (r === "shown" || r === "failed") hintBox.textContent = "";
      if (r === "failed") review.disabled = false;
    });
    end.addEventListener("click", () => {
      if (window.confirm(say("end_confirm"))) send({ type: "end" });
    });

    function ownTiles() {
      if (!state || typeof state.role !== "number") return [];
      return Array.from(board.querySelectorAll(`.tg-seat[data-seat="${state.role}"] .tg-seat-tiles svg[data-tile]`));
    }

    function labels() {
      play.textContent = say("play");
      discard.textContent = say("discard");
      hint.textContent = say("hint");
      again.textContent = say("again");
      end.textContent = say("end");
      review.textContent = say("review");
    }

    function draw() {
      labels();
      if (!state) return;
      const before = ownTiles().map((t) => t.dataset.tile).join(" ");
      board.innerHTML = state.html || "";
      board.dataset.legal = JSON.stringify(state.legal || []); // this seat's own moves (for tests and tools)
      board.dataset.seq = String(state.seq);
      const mine = ownTiles();
      if (mine.map((t) => t.dataset.tile).join(" ") !== before) picked = [];
      const myTurn = (state.legal || []).length > 0;
      mine.forEach((t, i) => {
        t.setAttribute("tabindex", "0");
        t.setAttribute("role", "button");
        const on = picked.includes(i);
        t.classList.toggle("tg-picked", on);
        t.setAttribute("aria-pressed", on ? "true" : "false");
        const flip = () => {
          picked = picked.includes(i) ? picked.filter((j) => j !== i) : [...picked, i];
          t.classList.toggle("tg-picked", picked.includes(i));
          t.setAttribute("aria-pressed", picked.includes(i) ? "true" : "false");
        };
        t.addEventListener("click", flip);
        t.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            flip();
          }
        });
      });
      const seat = typeof state.role === "number";
      const over = Boolean(state.over);
      const waiting = !state.deal;
      const show = (b, on) => (b.style.display = on ? "" : "none");
      show(play, seat && !over && !waiting && !state.ended);
      show(discard, seat && !over && !waiting && !state.ended);
      play.disabled = discard.disabled = !myTurn;
      show(hint, seat && state.hints && !over && !waiting && !state.ended);
      hint.disabled = !myTurn;
      show(again, seat && (over || waiting) && !state.ended);
      again.textContent = say(waiting ? "start" : "again");
      again.disabled = (state.agreed || []).includes(state.role);
      show(end, Boolean(admin) && !state.ended);
      show(review, seat && over);
      review.disabled = Boolean(over && reviewed === JSON.stringify(state.over.record));
      const who = state.deal && state.deal.to_play !== null && state.deal.to_play !== undefined
        ? say(state.deal.to_play === state.role ? "your_turn" : "to_act", { seat: seatName(state.deal.to_play) })
        : "";
      const me = seat ? say("you_are", { seat: seatName(state.role) }) : say("watching");
      status.textContent = [me, say("hand_no", { n: state.hand }), who].filter(Boolean).join(" · ");
      status.dataset.seq = String(state.seq);
      if (state.ended) {
        result.textContent = say("ended");
      } else if (waiting) {
        const here = (state.seats || []).map((c, s) => (c === "bot" ? null : seatName(s))).filter(Boolean);
        result.textContent = say("lobby", { seats: here.join(", ") || "—" });
        if (seat && (state.agreed || []).includes(state.role)) result.textContent += " " + say("waiting_start");
      } else if (over) {
        const o = state.over;
        const nets = [0, 1, 2, 3].map((s) => `${seatName(s)} ${o.net[s] >= 0 ? "+" : ""}${o.net[s]}`).join(" · ");
        const totals = [0, 1, 2, 3].map((s) => `${seatName(s)} ${o.totals[s] >= 0 ? "+" : ""}${o.totals[s]}`).join(" · ");
        result.textContent = `${say("won_by", { seat: seatName(o.winner) })} ${nets}. ${say("totals")} ${totals}`;
        if (seat && (state.agreed || []).includes(state.role)) result.textContent += " " + say("waiting_again");
      } else {
        result.textContent = "";
      }
      if (!advice || advice.seq !== state.seq) {
        stage = 0;
        if (advice) hintBox.textContent = ""; // advice for an earlier position
        advice = null;
      } else if (stage) {
        hint.textContent = say(stage === 1 ? "hint2" : "hint");
        hint.disabled = stage === 2;
      }
    }

    function handle(msg) {
      if (msg.type === "snapshot") {
        state = msg;
        last = msg.seq;
        draw();
      } else if (msg.type === "refused") {
        feedback.textContent = msg.text;
        if (msg.kind === "bad-token") {
          status.textContent = msg.text;
          closing = true;
          ws.close();
        }
      } else if (msg.type === "hint") {
        advice = msg;
        stage = state && msg.seq === state.seq ? 1 : 0;
        showHint();
      } else if (typeof msg.seq === "number") {
        last = Math.max(last || 0, msg.seq);
      }
    }

    let closing = false;
    function connect() {
      const url = new URL("tiangow/tables/socket", base);
      url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(url);
      ws.onopen = () => {
        delay = 200;
        shownLang = lang(model);
        const hello = { type: "hello", token: tok, last, lang: shownLang };
        if (admin) hello.admin = admin;
        ws.send(JSON.stringify(hello));
      };
      ws.onmessage = (e) => {
        try {
          handle(JSON.parse(e.data));
        } catch (err) {
          console.warn("tiangow: a message from the table could not be read", err);
        }
      };
      ws.onclose = () => {
        if (closing) return;
        status.textContent = say("reconnecting");
        setTimeout(connect, delay);
        delay = Math.min(delay * 2, 5000);
      };
    }
    labels();
    status.textContent = say("connecting");
    connect();
    // The page's language changed: the service draws the table again in it.
    new MutationObserver(() => {
      if (lang(model) !== shownLang) {
        shownLang = lang(model);
        labels();
        draw();
        send({ type: "lang", lang: shownLang });
      }
    }).observe(document.body, { attributes: true, attributeFilter: ["data-tg-lang"] });
  }
}

export default { render };
