// A seat's page (tiangow/online/page.py): holds the table's WebSocket and puts the parts the
// service draws in their places. It decides nothing about the game: a move is the tiles picked,
// sent as they are; the service checks it and says why it refuses one, in the page's language.
// TG_LABELS (the buttons' words in each language) is set by the page.
(function () {
  "use strict";
  const LANG_KEY = "tiangow:seat-lang";
  const ADMIN = "tiangow:table-admin:";
  const $ = (sel) => document.querySelector(sel);
  const store = (() => {
    try {
      return window.localStorage;
    } catch (e) {
      return null;
    }
  })();

  function startLang() {
    const saved = store && store.getItem(LANG_KEY);
    if (saved && TG_LABELS[saved]) return saved;
    const nav = (navigator.language || "en").toLowerCase();
    if (nav.startsWith("zh")) return /(cn|sg|hans)/.test(nav) ? "zh-Hans" : "zh-Hant";
    return "en";
  }

  let lang = startLang();
  const say = (key) => (TG_LABELS[lang] || TG_LABELS.en)[key] || key;
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("t") || new URLSearchParams(location.search).get("t");
  const page = $(".tg-play-page");
  const feedback = $(".tg-seat-feedback");
  const hintBox = $(".tg-seat-hint");
  const buttons = {
    play: $(".tg-play"),
    discard: $(".tg-discard"),
    hint: $(".tg-hint-button"),
    again: $(".tg-again"),
    end: $(".tg-end"),
  };
  let ws = null;
  let state = null; // the last snapshot: seq, legal, deal.to_play, role …
  let last = null; // the last event this page has
  let picked = []; // indices into one's own tiles
  let hint = null; // {seq, html: {"1": …, "2": …}, stage}
  let asked = false; // a hint asked for, not yet answered
  let sent = null; // the event a move or a "another hand" was sent against, until the table answers
  let delay = 200;

  function tell(text, ok) {
    feedback.textContent = text || "";
    feedback.classList.toggle("tg-ok", Boolean(ok));
  }

  function labels() {
    document.documentElement.lang = lang;
    document.title = say("title");
    buttons.play.textContent = say("play");
    buttons.discard.textContent = say("discard");
    buttons.end.textContent = say("end");
    for (const b of document.querySelectorAll(".tg-lang button")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
    controls();
  }

  const drawn = new Map(); // each part as last put on the page
  function setPart(name, markup) {
    const el = document.querySelector(`.tg-part[data-part="${name}"]`);
    if (el && drawn.get(name) !== markup) {
      el.innerHTML = markup; // drawn by the service (tiangow.draw), every text escaped there
      drawn.set(name, markup);
    }
  }

  function myTurn() {
    return Boolean(state && state.legal && state.legal.length);
  }

  function controls() {
    const s = state;
    const over = Boolean(s && s.over);
    const lobby = Boolean(s && !s.deal);
    const seat = s && s.role !== "watch";
    const mine = myTurn();
    const leading = Boolean(s && s.deal && s.deal.current === null) || Boolean(s && s.deal && s.deal.current && !s.deal.current.actions.length);
    buttons.play.hidden = buttons.discard.hidden = buttons.hint.hidden = !seat || over || lobby;
    const waiting = sent !== null && s && sent === s.seq; // a second press before the answer: nothing twice
    buttons.play.disabled = !mine || waiting;
    buttons.discard.disabled = !mine || leading || waiting;
    buttons.hint.hidden = buttons.hint.hidden || !(s && s.hints);
    buttons.hint.disabled = !mine || asked;
    buttons.hint.textContent = hint && hint.seq === (s && s.seq) && hint.stage === 1 ? say("hint2") : say("hint");
    const agreed = Boolean(s && seat && s.agreed.includes(s.role));
    buttons.again.hidden = !seat || !(over || lobby) || Boolean(s && s.ended);
    buttons.again.disabled = agreed || waiting;
    buttons.again.textContent = lobby ? say("start") : say("again");
    if (agreed && (over || lobby)) tell(lobby ? say("waiting_start") : say("waiting_again"), true);
    const admin = token && store && store.getItem(ADMIN + token);
    buttons.end.hidden = !admin || Boolean(s && s.ended);
    const review = $(".tg-seat-review");
    review.hidden = !(s && s.review);
    if (s && s.review) {
      review.firstChild.href = s.review;
      review.firstChild.textContent = say("review");
    }
    // the seat to act, marked where it sits
    const toPlay = s && s.deal && !s.deal.over ? s.deal.to_play : null;
    for (const seatEl of document.querySelectorAll(".tg-online-table .tg-seat")) {
      seatEl.classList.toggle("tg-acting", toPlay !== null && Number(seatEl.dataset.seat) === toPlay);
    }
    document.querySelectorAll(".tg-pick").forEach((b, i) => {
      b.disabled = !mine;
      b.classList.toggle("tg-picked", picked.includes(i));
      b.setAttribute("aria-pressed", String(picked.includes(i)));
    });
  }

  function showHint() {
    if (!hint || !state || hint.seq !== state.seq) {
      hintBox.innerHTML = "";
      return;
    }
    hintBox.innerHTML = hint.html[String(hint.stage)] || "";
  }

  function onSnapshot(msg) {
    const before = state;
    state = msg;
    // for a page script or a test: the event this page shows, and the moves open to it
    page.dataset.seq = String(msg.seq);
    page.dataset.legal = JSON.stringify(msg.legal || []);
    for (const [name, markup] of Object.entries(msg.parts || {})) setPart(name, markup);
    if (!before || before.seq !== msg.seq || (before.deal && msg.deal && before.deal.to_play !== msg.deal.to_play)) {
      picked = [];
      if (before && before.seq !== msg.seq) tell("");
    }
    showHint();
    controls();
  }

  function send(cmd) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(cmd));
  }

  function act(discard) {
    if (!myTurn()) return;
    const mine = [...document.querySelectorAll(".tg-pick")];
    const tiles = picked.map((i) => mine[i] && mine[i].dataset.pick).filter(Boolean);
    if (!tiles.length) {
      tell(say("pick_first"));
      return;
    }
    if (sent === state.seq) return; // already sent against this event: wait for the table's answer
    sent = state.seq;
    send({ type: "move", against: state.seq, move: (discard ? "discard " : "play ") + tiles.join(" ") });
    controls();
  }

  document.addEventListener("click", (e) => {
    const pick = e.target.closest(".tg-pick");
    if (pick && !pick.disabled) {
      const i = [...document.querySelectorAll(".tg-pick")].indexOf(pick);
      picked = picked.includes(i) ? picked.filter((x) => x !== i) : [...picked, i].slice(-4);
      tell("");
      controls();
      return;
    }
    const langButton = e.target.closest(".tg-lang button");
    if (langButton) {
      lang = langButton.dataset.lang;
      if (store) store.setItem(LANG_KEY, lang);
      labels();
      hint = null;
      showHint();
      send({ type: "lang", lang });
    }
  });
  buttons.play.addEventListener("click", () => act(false));
  buttons.discard.addEventListener("click", () => act(true));
  buttons.hint.addEventListener("click", () => {
    if (!myTurn()) return;
    if (hint && hint.seq === state.seq && hint.stage === 1) {
      hint.stage = 2; // the second press: the recommended play, why, every option
      showHint();
      controls();
      return;
    }
    if (asked) return;
    asked = true;
    tell(say("thinking"), true);
    send({ type: "hint" });
    controls();
  });
  buttons.again.addEventListener("click", () => {
    if (!state || sent === state.seq) return;
    sent = state.seq;
    send({ type: "again", against: state.seq });
    controls();
  });
  buttons.end.addEventListener("click", () => {
    if (window.confirm(say("end_confirm"))) send({ type: "end" });
  });

  function connect() {
    // the page's language, so that a refusal before hello is said in it
    ws = new WebSocket(new URL("tables/socket?lang=" + lang, location.href).href.replace(/^http/, "ws"));
    ws.onopen = () => {
      delay = 200;
      tell("");
      const hello = { type: "hello", token, last, lang, page: "seat" };
      const admin = store && store.getItem(ADMIN + token);
      if (admin) hello.admin = admin;
      send(hello);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (typeof msg.seq === "number" && msg.type !== "refused" && msg.type !== "hint") last = Math.max(last || 0, msg.seq);
      if (msg.type === "snapshot") onSnapshot(msg);
      else if (msg.type === "presence") {
        if (state) state.seats = msg.seats;
        for (const [name, markup] of Object.entries(msg.parts || {})) setPart(name, markup);
      } else if (msg.type === "hint") {
        asked = false;
        tell("");
        hint = { seq: msg.seq, html: msg.html || {}, stage: 1 };
        showHint();
        controls();
      } else if (msg.type === "refused") {
        asked = false;
        sent = null; // refused: the player may choose again
        tell(msg.text);
        controls();
      }
    };
    ws.onclose = (ev) => {
      ws = null;
      if (ev.code === 1013) delay = Math.max(delay, 10000); // the service is full for now: come back later
      sent = null; // a move lost with the socket is not made: the table says so when it comes back
      if (ev.code !== 1013) tell(say("reconnecting"), true); // else the refusal it was sent stays shown
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, ev.code === 1013 ? 30000 : 5000);
    };
  }

  labels();
  if (!token || !/^[A-Za-z0-9_-]{10,64}$/.test(token)) {
    tell(say("bad_link"));
  } else {
    tell(say("connecting"), true);
    connect();
  }
})();
