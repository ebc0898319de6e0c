// Step 2: the menus from the server, the values chosen, and the plan the server answers.

import { api, sessionPath } from "./api.js";
import { TEXT_FILES, showItem } from "./pictures.js";
import { $, state } from "./state.js";

export const CHOICE_IDS = ["symbols_per_card", "cards", "paper", "card_size", "shape", "card_color",
  "rotation", "photo_shape", "backs", "duplex", "title", "labels", "rules", "box", "card_thickness",
  "shop_profile"];
// Choices a ready-made deck does not set: they stay as they are when one is chosen.
export const KEPT = ["backs", "duplex", "title", "labels", "rules", "box", "card_thickness", "shop_profile"];
const SHOPS = {  // each print-shop profile: its menu entry, and what its download holds
  "print-and-cut": ["A print-and-cut or sticker shop",
    "One card per page with bleed and a cut path, for a print-and-cut or sticker shop"],
  "eu-3mm": ["A European card printer",
    "One PDF with each card’s front then its back, 3 mm bleed, for a European card printer"],
  "tgc-circle": ["The Game Crafter (88.9 mm)",
    "A 300 dpi picture of each card’s face and of the back, for The Game Crafter"],
  "makeplayingcards-round": ["MakePlayingCards (88.9 mm)",
    "A 300 dpi picture of each card’s face and of the back, for MakePlayingCards"],
};

export function fillMenus(menus) {
  // the picture kinds the command line reads, from the server's one list
  $("files").accept = ["image/*", ...menus.pictures.suffixes, ...TEXT_FILES].join(",");
  $("kinds").textContent = menus.pictures.kinds;
  const fill = (id, values, label) => {
    $(id).replaceChildren(...values.map((v) => new Option(label(v), v)));
  };
  const papers = { a4: "A4", letter: "US Letter", a3: "A3" };
  fill("paper", menus.papers, (v) => papers[v] || v);
  const shapes = { circle: "Round", square: "Square", hexagon: "Hexagon", rounded: "Rounded square" };
  fill("shape", menus.shapes, (v) => shapes[v] || v);
  fill("card_color", menus.colors, (v) => v[0].toUpperCase() + v.slice(1));
  const photos = { rect: "Rectangles, whole", rounded: "Rounded rectangles", circle: "Circles" };
  fill("photo_shape", menus.photo_shapes, (v) => photos[v] || v);
  const shops = [...menus.shop_profiles].sort((a, b) =>
    (b.name === menus.defaults.shop_profile) - (a.name === menus.defaults.shop_profile));
  fill("shop_profile", shops.map((p) => p.name),
    (v) => (SHOPS[v] || [menus.shop_profiles.find((p) => p.name === v).title])[0]);
}

function shopCard() {
  // The card a card printer's die cuts, or null when the deck's own card is used.
  const profile = (state.menus ? state.menus.shop_profiles : [])
    .find((p) => p.name === state.values.shop_profile);
  return profile && profile.card_size ? profile : null;
}

export function applyValues() {
  for (const id of CHOICE_IDS) {
    const field = $(id);
    let value = state.values[id] ?? "";
    if (id === "card_size" || id === "card_thickness") {
      const number = parseFloat(value);
      value = Number.isNaN(number) ? "" : number;
    }
    if (field.type === "checkbox") { field.checked = value === "yes"; continue; }
    if (field.tagName === "SELECT" && value !== "" &&
        !Array.from(field.options).some((o) => o.value === String(value))) {
      field.append(new Option(`${value} per card`, value));
    }
    field.value = String(value);
  }
  $("back-own").hidden = state.values.backs !== "own";
  $("duplex").disabled = state.values.backs === "none";
  $("thickness-box").hidden = state.values.box !== "yes";
  const fixed = shopCard();  // a card printer's card shows in place of the deck's own
  $("card_size").disabled = $("shape").disabled = !!fixed;
  if (fixed) {
    $("card_size").value = String(fixed.card_size);
    $("shape").value = fixed.shape;
  }
  $("hint-size").textContent = fixed
    ? `Set by the print shop chosen below: it cuts ${fixed.card_size} mm cards.`
    : "Across the card; the shop game’s cards are 85 mm.";
  const shop = SHOPS[state.values.shop_profile];
  $("hint-dl-shop").textContent =
    `${shop ? shop[1] : "The files the shop asks for"}; its README.txt says what to upload.`;
}

export function readChoice(id) {
  const value = $(id).value.trim();
  if (id === "card_size") return value ? `${value}mm` : state.values.card_size;
  if (id === "card_thickness") return value ? `${value}mm` : state.menus.defaults.card_thickness;
  if ($(id).type === "checkbox") return $(id).checked ? "yes" : "no";
  return value;
}

export function choices() {
  return { preset: state.preset, values: { ...state.values } };
}

export function schedulePlan() {
  // The plan shown is marked busy from the change on, not only while it is asked for: an
  // answer to an earlier change must not look like the answer to this one.
  clearTimeout(state.planTimer);
  $("plan").classList.add("busy");
  state.planTimer = setTimeout(runPlan, 250);
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
      schedulePlan();
    } else if (!state.planTimer) {
      $("plan").classList.remove("busy");
    }
  }
}

function showFieldError(message) {
  // A bad value is also said under its own control, which is marked invalid.
  const names = state.menus ? state.menus.names : {};
  for (const id of CHOICE_IDS) {
    const field = $(id);
    const text = names[id];
    const mine = !!message && !!text && (message.startsWith(`${text}:`) || message.startsWith(`${text} '`));
    let note = $(`error-${id}`);
    if (mine && !note) {
      note = document.createElement("p");
      note.id = `error-${id}`;
      note.className = "field-error";
      field.closest(".sub, .field").append(note);
      field.setAttribute("aria-describedby", `${field.getAttribute("aria-describedby")} ${note.id}`);
    }
    if (note) {
      note.textContent = mine ? message : "";
      note.hidden = !mine;
    }
    if (mine) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  }
}

function showPlan(plan) {
  state.plan = plan;
  showFieldError(plan.ok ? "" : plan.error);
  const box = $("plan");
  box.replaceChildren();
  const head = document.createElement("p");
  head.className = plan.ok ? "why" : state.items.length || $("words").value.trim() ? "why problem" : "why";
  head.textContent = plan.ok ? plan.why : plan.error;
  box.append(head);
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
  select.replaceChildren(new Option("Most cards possible", ""),
    ...(plan.choices || []).map((c) => new Option(c.text, String(c.n))));
  if (current && !(plan.choices || []).some((c) => String(c.n) === current)) {
    select.append(new Option(`${current} per card (not possible with these pictures)`, current));
  }
  select.value = current;
  const files = plan.files || {};
  for (const item of state.items) {
    const found = item.name ? files[item.name] || {} : {};
    item.problem = found.bad || "";
    item.duplicate = found.note || "";
    if (found.about) item.about = found.about;
    showItem(item);
  }
  $("make").disabled = !plan.ok || state.busy;
}
