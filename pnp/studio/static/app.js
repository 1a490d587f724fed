// pnp studio: the page. Every change goes to the server, which applies it to the spec's TOML,
// runs the game's own loader and answers with the text, the form and the loader's verdict.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { spec: null, text: "", version: null, readOnly: true, valid: true, kit: null, job: null,
                running: null, sweep: null, games: [], replay: null, seq: 0, saved: "", pending: null, fields: null,
                limits: {}, undo: [], redo: [], colours: {}, history: [], checkGames: null, played: null };

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw Object.assign(new Error(data.error || `HTTP ${response.status}`), { status: response.status });
  return data;
}

function el(tag, attrs = {}, ...children) {
  const svg = ["svg", "polygon", "g", "title"].includes(tag);
  const node = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.setAttribute("class", value);
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === "" || child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function debounce(fn, ms) {
  let timer = null;
  const call = (...args) => { clearTimeout(timer); timer = setTimeout(() => { timer = null; fn(...args); }, ms); };
  call.flush = (...args) => { if (timer !== null) { clearTimeout(timer); timer = null; fn(...args); } };
  call.pending = () => timer !== null;
  return call;
}

// --- start ---------------------------------------------------------------------------------

const sendToml = debounce(() => sendEdits([], $("toml").value), 400);

// A value typed into a form field is sent after a short pause, as leaving the field sends it: a reload
// or a closed tab a moment later keeps it, and before that the page asks first.
const typing = { input: null, timer: null };

function typedInForm(event) {
  const input = event.target;
  if (!input.matches("input[type=text], input[type=number], textarea")) return;
  if (typing.input && typing.input !== input) commitTyped();
  clearTimeout(typing.timer);
  typing.input = input;
  typing.timer = setTimeout(commitTyped, 700);
}

function commitTyped() {
  const input = typing.input;
  clearTimeout(typing.timer);
  Object.assign(typing, { input: null, timer: null });
  if (!input || !input.isConnected) return;
  input.dataset.sent = input.value;
  input.dispatchEvent(new Event("change"));
}

function changedInForm(event) {
  // The browser's own change when the field is left: not again for a value the pause already sent.
  if (!event.isTrusted) return;
  if (typing.input === event.target) Object.assign(typing, { input: null, timer: clearTimeout(typing.timer) ?? null });
  if (event.target.dataset.sent === event.target.value) event.stopPropagation();
  else event.target.dataset.sent = event.target.value;
}

async function start() {
  const info = await api("/api/games");
  state.games = info.games;
  // One limit of games, the checker's, for every games field of the page.
  for (const id of ["check-max-games", "check-skill-games"]) $(id).max = info.max_games;
  $("check-max-games").value = info.auto_max_games;
  [$("check-seed").min, $("check-seed").max] = info.seed;  // one range for a seed everywhere
  $("check-games").addEventListener("input", () => { $("check-max-label").hidden = !isAuto($("check-games").value); });
  for (const paper of info.papers) $("paper").append(el("option", { value: paper }, paper.toUpperCase()));
  for (const lang of info.langs) $("lang").append(el("option", { value: lang }, lang === "de" ? "Deutsch" : "English"));
  for (const id of ["paper", "preset"]) $(id).addEventListener("change", () => refreshPreview());
  // The kit language is the printed kit's: the preview follows it, the studio's own words stay in English.
  // The choice is kept for the next visit.
  try { if (info.langs.includes(localStorage.getItem(KIT_LANGUAGE))) $("lang").value = localStorage.getItem(KIT_LANGUAGE); } catch { /* off */ }
  $("lang").addEventListener("change", () => {
    try { localStorage.setItem(KIT_LANGUAGE, $("lang").value); } catch { /* storage full or off */ }
    refreshPreview();
  });
  $("spec").addEventListener("change", () => openSpec($("spec").value));
  $("show-form").addEventListener("click", () => showEditor("form"));
  $("show-toml").addEventListener("click", () => showEditor("toml"));
  $("toml").addEventListener("input", () => { writeDraft($("toml").value); sendToml(); });
  $("form").addEventListener("input", typedInForm);
  $("form").addEventListener("change", changedInForm, true);
  $("save-as").addEventListener("click", saveAs);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("show-history").addEventListener("click", toggleHistory);
  $("compare-run").addEventListener("click", compareVersions);
  $("compare-check").addEventListener("click", compareChecks);
  $("conflict-reload").addEventListener("click", () => openSpec(state.spec.id));
  $("conflict-reapply").addEventListener("click", reapplyDraft);
  $("conflict-dismiss").addEventListener("click", dismissDraft);
  $("skip").addEventListener("click", (e) => { e.preventDefault(); document.querySelector('.tabs [aria-selected="true"]').focus(); });
  setUpTabs();
  document.addEventListener("keydown", undoKeys);
  window.addEventListener("beforeunload", leaving);
  window.addEventListener("pagehide", () => {
    if (typing.input) commitTyped();  // a value still being typed joins the changes kept for the next visit
    keepWaiting();
    if (sendToml.pending()) writeDraft($("toml").value);
  });
  $("toml").addEventListener("blur", () => sendToml.flush());
  for (const tab of document.querySelectorAll(".tabs button")) tab.addEventListener("click", () => showTab(tab.dataset.tab));
  $("check-run").addEventListener("click", runCheck);
  $("check-cancel").addEventListener("click", cancelCheck);
  $("sweep-run").addEventListener("click", runSweep);
  $("sweep-cancel").addEventListener("click", () => state.sweep && api(`/api/check/${state.sweep.id}/cancel`, {}));
  $("replay-pick").addEventListener("change", () => loadReplay($("replay-pick").value));
  $("replay-first").addEventListener("click", () => stepReplay(-Infinity));
  $("replay-back").addEventListener("click", () => stepReplay(-1));
  $("replay-forward").addEventListener("click", () => stepReplay(1));
  $("replay-last").addEventListener("click", () => stepReplay(Infinity));
  await loadSpecList(new URLSearchParams(location.search).get("spec"));
}

async function loadSpecList(selected) {
  const { specs } = await api("/api/specs");
  const select = $("spec");
  select.replaceChildren(...specs.map((s) => el("option", { value: s.id }, s.label)));
  select.value = selected && specs.some((s) => s.id === selected) ? selected : specs[0].id;
  await openSpec(select.value);
}

function setUpTabs() {
  const tabs = [...document.querySelectorAll('.tabs [role="tab"]')];
  for (const [index, tab] of tabs.entries()) {
    tab.addEventListener("keydown", (e) => {
      const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const next = tabs[(to + tabs.length) % tabs.length];
      showTab(next.dataset.tab);
      next.focus();
    });
  }
}

function showTab(name) {
  for (const tab of document.querySelectorAll(".tabs button")) {
    const on = tab.dataset.tab === name;
    tab.classList.toggle("on", on);
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
  }
  for (const pane of document.querySelectorAll(".tab")) pane.hidden = pane.id !== `tab-${name}`;
  if (name === "replay") listPlayed();  // a game played meanwhile at the play table joins the list
}

function showEditor(which) {
  sendToml.flush();
  for (const [id, on] of [["show-form", which === "form"], ["show-toml", which === "toml"]]) {
    $(id).classList.toggle("on", on);
    $(id).setAttribute("aria-pressed", on ? "true" : "false");
  }
  $("form").hidden = which !== "form";
  $("toml").hidden = which !== "toml";
  sayWhatIsWrong();  // a field to lead to in the form; the whole message over the TOML
}

// --- never lose work: drafts, the leave guard, undo and redo ---------------------------------

const draftKey = () => `pnp-studio-draft:${state.spec.id}`;

// A draft: the edited text, the version it was made from (null once a save found the file changed
// elsewhere) and that version's text, from which the edits can be made again on the file as it is now.
function writeDraft(text, base = state.version) {
  // Kept at once, before any request: a reload or a closed tab finds the edit here.
  if (text === state.saved) return clearDraft();
  try { localStorage.setItem(draftKey(), JSON.stringify({ text, base, baseText: state.saved })); } catch { /* storage full or off */ }
}

function readDraft() {
  try { return JSON.parse(localStorage.getItem(draftKey()) || "null"); } catch { return null; }
}

function clearDraft() {
  try { localStorage.removeItem(draftKey()); } catch { /* storage off */ }
}

function unsaved() {
  return sendToml.pending() || typing.input !== null || (state.spec !== null && state.text !== state.saved)
    || readRefused() !== null;
}

// A value the studio refused stays in its field, marked, and is kept in the browser: a reload or a
// closed tab brings it back, still marked, for the person to fix (the file keeps its last valid version).
const refusedKey = () => `pnp-studio-refused:${state.spec.id}`;

function keepRefused(path, value, reason) {
  try { localStorage.setItem(refusedKey(), JSON.stringify({ path, value, reason })); } catch { /* storage full or off */ }
}

function readRefused() {
  if (!state.spec) return null;
  try {
    const kept = JSON.parse(localStorage.getItem(refusedKey()) || "null");
    return kept && typeof kept.path === "string" && typeof kept.value === "string" ? kept : null;
  } catch { return null; }
}

function clearRefused() {
  if (!state.spec) return;
  try { localStorage.removeItem(refusedKey()); } catch { /* storage off */ }
}

// The refused value kept of this spec, back in its field with its reason; dropped when its field is gone.
function restoreRefused() {
  const kept = readRefused();
  if (!kept) return;
  const input = typedInput(kept.path);
  if (!input) { clearRefused(); return; }
  input.value = kept.value;
  input.dataset.sent = kept.value;
  refuse(kept.path, kept.reason);
}

const typedInput = (path) => document.querySelector(
  `.field[data-path="${CSS.escape(path)}"] :is(input[type=text], input[type=number], textarea)`);

function leaving(event) {
  if (sendToml.pending()) writeDraft($("toml").value);
  if (!unsaved()) return;
  event.preventDefault();
  event.returnValue = "";  // the browser asks before the page goes
}

function showConflict(message, draftText, canApply) {
  $("conflict-text").textContent = message;
  $("conflict-edits").value = draftText;
  $("conflict-reapply").hidden = !canApply;
  $("conflict").hidden = false;
  $("conflict").scrollIntoView({ block: "nearest" });  // in sight above the form, wherever it was scrolled
}

// "Apply my edits to it": the file as it is now, and the person's edits made again on it.
const reapplyDraft = () => openSpec(state.spec.id, { reapply: true });

async function dismissDraft() {  // the person's edits dropped: the file as it is now
  clearDraft();
  $("conflict").hidden = true;
  await openSpec(state.spec.id);
}

function setUndoButtons() {
  $("undo").disabled = !state.undo.length;
  $("redo").disabled = !state.redo.length;
}

async function undo() {
  if (!state.undo.length) return;
  const text = state.undo.pop();
  state.redo.push(state.text);
  await applyText(text, "undone", false);
}

async function redo() {
  if (!state.redo.length) return;
  const text = state.redo.pop();
  state.undo.push(state.text);
  await applyText(text, "redone", false);
}

async function applyText(text, note, record = true, { preview = true } = {}) {
  $("toml").value = text;
  await sendEdits([], text, { record, preview });
  $("undo-note").textContent = note;
  setUndoButtons();
}

function undoKeys(event) {
  if (!(event.ctrlKey || event.metaKey)) return;
  const typing = event.target.closest && event.target.closest("input[type=text], input[type=number], textarea");
  if (typing) return;  // the field's own undo
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
  else if ((key === "z" && event.shiftKey) || key === "y") { event.preventDefault(); redo(); }
}

// --- the spec ------------------------------------------------------------------------------

const KIT_LANGUAGE = "pnp-studio-kit-language";

async function loadFields() {
  // The form in the studio's words, English: labels, help and row names in the sentences built from them.
  const fields = await api(`/api/fields?game=${encodeURIComponent(state.spec.game)}&lang=en`);
  const patterns = fields.fields.map((f) => ({ ...f,
    regex: new RegExp(`^${f.path.replace(/[.[\]]/g, (c) => `\\${c}`).replace(/\*/g, "[^.\\[\\]]+")}$`) }));
  state.fields = { ...fields, patterns };
}

function declared(path) {
  const generic = path.replace(/\[\d+\]/g, "[]");
  return (state.fields && state.fields.patterns.find((f) => f.regex.test(generic))) || null;
}

function rowName(path) {
  const generic = path.replace(/\[\d+\]$/, "").replace(/\[\d+\]/g, "[]");
  return (state.fields && state.fields.rows[generic]) || generic.split(".").pop();
}

async function openSpec(id, { reapply = false } = {}) {
  // The editor takes no input while another spec opens: a value typed then would land in the old form.
  const design = $("design");
  design.inert = true;
  design.setAttribute("aria-busy", "true");
  design.dataset.opened = "";
  try {
    await showSpec(id, reapply);
  } finally {
    design.inert = false;
    design.setAttribute("aria-busy", "false");
  }
  if (design.dataset.opened) await refreshPreview();
}

async function showSpec(id, reapply = false) {
  // The spec, its form and any draft kept of it; the preview follows once the editor takes input again.
  // `reapply`: a draft made from another version of the file is made again on the file as it is now.
  const spec = await api(`/api/spec?id=${encodeURIComponent(id)}`);
  Object.assign(state, { spec, text: spec.text, saved: spec.text, version: spec.version, readOnly: spec.read_only,
                         undo: [], redo: [] });
  // The address names the spec shown: a reload opens it again (a copy just saved included).
  history.replaceState(null, "", `?spec=${encodeURIComponent(spec.id)}`);
  setUndoButtons();
  $("undo-note").textContent = "";
  const game = state.games.find((g) => g.name === spec.game);
  $("preset").replaceChildren(...(game.presets || []).map((p) => el("option", { value: p }, (game.preset_labels || {})[p] || p)));
  $("preset-label").hidden = !(game.presets || []).length;
  const players = $("check-players");
  players.replaceChildren(el("option", { value: "" }, "all"), ...(game.players || []).map((n) => el("option", { value: n }, n)));
  $("read-only").hidden = !spec.read_only;
  $("show-history").hidden = spec.read_only;
  $("history").hidden = true;
  $("show-history").setAttribute("aria-expanded", "false");
  $("toml").value = spec.text;
  await loadFields();
  renderForm(spec.form);
  if (!spec.form) notToml();  // not TOML yet: the text is where it can be fixed
  showValidation(spec.validation);
  setSaveState(spec.read_only ? "shipped spec (read-only)" : spec.validation.ok ? "saved" : "the file has an error; fix it to save");
  if (state.running) await cancelCheck();  // a check of the spec left behind is of no use
  if (state.sweep) api(`/api/check/${state.sweep.id}/cancel`, {}).catch(() => {});
  state.sweep = null;
  $("sweep-run").disabled = false;
  $("sweep-cancel").hidden = true;
  sweepFields(spec.form);
  state.running = null;
  clearCheck();
  const draft = readDraft();
  if (draft && draft.text !== spec.text) {
    if (draft.base === spec.version) {
      $("conflict").hidden = true;
      await applyText(draft.text, "your unsaved edits were kept", true, { preview: false });  // a reload or a closed tab
      $("design").dataset.opened = spec.id;
      await resumeWaiting();
      restoreRefused();
      return;
    }
    const canApply = typeof draft.baseText === "string";
    const failed = reapply && canApply ? await reapplied(draft, spec.text) : "";
    if (reapply && canApply && !failed) {
      $("design").dataset.opened = spec.id;
      await resumeWaiting();
      return;
    }
    showConflict((failed ? `Your edits could not be applied: ${failed}. ` : "")
                 + "The file changed elsewhere since your edits (another tab or program saved it). It is shown as it is now; "
                 + (canApply ? "apply your edits to it, or copy them from below." : "your edits are below, to copy."),
                 draft.text, canApply);
  } else {
    $("conflict").hidden = true;
    await resumeWaiting();
    restoreRefused();
  }
  $("design").dataset.opened = spec.id;
}

// The lines the person changed from the text they started from, put into the file as it is now (the
// open spec); where both changed the same lines, the person's are kept, and the note says so. "" when
// done; else why not (the studio does not answer), said in the notice that stays, the edits to copy.
async function reapplied(draft, now) {
  let merged;
  try {
    merged = await api("/api/spec/reapply", { base: draft.baseText, edited: draft.text, now });
  } catch (error) {
    return error.message;
  }
  $("conflict").hidden = true;
  await applyText(merged.text, merged.overlaps
    ? `your edits applied to the file as it is now; where it changed the same lines (${merged.overlaps}), yours were kept`
    : "your edits applied to the file as it is now", true, { preview: false });
  return "";
}

function setSaveState(text) {
  $("save-state").textContent = text;
  $("save-state").title = text;
}

function showLimits(limits) {
  // The loader's range of each number field, beside it and on the input: known before a value is refused.
  state.limits = limits;
  for (const node of document.querySelectorAll(".field .limit")) node.remove();
  for (const [path, limit] of Object.entries(limits)) {
    const field = document.querySelector(`.field[data-path="${CSS.escape(path)}"]`);
    if (!field) continue;
    const input = field.querySelector("input[type=number]");
    if (input) {
      if (limit.min !== null && !limit.above) input.min = limit.min; else input.removeAttribute("min");
      if (limit.max !== null) input.max = limit.max; else input.removeAttribute("max");
    }
    field.append(el("div", { class: "limit" }, limit.text));
  }
}

function labelOf(path) {
  const field = declared(path);
  const key = path.split(".").pop();
  return field ? field.label.replace("{key}", key) : key;
}

// `at`: the field just changed, where a refusal the change caused is said (the loader may name another
// field: "Highest number: must be at least “Lowest number” (7)" stands at Lowest number when that changed).
function showValidation(validation, at = null) {
  state.validation = validation;
  state.validationAt = validation.ok ? null : at;
  // A value refused in the page never reached the text: the text, and so the preview, is still valid.
  state.valid = validation.ok || validation.text_ok === true;
  // The loader reports the ranges it checked before its first error: a refusal keeps the others' hints.
  if (validation.limits) showLimits(validation.ok ? validation.limits : { ...state.limits, ...validation.limits });
  if (!state.valid) previewWaits();
  for (const node of document.querySelectorAll(".field .msg")) node.remove();
  for (const node of document.querySelectorAll(".invalid")) {
    node.classList.remove("invalid");
    for (const input of node.querySelectorAll("[aria-invalid]")) input.removeAttribute("aria-invalid");
  }
  sayWhatIsWrong();
  if (validation.ok) return;
  const field = invalidField();
  if (field) {
    field.classList.add("invalid");
    const id = `msg-${field.dataset.path.replace(/[^A-Za-z0-9]+/g, "-")}`;
    field.append(el("div", { class: "msg", id }, `${labelOf(validation.field)}: ${formWords(validation.reason, validation.field)}`));
    for (const input of field.querySelectorAll("input, select, textarea")) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", id);
    }
    if (!$("form").hidden) field.scrollIntoView({ block: "nearest" });
  }
}

const fieldAt = (path) => (path ? document.querySelector(`.field[data-path="${CSS.escape(path)}"]`) : null);
const invalidField = () => state.validation && state.validation.field
  && (fieldAt(state.validationAt) || fieldAt(state.validation.field));

// The banner above the editor. In the form, the reason stands at its field only: the banner says that a
// field needs fixing (read out, and seen above the form) and leads to it. In the TOML, the whole message.
function sayWhatIsWrong() {
  const validation = state.validation;
  const box = $("spec-error");
  box.hidden = !validation || validation.ok;
  if (box.hidden) return;
  const field = invalidField();
  if (!field || $("form").hidden) {
    box.textContent = validation.message;
    return;
  }
  const input = field.querySelector("input, select, textarea, [tabindex='0']");
  const name = (input && input.getAttribute("aria-label")) || labelOf(field.dataset.path);  // "How many, stone 3"
  box.replaceChildren("1 field needs fixing: ", el("a", { href: input && input.id ? `#${input.id}` : "#form",
    onclick: (event) => {
      event.preventDefault();
      field.scrollIntoView({ block: "nearest" });
      if (input) input.focus();
    } }, name));
}

function rememberColours(items) {
  // Colour name -> fill, for the chips of the stone rows.
  state.colours = {};
  for (const item of items || []) {
    if (item.kind === "rows" && item.key === "colours") {
      for (const row of item.rows) {
        const name = row.items.find((f) => f.key === "name"), fill = row.items.find((f) => f.key === "fill");
        if (name && fill) state.colours[name.value] = fill.value;
      }
    }
    if (item.kind === "table" && item.key === "joker") {
      const name = item.items.find((f) => f.key === "name"), fill = item.items.find((f) => f.key === "fill");
      if (name && fill) state.colours[name.value] = fill.value;
    }
  }
}

function renderForm(items) {
  state.form = items;
  rememberColours(items);
  $("form").replaceChildren(...(items || []).map(renderItem));
  if (state.limits) showLimits(state.limits);
  refreshSweepFields(items);
}

function chip(name) {
  return el("span", { class: "chip", style: `background:${state.colours[name] || "#fff"}`, title: name, "aria-hidden": "true" });
}

function help(path) {
  const field = declared(path);
  return field && field.help ? el("div", { class: "help" }, formWords(field.help, path)) : "";
}

// The spec's keys in a help or a message, named as the form names them: "board.cell_mm" is "Field edge",
// "low" beside tiles.high is "Lowest number", "board.layout[0]" is "Layout, line 1".
function formWords(text, near = "") {
  const parent = near.includes(".") ? near.slice(0, near.lastIndexOf(".")) : "";
  return text.replace(/\b[a-z][a-z0-9_]*(?:\.[a-z*][a-z0-9_]*|\[\d+\])*/g, (word) => {
    const [, path, index] = word.match(/^(.*?)(?:\[(\d+)\])?$/);
    const candidates = [path, ...(parent && !path.includes(".") ? [`${parent}.${path}`] : [])];
    const found = candidates.find((c) => declared(c) && (c !== path || /[._[]/.test(word)));
    if (!found) return word;
    const label = labelOf(found);
    return index === undefined ? `“${label}”` : `“${label}”, line ${Number(index) + 1}`;
  });
}

function renderItem(item) {
  if (item.kind === "table") {
    return el("fieldset", { "data-path": item.path }, el("legend", {}, labelOf(item.path)), help(item.path),
      item.items.map(renderItem));
  }
  if (item.kind === "rows") {
    const name = rowName(item.path);
    const rows = item.rows.map((row, index) => {
      const colours = row.items.find((f) => f.key === "colours" && Array.isArray(f.value));
      const title = `${name} ${index + 1}`;
      return el("div", { class: "rowbox", "data-path": row.path, role: "group", "aria-label": title },
        el("div", { class: "rowtitle" }, colours ? colours.value.map(chip) : "", title),
        el("button", { type: "button", class: "small remove", "aria-label": `remove ${title}`,
                       onclick: (event) => removeRow(event.currentTarget, row.path, title) }, "remove"),
        row.items.map((f) => renderItem({ ...f, row: title })));
    });
    return el("fieldset", { class: "rows", "data-path": item.path },
      el("legend", {}, `${labelOf(item.path)} (${item.rows.length})`), help(item.path), rows,
      el("button", { type: "button", class: "small add", onclick: () => addRow(item.path) }, `add ${name}`));
  }
  return renderField(item);
}

function wordsFor(field, path, raw) {
  // "must be a whole number like 3, not 1e2 (1 to 10)": what to write, what was written, the field's range.
  const limit = state.limits[path];
  const range = limit && limit.text ? ` (${limit.text})` : "";
  const like = field.type === "integer" ? "a whole number like 3" : "a number like 3 or 0.5";
  return raw === "" ? `must be ${like}${range}` : `must be ${like}, not ${raw}${range}`;
}

function refuse(path, reason) {
  const input = typedInput(path);
  if (input) keepRefused(path, input.value, reason);
  showValidation({ ok: false, field: path, reason, message: `${labelOf(path)}: ${reason}`, text_ok: state.valid });
  setSaveState(state.readOnly ? "shipped spec (read-only)" : "not saved: fix the field marked");
}

function renderField(field) {
  const id = `f-${field.path.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const info = declared(field.path);
  const label = labelOf(field.path);
  const named = field.row ? `${label}, ${field.row}` : null;  // "How many, stone 3"
  const set = (value) => sendEdits([{ op: "set", path: field.path, value }]);
  let input;
  if (info && info.choices.length && field.type === "string") {
    const choices = info.choices.includes(field.value) ? info.choices : [field.value, ...info.choices];
    input = el("select", { id, "aria-label": named, onchange: (e) => set(e.target.value) },
      choices.map((c) => el("option", { value: c, selected: c === field.value }, c)));
  } else if (field.type === "boolean") {
    input = el("input", { type: "checkbox", id, checked: field.value, "aria-label": named, onchange: (e) => set(e.target.checked) });
  } else if (field.type === "integer" || field.type === "number") {
    input = el("input", { type: "number", id, value: field.value, step: field.type === "integer" ? "1" : "any", "aria-label": named,
      onchange: (e) => {
        const raw = e.target.value.trim();
        if (raw === "" || Number.isNaN(Number(raw))) return refuse(field.path, wordsFor(field, field.path, raw));
        if (field.type === "integer" && !/^-?\d+$/.test(raw)) return refuse(field.path, wordsFor(field, field.path, raw));
        set(field.type === "integer" ? parseInt(raw, 10) : Number(raw));
      } });
  } else if (field.type === "colour") {
    const picker = el("input", { type: "color", id, value: field.value, "aria-label": named,
      oninput: debounce((e) => { text.value = e.target.value; set(e.target.value); }, 150) });
    const text = el("input", { type: "text", value: field.value, size: 8, "aria-label": `${named || label} as text`,
      onchange: (e) => {
        const value = e.target.value.trim();
        if (!/^#[0-9a-fA-F]{6}$/.test(value)) return refuse(field.path, "write a colour as # and six hex digits, such as #7b3fa0");
        picker.value = value.toLowerCase();  // the swatch follows the text
        set(value);
      } });
    input = el("span", { class: "colour" }, picker, text);
  } else if (info && info.widget === "colour-pair" && Array.isArray(field.value)) {
    input = colourPair(field, id, named || label, set);
  } else if (info && info.widget === "trigrid-cells" && Array.isArray(field.value)) {
    input = triGrid(field, id, named || label, set);
  } else if (info && info.widget === "lines" && Array.isArray(field.value)) {
    input = el("textarea", { id, class: "lines", rows: Math.min(field.value.length + 1, 20), spellcheck: "false", "aria-label": named,
      onchange: (e) => set(e.target.value.split("\n").map((l) => l.trim()).filter((l) => l)) }, field.value.join("\n"));
  } else if (field.type === "list" && field.value !== null && typeof field.value === "object" && !Array.isArray(field.value)) {
    input = el("input", { type: "text", id, value: JSON.stringify(field.value), "aria-label": named, onchange: (e) => {
      let value;
      try { value = JSON.parse(e.target.value); } catch { return refuse(field.path, 'write a table such as {"1": 2}'); }
      set(value);
    } });
  } else if (field.type === "list") {
    input = el("input", { type: "text", id, value: JSON.stringify(field.value), "aria-label": named,
      onchange: (e) => {
        let value;
        try { value = JSON.parse(e.target.value); } catch { return refuse(field.path, `write a list such as ${JSON.stringify(field.value).slice(0, 40)}`); }
        if (!Array.isArray(value)) return refuse(field.path, `write a list such as ${JSON.stringify(field.value).slice(0, 40)}`);
        set(value);
      } });
  } else {
    input = el("input", { type: "text", id, value: field.value, "aria-label": named, onchange: (e) => set(e.target.value) });
  }
  const unit = info && info.unit ? info.unit : field.unit;
  return el("div", { class: "field", "data-path": field.path },
    el("label", { for: id }, label), el("span", { class: "control" }, input, unit ? el("span", { class: "unit" }, unit) : ""),
    help(field.path));
}

function colourPair(field, id, name, set) {
  // The two triangles of a stone, each picked from the spec's colours (joker included), with its chip.
  const names = Object.keys(state.colours);
  const value = [...field.value];
  const pick = (index) => {
    const current = value[index];
    const options = names.includes(current) ? names : [current, ...names];
    const select = el("select", { id: index === 0 ? id : `${id}-2`, "aria-label": `${name}: triangle ${index + 1}`,
      onchange: (e) => {
        value[index] = e.target.value;
        // The chips follow at once: beside the picker and in the row's title.
        const chips = [e.target.previousElementSibling, e.target.closest(".rowbox")?.querySelectorAll(".rowtitle .chip")[index]];
        for (const node of chips) if (node) node.replaceWith(chip(value[index]));
        set([...value]);
      } },
      options.map((c) => el("option", { value: c, selected: c === current }, c)));
    return el("span", { class: "pick" }, chip(current), select);
  };
  return el("span", { class: "pair" }, pick(0), pick(1));
}

function triGrid(field, id, name, set) {
  // Shape cells clicked on the game's own grid of triangles: cell (c, r) points up when c + r is even.
  const cells = new Set(field.value.map(([c, r]) => `${c},${r}`));
  const cs = field.value.map((p) => p[0]), rs = field.value.map((p) => p[1]);
  const c0 = Math.min(-2, ...cs) - 1, c1 = Math.max(6, ...cs) + 1, r0 = Math.min(0, ...rs) - 1, r1 = Math.max(3, ...rs) + 1;
  const side = 22, height = side * Math.sqrt(3) / 2;
  const svg = el("svg", { class: "trigrid", id, role: "group", "aria-label": `${name}: click triangles to add or remove them`,
    viewBox: `${c0 * side / 2 - 2} ${r0 * height - 2} ${(c1 - c0 + 2) * side / 2 + 4} ${(r1 - r0 + 1) * height + 4}`,
    width: (c1 - c0 + 2) * side / 2 + 4, height: (r1 - r0 + 1) * height + 4 });
  const all = [];
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const up = (c + r) % 2 === 0;
      const x = c * side / 2, y = r * height;
      const points = up ? [[x + side / 2, y], [x + side, y + height], [x, y + height]] : [[x, y], [x + side, y], [x + side / 2, y + height]];
      const on = cells.has(`${c},${r}`);
      const cell = el("polygon", { points: points.map((p) => p.join(",")).join(" "), class: on ? "on" : "",
        role: "checkbox", "aria-checked": on ? "true" : "false", "aria-label": `column ${c}, row ${r}`, tabindex: "-1",
        "data-cell": `${c},${r}` });
      all.push(cell);
      svg.append(cell);
    }
  }
  const toggle = (cell) => {
    const key = cell.dataset.cell;
    if (cells.has(key)) cells.delete(key); else cells.add(key);
    if (!cells.size) return refuse(field.path, "a shape needs at least one cell");
    set([...cells].map((k) => k.split(",").map(Number)).sort((a, b) => a[1] - b[1] || a[0] - b[0]));
  };
  // One tab stop for the grid: arrow keys move between triangles, space or enter toggles one.
  const first = all.find((c) => c.classList.contains("on")) || all[0];
  first.setAttribute("tabindex", "0");
  const width = c1 - c0 + 1;
  svg.addEventListener("click", (e) => { if (e.target.dataset && e.target.dataset.cell) toggle(e.target); });
  svg.addEventListener("keydown", (e) => {
    const at = all.indexOf(e.target);
    if (at < 0) return;
    if (e.key === " " || e.key === "Enter") { e.preventDefault(); toggle(e.target); return; }
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, ArrowDown: at + width, ArrowUp: at - width }[e.key];
    if (to === undefined || to < 0 || to >= all.length) return;
    e.preventDefault();
    e.target.setAttribute("tabindex", "-1");
    all[to].setAttribute("tabindex", "0");
    all[to].focus();
  });
  return svg;
}

async function addRow(path) {
  // The new row's values are asked for in turn, from the text every earlier change has left.
  if (!await sendEdits({ newRow: path }, undefined, { refused: (reason) => rowRefusal(path, `Not added: ${reason}.`) })) return;
  const rows = document.querySelectorAll(`.rows[data-path="${CSS.escape(path)}"] > .rowbox`);
  if (rows.length) rows[rows.length - 1].scrollIntoView({ block: "nearest" });
  $("undo-note").textContent = `${rowName(path)} ${rows.length} added`;
}

// A row's remove button takes one click: a second one before the form is drawn again would remove the
// row that has moved up into its place. A row gone by the time its removal's turn comes is refused,
// and said beside the rows.
async function removeRow(button, path, title) {
  if (button.disabled) return;
  button.disabled = true;
  const rows = path.replace(/\[\d+\]$/, "");
  const refused = (reason) => {
    button.disabled = false;
    const left = document.querySelectorAll(`.rows[data-path="${CSS.escape(rows)}"] > .rowbox`).length;
    const index = Number(path.match(/\[(\d+)\]$/)[1]);
    rowRefusal(rows, index >= left ? `Not removed: there is no ${title} now (${left} ${rowName(path)}s).`
      : `Not removed: ${reason}.`);
  };
  if (!await sendEdits([{ op: "remove_row", path }], undefined, { refused })) return;
  $("undo-note").replaceChildren(`${title} removed. `,
    el("button", { type: "button", class: "small", onclick: undo }, `Undo: bring back ${title}`));
}

// A change to a list of rows that the studio refused, said where it was asked for: under the rows.
function rowRefusal(rows, text) {
  const list = document.querySelector(`.rows[data-path="${CSS.escape(rows)}"]`);
  if (!list) return showValidation({ ok: false, field: null, reason: text, message: text });
  const note = el("p", { class: "msg row-refusal", role: "alert" }, text);
  list.querySelectorAll(":scope > .row-refusal").forEach((old) => old.remove());
  list.querySelector(":scope > button.add").before(note);
  note.scrollIntoView({ block: "nearest" });
}

// Changes to the spec run one at a time, in the order they were made: each starts from the text the
// one before left and saves with the version that save got back, so quick clicks on a slow disk
// lose nothing and meet no conflict of their own making.
let lastChange = Promise.resolve();
let changesWaiting = 0;
// The changes not yet in the draft (waiting their turn, or their edit on its way): kept when the page
// goes (a reload, a closed tab) and made again when the spec opens, so a quick edit is not lost.
let notDrafted = [];
const waitingKey = () => `pnp-studio-waiting:${state.spec.id}`;

function keepWaiting() {
  if (!notDrafted.length || !state.spec) return;
  try { localStorage.setItem(waitingKey(), JSON.stringify(notDrafted)); } catch { /* storage full or off */ }
}

async function resumeWaiting() {
  let waiting = [];
  try { waiting = JSON.parse(localStorage.getItem(waitingKey()) || "[]"); localStorage.removeItem(waitingKey()); } catch { /* off */ }
  if (!Array.isArray(waiting) || !waiting.length) return;
  // Each made on the text as it is by then, and the form and the TOML drawn again: they show the file
  // as it opened, without these.
  for (const change of waiting) await sendEdits(change.edits, change.text ?? state.text);
  $("toml").value = state.text;
}

function inTurn(step) {
  changesWaiting += 1;
  const run = lastChange.then(() => { changesWaiting -= 1; return step(); });
  lastChange = run.catch(() => {});
  return run;
}

// `edits` is a list, or {newRow: path}: a row added with the values the game picks for the text as it is
// when its turn comes.
// True when the edit was taken and the spec is valid.
// `refused(reason)`: where a refused edit is said instead of the spec's message line; the spec is
// then as it was, and so is its save state.
async function sendEdits(edits, text, { record = true, preview = true, refused = null } = {}) {
  const seq = ++state.seq;
  setSaveState(state.readOnly ? "shipped spec (read-only)" : "saving…");
  const change = { edits, text };
  notDrafted.push(change);
  const drafted = () => { notDrafted = notDrafted.filter((c) => c !== change); };
  const taken = await inTurn(() => applyEdits(edits, text, record, refused, drafted));
  // The preview shows the newest text only: an edit with a newer one behind it leaves it alone.
  if (taken && preview && seq === state.seq) await refreshPreview();
  return taken;
}

async function applyEdits(edits, text, record, refused, drafted) {
  const before = state.text;
  const wasValid = state.validation ? state.validation.ok : true;
  let result;
  let list = [];
  document.querySelectorAll(".row-refusal").forEach((note) => note.remove());  // said of an earlier edit
  try {
    list = Array.isArray(edits) ? edits
      : (await api("/api/spec/new-row", { id: state.spec.id, text: state.text, path: edits.newRow })).edits;
    result = await api("/api/spec/edit", { id: state.spec.id, text: text ?? state.text, edits: list });
  } catch (error) {
    drafted();
    // The edit is refused as a whole: what was typed stays in the form, the message beside it.
    const path = list[0] && list[0].path;
    const reason = path && error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
    if (refused && error.status === 400) {  // nothing changed: the spec and its save state are as they were
      refused(reason);
      setSaveState(state.readOnly ? "shipped spec (read-only)" : state.text === state.saved ? "saved"
        : "not saved: see the message above");
      return false;
    }
    if (path && document.querySelector(`.field[data-path="${CSS.escape(path)}"]`)) refuse(path, reason);
    else showValidation({ ok: false, field: null, reason, message: error.message });
    setSaveState(`not saved: ${reason}`);
    return false;
  }
  if (record && result.text !== before) {
    state.undo.push(before);
    state.redo = [];
    $("undo-note").textContent = "";
  }
  setUndoButtons();
  state.text = result.text;
  writeDraft(result.text);
  drafted();
  if (text === undefined) $("toml").value = result.text;
  if (!result.form) notToml();
  const structural = list.some((e) => e.op !== "set") || text !== undefined;
  if (structural && result.form) renderForm(result.form);
  else if (list.some((e) => /colours\[\d+\]\.(fill|name)|joker\./.test(e.path)) && result.form) renderForm(result.form);
  // A refusal this change caused is said at the changed field; one the text had before, at its own.
  const changed = wasValid && list.length === 1 && list[0].op === "set" ? list[0].path : null;
  showValidation(result.validation, changed);
  if (result.validation.ok) clearRefused();  // an edit taken: the form holds no refused value now
  if (!result.validation.ok) {
    const marked = result.validation.field && document.querySelector(`.field[data-path="${CSS.escape(result.validation.field)}"]`);
    setSaveState(state.readOnly ? "shipped spec (read-only)" : marked ? "not saved: fix the field marked" : "not saved: see the message above");
    return false;
  }
  if (!state.readOnly) await save();
  return true;
}

async function save() {
  const text = state.text;
  try {
    const saved = await api("/api/spec/save", { id: state.spec.id, text, version: state.version });
    state.version = saved.version;
    state.saved = text;
    clearDraft();
    setSaveState(changesWaiting ? "saving…" : "saved");
    if (!$("history").hidden) await listHistory();
  } catch (error) {
    if (error.status === 409) {
      setSaveState("not saved: the file changed elsewhere");
      showConflict("The file changed elsewhere (another tab or program saved it): your edits are not saved. Apply them to the file as it is now, reload the file to see it first, or copy them from here.",
                   text, true);
      writeDraft(text, null);  // made from a version the file no longer is: never taken over as it stands
    } else {
      setSaveState(`not saved: ${error.message}`);
    }
  }
}

async function saveAs() {
  sendToml.flush();
  const folder = prompt("Save a copy in this workspace folder (it must not exist yet):", `my-${state.spec.game}`);
  if (!folder) return;
  try {
    const saved = await api("/api/spec/save-as", { id: state.spec.id, text: state.text, folder });
    clearDraft();
    await loadSpecList(saved.id);
  } catch (error) {
    alert(error.message);
  }
}

// --- saved versions ------------------------------------------------------------------------

async function toggleHistory() {
  const open = $("history").hidden;
  $("history").hidden = !open;
  $("show-history").setAttribute("aria-expanded", open ? "true" : "false");
  if (open) await listHistory();
}

async function listHistory() {
  const listed = (await api(`/api/history?id=${encodeURIComponent(state.spec.id)}`)).versions;
  const versions = listed.filter((v) => !v.error);  // a version the studio will not read is named with why
  state.history = versions;
  $("history-state").textContent = versions.length ? `${versions.length} saved versions, newest last` : "No saved versions yet: every save keeps one.";
  const current = versions.length ? versions[versions.length - 1].number : null;
  $("history-list").replaceChildren(...listed.map((v) => v.error ? el("li", {}, `version ${v.number} · not readable: ${v.error}`) : el("li", {},
    `version ${v.number} · ${v.saved.replace("T", " ").slice(0, 19)}${v.number === current ? " (current)" : ""} `,
    v.number === current ? "" : el("button", { type: "button", class: "small", "aria-label": `restore version ${v.number}`,
      onclick: () => restoreVersion(v.number) }, "restore"))));
  $("compare-row").hidden = versions.length < 2;
  for (const [id, pick] of [["compare-a", versions.length - 2], ["compare-b", versions.length - 1]]) {
    $(id).replaceChildren(...versions.map((v, i) => el("option", { value: v.number, selected: i === pick }, `version ${v.number}`)));
  }
}

async function restoreVersion(number) {
  const version = await api(`/api/history/${number}?id=${encodeURIComponent(state.spec.id)}`);
  await applyText(version.text, `version ${number} restored (saved as a new version; undo goes back)`);
}

function flatten(items, into = new Map()) {
  for (const item of items || []) {
    if (item.kind === "table") flatten(item.items, into);
    else if (item.kind === "rows") for (const row of item.rows) flatten(row.items, into);
    else into.set(item.path, JSON.stringify(item.value));
  }
  return into;
}

async function compareVersions() {
  const [a, b] = [$("compare-a").value, $("compare-b").value];
  const [va, vb] = await Promise.all([a, b].map((n) => api(`/api/history/${n}?id=${encodeURIComponent(state.spec.id)}`)));
  const fa = flatten(va.form), fb = flatten(vb.form);
  const paths = [...new Set([...fa.keys(), ...fb.keys()])].filter((p) => fa.get(p) !== fb.get(p));
  if (!paths.length) { $("compare-result").replaceChildren(el("p", { class: "hint" }, "The two versions hold the same values.")); return; }
  $("compare-result").replaceChildren(el("table", { class: "compare" },
    el("caption", {}, `What differs between version ${a} and version ${b}`),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "field"), el("th", { scope: "col" }, `version ${a}`), el("th", { scope: "col" }, `version ${b}`))),
    el("tbody", {}, paths.map((p) => el("tr", {}, el("th", { scope: "row" }, `${labelOf(p)} (${p})`),
      el("td", {}, fa.get(p) ?? "—"), el("td", {}, fb.get(p) ?? "—"))))));
}

async function checkVersion(number) {
  // One saved version checked with the Check tab's games and seed, every player count.
  const version = await api(`/api/history/${number}?id=${encodeURIComponent(state.spec.id)}`);
  let job = await api("/api/check", { ...settings(), text: version.text, games: parseInt($("check-games").value, 10),
                                      seed: parseInt($("check-seed").value, 10), players: null });
  while (job.state === "running") {
    $("compare-state").textContent = `checking version ${number}: ${job.total ? progressText(job) : "starting…"}`;
    await new Promise((resolve) => setTimeout(resolve, 400));
    job = await api(`/api/check/${job.id}`);
  }
  return job;
}

function checkCell(job) {
  if (job.state !== "done") return el("td", {}, job.error || job.state);
  const verdict = job.result.verdict;
  const css = verdict === "playable" ? "playable" : verdict === "undecided" ? "undecided" : "not";
  return el("td", {}, el("span", { class: `verdict small ${css}` }, verdict.toUpperCase()),
    el("ul", {}, (job.result.reasons || []).map((r) => el("li", {}, r))),
    el("a", { href: job.report, target: "_blank" }, "full report"));
}

async function compareChecks() {
  const [a, b] = [$("compare-a").value, $("compare-b").value];
  $("compare-check").disabled = true;
  $("compare-checks").replaceChildren();
  try {
    const first = await checkVersion(a);
    const second = await checkVersion(b);
    $("compare-state").textContent = "";
    $("compare-checks").replaceChildren(el("table", { class: "compare checks" },
      el("caption", {}, `The checks of version ${a} and version ${b} (${$("check-games").value} games, seed ${$("check-seed").value})`),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, `version ${a}`), el("th", { scope: "col" }, `version ${b}`))),
      el("tbody", {}, el("tr", {}, checkCell(first), checkCell(second)))));
  } catch (error) {
    $("compare-state").textContent = error.message;
  } finally {
    $("compare-check").disabled = false;
  }
}

// --- preview and print ---------------------------------------------------------------------

function settings() {
  return { id: state.spec.id, text: state.text, paper: $("paper").value, lang: $("lang").value,
           preset: $("preset-label").hidden ? null : $("preset").value };
}

// Text that is not TOML has no form: the TOML text is where it is fixed, and the form says so.
function notToml() {
  state.form = null;
  $("form").replaceChildren(el("p", { class: "hint", id: "form-waits" },
    "The TOML text has an error, so there is no form to show: fix it in the TOML text (the message above says where)."));
  showEditor("toml");
}

// While the spec has an error the kit is not drawn again: the preview pane says why.
function previewWaits() {
  $("preview-state").textContent = $("pages").children.length
    ? "Not redrawn while the spec has an error (see the message beside the editor): this is its last valid version."
    : "Nothing to show while the spec has an error (see the message beside the editor): fix it and the kit is drawn.";
}

async function refreshPreview() {
  if (!state.valid) { previewWaits(); return; }
  $("preview-state").textContent = "drawing…";
  let kit;
  try {
    kit = await api("/api/kit", settings());
  } catch (error) {
    $("preview-state").textContent = error.message;
    return;
  }
  state.kit = kit;
  $("preview-state").textContent = `${kit.pages.length} pages, as they print`;
  $("pages").replaceChildren(...kit.pages.map((page) => el("figure", { "data-component": page.component },
    el("a", { href: page.url, target: "_blank" }, el("img", { src: page.url, alt: `page ${page.number}: ${page.component}`, loading: "lazy" })),
    el("figcaption", {}, `${page.number}. ${page.component}`))));
  const base = `/api/kit/${kit.key}`;
  $("downloads").replaceChildren(
    el("li", {}, el("a", { href: `${base}/kit.pdf`, download: "", id: "download-pdf" }, "The whole kit as PDF")),
    el("li", {}, el("a", { href: `${base}/svg.zip`, download: "", id: "download-zip" }, "Every page as SVG (zip)")),
    ...kit.components.map((c) => el("li", {}, el("a", { href: `${base}/part/${c}.pdf`, download: "" }, `Only the ${c} (PDF)`))));
}

// --- check ---------------------------------------------------------------------------------

function clearCheck() {
  state.job = null;
  $("check-result").replaceChildren();
  $("check-report").hidden = true;
  $("check-progress").hidden = true;
  $("check-state").textContent = "";
  state.checkGames = null;
  if (state.replay && state.replay.kind === "check") {
    state.replay = null;
    $("replay-board").hidden = true;
    $("replay-move").replaceChildren();
  }
  showReplayList();
}

function isAuto(text) {
  return text.trim().toLowerCase() === "auto";
}

function gamesSetting(id) {
  // "auto", a whole number, or what was typed: the server names what is wrong with it.
  const text = $(id).value.trim();
  return isAuto(text) ? "auto" : /^-?\d+$/.test(text) ? parseInt(text, 10) : text;
}

async function runCheck() {
  // The last result stays on screen until this check finishes: a cancelled or failed check keeps it.
  const players = $("check-players").value;
  const numbers = checkNumbers();
  if (!numbers) return;
  let job;
  try {
    job = await api("/api/check", { ...settings(), ...numbers, games: gamesSetting("check-games"),
      players: players ? parseInt(players, 10) : null, confidence: parseFloat($("check-confidence").value),
      strict: $("check-strict").checked, seat_levels: $("check-expert-seats").checked ? ["expert"] : [] });
  } catch (error) {
    if (!markSetting(error.message)) $("check-state").textContent = error.message;
    return;
  }
  state.running = job;
  $("check-run").disabled = true;
  $("check-cancel").hidden = false;
  $("check-progress").hidden = false;
  pollCheck();
}

async function jobStatus(id, stateId, runId, cancelId) {
  // A running check's or sweep's status; null when the studio's server stopped (Ctrl-C) or the network
  // failed, said in the job's own line instead of a bar that never moves.
  try {
    return await api(`/api/check/${id}`);
  } catch (error) {
    if (error.status !== undefined) throw error;
    state.running = null;
    $(stateId).textContent = "The studio is not answering (stopped?). Start pnp studio again, then reload this page.";
    $(runId).disabled = false;
    $(cancelId).hidden = true;
    return null;
  }
}

function progressText(job) {
  // "1,200 of 3,500 simulated games" or under games auto "1,200 simulated games, look 3 of 128".
  const done = job.done.toLocaleString("en");
  const games = job.up_to ? `${done} simulated games` : `${done} of ${job.total.toLocaleString("en")} simulated games`;
  return job.step ? `${games}, ${job.step}` : games;
}

async function pollCheck() {
  const id = state.running && state.running.id;
  if (!id) return;
  const job = await jobStatus(id, "check-state", "check-run", "check-cancel");
  if (!job) return;
  if (!state.running || state.running.id !== id) return;  // another spec was opened meanwhile
  state.running = job;
  const bar = $("check-progress");
  bar.max = Math.max(job.total, 1);
  bar.value = job.done;
  // The total counts every simulated game: Games for each player count, and the skill matches; under auto
  // the most the check may play, "At most" for each player count.
  $("check-state").textContent = job.state === "running"
    ? (!job.total ? "starting…" : job.games === "auto"
      ? `${progressText(job)} (at most ${job.total.toLocaleString("en")}, skill matches included); the check stops at the first look that decides`
      : `${progressText(job)} (${job.games} per player count, skill matches included)`)
    : "";
  if (job.state === "running") { setTimeout(pollCheck, 300); return; }
  state.running = null;
  $("check-run").disabled = false;
  $("check-cancel").hidden = true;
  bar.hidden = true;
  if (job.state === "cancelled") { $("check-state").textContent = state.job ? "cancelled; the last result stays below" : "cancelled"; return; }
  if (job.state === "failed") { $("check-state").textContent = job.error; return; }
  clearCheck();
  state.job = job;
  // Coloured by the whole headline: green only when playable, fair and no game of luck.
  const css = { good: "playable", open: "undecided", bad: "not" }[job.tone] || "undecided";
  $("check-result").replaceChildren(el("p", { class: `verdict ${css}`, id: "verdict" }, job.headline),
    job.details.length ? el("ul", { id: "check-details" }, job.details.map((r) => el("li", {}, r))) : "");
  const report = $("check-report");
  report.src = job.report;
  report.hidden = false;
  await listReplays();
}

// The Check tab's settings as the server names them in a refusal ("games: …", "At most: …", "seed: …"),
// with the input each is typed in: the refusal stands at that field, marked, as the spec form marks one.
const CHECK_SETTINGS = { games: ["check-games", "Games"], "at most": ["check-max-games", "At most"],
  seed: ["check-seed", "Seed"], "skill games": ["check-skill-games", "Skill games"], players: ["check-players", "Players"],
  confidence: ["check-confidence", "Confidence"] };

function unmarkSettings() {
  for (const note of document.querySelectorAll("#tab-check .setting-msg")) note.remove();
  for (const [id] of Object.values(CHECK_SETTINGS)) {
    $(id).removeAttribute("aria-invalid");
    $(id).closest("label").classList.remove("invalid");
    const described = ($(id).getAttribute("aria-describedby") || "").split(" ").filter((d) => d && d !== `${id}-msg`);
    if (described.length) $(id).setAttribute("aria-describedby", described.join(" ")); else $(id).removeAttribute("aria-describedby");
  }
}

// A refusal that names a setting, said at its field (true); any other is for the caller to say.
function markSetting(message) {
  unmarkSettings();
  const key = message.slice(0, Math.max(message.indexOf(":"), 0)).toLowerCase();
  if (!CHECK_SETTINGS[key]) return false;
  const [id, label] = CHECK_SETTINGS[key];
  const input = $(id);
  const text = `${label}${message.slice(key.length)}`;
  input.closest("label").classList.add("invalid");
  input.closest("label").after(el("p", { class: "msg setting-msg", id: `${id}-msg`, role: "alert" }, text));
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", [input.getAttribute("aria-describedby"), `${id}-msg`].filter(Boolean).join(" "));
  input.focus();
  return true;
}

// The whole-number settings of a check and a sweep, as typed: a decimal or a word is refused at its field
// before anything runs; the range is the server's to check (it says the limits).
function checkNumbers() {
  unmarkSettings();
  const whole = (id, word) => {
    const raw = $(id).value.trim();
    if (raw === "" && id === "check-skill-games") return null;
    const range = $(id).max ? ` (${$(id).min || 0} to ${$(id).max})` : "";
    // Beyond the field's range the number is said as typed: a float would round its digits.
    if (/^-?\d{1,30}$/.test(raw) && $(id).max && BigInt(raw) > BigInt($(id).max)) {
      throw new Error(`${word}: between ${$(id).min || 0} and ${$(id).max}; got ${raw}`);  // as the server says it
    }
    if (/^-?\d{1,30}$/.test(raw)) return parseInt(raw, 10);
    throw new Error(`${word}: a whole number like 1, not ${raw || "nothing"}${range}`);
  };
  try {
    return { max_games: whole("check-max-games", "At most"), seed: whole("check-seed", "seed"),
             skill_games: whole("check-skill-games", "skill games") };
  } catch (error) {
    markSetting(error.message);
    return null;
  }
}

async function cancelCheck() {
  if (state.running) await api(`/api/check/${state.running.id}/cancel`, {});
}

// --- sweep ---------------------------------------------------------------------------------

// The spec's number fields a sweep can vary, named as the form names them, with the row each lies in
// and what tells that row apart ("shape 2 (Sechseck 1) · Points by colours · 1 colours").
function numberFields(items, found = [], where = "") {
  const within = (label) => (where ? `${where} · ${label}` : label);
  for (const item of items || []) {
    if (item.kind === "field" && (item.type === "integer" || item.type === "number")) {
      found.push({ path: item.path, type: item.type, label: within(labelOf(item.path)) });
    } else if (item.kind === "table") numberFields(item.items, found, within(labelOf(item.path)));
    else if (item.kind === "rows") {
      item.rows.forEach((row, index) => numberFields(row.items, found, within(rowTitle(row, index))));
    }
  }
  return found;
}

// A row as the sweep names it: its number, and its name (a shape) or its colours (a stone) where it has them.
function rowTitle(row, index) {
  const name = row.items.find((f) => f.key === "name" && typeof f.value === "string");
  const colours = row.items.find((f) => f.key === "colours" && Array.isArray(f.value));
  const which = name ? name.value : colours ? colours.value.join(", ") : "";
  return `${rowName(row.path)} ${index + 1}${which ? ` (${which})` : ""}`;
}

// The values a field takes: a list, or for whole numbers a range (a sweep has no decimal ranges).
const SWEEP_VALUES = { integer: "2,3,4 or 1..4", number: "0.3,0.4,0.5" };

function sweepOptions(select, fields) {
  const chosen = select.value;
  select.replaceChildren(el("option", { value: "" }, "(none)"),
    ...fields.map((f) => el("option", { value: f.path, title: f.path, "data-type": f.type }, f.label)));
  select.value = fields.some((f) => f.path === chosen) ? chosen : "";  // a field removed meanwhile is unpicked
  sweepPlaceholder(select);
}

function sweepPlaceholder(select) {
  const option = select.selectedOptions[0];
  const values = select.closest(".sweep-field").querySelector(".sweep-values");
  values.placeholder = SWEEP_VALUES[option && option.dataset.type] || SWEEP_VALUES.integer;
}

function sweepFields(form) {
  const fields = numberFields(form);
  $("sweep-fields").replaceChildren(...[1, 2, 3].map((n) => el("div", { class: "row sweep-field" },
    el("label", {}, `Field ${n} `, el("select", { class: "sweep-path", onchange: (e) => sweepPlaceholder(e.target) })),
    el("label", {}, "values ", el("input", { type: "text", class: "sweep-values", placeholder: SWEEP_VALUES.integer })))));
  for (const select of document.querySelectorAll(".sweep-path")) sweepOptions(select, fields);
  $("sweep-table").replaceChildren();
  $("sweep-state").textContent = "";
}

// After the form changed (a row added or removed, a language picked), the picks follow the fields there are now.
function refreshSweepFields(form) {
  const fields = numberFields(form);
  for (const select of document.querySelectorAll(".sweep-path")) sweepOptions(select, fields);
}

async function runSweep() {
  const vary = [...document.querySelectorAll(".sweep-field")].map((row) => {
    const select = row.querySelector(".sweep-path");
    return { field: select.value, values: row.querySelector(".sweep-values").value.trim(),
             label: select.selectedOptions[0] ? select.selectedOptions[0].textContent : "" };
  }).filter((v) => v.field);
  const players = $("check-players").value;
  // A new sweep's words, refusal or progress, never stand above the last one's results.
  $("sweep-table").replaceChildren();
  $("sweep-state").textContent = "";
  const numbers = checkNumbers();
  if (!numbers) return;
  try {
    state.sweep = await api("/api/sweep", { ...settings(), vary, games: gamesSetting("sweep-games"),
      max_games: numbers.max_games, seed: numbers.seed, players: players ? parseInt(players, 10) : null,
      confidence: parseFloat($("check-confidence").value) });
  } catch (error) {
    if (!markSetting(error.message)) $("sweep-state").textContent = error.message;
    return;
  }
  $("sweep-run").disabled = true;
  $("sweep-cancel").hidden = false;
  pollSweep(state.sweep.id);
}

async function pollSweep(id) {
  const job = await jobStatus(id, "sweep-state", "sweep-run", "sweep-cancel");
  if (!job) return;
  if (!state.sweep || state.sweep.id !== id) return;
  if (job.state === "running") {
    $("sweep-state").textContent = job.total ? `${progressText(job)}${job.up_to ? ` (at most ${job.total.toLocaleString("en")})` : ""}` : "starting…";
    setTimeout(() => pollSweep(id), 300);
    return;
  }
  $("sweep-run").disabled = false;
  $("sweep-cancel").hidden = true;
  if (job.state !== "done") { $("sweep-state").textContent = job.state === "cancelled" ? "cancelled" : job.error; return; }
  showSweep(job.result, job.report);
}

function points(n) {
  return `${n} percentage ${n === 1 ? "point" : "points"}`;
}

function showSweep(result, report) {
  const best = result.variants.find((v) => v.variant === result.best);
  const played = result.race ? `${result.race.games.toLocaleString("en")} games in all, decided as they came in. ` : "";
  $("sweep-state").replaceChildren(best ? `Best: variant ${best.variant} (${result.best_rule}). ${played}`
    : `No variant passes every test of the check yet. ${played}`,
    el("a", { href: report, target: "_blank", id: "sweep-report" }, "The sweep report, with its charts"));
  const advantage = (v) => Math.max(...Object.values(v.figures || {}).map((f) => f.seat_advantage ?? -1));
  // Under games auto the variants race: each row says how many games it played and why it stopped.
  const race = result.race || null;
  const tied = new Set(race ? race.tied : []);
  const labels = Object.fromEntries(numberFields(state.form).map((f) => [f.path, f.label]));
  // Why a variant is out: the race's word, then the first reason the check gave (the report has them all);
  // an invalid one's, the loader's, with the field named as the form names it.
  const named = (reason) => reason.replace(/^([^\s:]+): /, (whole, path) => (labels[path] ? `${labels[path]}: ` : whole));
  const why = (v) => (v.reasons && v.reasons.length ? ` (${named(v.reasons[0])})` : "");
  // A variant the race kept beside the best: shown tied, near enough by the near-best rule, or still racing it
  const beside = !race ? "" : race.tied_within === null ? "still racing the best when the budget ran out"
    : race.near_best ? "beside the best" : "tied with the best";
  // The check's verdict, then what else decides the variant's place (a limit broken, a test still open)
  const more = { undecided: "a limit still open" };
  const word = (v) => (v.standing && v.standing !== v.verdict ? `${v.verdict}; ${more[v.standing] || v.standing}`
    : v.verdict);
  const standing = (v) => (v.verdict === "invalid" ? `${v.verdict}${why(v)}` : v.out ? `${word(v)}; ${v.out}${why(v)}`
    : tied.has(v.variant) ? `${word(v)}; ${beside}` : word(v));
  const head = el("tr", {}, el("th", {}, "variant"), result.fields.map((f) => el("th", { title: f }, labels[f] || f)),
    el("th", {}, "verdict"), el("th", {}, "games per player count"), el("th", {}, "largest seat advantage"), el("th", {}, ""));
  const rows = result.variants.map((v) => el("tr", { class: v.variant === result.best ? "best" : "" },
    el("td", {}, v.variant === result.best ? `${v.variant} (best)` : v.variant),
    result.fields.map((f) => el("td", {}, v.values[f])), el("td", {}, standing(v)),
    el("td", {}, v.verdict === "invalid" ? "none" : (v.games ?? result.games).toLocaleString("en")),
    el("td", {}, advantage(v) >= 0 ? points(Math.round(advantage(v) * 100)) : "–"),
    // Only a playable variant is offered to be kept as a spec.
    el("td", {}, v.verdict === "playable" ? el("button", { type: "button", class: "small use-variant",
      "aria-label": `use variant ${v.variant}`, onclick: () => useVariant(v) }, "use this variant") : "")));
  $("sweep-table").replaceChildren(head, ...rows);
}

async function useVariant(variant) {
  const edits = Object.entries(variant.values).map(([path, value]) => ({ op: "set", path, value }));
  const folder = prompt("Save this variant as a new spec in this workspace folder:", `${state.spec.game}-variant-${variant.variant}`);
  if (!folder) return;
  try {
    const edited = await api("/api/spec/edit", { id: state.spec.id, text: state.text, edits });
    if (!edited.validation.ok) throw new Error(edited.validation.message);
    const saved = await api("/api/spec/save-as", { id: state.spec.id, text: edited.text, folder });
    await loadSpecList(saved.id);
  } catch (error) {
    $("sweep-state").textContent = `not saved: ${error.message}`;
  }
}

// --- replay --------------------------------------------------------------------------------

// The list holds the last check's games and the games people played at the play table (the
// workspace's played/ folder); both step through on the kit's board. An option's value is
// "check:NUMBER" or "played:FILE".

async function listReplays() {
  try {
    state.checkGames = await api(`/api/check/${state.job.id}/games`);
  } catch (error) {
    state.checkGames = null;
    $("replay-state").textContent = error.message;
    return;
  }
  await showReplayList("first-check");
}

async function listPlayed() {
  try {
    state.played = await api("/api/played");
  } catch (error) {
    state.played = null;
  }
  await showReplayList();
}

async function showReplayList(choose) {
  const games = state.checkGames;
  const played = state.played;
  const pick = $("replay-pick");
  const before = pick.value;
  const option = (value, label) => el("option", { value }, label);
  const checkOption = (g) => option(`check:${g.game}`, g.label);
  const group = (label, list, make) => list.length ? [el("optgroup", { label }, list.map(make))] : [];
  const more = (count, listed) => count > listed ? `, the newest ${listed} listed` : "";
  const options = [];
  if (games) {
    const first = (count) => count > games.listed ? `, the first ${games.listed} listed` : "";
    options.push(...games.highlights.map(checkOption),
      ...group(`configuration games (${games.configuration_count}${first(games.configuration_count)})`, games.configuration, checkOption),
      ...group(`skill-match games (${games.skill_count}${first(games.skill_count)})`, games.skill, checkOption));
  }
  if (played) {
    options.push(...group(`played games (${played.count}${more(played.count, played.listed)})`, played.games,
      (g) => option(`played:${g.file}`, g.label)));
  }
  pick.replaceChildren(...options);
  const parts = [games ? `${games.configuration_count} configuration games and ${games.skill_count} skill-match games of the check`
    : "Run a check to replay its simulated games here"];
  if (played && played.count) parts.push(`${played.count} game${played.count === 1 ? "" : "s"} played at the play table`);
  $("replay-state").textContent = parts.join("; ") + ".";
  $("replay-controls").hidden = !pick.options.length;
  if (!pick.options.length) return;
  const values = [...pick.options].map((o) => o.value);
  const keep = choose !== "first-check" && values.includes(before) && state.replay;
  pick.value = keep ? before : values[0];
  if (!keep) await loadReplay(pick.value);
}

// Loads can overlap (the list refreshed while a person picks a game): only the latest one is shown.
let replayLoads = 0;

async function loadReplay(value) {
  if (state.replay && state.replay.value === value) return;  // the game shown, at the step it is at
  const ticket = ++replayLoads;
  const [kind, id] = [value.slice(0, value.indexOf(":")), value.slice(value.indexOf(":") + 1)];
  const base = kind === "check" ? `/api/check/${state.job.id}/games/${id}` : `/api/played/${encodeURIComponent(id)}`;
  try {
    const loaded = await api(base);
    if (ticket !== replayLoads) return;
    state.replay = { ...loaded, value, kind, board: `${base}/board`, at: 0 };
  } catch (error) {
    if (ticket !== replayLoads) return;
    state.replay = null;
    $("replay-board").hidden = true;
    $("replay-move").replaceChildren(el("p", { id: "replay-text" }, error.message));
    return;
  }
  showReplayStep();
}

function stepReplay(delta) {
  const replay = state.replay;
  if (!replay) return;
  const last = replay.steps.length - 1;
  replay.at = Math.max(0, Math.min(last, delta === Infinity ? last : delta === -Infinity ? 0 : replay.at + delta));
  showReplayStep();
}

function showReplayStep() {
  const replay = state.replay;
  const step = replay.steps[replay.at];
  $("replay-position").textContent = `step ${replay.at} of ${replay.steps.length - 1}`;
  const board = $("replay-board");
  board.src = `${replay.board}/${replay.at}.svg`;
  board.hidden = false;
  const rows = (step.score || []).map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, typeof v === "object" ? JSON.stringify(v) : v)));
  $("replay-move").replaceChildren(el("p", { id: "replay-text" }, step.text), rows.length ? el("table", {}, rows) : "",
    step.totals && step.totals.length ? el("p", { class: "hint" }, `scores: ${step.totals.join(" : ")}`) : "");
}

start().catch((error) => { $("spec-error").hidden = false; $("spec-error").textContent = error.message; });
