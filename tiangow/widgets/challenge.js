// A same-deal challenge's link: read the challenge this page was opened with (?c=…), and show
// the link to send back, with a copy button. No server: the link carries everything.
function lang(model) {
  return document.body.dataset.tgLang || model.get("lang") || "zh-Hant";
}

function render({ model, el }) {
  if (typeof keepListening === "function") keepListening(model, el);
  const say = (key) => {
    const all = model.get("labels") || {};
    return (all[lang(model)] || all.en || {})[key] || key;
  };
  const code = new URLSearchParams(location.search).get("c");
  model.set("incoming", code && /^[A-Za-z0-9_-]{1,4000}$/.test(code) ? code : "-");
  model.save_changes();

  const box = document.createElement("div");
  box.className = "tg-challenge-link";
  el.appendChild(box);
  function draw() {
    box.replaceChildren();
    const out = model.get("outgoing");
    if (!out) return;
    const url = location.origin + location.pathname + "?c=" + out;
    const label = document.createElement("div");
    label.className = "tg-challenge-link-label";
    label.textContent = say("link");
    const input = document.createElement("input");
    input.className = "tg-challenge-link-url";
    input.readOnly = true;
    input.value = url;
    input.setAttribute("aria-label", say("link"));
    const copy = document.createElement("button");
    copy.className = "jupyter-button tg-challenge-copy";
    copy.textContent = say("copy");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
      } catch (e) {
        input.select();
        if (document.execCommand) document.execCommand("copy");
      }
      copy.textContent = say("copied");
      setTimeout(() => (copy.textContent = say("copy")), 1500);
    });
    box.append(label, input, copy);
  }
  draw();
  model.on("change:outgoing", draw);
  new MutationObserver(draw).observe(document.body, { attributes: true, attributeFilter: ["data-tg-lang"] });
}

export default { render };
