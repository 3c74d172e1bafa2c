// The lessons' prose lives in markdown cells, each passage written twice side by side:
// <div class="tg-prose" lang="zh-Hant"> and <div class="tg-prose" lang="en">. This widget
// tells the page which language is chosen (body[data-tg-lang], which tiangow.css reads) and,
// for 简, adds a simplified twin after each traditional passage, converted character by
// character with the package's own table (tiangow.simplified), so the three languages use
// one map. Passages that appear later (cells still rendering) are handled as they arrive.
const TWIN = "tg-prose-twin";

function table(pairs) {
  // "傳传" is a character and its simplified form; "甚么=什么" a word a mainland reader writes
  // otherwise, replaced after the characters (tiangow.i18n.MAINLAND_WORDS).
  const map = new Map();
  map.words = [];
  for (const pair of (pairs || "").split(/\s+/)) {
    const word = pair.split("=");
    if (word.length === 2 && word[0] && word[1]) {
      map.words.push(word);
      continue;
    }
    const chars = Array.from(pair);
    if (chars.length === 2) map.set(chars[0], chars[1]);
  }
  return map;
}

function convert(root, map) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue;
    let out = "";
    for (const ch of text) out += map.get(ch) || ch;
    for (const [from, to] of map.words) if (out.includes(from)) out = out.split(from).join(to);
    if (out !== text) node.nodeValue = out;
  }
}

function addTwins(map) {
  for (const block of document.querySelectorAll('.tg-prose[lang="zh-Hant"]')) {
    const next = block.nextElementSibling;
    if (next && next.classList.contains(TWIN)) continue;
    const twin = block.cloneNode(true);
    twin.setAttribute("lang", "zh-Hans");
    twin.classList.add(TWIN);
    convert(twin, map);
    block.after(twin);
  }
}

// Voilà shuts a page's kernel down when the page is left, with a request that must carry the
// `_xsrf` cookie's value (voila-dashboards/voila#1458) — but Voilà 0.5's page never sets that
// cookie, so the request is refused (403) and the kernel lives on until culled. Setting the
// cookie here, to a random token, lets that request pass the server's usual check (the request
// sends the cookie and the same value in its form: a third-party page can do neither), and XSRF
// protection stays on. A cookie the server already set is left alone.
function ensureXsrfCookie() {
  if (/(^|;\s*)_xsrf=/.test(document.cookie)) return;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  document.cookie = `_xsrf=${token}; path=/; SameSite=Strict`;
}

// Every button of a lesson acts once per state. A click arrives at the kernel as a bare
// "clicked", so a double click, or a click landing while the page is still showing the state
// before the last one, would act twice. After a click, this guard ignores further clicks on the
// same button (for a question's answer buttons: on any of them until the kernel's answer, then
// on the one clicked, since another answer after the feedback is meant) until the kernel has changed
// the page (its answer arrived) and either at least GUARD_MS have passed (the second click of
// a double click comes sooner) or the kernel hid the button (a "Next" shown again is a new
// state, as is one the kernel relabelled), or the learner clicked something else in between (picked another tile, say: not a
// double click); after GUARD_MAX_MS it lets go anyway (a kernel that answers nothing must not
// freeze a button). A press on the held button later than GUARD_MS after the first (the learner
// pressed again while the kernel was still answering) is not lost: it acts once the guard lets
// go. Tile pickers are not guarded: picking and unpicking is local and instant.
const GUARD_MS = 450;
const BUSY = "data-tg-busy";
const GUARD_MAX_MS = 4000;

// A press is always answered: when the kernel has not changed the page WORKING_MS after a click
// (it is still busy with an earlier request, or the machine is loaded), a note beside the button
// says the press was received, until the kernel's answer changes the page (WORKING_MAX_MS at most,
// in case an answer changed nothing). Not for the language switch's chosen button (nothing to do).
const WORKING_MS = 1500;
const WORKING_MAX_MS = 60000;
const WORKING = "tg-working";
const WORKING_WORDS = {
  "zh-Hant": "收到，正在處理，請稍候……",
  "zh-Hans": "收到，正在处理，请稍候……",
  en: "Got it — working on it…",
};

function noteWhileWorking(button, root) {
  let note = null;
  let done = false;
  const ours = (n) => n === note || (note !== null && note.contains(n));
  const observer = new MutationObserver((records) => {
    const theirs = records.some((r) => {
      if (r.type === "attributes" && r.attributeName === BUSY) return false;
      if (ours(r.target)) return false;
      if (r.type === "childList") return [...r.addedNodes, ...r.removedNodes].some((n) => !ours(n));
      return true;
    });
    if (theirs) stop();
  });
  const stop = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(show);
    clearTimeout(limit);
    if (note) note.remove();
  };
  const show = setTimeout(() => {
    if (done || !button.isConnected || button.offsetParent === null) return stop();
    note = document.createElement("span");
    note.className = WORKING;
    note.setAttribute("role", "status");
    const lang = document.body.dataset.tgLang || "zh-Hant";
    note.textContent = WORKING_WORDS[lang] || WORKING_WORDS.en;
    button.after(note);
  }, WORKING_MS);
  const limit = setTimeout(stop, WORKING_MAX_MS);
  // after this click's own local effects
  setTimeout(() => {
    if (!done) observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  }, 0);
}

function installClickGuard() {
  if (window.__tiangowClickGuard) return;
  window.__tiangowClickGuard = true;
  const busy = new WeakMap();
  let last = null; // the guard entry of the latest click (null: that click was elsewhere)
  // A held button carries data-tg-busy (shown as a busy cursor) until it lets go: once the
  // kernel's answer has changed the page and GUARD_MS have passed since the click (at once if
  // the answer hid the button), or after GUARD_MAX_MS whatever happened.
  const release = (entry) => {
    if (entry.released) return;
    entry.released = true;
    entry.observer.disconnect();
    for (const b of entry.group) if (busy.get(b) === entry) b.removeAttribute(BUSY);
    const again = entry.queued;
    if (again && again.isConnected && again.offsetParent !== null && !again.disabled && last === entry) {
      setTimeout(() => again.click(), 0);
    }
  };
  document.addEventListener(
    "click",
    (e) => {
      const button = e.target instanceof Element ? e.target.closest("button") : null;
      if (!button || button.classList.contains("tg-pick") || !button.closest('[class*="tg-"]')) {
        last = null;
        return;
      }
      const held = busy.get(button);
      // Once the kernel's answer has changed the page, another button of the group is a new
      // answer (wrong, then right at once), not part of a double click: it acts.
      if (held && !held.released && held === last && (button === held.button || !held.changed)) {
        e.stopImmediatePropagation();
        e.preventDefault();
        // Not the second click of a double click (that comes sooner) but a press while the
        // kernel is still answering the first: act on it once the first answer is in.
        if (e.isTrusted && performance.now() - held.since > GUARD_MS) held.queued = button;
        return;
      }
      if (held) release(held); // a click elsewhere came in between: this one is meant
      const now = performance.now();
      const group =
        button.classList.contains("tg-choice") && button.parentElement
          ? [...button.parentElement.querySelectorAll("button.tg-choice")]
          : [button];
      const root = button.closest(".jp-OutputArea-output, .jp-Cell") || document.body;
      const label = button.textContent;
      const entry = { since: now, button, changed: false, released: false, group, observer: null, queued: null };
      entry.observer = new MutationObserver((records) => {
        if (records.every((r) => r.type === "attributes" && r.attributeName === BUSY)) return;
        if (!button.isConnected || button.offsetParent === null || button.textContent !== label) {
          // hidden, or relabelled by the kernel ("Hint" → "Show the recommended play"): a new
          // state whose press is a new action, however soon it comes
          release(entry);
        } else if (!entry.changed) {
          entry.changed = true;
          setTimeout(() => release(entry), Math.max(0, entry.since + GUARD_MS - performance.now()));
        }
      });
      last = entry;
      for (const b of group) {
        const before = busy.get(b);
        if (before && before !== entry) release(before);
        busy.set(b, entry);
        b.setAttribute(BUSY, "");
      }
      // After this click has been handled (its own local effects are not the kernel's answer).
      setTimeout(() => {
        if (entry.released) return;
        entry.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
      }, 0);
      setTimeout(() => release(entry), GUARD_MAX_MS);
      if (!button.classList.contains("mod-active")) noteWhileWorking(button, root);
    },
    true,
  );
}

// The rules a click away: every rule id the page shows (R-W2, R-$10, §6 — in prose, feedback,
// hints, marks) becomes a link to its place on the rules page; a click opens the rule in a panel
// beside the lesson (the lesson stays where it was), with a link to the whole rules page.
const RULE_ID = /R-(?:\$\d+|[A-Z]\d+)|§\d+(?:\.\d+)?/g;
const SKIP =
  "a, button, script, style, textarea, input, select, option, svg, pre, code, .tg-rule-title, " +
  ".tg-rule-section > h2, .jp-InputArea-editor, .jp-CodeMirrorEditor";

function ruleFor(rules, id) {
  if (rules[id]) return id;
  const section = id.split(".")[0];
  return id.startsWith("§") && rules[section] ? section : null;
}

// Wrap, in the text under ``root`` (an element or a text node) outside ``skip``, every match of
// ``pattern`` for which ``make(match)`` returns an element (null: leave that match as text).
// ``quick(text)``: a cheap test that a text node may hold a match at all.
function wrapMatches(root, skip, pattern, quick, make) {
  const start = root.nodeType === Node.TEXT_NODE ? root.parentNode : root;
  if (!start || (start.closest && start.closest(skip))) return;
  const texts = [];
  if (root.nodeType === Node.TEXT_NODE) texts.push(root);
  else {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
  }
  for (const node of texts) {
    const text = node.nodeValue;
    if (!text || !quick(text)) continue;
    const parent = node.parentNode;
    if (!parent || (parent.closest && parent.closest(skip))) continue;
    pattern.lastIndex = 0;
    let m;
    let last = 0;
    let any = false;
    const frag = document.createDocumentFragment();
    while ((m = pattern.exec(text))) {
      const el = make(m[0]);
      if (!el) continue;
      any = true;
      frag.append(text.slice(last, m.index), el);
      last = m.index + m[0].length;
    }
    if (!any) continue;
    frag.append(text.slice(last));
    parent.replaceChild(frag, node);
  }
}

// Call ``handle(nodes)`` once a frame with the page's new or changed text (elements and text
// nodes still on the page), while ``when()`` holds (default: always).
function onNewText(handle, when = () => true) {
  let pending = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const roots = pending.filter((r) => r.isConnected);
    pending = [];
    if (when()) handle(roots);
  };
  new MutationObserver((records) => {
    if (!when()) return;
    for (const rec of records) {
      if (rec.type === "characterData") pending.push(rec.target);
      else for (const n of rec.addedNodes) if (n.nodeType === Node.ELEMENT_NODE || n.nodeType === Node.TEXT_NODE) pending.push(n);
    }
    if (pending.length && !scheduled) {
      scheduled = true;
      requestAnimationFrame(flush);
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

function linkRuleIds(root, rules, href) {
  if (!root || !rules) return;
  const quick = (text) => text.indexOf("R-") >= 0 || text.indexOf("§") >= 0;
  wrapMatches(root, SKIP, RULE_ID, quick, (found) => {
    const id = ruleFor(rules, found);
    if (!id) return null;
    const a = document.createElement("a");
    a.className = "tg-rule-link";
    a.dataset.rule = id;
    a.href = `${href}#${rules[id].anchor}`;
    a.target = "tiangow-rules";
    a.textContent = found;
    return a;
  });
}

const PANEL_WORDS = {
  "zh-Hant": { all: "全部規則 ↗", close: "關閉" },
  "zh-Hans": { all: "全部规则 ↗", close: "关闭" },
  en: { all: "All the rules ↗", close: "Close" },
};

function rulePanel() {
  let panel = document.querySelector(".tg-rule-panel");
  if (panel) return panel;
  panel = document.createElement("aside");
  panel.className = "tg-rule-panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", "Rule");
  panel.hidden = true;
  panel.innerHTML =
    '<button type="button" class="tg-rule-close">×</button><div class="tg-rule-body"></div>' +
    '<a class="tg-rule-all" target="tiangow-rules"></a>';
  panel.querySelector(".tg-rule-close").addEventListener("click", () => closePanel());
  document.body.append(panel);
  return panel;
}

let opener = null;
function closePanel() {
  const panel = document.querySelector(".tg-rule-panel");
  if (!panel || panel.hidden) return;
  panel.hidden = true;
  if (opener && opener.isConnected) opener.focus();
  opener = null;
}

function openRule(model, id, from) {
  const rules = model.get("rules") || {};
  const entry = rules[id];
  if (!entry) return;
  const lang = model.get("lang");
  const words = PANEL_WORDS[lang] || PANEL_WORDS.en;
  const panel = rulePanel();
  panel.dataset.rule = id;
  panel.setAttribute("lang", lang);
  panel.querySelector(".tg-rule-body").innerHTML = entry[lang] || entry.en;
  const all = panel.querySelector(".tg-rule-all");
  all.href = `${model.get("rules_href")}#${entry.anchor}`;
  all.textContent = words.all;
  const close = panel.querySelector(".tg-rule-close");
  close.setAttribute("aria-label", words.close);
  close.title = words.close;
  panel.hidden = false;
  opener = from || null;
  close.focus({ preventScroll: true });
  linkRuleIds(panel.querySelector(".tg-rule-body"), rules, model.get("rules_href"));
}

function installRuleLinks(model) {
  if (window.__tiangowRuleLinks) return;
  window.__tiangowRuleLinks = true;
  document.addEventListener("click", (e) => {
    const a = e.target instanceof Element ? e.target.closest("a.tg-rule-link") : null;
    if (!a || e.ctrlKey || e.metaKey || e.shiftKey) return; // a modified click opens the page
    const here = document.getElementById(a.hash.slice(1));
    if (here && !a.closest(".tg-rule-panel")) {
      // On the rules page itself: go to the rule.
      e.preventDefault();
      here.scrollIntoView({ block: "start" });
      history.replaceState(null, "", a.hash);
      return;
    }
    e.preventDefault();
    openRule(model, a.dataset.rule, a);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closePanel();
  });
  model.on("change:lang", () => {
    const panel = document.querySelector(".tg-rule-panel");
    if (panel && !panel.hidden) openRule(model, panel.dataset.rule, opener);
  });
  onNewText((roots) => {
    const rules = model.get("rules");
    const href = model.get("rules_href");
    for (const r of roots) linkRuleIds(r, rules, href);
  });
  linkRuleIds(document.body, model.get("rules"), model.get("rules_href"));
  // Opened at a rule (rules.ipynb#rule-R-W2): go there once it is drawn, marked, and again while
  // the page above it is still being drawn — until the learner scrolls.
  const target = decodeURIComponent(location.hash.slice(1));
  if (target) {
    let moved = false;
    for (const ev of ["wheel", "touchmove", "keydown", "mousedown"]) {
      window.addEventListener(ev, () => { moved = true; }, { once: true, capture: true });
    }
    const seek = () => {
      const found = document.getElementById(target);
      if (found && !moved) {
        found.classList.add("tg-rule-target");
        found.scrollIntoView({ block: "start" });
      }
      return Boolean(found);
    };
    // Anything above it may still change size: cells drawn, the language's passages shown or
    // hidden (body[data-tg-lang]), fonts — so seek again on every change of the page's size too.
    const watch = new MutationObserver(() => seek());
    watch.observe(document.body, { childList: true, subtree: true, attributes: true,
                                   attributeFilter: ["data-tg-lang", "data-tg-progress"] });
    const sized = typeof ResizeObserver === "function" ? new ResizeObserver(() => seek()) : null;
    if (sized) sized.observe(document.body);
    seek();
    setTimeout(() => {
      watch.disconnect();
      if (sized) sized.disconnect();
    }, 180000); // (a page whose kernel runs in the browser draws slowly)
  }
}

// Names you can say: on an English page, each Chinese term of the glossary the page shows is
// marked; hovering, focusing (Tab) or tapping it shows its Cantonese and Mandarin readings and
// its meaning. Chinese pages are left as they are.
const TERM_SKIP = SKIP + ", .tg-term, .tg-lang, .tg-glossary, .tg-prose[lang^='zh'], .tg-term-bubble";

function termPattern(terms) {
  const words = Object.keys(terms || {}).sort((a, b) => b.length - a.length);
  if (!words.length) return null;
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g");
}

function markTerms(root, terms, pattern) {
  if (!root || !pattern) return;
  wrapMatches(root, TERM_SKIP, pattern, (text) => /[\u4e00-\u9fff]/.test(text), (found) => {
    const t = terms[found];
    if (!t) return null;
    const span = document.createElement("span");
    span.className = "tg-term";
    span.dataset.term = found;
    span.tabIndex = 0;
    span.setAttribute("aria-label", `${found}: ${t.j} · ${t.p} — ${t.m}`);
    span.textContent = found;
    return span;
  });
}

function installTerms(model) {
  if (window.__tiangowTerms) return;
  window.__tiangowTerms = true;
  const terms = () => model.get("terms") || {};
  let pattern = termPattern(terms());
  const english = () => model.get("lang") === "en";
  const bubble = document.createElement("div");
  bubble.className = "tg-term-bubble";
  bubble.setAttribute("role", "tooltip");
  bubble.hidden = true;
  document.body.append(bubble);
  let shownFor = null;
  const show = (span) => {
    const t = terms()[span.dataset.term];
    if (!t || !english()) return;
    bubble.innerHTML = "";
    const head = document.createElement("b");
    head.textContent = span.dataset.term + (t.s !== span.dataset.term ? ` (${t.s})` : "");
    const lines = [
      ["Cantonese", t.j],
      ["Mandarin", t.p],
    ];
    bubble.append(head);
    for (const [k, v] of lines) {
      const row = document.createElement("div");
      row.textContent = `${k}: ${v}`;
      bubble.append(row);
    }
    const meaning = document.createElement("div");
    meaning.className = "tg-term-meaning";
    meaning.textContent = t.m;
    bubble.append(meaning);
    bubble.hidden = false;
    const r = span.getBoundingClientRect();
    const w = Math.min(280, window.innerWidth - 16);
    bubble.style.width = `${w}px`;
    bubble.style.left = `${Math.max(8, Math.min(r.left, window.innerWidth - w - 8))}px`;
    const below = r.bottom + 6;
    bubble.style.top = `${below + bubble.offsetHeight > window.innerHeight ? Math.max(8, r.top - bubble.offsetHeight - 6) : below}px`;
    shownFor = span;
  };
  const hide = () => {
    bubble.hidden = true;
    shownFor = null;
  };
  document.addEventListener("mouseover", (e) => {
    const span = e.target instanceof Element ? e.target.closest(".tg-term") : null;
    if (span) show(span);
    else if (shownFor && !(e.target instanceof Element && e.target.closest(".tg-term-bubble"))) hide();
  });
  document.addEventListener("focusin", (e) => {
    const span = e.target instanceof Element ? e.target.closest(".tg-term") : null;
    if (span) show(span);
    else hide();
  });
  document.addEventListener("click", (e) => {
    const span = e.target instanceof Element ? e.target.closest(".tg-term") : null;
    if (span) show(span); // (a tap may come after the touch's emulated hover: it shows, never toggles)
    else if (!(e.target instanceof Element && e.target.closest(".tg-term-bubble"))) hide();
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") hide();
  });
  window.addEventListener("scroll", hide, { passive: true, capture: true });
  onNewText((roots) => {
    for (const r of roots) markTerms(r, terms(), pattern);
  }, english);
  const all = () => {
    hide();
    if (english()) markTerms(document.body, terms(), pattern);
  };
  model.on("change:lang", all);
  model.on("change:terms", () => {
    pattern = termPattern(terms());
    all();
  });
  all();
}

function render({ model, el }) {
  keepListening(model, el);
  ensureXsrfCookie();
  installClickGuard();
  installRuleLinks(model);
  installTerms(model);
  el.classList.add("tg-page-language");
  el.setAttribute("aria-hidden", "true");
  let map = table(model.get("simplified"));
  let pending = false;
  const apply = () => {
    pending = false;
    const lang = model.get("lang");
    document.body.dataset.tgLang = lang;
    if (lang === "zh-Hans") addTwins(map);
  };
  const later = () => {
    if (!pending && model.get("lang") === "zh-Hans") {
      pending = true;
      requestAnimationFrame(apply);
    }
  };
  const observer = new MutationObserver(later);
  observer.observe(document.body, { childList: true, subtree: true });
  const onTable = () => {
    map = table(model.get("simplified"));
    for (const twin of document.querySelectorAll("." + TWIN)) twin.remove();
    apply();
  };
  model.on("change:lang", apply);
  model.on("change:simplified", onTable);
  apply();
  return () => {
    observer.disconnect();
    model.off("change:lang", apply);
    model.off("change:simplified", onTable);
  };
}

export default { render };
