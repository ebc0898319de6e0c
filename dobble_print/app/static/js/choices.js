// Step 2: the menus from the server, the values chosen, and the plan the server answers.

import { api, sessionPath } from "./api.js";
import { showFiles } from "./pictures.js";
import { buildControls, wordControls } from "./controls.js";
import { scheduleWordPictures } from "./illustrate.js";
import { $, canMake, refusedText, state } from "./state.js";
import { gettext, number } from "./words.js";

// The page's choices: the controls the server's table made (controls.js), by name.
const names = () => state.menus.controls.map((c) => c.name);
const controlOf = (name) => state.menus.controls.find((c) => c.name === name);

export function fillMenus(menus) {
  // the picture kinds the command line reads, from the server's one list
  $("files").accept = ["image/*", ...menus.pictures.suffixes, ...menus.texts].join(",");
  $("kinds").textContent = menus.pictures.kinds + gettext(".");  // a sentence of its own
  $("preset").append(...menus.presets.map((p) => new Option(p.about, p.name)));
  buildControls(menus.controls);
}

export function wordMenus(menus) {
  // The menus again in the page's new language: the same values, other words.
  state.menus = menus;
  $("kinds").textContent = menus.pictures.kinds + gettext(".");  // a sentence of its own
  const about = new Map(menus.presets.map((p) => [p.name, p.about]));
  for (const option of $("preset").options) {
    if (about.has(option.value)) option.textContent = about.get(option.value);
  }
  wordControls(menus.controls);
  applyValues();
}

function shopCard() {
  // The card a card printer's die cuts, or null when the deck's own card is used.
  const profile = state.menus.shop_profiles.find((p) => p.name === state.values.shop_profile);
  return profile && profile.card_size ? profile : null;
}

function switchedOff(control) {
  // An option under a switch (the card thickness under the box) counts only while it is on.
  return !!control.under && ["no", "none", ""].includes(state.values[control.under] ?? "");
}

export function applyValues() {
  for (const control of state.menus.controls) {
    const id = control.name;
    const field = $(id);
    let value = state.values[id] ?? "";
    if (control.kind === "length") {
      const number = parseFloat(value);
      value = Number.isNaN(number) ? "" : number;
    }
    field.closest(".sub, .field").hidden = switchedOff(control);
    if (control.high_by_paper) {  // the margin's range is the engine's for the paper chosen
      const high = control.high_by_paper[state.values.paper];
      if (high === undefined) field.removeAttribute("max");
      else field.setAttribute("max", String(high));
    }
    if (field.type === "checkbox") { field.checked = value === "yes"; continue; }
    if (id === "faces") { showFaces(); continue; }
    if (field.tagName === "SELECT" && value !== "" &&
        !Array.from(field.options).some((o) => o.value === String(value))) {
      field.append(new Option(gettext("{n} per card", { n: value }), value));
    }
    field.value = String(value);
  }
  $("back-own").hidden = state.values.backs !== "own";
  const fixed = shopCard();  // a card printer's card shows in place of the deck's own
  $("card_size").disabled = $("shape").disabled = !!fixed;
  if (fixed) {
    $("card_size").value = String(fixed.card_size);
    $("shape").value = fixed.shape;
  }
  $("hint-card_size").textContent = fixed
    ? gettext("Set by the print shop chosen below: it cuts {size} mm cards.",
      { size: number(fixed.card_size) })
    : controlOf("card_size").hint;
  const shop = state.menus.shop_profiles.find((p) => p.name === state.values.shop_profile);
  const holds = shop ? shop.holds : gettext("The files the shop asks for");
  $("hint-dl-shop").textContent = gettext("{holds}; its README.txt says what to upload.", { holds });
}

export function readChoice(id) {
  const value = $(id).value.trim();
  if ($(id).type === "checkbox") return $(id).checked ? "yes" : "no";
  if (controlOf(id).kind === "length") return value ? `${value}mm` : state.menus.defaults[id];
  return value;
}

export function presetChosen(preset) {
  // A ready-made deck resets what the presets set (size, symbols, turns…) to its own values
  // and keeps every other choice (paper, colour, backs, title…) as it is.
  state.preset = preset;
  const chosen = state.menus.presets.find((p) => p.name === preset);
  const from = chosen ? chosen.values : state.menus.defaults;
  for (const key of state.menus.preset_keys) state.values[key] = from[key];
}

export function choices() {
  // What the page sends: each control's value while it counts (not under a switch that is
  // off, nor the card a shop's die replaces); a preset's other values the server knows.
  const fixed = shopCard();
  const values = {};
  for (const control of state.menus.controls) {
    if (switchedOff(control)) continue;
    if (fixed && control.field === "card") continue;  // the options that make the card
    values[control.name] = state.values[control.name] ?? "";
  }
  values.lang = state.words.lang;  // the printed pages' too (the pseudo-language's as well)
  return { preset: state.preset, values, theme: state.theme };
}

export function schedulePlan({ tiles = true } = {}) {
  // The plan shown is marked busy from the change on, not only while it is asked for: an
  // answer to an earlier change must not look like the answer to this one. It is asked for
  // at once (on the next task: the changes one action makes are asked for together): every
  // caller is a choice made, a file added or the words saved after a pause in typing, and a
  // change while a plan is asked for is planned once that answer is in (runPlan).
  clearTimeout(state.planTimer);
  $("plan").classList.add("busy");
  state.planTimer = setTimeout(runPlan, 0);
  // the words' pictures follow the words, the switch and the language (not when they were
  // just drawn from the answer to a picture chosen, whose words say what was chosen)
  if (tiles) scheduleWordPictures();
}

async function runPlan() {
  state.planTimer = null;
  if (state.planning) { state.planAgain = true; return; }
  state.planning = true;
  $("plan").classList.add("busy");
  try {
    showPlan(await api(sessionPath("plan"), { method: "POST", json: { choices: choices() } }));
  } catch (error) {
    showPlan({ ok: false, error: error.message });
  } finally {
    state.planning = false;
    if (state.planAgain) {
      state.planAgain = false;
      schedulePlan({ tiles: false });  // the change that asked again asked for its tiles
    } else if (!state.planTimer) {
      $("plan").classList.remove("busy");
    }
  }
}

function showFieldError(field, message) {
  // A bad value is also said under its own control, which is marked invalid: the control the
  // server names (an option, or the deck's field it fills: "card" is the card size).
  const owner = state.menus.controls.find((c) => c.name === field) ||
    state.menus.controls.find((c) => c.field === field);
  for (const id of names()) {
    const control = $(id);
    const mine = !!message && !!owner && owner.name === id;
    let note = $(`error-${id}`);
    if (mine && !note) {
      note = document.createElement("p");
      note.id = `error-${id}`;
      note.className = "field-error";
      control.closest(".sub, .field").append(note);
      control.setAttribute("aria-describedby", `${control.getAttribute("aria-describedby")} ${note.id}`);
    }
    if (note) {
      note.textContent = mine ? message : "";
      note.hidden = !mine;
    }
    if (mine) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
}

function showFaces() {
  // A vocabulary table's columns on the cards: a menu only while a table of three columns or
  // more is added (the plan sends its choices, the default first), its value kept across plans.
  const select = $("faces");
  const offered = (state.plan && state.plan.faces) || [];
  const current = state.values.faces || "";
  select.replaceChildren(...offered.map(([value, words]) => new Option(words, value)));
  if (current && !offered.some(([value]) => value === current)) select.append(new Option(current, current));
  select.value = current;
  select.closest(".field").hidden = !offered.length;
}

function showPlan(plan) {
  state.plan = plan;
  showFieldError(plan.field, plan.ok ? "" : plan.error);
  const box = $("plan");
  box.replaceChildren();
  const head = document.createElement("p");
  head.className = plan.ok ? "why" : state.items.length || $("words").value.trim() ? "why problem" : "why";
  head.textContent = plan.ok ? plan.why : plan.error;
  box.append(head);
  const refused = refusedText();
  if (refused) {
    const p = document.createElement("p");
    p.className = "why problem";
    p.textContent = gettext("{name} could not be read, so the deck waits: fix it and add it again, or remove it", { name: refused.given });
    box.append(p);
  }
  if (plan.choices && plan.choices.length) {
    const list = document.createElement("ul");
    for (const c of plan.choices) {
      const li = document.createElement("li");
      li.textContent = c.text;
      if (plan.ok && c.n === plan.symbols_per_card) li.className = "chosen";
      list.append(li);
    }
    box.append(list);
  }
  for (const text of plan.warnings || []) {
    const p = document.createElement("p");
    p.className = "warning";
    p.textContent = text;
    box.append(p);
  }
  const select = $("symbols_per_card");
  const current = state.values.symbols_per_card || "";
  select.replaceChildren(new Option(gettext("Most cards possible"), ""),
    ...(plan.choices || []).map((c) => new Option(c.text, String(c.n))));
  if (current && !(plan.choices || []).some((c) => String(c.n) === current)) {
    select.append(new Option(
      gettext("{n} per card (not possible with these pictures)", { n: current }), current));
  }
  select.value = current;
  showFaces();
  showFiles(plan.files || {});
  $("make").disabled = !canMake();
}
