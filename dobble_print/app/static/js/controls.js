// Step 2's controls, made from the server's option table (/api/menus "controls"): each option
// with a label becomes a field of its kind, so an option added to the table is on the page with
// no change here. An option that belongs to a switch (the card thickness to the box) sits under
// it and is shown, and sent, only while that switch is on.

import { $ } from "./state.js";
import { gettext } from "./words.js";

const NUMBERS = new Set(["length", "degrees", "count"]);
function labelled(control) {
  // the label, with its unit
  const label = control.label;
  if (control.kind === "length" || control.kind === "offset") return gettext("{label} (mm)", { label });
  if (control.kind === "degrees") return gettext("{label} (degrees)", { label });
  return label;
}

function element(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

function input(control) {
  const { name, kind, choices } = control;
  // symbols per card, and a vocabulary table's columns: menus filled by the plan
  if (choices.length || name === "symbols_per_card" || name === "faces") {
    const select = element("select", { id: name, name });
    select.append(...choices.map(([value, words]) => new Option(words, value)));
    if (name === "symbols_per_card") select.append(new Option(gettext("Most cards possible"), ""));
    return select;
  }
  if (kind === "switch") return element("input", { id: name, name, type: "checkbox" });
  if (NUMBERS.has(kind)) {
    const field = element("input", { id: name, name, type: "number", inputMode: "decimal" });
    for (const [key, value] of [["min", control.low], ["max", control.high], ["step", control.step]]) {
      if (value !== null) field.setAttribute(key, String(value));
    }
    if (kind === "count") field.placeholder = gettext("all");
    return field;
  }
  // a text's most characters (the title's) is the engine's to say, counted as a reader sees
  // them: the plan refuses a longer one in the command line's words, under its control
  return element("input", { id: name, name, type: "text", autocomplete: "off" });
}

function field(control) {
  const control_ = input(control);
  const hint = element("p", { className: "hint", id: `hint-${control.name}` }, control.hint || "");
  control_.setAttribute("aria-describedby", hint.id);
  const label = element("label", { htmlFor: control.name, id: `label-${control.name}` },
    labelled(control));
  const box = element("div", { className: control.under ? "sub" : "field" });
  box.dataset.control = control.name;
  if (control.kind === "switch" && !control.choices.length) {
    box.classList.add("check");
    box.append(control_, label, hint);
  } else {
    box.append(label, control_, hint);
  }
  return box;
}

export function buildControls(controls) {
  // The form's fields after the ready-made deck, in the table's order; a heading before the
  // extras (what the PDF holds besides the cards).
  const form = $("choices");
  let headed = false;
  for (const control of controls) {
    const box = field(control);
    if (control.under) {
      $(control.under).closest(".field").append(box);
      continue;
    }
    if (control.group === "extras" && !headed) {
      form.append(element("h3", { className: "wide", id: "h-more" },
        gettext("Backs, rules, a box and a name")));
      headed = true;
    }
    form.append(box);
  }
  $("backs").closest(".field").append($("back-own"));  // the back picture is uploaded
  $("words-box").append($("illustrate").closest(".field"));  // beside the words it draws
}

export function wordControls(controls) {
  // The same controls in another language: their labels, hints and choices' words.
  for (const control of controls) {
    $(`label-${control.name}`).textContent = labelled(control);
    $(`hint-${control.name}`).textContent = control.hint || "";
    const words = new Map(control.choices);
    for (const option of $(control.name).options || []) {
      if (words.has(option.value)) option.textContent = words.get(option.value);
    }
  }
  $("h-more").textContent = gettext("Backs, rules, a box and a name");
}

export function controlNames(menus) {
  return menus.controls.map((c) => c.name);
}
