// Step 1's words drawn as pictures (“Pictures for the words”): a tile for each word with the
// picture the server found for it (GET word-pictures), and the picker, a dialog that searches
// the bundled pictures in the page's language and writes the one chosen into the word's list
// as word=picture (POST word-pictures/choose), as the command line reads it.

import { api, sessionPath } from "./api.js";
import { schedulePlan } from "./choices.js";
import { $, say, state } from "./state.js";
import { gettext, ngettext } from "./words.js";

const SHOWN = 60;  // pictures the picker lists at once: search for the others
const libraryUrl = (key) => `/api/library/${encodeURIComponent(key)}`;

export const illustrating = () => state.values.illustrate === "yes";

export function scheduleWordPictures() {
  // at once, as the plan (schedulePlan): the words were saved after a pause in typing
  clearTimeout(state.tilesTimer);
  state.tilesTimer = setTimeout(showWordPictures, 0);
}

export async function showWordPictures() {
  // The tiles of the words' pictures while the switch is on and there are words.
  const box = $("word-pictures");
  const anyWords = $("words").value.trim() || state.items.some((i) => i.text && i.status === "ok");
  if (!illustrating() || !anyWords || state.theme) {
    box.hidden = true;
    state.tiles = null;
    return;
  }
  const asked = ++state.tilesAsked;  // an older answer arriving late is not shown
  try {
    const answer = await api(sessionPath("word-pictures"));
    if (asked === state.tilesAsked) drawTiles(answer);
  } catch (error) {
    say("word-pictures-status", error.message);
  }
}

function element(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function picture(tile) {
  // the picture a tile shows: the user's own, or the bundled one
  if (tile.own) return sessionPath(`pictures/${encodeURIComponent(tile.own)}`);
  return tile.key ? libraryUrl(tile.key) : null;
}

function drawTiles(answer) {
  state.tiles = answer;
  const words = answer.words;
  $("word-pictures").hidden = words.length === 0;
  const found = words.filter((w) => w.key || w.own).length;
  let text = ngettext("A picture for {found} of {n} word.", "Pictures for {found} of {n} words.",
    words.length, { found });
  if (answer.lang !== state.words.lang) {
    const language = state.words.languages[answer.lang] || answer.lang;
    text += " " + gettext("The words read as {language}.", { language });
  }
  text += " " + gettext("Click a picture to choose another.");
  say("word-pictures-status", text);
  $("word-tiles").replaceChildren(...words.map((tile, index) => drawTile(tile, index)));
}

function drawTile(tile, index) {
  const li = element("li", { className: "thumb word-tile" });
  li.dataset.word = tile.word;
  li.dataset.key = tile.key;
  const url = picture(tile);
  let shown;
  if (tile.own) shown = gettext("your picture {name}", { name: tile.own });
  else shown = tile.name;
  const open = element("button", { type: "button", className: "tile-button" });
  open.dataset.index = index;
  open.setAttribute("aria-haspopup", "dialog");
  if (url) {
    open.append(element("img", { src: url, alt: "", loading: "lazy" }));
    open.setAttribute("aria-label", gettext("{word}: {picture}. Choose another picture",
      { word: tile.word, picture: shown }));
  } else {
    open.append(element("span", { className: "kind" }, "?"));
    open.setAttribute("aria-label", gettext("{word}: no picture. Choose one", { word: tile.word }));
  }
  open.append(element("span", { className: "name" }, tile.word));
  open.addEventListener("click", () => openPicker(index));
  li.append(open);
  if (url) {
    li.append(element("span", { className: "note" }, shown));
  } else {
    li.classList.add("bad");
    li.append(element("span", { className: "note" }, tile.reason));
    if (tile.nearest.length) {
      const near = element("span", { className: "nearest" });
      for (const name of tile.nearest) {
        const button = element("button", { type: "button", className: "near" }, name);
        button.setAttribute("aria-label", gettext("Draw {word} as {name}", { word: tile.word, name }));
        button.addEventListener("click", () => choose(tile, name, open));
        near.append(button);
      }
      li.append(near);
    }
  }
  return li;
}

// ---- the picker ---------------------------------------------------------------------------

function fold(text) {
  // case, accents and width aside; katakana as hiragana (ネコ finds ねこ)
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase()
    .replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
}

async function library() {
  // the bundled pictures' names and keywords in the page's language, asked once per language
  const lang = state.words.lang;
  if (!state.library || state.library.lang !== lang) {
    const answer = await api(`/api/library?lang=${encodeURIComponent(lang)}`);
    answer.pictures.forEach((p, i) => {
      p.order = i;
      p.folded = fold(p.name);
      p.words = p.keywords.map(fold);
    });
    state.library = answer;
  }
  return state.library.pictures;
}

function rank(p, q) {
  // how well a picture fits the search: its name first, then its keywords, then its key
  const name = p.folded;
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  if (name.split(/[\s\-’']+/).some((w) => w.startsWith(q))) return 2;
  if (p.words.includes(q)) return 3;
  if (p.words.some((w) => w.startsWith(q))) return 4;
  if (name.includes(q)) return 5;
  if (p.words.some((w) => w.includes(q))) return 6;
  if (p.key.includes(q)) return 7;
  return -1;
}

function found(pictures, query, tile) {
  const q = fold(query.trim());
  if (!q) {
    // no search yet: the word's picture and the others that fit, or the nearest names
    const byKey = new Map(pictures.map((p) => [p.key, p]));
    const keys = [tile.key, ...tile.alternatives.map((a) => a.key)].filter(Boolean);
    const near = tile.nearest.map(fold);
    const named = pictures.filter((p) => near.includes(p.folded) || p.words.some((w) => near.includes(w)));
    return [...new Set([...keys.map((k) => byKey.get(k)).filter(Boolean), ...named])];
  }
  return pictures.map((p) => [rank(p, q), p]).filter(([r]) => r >= 0)
    .sort((a, b) => a[0] - b[0] || a[1].order - b[1].order).map(([, p]) => p);
}

async function openPicker(index) {
  const tile = state.tiles.words[index];
  state.picking = { index, tile };
  const dialog = $("picker");
  $("picker-title").textContent = gettext("A picture for “{word}”", { word: tile.word });
  $("picker-hint").textContent = gettext(
    "Search by a picture's name or keyword in this page's language; the pictures that fit “{word}” come first.",
    { word: tile.word });
  $("picker-search").value = "";
  $("picker-first").hidden = !tile.asked;
  if (!dialog.open) dialog.showModal();
  $("picker-search").focus();
  await listPictures();
}

async function listPictures() {
  const pictures = await library();
  if (!state.picking) return;  // closed meanwhile
  const { tile } = state.picking;
  const all = found(pictures, $("picker-search").value, tile);  // the search as it is now
  const list = $("picker-results");
  const wasIn = list.contains(document.activeElement);
  list.replaceChildren(...all.slice(0, SHOWN).map((p) => {
    const button = element("button", { type: "button", className: "pick" },
      element("img", { src: libraryUrl(p.key), alt: "", loading: "lazy" }),
      element("span", { className: "name" }, p.name));
    button.dataset.key = p.key;
    if (p.key === tile.key) button.setAttribute("aria-current", "true");
    button.addEventListener("click", () => choose(tile, p.key, null));
    return element("li", {}, button);
  }));
  if (wasIn) $("picker-search").focus();  // the picture it was on is gone
  let count;
  if (!all.length) count = gettext("No picture is named like that; try another word.");
  else if (all.length > SHOWN) count = gettext("{shown} of {n} pictures; search to see others.", { shown: SHOWN, n: all.length });
  else count = ngettext("{n} picture", "{n} pictures", all.length);
  say("picker-count", count);
}

async function choose(tile, chosen, opener) {
  // The word's line becomes word=chosen (chosen "": the word alone), in its own list.
  if (state.wordsTimer && tile.file === "words.txt") {
    clearTimeout(state.wordsTimer);
    state.wordsTimer = null;
    await api(sessionPath("words"), { method: "POST", body: $("words").value });
  }
  try {
    const answer = await api(sessionPath("word-pictures/choose"), {
      method: "POST",
      json: { file: tile.file, line: tile.line, word: tile.word, picture: chosen },
    });
    if (answer.file === "words.txt") $("words").value = answer.text;
    closePicker(false);
    clearTimeout(state.tilesTimer);  // tiles asked for before this answer are older than it
    state.tilesAsked++;
    drawTiles(answer);
    const now = answer.words.find((w) => w.file === tile.file && w.line === tile.line);
    const said = now && (now.key || now.own)
      ? gettext("“{word}” is drawn as {picture}.", { word: tile.word, picture: now.name || now.own })
      : now ? now.reason : "";
    say("word-pictures-status", said);
    const index = answer.words.indexOf(now);
    const button = document.querySelector(`#word-tiles .tile-button[data-index="${index}"]`);
    (button || opener || $("words")).focus();
    schedulePlan({ tiles: false });  // the tiles are this answer's: the focus and words stay
  } catch (error) {
    if ($("picker").open) say("picker-count", error.message);
    else say("word-pictures-status", error.message);
  }
}

function closePicker(refocus = true) {
  const picking = state.picking;
  if ($("picker").open) $("picker").close();
  state.picking = null;
  if (refocus && picking) {
    const button = document.querySelector(`#word-tiles .tile-button[data-index="${picking.index}"]`);
    if (button) button.focus();
  }
}

function focusables() {
  return Array.from($("picker").querySelectorAll("button, input"))
    .filter((e) => !e.disabled && !e.hidden && e.offsetParent !== null);
}

function columns() {
  return getComputedStyle($("picker-results")).gridTemplateColumns.split(" ").length || 1;
}

function keys(event) {
  // Tab stays in the dialog; the arrows move between the pictures; Escape closes it, from the
  // search field too (where it would only clear the search)
  if (event.key === "Escape") {
    event.preventDefault();
    closePicker();
    return;
  }
  if (event.key === "Tab") {
    const all = focusables();
    const at = all.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : (at + 1) % all.length;
    event.preventDefault();
    all[next].focus();
    return;
  }
  const picks = Array.from($("picker-results").querySelectorAll("button"));
  const at = picks.indexOf(document.activeElement);
  const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: columns(), ArrowUp: -columns() }[event.key];
  if (event.key === "ArrowDown" && document.activeElement === $("picker-search") && picks.length) {
    event.preventDefault();
    picks[0].focus();
  } else if (step && at >= 0) {
    event.preventDefault();
    const next = at + step;
    if (next < 0 && step < 0) $("picker-search").focus();
    else picks[Math.min(Math.max(next, 0), picks.length - 1)].focus();
  }
}

export function wirePicker() {
  const dialog = $("picker");
  dialog.addEventListener("keydown", keys);
  dialog.addEventListener("cancel", (event) => { event.preventDefault(); closePicker(); });  // Escape
  $("picker-close").addEventListener("click", () => closePicker());
  $("picker-first").addEventListener("click", () => {
    if (state.picking) choose(state.picking.tile, "", null);
  });
  $("picker-search").addEventListener("input", () => {
    clearTimeout(state.searchTimer);
    state.searchTimer = setTimeout(listPictures, 120);
  });
  dialog.addEventListener("click", (event) => { if (event.target === dialog) closePicker(); });
}
