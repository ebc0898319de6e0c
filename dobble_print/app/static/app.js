// The deck maker's page: plain JavaScript, no build step, nothing from elsewhere.
// It talks to the local server only; every change is a POST carrying the X-Dobble header.

const $ = (id) => document.getElementById(id);
const CHOICE_IDS = ["symbols_per_card", "cards", "paper", "card_size", "shape", "card_color",
  "rotation", "photo_shape", "backs", "duplex", "title", "labels", "rules", "box", "card_thickness",
  "shop_profile"];
// Choices a ready-made deck does not set: they stay as they are when one is chosen.
const KEPT = ["backs", "duplex", "title", "labels", "rules", "box", "card_thickness", "shop_profile"];
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
const UPLOADS_AT_ONCE = 4;
// Word lists and vocabulary files: uploaded beside the pictures, shown as one tile each.
const TEXT_FILES = [".txt", ".csv", ".tsv"];
const isTextFile = (name) => TEXT_FILES.some((suffix) => name.toLowerCase().endsWith(suffix));
const STAGES = {  // share of the bar each stage of a build fills, and what it is called
  start: [0, 0.02, "Starting"],
  load: [0.02, 0.3, "Loading pictures"],
  layout: [0.3, 0.82, "Laying out cards"],
  render: [0.82, 1, "Writing the PDF"],
  png: [0.82, 0.97, "Drawing every card"],
  shop: [0.82, 0.97, "Writing the print-shop files"],
  zip: [0.97, 1, "Packing the zip"],
};

const state = {
  sid: null,
  menus: null,
  preset: "",
  values: {},
  items: [],  // {key, given, name, url, text, status: "uploading"|"ok"|"error", message, about, li}
  plan: null,
  made: null,  // the last job result of a deck
  selected: null,  // card number
  planTimer: null,
  planning: false,
  planAgain: false,
  busy: false,
};

// ---- talking to the server ----------------------------------------------------------------

const STOPPED = "The deck maker has stopped; start it again, then reload this page.";

async function api(path, { method = "GET", body = null, json = null } = {}) {
  const headers = {};
  if (method !== "GET") headers["X-Dobble"] = "1";
  if (json !== null) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(json);
  }
  let response;
  try {
    response = await fetch(path, { method, headers, body, credentials: "same-origin" });
  } catch {
    // no answer at all: the server is gone (stopped, or its terminal closed), not the network
    throw new Error(STOPPED);
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `The server answered ${response.status}.`);
    error.status = response.status;
    throw error;
  }
  return data;
}

const sessionPath = (rest) => `/api/s/${state.sid}/${rest}`;

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
  if (saved.back) $("back-name").textContent = `Back picture: ${saved.back}`;
  if (saved.choices) {
    state.preset = saved.choices.preset || "";
    $("preset").value = state.preset;
    Object.assign(state.values, saved.choices.values || {});
    applyValues();
  }
  if (saved.made) showDeck(saved.made);
}

// ---- pictures -----------------------------------------------------------------------------

let nextKey = 0;

function addItem(given, url) {
  const text = isTextFile(given);
  const item = { key: nextKey++, given, name: null, url, text, status: "uploading", message: "", about: "" };
  const li = document.createElement("li");
  li.className = text ? "thumb text" : "thumb";
  let img;
  if (text) {  // a word list or table: its kind where a picture would be
    img = document.createElement("span");
    img.className = "kind";
    img.setAttribute("aria-hidden", "true");
    img.textContent = given.slice(given.lastIndexOf(".") + 1).toUpperCase();
  } else {
    img = document.createElement("img");
    img.src = url;
    img.alt = "";
    img.loading = "lazy";
    img.addEventListener("error", () => { img.hidden = true; });
  }
  const name = document.createElement("span");
  name.className = "name";
  const note = document.createElement("span");
  note.className = "note";
  const remove = document.createElement("button");
  remove.type = "button";
  remove.className = "remove";
  remove.textContent = "×";
  remove.addEventListener("click", () => removeItem(item));
  li.append(img, name, note, remove);
  item.li = li;
  state.items.push(item);
  $("thumbs").append(li);
  showItem(item);
  return item;
}

function showItem(item) {
  const [img, name, note, remove] = item.li.children;
  const shown = item.name || item.given;
  name.textContent = shown;
  name.title = shown;
  remove.setAttribute("aria-label", `Remove ${shown}`);
  item.li.classList.toggle("bad", item.status === "error" || !!item.problem);
  item.li.classList.toggle("dup", !!item.duplicate);
  let text = "";
  if (item.status === "uploading") text = "adding…";
  else if (item.status === "error") text = item.message;
  else if (item.problem) text = item.problem;
  else if (item.duplicate) text = item.duplicate;
  else if (item.about) text = item.about;
  else if (item.name && item.name !== item.given && item.given) text = `saved as ${item.name}`;
  note.textContent = text;
  img.hidden = !item.text && (item.status === "error" || !!item.problem);
}

function wanted(file) {
  // hidden files, and what hidden or system folders hold, as the command line passes them over
  const folders = (file.webkitRelativePath || "").split("/").slice(0, -1);
  return !file.name.startsWith(".") && !folders.some(skippedFolder);
}

function skippedFolder(name) {
  return name.startsWith(".") || state.menus.system_folders.includes(name.toLowerCase());
}

async function addFiles(files) {
  const queue = files.filter(wanted).map((file) =>
    [file, addItem(file.name, isTextFile(file.name) ? null : URL.createObjectURL(file))]);
  if (!queue.length) return;
  const noun = queue.some(([file]) => isTextFile(file.name)) ? "file" : "picture";
  const what = (n) => `${n} ${noun}${n === 1 ? "" : "s"}`;
  say("upload-status", `Adding ${what(queue.length)}…`);
  let failed = 0;
  async function worker() {
    while (queue.length) {
      const [file, item] = queue.shift();
      try {
        const stored = await api(sessionPath(`pictures?name=${encodeURIComponent(file.name)}`),
          { method: "POST", body: file });
        item.name = stored.name;
        item.about = stored.about || "";
        item.status = "ok";
      } catch (error) {
        item.status = "error";
        item.message = error.message;
        failed += 1;
      }
      showItem(item);
    }
  }
  await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
  const ok = state.items.filter((i) => i.status === "ok").length;
  const all = state.items.some((i) => i.text) ? "file" : "picture";
  say("upload-status", `${ok} ${all}${ok === 1 ? "" : "s"} added` +
    (failed ? `; ${failed} could not be added (see below)` : "") + ".");
  schedulePlan();
}

async function removeItem(item) {
  const index = state.items.indexOf(item);
  const neighbour = state.items[index + 1] || state.items[index - 1];
  if (item.status === "ok") {
    try {
      await api(sessionPath(`pictures/${encodeURIComponent(item.name)}/remove`), { method: "POST" });
    } catch (error) {
      say("upload-status", error.message);
      return;
    }
  }
  state.items.splice(index, 1);
  item.li.remove();
  if (item.url && item.url.startsWith("blob:")) URL.revokeObjectURL(item.url);
  say("upload-status", `Removed ${item.name || item.given}.`);
  (neighbour ? neighbour.li.querySelector(".remove") : $("pick-files")).focus();
  schedulePlan();
}

async function filesFromEntries(entries) {
  // A dropped folder arrives as an entry to walk; its pictures are added as one batch.
  const found = [];
  async function walk(entry) {
    if (entry.isFile) {
      found.push(await new Promise((ok, fail) => entry.file(ok, fail)));
    } else if (entry.isDirectory && !skippedFolder(entry.name)) {
      const reader = entry.createReader();
      for (;;) {
        const batch = await new Promise((ok, fail) => reader.readEntries(ok, fail));
        if (!batch.length) break;
        for (const child of batch) await walk(child);
      }
    }
  }
  for (const entry of entries) await walk(entry);
  return found;
}

// ---- words and back picture ---------------------------------------------------------------

let wordsTimer = null;
function wordsChanged() {
  clearTimeout(wordsTimer);
  wordsTimer = setTimeout(async () => {
    try {
      await api(sessionPath("words"), { method: "POST", body: $("words").value });
      say("upload-status", "Words saved.");
    } catch (error) {
      say("upload-status", error.message);
    }
    schedulePlan();
  }, 400);
}

async function backChosen(file) {
  try {
    const stored = await api(sessionPath(`back?name=${encodeURIComponent(file.name)}`),
      { method: "POST", body: file });
    say("back-name", `Back picture: ${stored.name} (from ${file.name})`);
  } catch (error) {
    say("back-name", error.message);
  }
  schedulePlan();
}

// ---- choices and the plan -----------------------------------------------------------------

function fillMenus(menus) {
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

function applyValues() {
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

function readChoice(id) {
  const value = $(id).value.trim();
  if (id === "card_size") return value ? `${value}mm` : state.values.card_size;
  if (id === "card_thickness") return value ? `${value}mm` : state.menus.defaults.card_thickness;
  if ($(id).type === "checkbox") return $(id).checked ? "yes" : "no";
  return value;
}

function choices() {
  return { preset: state.preset, values: { ...state.values } };
}

function schedulePlan() {
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

// ---- making the deck ----------------------------------------------------------------------

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

async function make(seed) {
  try {
    const result = await runJob("build", { choices: choices(), seed }, "Making the deck");
    showDeck(result);
    say("status", `Done: ${result.cards} cards on ${result.sheets} sheets (seed ${result.seed}).`);
    $("h-result").scrollIntoView({ block: "start" });
  } catch (error) {
    say("status", error.message);
  }
}

async function shuffleCard() {
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

function showDeck(result) {
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

function unselect() {
  if (state.selected === null) return;
  const button = document.querySelector(`[data-card="${state.selected}"]`);
  if (button) button.setAttribute("aria-pressed", "false");
  state.selected = null;
  $("selected").hidden = true;
}

async function extra(kind) {
  const what = kind === "cards" ? "Drawing every card" : "Writing the print-shop files";
  try {
    const result = await runJob("extra", { kind }, what);
    const link = document.createElement("a");
    link.href = sessionPath(`download/${kind}.zip?n=${result.number}`);
    link.download = `${kind}.zip`;
    link.textContent = `Download ${kind}.zip again`;
    $("extra-status").replaceChildren(`${kind}.zip is ready. `, link);
    link.click();
  } catch (error) {
    say("extra-status", error.message);
  }
}

// ---- wiring -------------------------------------------------------------------------------

function say(id, text) {
  $(id).textContent = text;
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
    state.preset = $("preset").value;
    const kept = Object.fromEntries(KEPT.map((id) => [id, state.values[id]]));
    state.values = { ...(state.preset ? state.menus.presets[state.preset] : state.menus.defaults) };
    Object.assign(state.values, kept);
    applyValues();
    schedulePlan();
  });
  for (const id of CHOICE_IDS) {
    $(id).addEventListener("change", () => {
      state.values[id] = readChoice(id);
      applyValues();
      schedulePlan();
    });
  }
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
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("command").textContent);
      say("extra-status", "Command copied.");
    } catch {
      getSelection().selectAllChildren($("command"));
      say("extra-status", "Selected: press Ctrl+C (or ⌘C) to copy.");
    }
  });
  // Tell the server the page is still open, so its files are kept.
  setInterval(() => api(sessionPath("state")).catch((error) => {
    if (error.status === 404) say("status", error.message);
  }), 60_000);
}

async function main() {
  wire();
  state.menus = await api("/api/menus");
  fillMenus(state.menus);
  state.values = { ...state.menus.defaults };
  applyValues();
  await startSession();
  document.body.dataset.ready = "true";
  schedulePlan();
}

main().catch((error) => say("status", `The page could not start: ${error.message}`));
