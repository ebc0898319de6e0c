// Step 1's ready-made decks of the bundled pictures (the server's /api/menus "themes", named in
// the page's language): one click chooses the theme and makes its deck (--theme); a click on
// the chosen one, or adding pictures or words, goes back to the user's own.

import { schedulePlan } from "./choices.js";
import { make } from "./deck.js";
import { showWordPictures } from "./illustrate.js";
import { $, say, state } from "./state.js";
import { gettext, ngettext } from "./words.js";

function label(theme) {
  return ngettext("{n} card", "{n} cards", theme.cards);
}

export function fillThemes(themes) {
  $("themes").replaceChildren(...themes.map((theme) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "theme";
    button.dataset.theme = theme.id;
    button.setAttribute("aria-pressed", "false");
    const img = document.createElement("img");
    img.src = `/api/library/${encodeURIComponent(theme.sample)}`;
    img.alt = "";
    const name = document.createElement("span");
    name.className = "name";
    const size = document.createElement("span");
    size.className = "size";
    button.append(img, name, size);
    button.addEventListener("click", () => themeClicked(theme.id));
    const li = document.createElement("li");
    li.append(button);
    return li;
  }));
  wordThemes(themes);
}

export function wordThemes(themes) {
  // the names in the page's language (again, on a change of language)
  for (const theme of themes) {
    const button = document.querySelector(`.theme[data-theme="${theme.id}"]`);
    if (!button) continue;
    button.querySelector(".name").textContent = theme.name;
    button.querySelector(".size").textContent = label(theme);
  }
  markTheme();
}

export function markTheme() {
  for (const button of document.querySelectorAll(".theme")) {
    button.setAttribute("aria-pressed", String(button.dataset.theme === state.theme));
  }
  document.body.classList.toggle("theme-chosen", !!state.theme);
}

async function themeClicked(id) {
  if (state.theme === id) {
    leaveTheme();
    say("status", gettext("Back to your own pictures and words."));
    return;
  }
  state.theme = id;
  markTheme();
  showWordPictures();
  schedulePlan();
  await make("keep");
}

export function leaveTheme() {
  // The user's own pictures and words make the deck again.
  if (!state.theme) return;
  state.theme = "";
  markTheme();
  showWordPictures();
  schedulePlan();
}
