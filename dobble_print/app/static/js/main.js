// The deck maker's page: plain JavaScript modules, no build step, nothing from elsewhere.
// This one wires the page's controls to the other modules and starts it: the menus, then the
// session (a reload keeps its pictures, words, choices and deck).

import { api, sessionPath } from "./api.js";
import {
  applyValues, fillMenus, presetChosen, readChoice, schedulePlan, wordMenus,
} from "./choices.js";
import { extra, make, showDeck, shuffleCard, unselect } from "./deck.js";
import {
  addFiles, addItem, backChosen, filesFromEntries, showItem, wordsChanged,
} from "./pictures.js";
import { wirePicker } from "./illustrate.js";
import { $, say, state } from "./state.js";
import { fillThemes, markTheme, wordThemes } from "./themes.js";
import { gettext, loadWords, wordPage } from "./words.js";

async function startSession() {
  const kept = sessionStorage.getItem("dobble-session");
  if (kept) {
    try {
      state.sid = kept;
      const saved = await api(sessionPath("state"));
      restore(saved);
      return;
    } catch { /* gone: start afresh */ }
  }
  const made = await api("/api/session", { method: "POST" });
  state.sid = made.id;
  sessionStorage.setItem("dobble-session", made.id);
}

function restore(saved) {
  for (const name of saved.pictures) {
    const item = addItem(name, sessionPath(`pictures/${encodeURIComponent(name)}`));
    item.name = name;
    item.status = "ok";
    showItem(item);
  }
  for (const name of saved.files || []) {
    const item = addItem(name, null);
    item.name = name;
    item.status = "ok";
    showItem(item);
  }
  $("words").value = saved.words || "";
  if (saved.back) $("back-name").textContent = gettext("Back picture: {name}", { name: saved.back });
  if (saved.choices) {
    state.preset = saved.choices.preset || "";
    $("preset").value = state.preset;
    Object.assign(state.values, saved.choices.values || {});
    state.theme = saved.choices.theme || "";
    markTheme();
    applyValues();
  }
  if (saved.made) showDeck(saved.made);
}

function wire() {
  $("pick-files").addEventListener("click", () => $("files").click());
  $("pick-folder").addEventListener("click", () => $("folder").click());
  for (const id of ["files", "folder"]) {
    $(id).addEventListener("change", (event) => {
      addFiles(Array.from(event.target.files));
      event.target.value = "";
    });
  }
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => { event.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", async (event) => {
    event.preventDefault();
    drop.classList.remove("over");
    // What was dropped can be read only now, before the first await.
    const plain = Array.from(event.dataTransfer.files);
    const entries = Array.from(event.dataTransfer.items || [])
      .map((item) => item.webkitGetAsEntry && item.webkitGetAsEntry()).filter(Boolean);
    addFiles(entries.length ? await filesFromEntries(entries) : plain);
  });
  $("words").addEventListener("input", wordsChanged);
  $("pick-back").addEventListener("click", () => $("back-file").click());
  $("back-file").addEventListener("change", (event) => {
    if (event.target.files.length) backChosen(event.target.files[0]);
    event.target.value = "";
  });
  $("preset").addEventListener("change", () => {
    presetChosen($("preset").value);
    applyValues();
    schedulePlan();
  });
  $("make").addEventListener("click", () => make("keep"));
  $("shuffle").addEventListener("click", () => make("new"));
  $("shuffle-card").addEventListener("click", shuffleCard);
  $("larger").addEventListener("click", () => {
    const larger = $("larger").getAttribute("aria-pressed") !== "true";
    $("larger").setAttribute("aria-pressed", String(larger));
    $("pages").classList.toggle("large", larger);
  });
  $("unselect").addEventListener("click", () => {
    const card = state.selected;
    unselect();
    const button = document.querySelector(`[data-card="${card}"]`);
    if (button) button.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.selected !== null) $("unselect").click();
  });
  $("dl-cards").addEventListener("click", () => extra("cards"));
  $("dl-shop").addEventListener("click", () => extra("shop"));
  $("dl-play").addEventListener("click", () => extra("play"));
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("command").textContent);
      say("extra-status", gettext("Command copied."));
    } catch {
      getSelection().selectAllChildren($("command"));
      say("extra-status", gettext("Selected: press Ctrl+C (or ⌘C) to copy."));
    }
  });
  $("lang-menu").addEventListener("change", () => changeLanguage($("lang-menu").value));
  wirePicker();
  // Tell the server the page is still open, so its files are kept.
  setInterval(() => api(sessionPath("state")).catch((error) => {
    if (error.status === 404) say("status", error.message);
  }), 60_000);
}

function wireControls() {
  // every control the table made: a change is read, shown and planned
  for (const { name } of state.menus.controls) {
    $(name).addEventListener("change", () => {
      state.values[name] = readChoice(name);
      applyValues();
      schedulePlan();
    });
  }
}

async function changeLanguage(lang) {
  // The page in another language at once, no reload: its words, its menus, the plan's
  // sentence (the server's) and the deck shown; the next deck's printed pages follow.
  await loadWords(lang);
  wordPage();
  wordMenus(await api(`/api/menus?lang=${encodeURIComponent(lang)}`));
  wordThemes(state.menus.themes);
  if (state.made) showDeck(state.made);
  for (const item of state.items) showItem(item);
  document.body.dataset.worded = lang;  // every word is in the new language now
  schedulePlan();
}

async function main() {
  wire();
  // the language asked for in the address (?lang=qps), kept in this tab, or the browser's
  const asked = new URLSearchParams(location.search).get("lang") ||
    sessionStorage.getItem("dobble-lang");
  await loadWords(asked);
  wordPage();
  state.menus = await api(`/api/menus?lang=${encodeURIComponent(state.words.lang)}`);
  fillMenus(state.menus);
  fillThemes(state.menus.themes);
  wireControls();
  state.values = { ...state.menus.defaults };
  applyValues();
  await startSession();
  document.body.dataset.ready = "true";
  document.body.dataset.worded = state.words.lang;
  schedulePlan();
}

main().catch((error) =>
  say("status", gettext("The page could not start: {error}", { error: error.message })));
