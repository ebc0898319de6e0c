// Step 1: the pictures' tiles, their uploads (files, folders, drops), the words typed in and
// the back picture.

import { api, sessionPath } from "./api.js";
import { schedulePlan } from "./choices.js";
import { leaveTheme } from "./themes.js";
import { $, say, state } from "./state.js";
import { gettext, ngettext } from "./words.js";

const UPLOADS_AT_ONCE = 4;
// Word lists and vocabulary files: uploaded beside the pictures, shown as one tile each.
// (their suffixes are the server's: /api/menus "texts")
const isTextFile = (name) => state.menus.texts.some((suffix) => name.toLowerCase().endsWith(suffix));

export function addItem(given, url) {
  const text = isTextFile(given);
  const item = { key: state.nextKey++, given, name: null, url, text, status: "uploading", message: "", about: "" };
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
    // A format the browser cannot draw (an iPhone's HEIC, TIFF): once uploaded, the server
    // draws it (previewItem); until then, and if that fails too, no broken picture is shown.
    img.addEventListener("error", () => {
      item.unshown = true;
      previewItem(item);
    });
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

function previewItem(item) {
  const img = item.li.firstElementChild;
  const preview = item.status === "ok" && item.name
    ? new URL(sessionPath(`pictures/${encodeURIComponent(item.name)}/preview`), location.href).href
    : "";
  if (preview && img.src !== preview) {  // the server's drawing, tried once
    delete img.dataset.unshown;
    img.src = preview;
  } else {
    img.dataset.unshown = "true";
  }
  showItem(item);
}

export function showItem(item) {
  const [img, name, note, remove] = item.li.children;
  const shown = item.name || item.given;
  name.textContent = shown;
  name.title = shown;
  remove.setAttribute("aria-label", gettext("Remove {name}", { name: shown }));
  item.li.classList.toggle("bad", item.status === "error" || !!item.problem);
  item.li.classList.toggle("dup", !!item.duplicate);
  let text = "";
  if (item.status === "uploading") text = gettext("adding…");
  else if (item.status === "error") text = item.message;
  else if (item.problem) text = item.problem;
  else if (item.duplicate) text = item.duplicate;
  else if (item.about) text = item.about;
  else if (item.name && item.name !== item.given && item.given) text = gettext("saved as {name}", { name: item.name });
  note.textContent = text;
  img.hidden = !item.text && (item.status === "error" || !!item.problem || img.dataset.unshown === "true");
}

export function showFiles(files) {
  // What the plan or the deck made says of each file, on its tile: why it is skipped (bad), a
  // note (two pictures alike, too small to spot on a card, not in this deck), its words.
  for (const item of state.items) {
    const found = item.name ? files[item.name] || {} : {};
    item.problem = found.bad || "";
    item.duplicate = found.note || "";
    if (found.about) item.about = found.about;
    showItem(item);
  }
}

function wanted(file) {
  // hidden files, and what hidden or system folders hold, as the command line passes them over
  const folders = (file.webkitRelativePath || "").split("/").slice(0, -1);
  return !file.name.startsWith(".") && !folders.some(skippedFolder);
}

function skippedFolder(name) {
  return name.startsWith(".") || state.menus.system_folders.includes(name.toLowerCase());
}

export async function addFiles(files) {
  leaveTheme();  // the user's own pictures make the deck again
  const queue = files.filter(wanted).map((file) =>
    [file, addItem(file.name, isTextFile(file.name) ? null : URL.createObjectURL(file))]);
  if (!queue.length) return;
  say("upload-status", queue.some(([file]) => isTextFile(file.name))
    ? ngettext("Adding {n} file…", "Adding {n} files…", queue.length)
    : ngettext("Adding {n} picture…", "Adding {n} pictures…", queue.length));
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
        if (item.unshown) previewItem(item);
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
  const added = state.items.some((i) => i.text)
    ? ngettext("{n} file added", "{n} files added", ok)
    : ngettext("{n} picture added", "{n} pictures added", ok);
  say("upload-status", failed
    ? ngettext("{added}; {n} could not be added (see below).",
      "{added}; {n} could not be added (see below).", failed, { added })
    : gettext("{added}.", { added }));
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
  say("upload-status", gettext("Removed {name}.", { name: item.name || item.given }));
  (neighbour ? neighbour.li.querySelector(".remove") : $("pick-files")).focus();
  schedulePlan();
}

export async function filesFromEntries(entries) {
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

export function wordsChanged() {
  leaveTheme();
  clearTimeout(state.wordsTimer);
  state.wordsTimer = setTimeout(async () => {
    state.wordsTimer = null;
    try {
      await api(sessionPath("words"), { method: "POST", body: $("words").value });
      say("upload-status", gettext("Words saved."));
    } catch (error) {
      say("upload-status", error.message);
    }
    schedulePlan();
  }, 400);
}

export async function backChosen(file) {
  try {
    const stored = await api(sessionPath(`back?name=${encodeURIComponent(file.name)}`),
      { method: "POST", body: file });
    say("back-name", gettext("Back picture: {name} (from {file})", { name: stored.name, file: file.name }));
  } catch (error) {
    say("back-name", error.message);
  }
  schedulePlan();
}
