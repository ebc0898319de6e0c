// Step 3: making the deck, showing its pages, shuffling it or one card, and the downloads.

import { api, sessionPath } from "./api.js";
import { choices } from "./choices.js";
import { $, say, state } from "./state.js";

const STAGES = {  // share of the bar each stage of a build fills, and what it is called
  waiting: [0, 0, "Waiting for another tab’s deck to finish"],  // one deck is made at a time
  start: [0, 0.02, "Starting"],
  load: [0.02, 0.3, "Loading pictures"],
  layout: [0.3, 0.82, "Laying out cards"],
  render: [0.82, 1, "Writing the PDF"],
  png: [0.82, 0.97, "Drawing every card"],
  shop: [0.82, 0.97, "Writing the print-shop files"],
  zip: [0.97, 1, "Packing the zip"],
};

function progressShown(job) {
  const [from, to, words] = STAGES[job.stage] || STAGES.start;
  const part = job.total ? job.done / job.total : 0;
  $("progress").value = from + (to - from) * part;
  $("progress-label").textContent = job.total ? `${words}: ${job.done} of ${job.total}` : `${words}…`;
}

async function runJob(path, json, what) {
  setBusy(true);
  $("progress-box").hidden = false;
  progressShown({ stage: "start" });
  say("status", `${what}…`);
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
  for (const id of ["make", "shuffle", "shuffle-card", "dl-cards", "dl-shop"]) $(id).disabled = busy;
  if (!busy) $("make").disabled = !(state.plan && state.plan.ok);
  document.body.classList.toggle("working", busy);
}

export async function make(seed) {
  try {
    const result = await runJob("build", { choices: choices(), seed }, "Making the deck");
    showDeck(result);
    say("status", `Done: ${result.cards} cards on ${result.sheets} sheets (seed ${result.seed}).`);
    $("h-result").scrollIntoView({ block: "start" });
  } catch (error) {
    say("status", error.message);
  }
}

export async function shuffleCard() {
  const card = state.selected;
  try {
    const result = await runJob("reshuffle", { card }, `Shuffling card ${card}`);
    unselect();
    showDeck(result);
    say("status", `Card ${card} shuffled; the other cards are as they were.`);
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
  $("summary").textContent = `${result.why}. ${result.cards} cards of ${result.symbols_per_card} ` +
    `symbols on ${result.sheets} sheet${result.sheets === 1 ? "" : "s"}, seed ${result.seed}` +
    (result.reshuffle.length ? `; cards shuffled alone: ${result.reshuffle.join(", ")}.` : ".");
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
    img.alt = page.kind === "front" ? `${page.title}: cards ${numbers.join(", ")}` : page.title;
    sheet.append(img);
    for (const card of page.cards) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "card";
      button.dataset.card = card.number;
      button.setAttribute("aria-label", `Card ${card.number}`);
      button.setAttribute("aria-pressed", "false");
      const [left, top, width, height] = card.box;
      Object.assign(button.style, {
        left: `${left * 100}%`, top: `${top * 100}%`, width: `${width * 100}%`, height: `${height * 100}%`,
      });
      button.addEventListener("click", () => select(card.number));
      sheet.append(button);
    }
    const caption = document.createElement("figcaption");
    caption.textContent = page.title;
    figure.append(sheet, caption);
    li.append(figure);
    list.append(li);
  }
  $("dl-pdf").href = sessionPath(`download/deck.pdf?n=${result.number}`);
  $("dl-files").href = sessionPath(`download/pictures.zip?n=${result.number}`);
  $("command").textContent = result.command;
  say("extra-status", "");
}

function select(card) {
  if (state.selected === card) { unselect(); return; }
  unselect();
  state.selected = card;
  const button = document.querySelector(`[data-card="${card}"]`);
  button.setAttribute("aria-pressed", "true");
  $("selected-label").textContent = `Card ${card}:`;
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
  const what = kind === "cards" ? "Drawing every card" : "Writing the print-shop files";
  try {
    const result = await runJob("extra", { kind }, what);
    const link = document.createElement("a");
    link.href = sessionPath(`download/${kind}.zip?n=${result.number}`);
    link.download = `${kind}.zip`;
    link.textContent = `Download ${kind}.zip again`;
    $("extra-status").replaceChildren(`${kind}.zip is ready. `, link);
    say("status", `${kind}.zip is ready.`);  // not "Drawing every card…" once it is done
    link.click();
  } catch (error) {
    say("status", "");
    say("extra-status", error.message);
  }
}
