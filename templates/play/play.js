// The deck played on a screen: the cards drawn in SVG from the printed placements (card mm,
// y up, turns counter-clockwise), two at a time. Everything it needs is in this page.
"use strict";
(() => {
  const SVG = "http://www.w3.org/2000/svg";
  const deck = JSON.parse(document.getElementById("deck").textContent);
  const words = JSON.parse(document.getElementById("words").textContent);
  const $ = (id) => document.getElementById(id);
  const say = (key, fill) => words[key].replace(/\{(\w+)\}/g, (_, k) => String(fill[k]));
  const make = (tag, attrs) => {
    const el = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  const state = { mode: "find", history: [], at: -1, found: false, score: 0, misses: 0,
    started: Date.now() };

  // Each picture once, reused by every card that shows it.
  const defs = document.querySelector("#pictures defs");
  for (const [id, pic] of Object.entries(deck.symbols)) {
    defs.append(make("image", { id: `p${id}`, href: pic.src, width: 1, height: 1,
      preserveAspectRatio: "none" }));
  }
  const [bx, by, bw, bh] = deck.box;
  document.documentElement.style.setProperty("--aspect", `${bw} / ${bh}`);

  function drawCard(svg, index) {
    const card = deck.cards[index];
    svg.replaceChildren();
    svg.setAttribute("viewBox", `${bx} ${by} ${bw} ${bh}`);
    svg.dataset.card = index;
    if (card.rim) {
      svg.append(make("path", { d: deck.outline, fill: card.rim }));
      svg.append(make("path", { d: deck.inner, fill: deck.colour }));
    } else {
      svg.append(make("path", { d: deck.outline, fill: deck.colour }));
    }
    if (card.letter) {
      const l = card.letter;
      const text = make("text", { x: 0, y: 0, "font-size": l.size, "font-weight": "bold",
        fill: l.ink, "text-anchor": "middle", "dominant-baseline": "central",
        "aria-hidden": "true", transform: `translate(${l.x} ${-l.y}) rotate(${-l.turn})` });
      text.textContent = l.text;
      svg.append(text);
    }
    for (const [symbol, x, y, w, h, turn] of card.placed) {
      const g = make("g", { class: "sym", role: "button", tabindex: 0,
        "aria-label": deck.symbols[symbol].name, "data-symbol": symbol,
        transform: `translate(${x} ${-y}) rotate(${-turn})` });
      g.append(make("rect", { class: "ring", x: -w / 2 - 0.8, y: -h / 2 - 0.8, width: w + 1.6,
        height: h + 1.6, rx: 1.5 }));
      g.append(make("use", { href: `#p${symbol}`,
        transform: `translate(${-w / 2} ${-h / 2}) scale(${w} ${h})` }));
      svg.append(g);
    }
    svg.append(make("path", { d: deck.outline, fill: "none", stroke: "#8c8c8c",
      "stroke-width": 0.3 }));
  }

  // The picture a tap landed on: the topmost whose ink (or, failing that, whose box) is there.
  function pictureAt(svg, event) {
    const point = new DOMPoint(event.clientX, event.clientY)
      .matrixTransform(svg.getScreenCTM().inverse());
    const placed = deck.cards[Number(svg.dataset.card)].placed;
    let inBox = null;
    for (let i = placed.length - 1; i >= 0; i--) {
      const [symbol, x, y, w, h, turn] = placed[i];
      const a = (turn * Math.PI) / 180;
      const dx = point.x - x, dy = point.y + y;
      const u = dx * Math.cos(a) - dy * Math.sin(a), v = dx * Math.sin(a) + dy * Math.cos(a);
      if (Math.abs(u) > w / 2 || Math.abs(v) > h / 2) continue;
      const mask = deck.symbols[symbol].mask, n = Math.round(Math.sqrt(mask.length));
      const col = Math.min(n - 1, Math.floor(((u + w / 2) / w) * n));
      const row = Math.min(n - 1, Math.floor(((v + h / 2) / h) * n));
      if (mask[row * n + col] === "1") return symbol;
      if (inBox === null) inBox = symbol;
    }
    return inBox;
  }

  const shared = () => {
    const [a, b] = state.history[state.at];
    const other = new Set(deck.cards[b].placed.map((p) => p[0]));
    return deck.cards[a].placed.map((p) => p[0]).find((s) => other.has(s));
  };
  const cards = () => [$("card-0"), $("card-1")];
  const syms = (symbol) => document.querySelectorAll(`.card .sym[data-symbol="${symbol}"]`);

  function tell(text, tone) {
    const said = $("said");
    said.textContent = text;
    said.className = `said ${tone || ""}`;
  }

  function showPair() {
    const [a, b] = state.history[state.at];
    drawCard($("card-0"), a);
    drawCard($("card-1"), b);
    state.found = false;
    tell("", "");
    update();
  }

  function nextPair() {
    if (state.at < state.history.length - 1) {
      state.at += 1;
    } else {
      const n = deck.cards.length;
      const a = Math.floor(Math.random() * n);
      let b = Math.floor(Math.random() * (n - 1));
      if (b >= a) b += 1;
      state.history.push([a, b]);
      state.at = state.history.length - 1;
    }
    showPair();
  }

  function previousPair() {
    if (state.at > 0) {
      state.at -= 1;
      showPair();
    }
  }

  function reveal(spoken) {
    const match = shared();
    for (const g of syms(match)) g.classList.add("match");
    state.found = true;
    tell(say(spoken, { name: deck.symbols[match].name }), "right");
  }

  function choose(symbol, g) {
    if (state.found) return;
    if (symbol === shared()) {
      if (state.mode === "find") state.score += 1;
      reveal("right");
      update();
      if (state.mode === "find") $("next").focus();
      return;
    }
    if (state.mode === "find") state.misses += 1;
    for (const other of syms(symbol)) other.classList.remove("wrong");
    if (g) {
      void g.getBoundingClientRect(); // the refusal shows again on a second wrong tap
      g.classList.add("wrong");
      setTimeout(() => g.classList.remove("wrong"), 900);
    }
    tell(say("wrong", { name: deck.symbols[symbol].name }), "wrong");
    update();
  }

  function clock() {
    const s = Math.floor((Date.now() - state.started) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  function update() {
    $("pair").textContent = say("pair", { n: state.at + 1 });
    $("score").textContent = say("score", { n: state.score });
    $("misses").textContent = say("misses", { n: state.misses });
    $("time").textContent = say("time", { t: clock() });
  }

  function setMode(mode) {
    state.mode = mode;
    document.body.dataset.mode = mode;
    $("mode-find").setAttribute("aria-pressed", String(mode === "find"));
    $("mode-teacher").setAttribute("aria-pressed", String(mode === "teacher"));
    $("help").textContent = words[mode === "find" ? "find_help" : "teacher_help"];
    if (mode === "find") {
      state.score = 0;
      state.misses = 0;
      state.started = Date.now();
    }
    update();
  }

  for (const svg of cards()) {
    svg.addEventListener("click", (event) => {
      const symbol = pictureAt(svg, event);
      if (symbol === null) return;
      const g = svg.querySelector(`.sym[data-symbol="${symbol}"]`);
      choose(symbol, g);
    });
    svg.addEventListener("keydown", (event) => {
      const g = event.target.closest(".sym");
      if (!g || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      event.stopPropagation();
      choose(Number(g.dataset.symbol), g);
    });
  }
  $("next").addEventListener("click", nextPair);
  $("show").addEventListener("click", () => reveal("shown"));
  $("mode-find").addEventListener("click", () => setMode("find"));
  $("mode-teacher").addEventListener("click", () => setMode("teacher"));
  // The teacher's keys, wherever the focus is (a button's own Space is held back).
  const teacherKey = (event) =>
    state.mode === "teacher" && !event.altKey && !event.ctrlKey && !event.metaKey &&
    [" ", "ArrowRight", "ArrowLeft", "m", "M"].includes(event.key);
  document.addEventListener("keydown", (event) => {
    if (!teacherKey(event)) return;
    event.preventDefault();
    if (event.key === " " || event.key === "ArrowRight") nextPair();
    else if (event.key === "ArrowLeft") previousPair();
    else if (!state.found) reveal("shown");
  });
  document.addEventListener("keyup", (event) => {
    if (teacherKey(event)) event.preventDefault();
  });
  setInterval(() => { $("time").textContent = say("time", { t: clock() }); }, 1000);
  nextPair();
})();
