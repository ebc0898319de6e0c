// The page's one state object, and the two DOM shorthands every part of the page uses.
// Every module reads and changes this object; none keeps state of its own.

export const $ = (id) => document.getElementById(id);

export function say(id, text) {
  $(id).textContent = text;
}

export const state = {
  sid: null,
  words: { lang: "en", plurals: 2, words: {}, languages: { en: "English" }, note: "" },  // words.js
  menus: null,
  preset: "",
  values: {},
  items: [],  // {key, given, name, url, text, status: "uploading"|"ok"|"error", message, about, li}
  nextKey: 0,  // the key the next tile gets
  plan: null,
  made: null,  // the last job result of a deck
  selected: null,  // card number
  planTimer: null,
  planning: false,
  planAgain: false,
  wordsTimer: null,
  busy: false,
  theme: "",  // a ready-made deck of the bundled pictures (themes.js), or ""
  tiles: null,  // the words' pictures the server found (illustrate.js)
  tilesTimer: null,
  tilesAsked: 0,
  library: null,  // the bundled pictures' names in the page's language, for the picker
  picking: null,  // the tile whose picture the picker is choosing
  searchTimer: null,
};

// A word list or vocabulary file the server refused: the deck it would make cannot be made, so
// "Make the deck" waits until it is fixed or removed (as the command line refuses it too).
export const refusedText = () => state.items.find((i) => i.text && i.status === "error");

export const canMake = () => !!(state.plan && state.plan.ok) && !refusedText() && !state.busy;
