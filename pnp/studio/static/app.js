// pnp studio: the page. Every change goes to the server, which applies it to the spec's TOML,
// runs the game's own loader and answers with the text, the form and the loader's verdict.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { spec: null, text: "", version: null, readOnly: true, valid: true, kit: null, job: null,
                running: null, sweep: null, games: [], replay: null, seq: 0 };

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw Object.assign(new Error(data.error || `HTTP ${response.status}`), { status: response.status });
  return data;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return node;
}

function debounce(fn, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

// --- start ---------------------------------------------------------------------------------

async function start() {
  const info = await api("/api/games");
  state.games = info.games;
  for (const paper of info.papers) $("paper").append(el("option", { value: paper }, paper.toUpperCase()));
  for (const lang of info.langs) $("lang").append(el("option", { value: lang }, lang === "de" ? "Deutsch" : "English"));
  for (const id of ["paper", "lang", "preset"]) $(id).addEventListener("change", () => refreshPreview());
  $("spec").addEventListener("change", () => openSpec($("spec").value));
  $("show-form").addEventListener("click", () => showEditor("form"));
  $("show-toml").addEventListener("click", () => showEditor("toml"));
  $("toml").addEventListener("input", debounce(() => sendEdits([], $("toml").value), 400));
  $("save-as").addEventListener("click", saveAs);
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

function showTab(name) {
  for (const tab of document.querySelectorAll(".tabs button")) tab.classList.toggle("on", tab.dataset.tab === name);
  for (const pane of document.querySelectorAll(".tab")) pane.hidden = pane.id !== `tab-${name}`;
}

function showEditor(which) {
  $("show-form").classList.toggle("on", which === "form");
  $("show-toml").classList.toggle("on", which === "toml");
  $("form").hidden = which !== "form";
  $("toml").hidden = which !== "toml";
}

// --- the spec ------------------------------------------------------------------------------

async function openSpec(id) {
  const spec = await api(`/api/spec?id=${encodeURIComponent(id)}`);
  Object.assign(state, { spec, text: spec.text, version: spec.version, readOnly: spec.read_only });
  history.replaceState(null, "", `?spec=${encodeURIComponent(spec.id)}`);  // a reload opens this spec again
  const game = state.games.find((g) => g.name === spec.game);
  $("preset").replaceChildren(...(game.presets || []).map((p) => el("option", { value: p }, p)));
  $("preset-label").hidden = !(game.presets || []).length;
  const players = $("check-players");
  players.replaceChildren(el("option", { value: "" }, "all"), ...(game.players || []).map((n) => el("option", { value: n }, n)));
  $("read-only").hidden = !spec.read_only;
  $("toml").value = spec.text;
  renderForm(spec.form);
  if (!spec.form) showEditor("toml");  // not TOML yet: the text is where it can be fixed
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
  await refreshPreview();
}

function setSaveState(text) { $("save-state").textContent = text; }

function showLimits(limits) {
  // The loader's range of each number field, beside it and on the input: known before a value is refused.
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

function showValidation(validation) {
  state.valid = validation.ok;
  if (validation.limits) showLimits(validation.limits);  // a message made here has none: keep the last
  for (const node of document.querySelectorAll(".field .msg")) node.remove();
  for (const node of document.querySelectorAll(".invalid")) node.classList.remove("invalid");
  const box = $("spec-error");
  box.hidden = validation.ok;
  if (validation.ok) return;
  box.textContent = validation.message;
  const field = validation.field && document.querySelector(`.field[data-path="${CSS.escape(validation.field)}"]`);
  if (field) {
    field.classList.add("invalid");
    field.append(el("div", { class: "msg", role: "alert" }, validation.reason));
  }
}

function renderForm(items) {
  const form = $("form");
  form.replaceChildren(...(items || []).map(renderItem));
}

function renderItem(item) {
  if (item.kind === "table") return el("fieldset", { "data-path": item.path }, el("legend", {}, item.key), item.items.map(renderItem));
  if (item.kind === "rows") {
    const rows = item.rows.map((row, index) => el("div", { class: "rowbox", "data-path": row.path },
      el("div", { class: "rowtitle" }, `${item.key} ${index + 1}`),
      el("button", { type: "button", class: "small remove", title: "Remove this row",
                     onclick: () => sendEdits([{ op: "remove_row", path: row.path }]) }, "remove"),
      row.items.map(renderItem)));
    return el("fieldset", { class: "rows", "data-path": item.path }, el("legend", {}, `${item.key} (${item.rows.length})`), rows,
      el("button", { type: "button", class: "small", onclick: () => sendEdits([{ op: "add_row", path: item.path }]) }, `add ${item.key} row`));
  }
  return renderField(item);
}

function renderField(field) {
  const id = `f-${field.path.replace(/[^A-Za-z0-9]+/g, "-")}`;
  const set = (value) => sendEdits([{ op: "set", path: field.path, value }]);
  let input;
  if (field.type === "boolean") {
    input = el("input", { type: "checkbox", id, checked: field.value, onchange: (e) => set(e.target.checked) });
  } else if (field.type === "integer" || field.type === "number") {
    input = el("input", { type: "number", id, value: field.value, step: field.type === "integer" ? "1" : "any",
      onchange: (e) => {
        const raw = e.target.value.trim();
        const value = field.type === "integer" && /^-?\d+$/.test(raw) ? parseInt(raw, 10) : Number(raw);
        if (raw === "" || Number.isNaN(value)) return showValidation({ ok: false, field: field.path, reason: "must be a number", message: `${field.path}: must be a number` });
        set(field.type === "number" ? value : value);
      } });
  } else if (field.type === "colour") {
    const picker = el("input", { type: "color", id, value: field.value,
      oninput: debounce((e) => { text.value = e.target.value; set(e.target.value); }, 150) });
    const text = el("input", { type: "text", value: field.value, size: 8, "aria-label": `${field.path} as text`,
      onchange: (e) => {
        const value = e.target.value.trim();
        if (/^#[0-9a-fA-F]{6}$/.test(value)) picker.value = value.toLowerCase();  // the swatch follows the text
        set(value);
      } });
    input = el("span", { class: "colour" }, picker, text);
  } else if (field.type === "list") {
    input = el("input", { type: "text", id, value: JSON.stringify(field.value),
      onchange: (e) => {
        let value;
        try { value = JSON.parse(e.target.value); } catch { return showValidation({ ok: false, field: field.path, reason: "write a list such as [1, 2] or [\"red\", \"blue\"]", message: `${field.path}: not a list` }); }
        set(value);
      } });
  } else {
    input = el("input", { type: "text", id, value: field.value, onchange: (e) => set(e.target.value) });
  }
  return el("div", { class: "field", "data-path": field.path },
    el("label", { for: id }, field.key), el("span", {}, input, field.unit ? el("span", { class: "unit" }, field.unit) : ""));
}

async function sendEdits(edits, text) {
  const seq = ++state.seq;
  let result;
  try {
    result = await api("/api/spec/edit", { id: state.spec.id, text: text ?? state.text, edits });
  } catch (error) {
    const path = edits[0] && edits[0].path;
    return showValidation({ ok: false, field: path, reason: error.message, message: error.message });
  }
  if (seq !== state.seq) return;  // a newer edit is on its way
  state.text = result.text;
  if (text === undefined) $("toml").value = result.text;
  const structural = edits.some((e) => e.op !== "set") || text !== undefined;
  if (structural && result.form) renderForm(result.form);
  showValidation(result.validation);
  if (!result.validation.ok) { setSaveState(state.readOnly ? "shipped spec (read-only)" : "not saved: fix the field marked"); return; }
  if (!state.readOnly) await save();
  await refreshPreview();
}

async function save() {
  try {
    const saved = await api("/api/spec/save", { id: state.spec.id, text: state.text, version: state.version });
    state.version = saved.version;
    setSaveState("saved");
  } catch (error) {
    setSaveState(error.status === 409 ? "not saved: the file changed elsewhere; reload the spec" : `not saved: ${error.message}`);
  }
}

async function saveAs() {
  const folder = prompt("Save a copy in this workspace folder (it must not exist yet):", `my-${state.spec.game}`);
  if (!folder) return;
  try {
    const saved = await api("/api/spec/save-as", { id: state.spec.id, text: state.text, folder });
    await loadSpecList(saved.id);
  } catch (error) {
    alert(error.message);
  }
}

// --- preview and print ---------------------------------------------------------------------

function settings() {
  return { id: state.spec.id, text: state.text, paper: $("paper").value, lang: $("lang").value,
           preset: $("preset-label").hidden ? null : $("preset").value };
}

async function refreshPreview() {
  if (!state.valid) return;
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
  $("replay-controls").hidden = true;
  $("replay-board").hidden = true;
  $("replay-move").replaceChildren();
  $("replay-state").textContent = "Run a check first: its simulated games can be replayed here.";
}

async function runCheck() {
  // The last result stays on screen until this check finishes: a cancelled or failed check keeps it.
  const players = $("check-players").value;
  const skill = $("check-skill-games").value.trim();
  let job;
  try {
    job = await api("/api/check", { ...settings(), games: parseInt($("check-games").value, 10),
      seed: parseInt($("check-seed").value, 10), players: players ? parseInt(players, 10) : null,
      confidence: parseFloat($("check-confidence").value), skill_games: skill ? parseInt(skill, 10) : null,
      strict: $("check-strict").checked });
  } catch (error) {
    $("check-state").textContent = error.message;
    return;
  }
  state.running = job;
  $("check-run").disabled = true;
  $("check-cancel").hidden = false;
  $("check-progress").hidden = false;
  pollCheck();
}

async function pollCheck() {
  const id = state.running && state.running.id;
  if (!id) return;
  const job = await api(`/api/check/${id}`);
  if (!state.running || state.running.id !== id) return;  // another spec was opened meanwhile
  state.running = job;
  const bar = $("check-progress");
  bar.max = Math.max(job.total, 1);
  bar.value = job.done;
  // The total counts every simulated game: Games for each player count, and the skill matches.
  $("check-state").textContent = job.state === "running"
    ? (job.total ? `${job.done} of ${job.total} simulated games (${job.games} per player count, skill matches included)` : "starting…")
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
  const verdict = job.result.verdict;
  const css = verdict === "playable" ? "playable" : verdict === "undecided" ? "undecided" : "not";
  $("check-result").replaceChildren(el("p", { class: `verdict ${css}`, id: "verdict" }, job.headline),
    job.details.length ? el("ul", { id: "check-details" }, job.details.map((r) => el("li", {}, r))) : "");
  const report = $("check-report");
  report.src = job.report;
  report.hidden = false;
  await listReplays();
}

async function cancelCheck() {
  if (state.running) await api(`/api/check/${state.running.id}/cancel`, {});
}

// --- sweep ---------------------------------------------------------------------------------

function numberFields(items, found = []) {
  for (const item of items || []) {
    if (item.kind === "field" && (item.type === "integer" || item.type === "number")) found.push(item.path);
    else if (item.kind === "table") numberFields(item.items, found);
    else if (item.kind === "rows") for (const row of item.rows) numberFields(row.items, found);
  }
  return found;
}

function sweepFields(form) {
  const paths = numberFields(form);
  $("sweep-fields").replaceChildren(...[1, 2, 3].map((n) => el("div", { class: "row sweep-field" },
    el("label", {}, `Field ${n} `, el("select", { class: "sweep-path" }, el("option", { value: "" }, "(none)"),
      paths.map((p) => el("option", { value: p }, p)))),
    el("label", {}, "values ", el("input", { type: "text", class: "sweep-values", placeholder: "2,3,4 or 1..4" })))));
  $("sweep-table").replaceChildren();
  $("sweep-state").textContent = "";
}

async function runSweep() {
  const vary = [...document.querySelectorAll(".sweep-field")]
    .map((row) => ({ field: row.querySelector(".sweep-path").value, values: row.querySelector(".sweep-values").value.trim() }))
    .filter((v) => v.field);
  const players = $("check-players").value;
  try {
    state.sweep = await api("/api/sweep", { ...settings(), vary, games: parseInt($("sweep-games").value, 10),
      seed: parseInt($("check-seed").value, 10), players: players ? parseInt(players, 10) : null,
      confidence: parseFloat($("check-confidence").value) });
  } catch (error) {
    $("sweep-state").textContent = error.message;
    return;
  }
  $("sweep-run").disabled = true;
  $("sweep-cancel").hidden = false;
  pollSweep(state.sweep.id);
}

async function pollSweep(id) {
  const job = await api(`/api/check/${id}`);
  if (!state.sweep || state.sweep.id !== id) return;
  if (job.state === "running") {
    $("sweep-state").textContent = job.total ? `${job.done} of ${job.total} simulated games` : "starting…";
    setTimeout(() => pollSweep(id), 300);
    return;
  }
  $("sweep-run").disabled = false;
  $("sweep-cancel").hidden = true;
  if (job.state !== "done") { $("sweep-state").textContent = job.state === "cancelled" ? "cancelled" : job.error; return; }
  showSweep(job.result, job.report);
}

function showSweep(result, report) {
  const best = result.variants.find((v) => v.variant === result.best);
  $("sweep-state").replaceChildren(best ? `Best: variant ${best.variant} (${result.best_rule}). `
    : "No variant passes every test of the check yet. ",
    el("a", { href: report, target: "_blank", id: "sweep-report" }, "the sweep report, with its charts"));
  const advantage = (v) => Math.max(...Object.values(v.figures || {}).map((f) => f.seat_advantage ?? -1));
  const head = el("tr", {}, el("th", {}, "variant"), result.fields.map((f) => el("th", {}, f)),
    el("th", {}, "verdict"), el("th", {}, "largest seat advantage"), el("th", {}, ""));
  const rows = result.variants.map((v) => el("tr", { class: v.variant === result.best ? "best" : "" },
    el("td", {}, v.variant === result.best ? `${v.variant} (best)` : v.variant),
    result.fields.map((f) => el("td", {}, v.values[f])), el("td", {}, v.verdict),
    el("td", {}, advantage(v) >= 0 ? `${Math.round(advantage(v) * 100)} points` : "–"),
    el("td", {}, el("button", { type: "button", class: "small use-variant", "aria-label": `use variant ${v.variant}`,
      onclick: () => useVariant(v) }, "use this variant"))));
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

async function listReplays() {
  let games;
  try {
    games = await api(`/api/check/${state.job.id}/games`);
  } catch (error) {
    $("replay-state").textContent = error.message;
    return;
  }
  const pick = $("replay-pick");
  const option = (g) => el("option", { value: g.game }, g.label);
  const group = (label, list) => list.length ? [el("optgroup", { label }, list.map(option))] : [];
  const more = (count) => count > games.listed ? `, the first ${games.listed} listed` : "";
  pick.replaceChildren(...games.highlights.map(option),
    ...group(`configuration games (${games.configuration_count}${more(games.configuration_count)})`, games.configuration),
    ...group(`skill-match games (${games.skill_count}${more(games.skill_count)})`, games.skill));
  $("replay-controls").hidden = false;
  $("replay-state").textContent = `${games.configuration_count} configuration games and ${games.skill_count} skill-match games`;
  await loadReplay(pick.value);
}

async function loadReplay(game) {
  state.replay = await api(`/api/check/${state.job.id}/games/${game}`);
  state.replay.at = 0;
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
  board.src = `/api/check/${state.job.id}/games/${replay.game}/board/${replay.at}.svg`;
  board.hidden = false;
  const rows = (step.score || []).map(([k, v]) => el("tr", {}, el("th", {}, k), el("td", {}, typeof v === "object" ? JSON.stringify(v) : v)));
  $("replay-move").replaceChildren(el("p", { id: "replay-text" }, step.text), rows.length ? el("table", {}, rows) : "",
    step.totals && step.totals.length ? el("p", { class: "hint" }, `scores: ${step.totals.join(" : ")}`) : "");
}

start().catch((error) => { $("spec-error").hidden = false; $("spec-error").textContent = error.message; });
