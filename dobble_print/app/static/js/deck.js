// Step 3: making the deck, showing its pages, shuffling it or one card, and the downloads.

import { api, sessionPath } from "./api.js";
import { choices } from "./choices.js";
import { showFiles } from "./pictures.js";
import { $, canMake, say, state } from "./state.js";
import { gettext, ngettext } from "./words.js";

const STAGES = () => ({  // share of the bar each stage of a build fills, and what it is called
  waiting: [0, 0, gettext("Waiting for another tab’s deck to finish")],  // one deck at a time
  start: [0, 0.02, gettext("Starting")],
  load: [0.02, 0.3, gettext("Loading pictures")],
  layout: [0.3, 0.82, gettext("Laying out cards")],
  render: [0.82, 1, gettext("Writing the PDF")],
  png: [0.82, 0.97, gettext("Drawing every card")],
  shop: [0.82, 0.97, gettext("Writing the print-shop files")],
  zip: [0.97, 1, gettext("Packing the zip")],
});

function progressShown(job) {
  const stages = STAGES();
  const [from, to, stage] = stages[job.stage] || stages.start;
  const part = job.total ? job.done / job.total : 0;
  $("progress").value = from + (to - from) * part;
  $("progress-label").textContent = job.total
    ? gettext("{stage}: {done} of {total}", { stage, done: job.done, total: job.total })
    : gettext("{stage}…", { stage });
}

async function runJob(path, json, what) {
  setBusy(true);
  $("progress-box").hidden = false;
  progressShown({ stage: "start" });
  say("status", gettext("{stage}…", { stage: what }));
  try {
    let job = await api(sessionPath(path), { method: "POST", json });
    while (job.state === "running") {
      // The server answers when the job ends or after a quarter second, for the progress bar.
      job = await api(sessionPath("job?wait=0.25"));
      progressShown(job);
    }
    if (job.state === "error") throw new Error(job.message);
    return job.result;
  } finally {
    setBusy(false);
    $("progress-box").hidden = true;
  }
}

function setBusy(busy) {
  state.busy = busy;
  for (const id of ["make", "shuffle", "shuffle-card", "dl-cards", "dl-shop", "dl-play"]) $(id).disabled = busy;
  if (!busy) $("make").disabled = !canMake();
  document.body.classList.toggle("working", busy);
}

export async function make(seed) {
  try {
    const result = await runJob("build", { choices: choices(), seed }, gettext("Making the deck"));
    showDeck(result);
    const cards = ngettext("{n} card", "{n} cards", result.cards);
    const sheets = ngettext("{n} sheet", "{n} sheets", result.sheets);
    say("status", gettext("Done: {cards} on {sheets} (seed {seed}).", { cards, sheets, seed: result.seed }));
    $("h-result").scrollIntoView({ block: "start" });
    $("h-result").focus({ preventScroll: true });  // on to the deck made, not the page's top
  } catch (error) {
    say("status", error.message);
  }
}

export async function shuffleCard() {
  const card = state.selected;
  try {
    const result = await runJob("reshuffle", { card }, gettext("Shuffling card {n}", { n: card }));
    unselect();
    showDeck(result);
    say("status", gettext("Card {n} shuffled; the other cards are as they were.", { n: card }));
    const button = document.querySelector(`[data-card="${card}"]`);
    if (button) button.focus({ preventScroll: true });
  } catch (error) {
    say("status", error.message);
  }
}

export function showDeck(result) {
  state.made = result;
  $("result").hidden = false;
  $("downloads").hidden = false;
  const cards = ngettext("{n} card", "{n} cards", result.cards);
  const sheets = ngettext("{n} sheet", "{n} sheets", result.sheets);
  const alone = result.reshuffle.join(", ");
  $("summary").textContent = gettext("{why}. {cards} of {symbols} symbols on {sheets}, seed {seed}",
    { why: result.why, cards, symbols: result.symbols_per_card, sheets, seed: result.seed }) +
    (result.reshuffle.length
    ? gettext("; cards shuffled alone: {cards}.", { cards: alone })
    : gettext("."));
  // The build's warnings: each about one picture on its tile, the others under the summary.
  showFiles(result.files || {});
  const warned = $("build-warnings");
  warned.replaceChildren(...(result.warnings || []).map((text) => {
    const li = document.createElement("li");
    li.textContent = text;
    return li;
  }));
  warned.hidden = !(result.warnings || []).length;
  const list = $("pages");
  list.replaceChildren();
  list.dataset.shape = result.shape;
  for (const page of result.pages) {
    const li = document.createElement("li");
    li.className = `page ${page.kind}`;
    li.dataset.page = page.number;
    const figure = document.createElement("figure");
    const sheet = document.createElement("div");
    sheet.className = "sheet";
    const img = document.createElement("img");
    img.src = sessionPath(`pages/${page.file}`);
    img.width = 1000;
    img.height = Math.round(1000 * page.height_mm / page.width_mm);
    const numbers = page.cards.map((c) => c.number);
    const title = pageTitle(page);
    img.alt = page.kind === "front"
      ? gettext("{title}: cards {cards}", { title, cards: numbers.join(", ") }) : title;
    sheet.append(img);
    for (const card of page.cards) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.dataset.card = card.number;
      button.setAttribute("aria-label", gettext("Card {n}", { n: card.number }));
      button.setAttribute("aria-pressed", "false");
      const [left, top, width, height] = card.box;
      Object.assign(button.style, {
        left: `${left * 100}%`, top: `${top * 100}%`, width: `${width * 100}%`, height: `${height * 100}%`,
      });
      button.addEventListener("click", () => select(card.number));
      sheet.append(button);
    }
    const caption = document.createElement("figcaption");
    caption.textContent = title;
    figure.append(sheet, caption);
    li.append(figure);
    list.append(li);
  }
  $("dl-pdf").href = sessionPath(`download/deck.pdf?n=${result.number}`);
  $("dl-files").href = sessionPath(`download/pictures.zip?n=${result.number}&lang=${state.words.lang}`);
  $("command").textContent = result.command;
  const chosen = result.chosen || [];  // word=picture lines: the command reads them in the lists
  $("command-chosen").hidden = !chosen.length;
  $("command-chosen").textContent = chosen.length
    ? ngettext("The picture you chose is written in your words, where the command reads it: {lines}.",
      "The pictures you chose are written in your words, where the command reads them: {lines}.",
      chosen.length, { lines: chosen.join(", ") })
    : "";
  say("extra-status", "");
}

function pageTitle(page) {
  // What a page of the PDF is, in the page's words.
  if (page.kind === "front") return gettext("Sheet {n}", { n: page.sheet });
  if (page.kind === "back") return gettext("Sheet {n}, back", { n: page.sheet });
  if (page.kind === "rules") return gettext("Rules: how to play");
  if (page.kind === "box") return gettext("Box: print on thick paper, cut, fold and glue");
  return gettext("Cover: how to print, and the answer key");
}

function select(card) {
  if (state.selected === card) { unselect(); return; }
  unselect();
  state.selected = card;
  const button = document.querySelector(`[data-card="${card}"]`);
  button.setAttribute("aria-pressed", "true");
  $("selected-label").textContent = gettext("Card {n}:", { n: card });
  $("selected").hidden = false;
  $("shuffle-card").focus({ preventScroll: true });
}

export function unselect() {
  if (state.selected === null) return;
  const button = document.querySelector(`[data-card="${state.selected}"]`);
  if (button) button.setAttribute("aria-pressed", "false");
  state.selected = null;
  $("selected").hidden = true;
}

export async function extra(kind) {
  const what = {
    cards: gettext("Drawing every card"),
    shop: gettext("Writing the print-shop files"),
    play: gettext("Writing the page to play"),
  }[kind];
  const file = kind === "play" ? "deck.html" : `${kind}.zip`;
  try {
    const result = await runJob("extra", { kind }, what);
    const link = document.createElement("a");
    link.href = sessionPath(`download/${file}?n=${result.number}`);
    link.download = file;
    link.textContent = gettext("Download {file} again", { file });
    const ready = gettext("{file} is ready.", { file });
    $("extra-status").replaceChildren(`${ready} `, link);
    if (kind === "play") {
      const play = document.createElement("a");
      play.href = sessionPath(`download/play.html?n=${result.number}`);
      play.target = "_blank";
      play.rel = "noopener";
      play.id = "play-now";
      play.className = "button primary";
      play.textContent = gettext("Play it now");
      $("extra-status").append(" ", play);
    }
    say("status", ready);  // not "Drawing every card…" once it is done
    link.click();
  } catch (error) {
    say("status", "");
    say("extra-status", error.message);
  }
}
