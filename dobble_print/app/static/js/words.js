// The page's words in its language: the server's catalogue (GET /api/words, the one the printed
// pages use), looked up by the English text. The HTML's marked texts (data-t) are English as
// written; wordPage() puts each one's words in the page's language, at once on a change.

import { $, state } from "./state.js";

const fill = (text, values = {}) =>
  text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));

export function gettext(text, values) {
  const found = state.words.words[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

export function ngettext(one, many, n, values = {}) {
  // The catalogue's forms, picked as the language counts: Japanese has one form, French
  // counts 0 and 1 as one (Intl.PluralRules knows each language's rule).
  const found = state.words.words[one];
  const all = { n, ...values };
  if (!Array.isArray(found)) return fill(n === 1 ? one : many, all);
  if (found.length === 1) return fill(found[0], all);
  const rule = state.words.lang === "qps" ? "en" : state.words.lang;
  const form = new Intl.PluralRules(rule).select(n) === "one" ? 0 : 1;
  return fill(found[form] || found[found.length - 1], all);
}

export function number(value) {
  // A number as the page's language writes it (0,5 in French).
  const rule = state.words.lang === "qps" ? "en" : state.words.lang;
  return new Intl.NumberFormat(rule, { maximumFractionDigits: 2 }).format(value);
}

export async function loadWords(asked) {
  // The catalogue of the language asked for; none asked: the server picks from the browser's
  // languages (and says so when it does not speak the one the browser wants most).
  const query = asked ? `?lang=${encodeURIComponent(asked)}` : "";
  const response = await fetch(`/api/words${query}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`GET /api/words: ${response.status}`);
  state.words = await response.json();
  document.documentElement.lang = state.words.lang;
  sessionStorage.setItem("dobble-lang", state.words.lang);
  return state.words;
}

export function wordPage() {
  // Each marked element's words; its English (the message's key) is kept the first time.
  for (const element of document.querySelectorAll("[data-t]")) {
    const attribute = element.dataset.t;
    if (element.dataset.en === undefined) {
      element.dataset.en = attribute
        ? element.getAttribute(attribute)
        : element.textContent.replace(/\s+/g, " ").trim();
    }
    if (attribute) element.setAttribute(attribute, gettext(element.dataset.en));
    else element.textContent = gettext(element.dataset.en);
  }
  const menu = $("lang-menu");
  menu.replaceChildren(...Object.entries(state.words.languages)
    .map(([code, name]) => new Option(name, code)));
  menu.value = state.words.lang;
  const note = $("lang-note");
  note.textContent = state.words.note || "";
  note.hidden = !state.words.note;
}
