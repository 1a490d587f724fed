// The play page: shows what the server says and sends what the person picks. No rule lives here:
// legal places, refusals, points and the end of the game all come from the server.
// The address names the game on the table (?id=...), so a reload, a second tab, Back and Forward
// and a studio started again show the same game.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const play = { state: null, places: [], selected: null, turned: 0, revealed: -1, targets: [], hover: null,
               mine: null, stopped: false, specs: new Map(), unknownSeats: [], wrongInAddress: [], starting: false };
const HEARTBEAT_MS = 4000;  // how often a page with a game asks whether the studio still runs it
const SETUP_KEYS = ["game", "seats", "seed", "preset", "profi", "pace", "spec"];
let MAX_SEED = 2 ** 32 - 1;  // the studio's limit of a seed (pnp.numbers.SEED), as /api/play/games says
const seedFits = (text) => /^\d{1,10}$/.test(text) && Number(text) <= MAX_SEED;  // digits, in the studio's range
const MARK_PX = 12;  // the least size (CSS px) a mark a player reads on the board is shown at: a tile's digit

class Stopped extends Error {}  // the studio does not answer: it was stopped
class Answer extends Error {  // the studio answered with a refusal
  constructor(message, status) { super(message); this.status = status; }
}

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  let response;
  try { response = await fetch(path, options); } catch (error) { throw new Stopped(error.message); }
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Answer(data.error || `the server answered ${response.status}`, response.status);
  return data;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const busy = (on) => { document.body.dataset.state = on ? "busy" : (play.state && play.state.over ? "over" : "ready"); };
const isBusy = () => document.body.dataset.state === "busy";

// What happens, said where the player looks: beside the hand, above it, and read out (a live region).
// kind: "refusal" (a move the rules forbid), "info", "round" (a round ends), "stopped" (the studio).
function say(text, kind = "refusal", actions = []) {
  const box = $("message");
  $("message-text").textContent = text || "";
  box.className = text ? kind : "";
  const buttons = $("message-actions");
  buttons.innerHTML = "";
  for (const [label, action] of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", action);
    buttons.appendChild(button);
  }
}
// Before a game is on the table (its message line hidden with it), a game that cannot start says why here.
const sayAtSetup = (text) => { $("setup-message").textContent = text || ""; };
const humanOnTurn = () => play.state && !play.state.over && !play.state.offer
  && play.state.seats[play.state.player].player === "human";

async function setup() {
  const params = new URLSearchParams(location.search);
  let games;
  try { ({ games, max_seed: MAX_SEED } = await api("/api/play/games")); } catch (error) { return sayAtSetup(error.message); }
  $("seed").max = MAX_SEED;
  for (const game of games) $("game").add(new Option(game.title, game.name));
  play.games = new Map(games.map((game) => [game.name, game]));
  $("game").addEventListener("change", () => {  // a spec belongs to its game: another game plays its own
    $("spec").value = play.specs.get($("game").value) || "";
    play.wrongInAddress = [];  // the person chose: what the address said is done with
    presets();
    seatChoice();
  });
  $("pace").addEventListener("change", keepPace);
  $("seat-count").addEventListener("change", () => drawSeats(seatValues()));
  $("setup").addEventListener("submit", (event) => { event.preventDefault(); start(); });
  $("turn-piece").addEventListener("click", turnPiece);
  $("undo").addEventListener("click", undo);
  $("end-game").addEventListener("click", endGame);
  $("reveal").addEventListener("click", () => { play.revealed = play.state.player; showHand(); });
  document.addEventListener("keydown", keys);
  window.addEventListener("popstate", () => fromAddress(new URLSearchParams(location.search)));
  setInterval(heartbeat, HEARTBEAT_MS);
  fromAddress(params, true);
}

// The address's setup in the form; its game on the table (or a new game started from it, once).
// A value the table does not know is said in one line, never silently replaced, and starts nothing.
async function fromAddress(params, first = false) {
  const studio = (params.get("studio_spec") || "").match(/^(?:shipped:(\w+)|workspace:(\w+):(.+))$/);
  if (studio) {  // the studio's Play link: the spec being edited there
    params.set("game", studio[1] || studio[2]);
    params.set("spec", studio[3] || "");
  }
  const wrong = [];
  const said = (key, why) => wrong.push(`${key} '${params.get(key)}' in the address: ${why}`);
  if (params.has("game")) {
    const game = gameNamed(params.get("game"));
    if (game) $("game").value = game.name;
    else said("game", `not a game of this table (the games: ${[...play.games.values()].map((g) => g.title).join(", ")})`);
  }
  const game = play.games.get($("game").value);
  presets();
  for (const key of ["seats", "spec"]) if (params.get(key)) $(key).value = params.get(key);
  if (params.get("preset")) {
    if (game.presets.includes(params.get("preset"))) $("preset").value = params.get("preset");
    else said("preset", game.presets.length ? `${game.title}'s rule presets are ${game.presets.join(", ")}`
      : `${game.title} has no rule presets`);
  }
  if (params.get("seed")) {
    const seed = params.get("seed");
    if (seedFits(seed)) $("seed").value = seed;
    else said("seed", `a whole number from 0 to ${MAX_SEED}`);
  }
  if (params.get("pace")) {  // its milliseconds, or its name as the menu says it
    const paces = [...$("pace").options];
    const pace = params.get("pace").toLowerCase();
    const chosen = paces.find((option) => option.value === pace || option.text === pace);
    if (chosen) $("pace").value = chosen.value;
    else said("pace", `one of ${paces.map((option) => `${option.value} (${option.text})`).join(", ")}`);
  }
  if (!["1", "0", "", null].includes(params.get("profi"))) said("profi", "1 (profi) or 0");
  $("profi").checked = params.get("profi") === "1";
  play.wrongInAddress = wrong;
  play.specs.set($("game").value, $("spec").value);
  seatChoice();
  if (params.get("id")) {  // the game the address names, on the table; what it got wrong said beside it
    await loadGame(params.get("id"));
    if (wrong.length && play.state && !play.gone) say(`${wrong.join("; ")}.`, "info");
    return;
  }
  if (first && params.has("game") && !wrong.length && !play.unknownSeats.length) start({ replace: true });
}

// The game an address names: by its name, or in other letters where that names one game only.
function gameNamed(name) {
  if (play.games.has(name)) return play.games.get(name);
  const alike = [...play.games.values()].filter((game) => [game.name, game.title]
    .some((word) => word.toLowerCase() === name.toLowerCase()));
  return alike.length === 1 ? alike[0] : null;
}

// The pace chosen during a game goes into the address, so a reload keeps it.
function keepPace() {
  const params = new URLSearchParams(location.search);
  if (!params.has("id")) return;
  params.set("pace", $("pace").value);
  history.replaceState(history.state, "", `/play?${params}`);
}

function presets() {  // the rule presets of the chosen game, if it has any
  const game = play.games.get($("game").value);
  $("preset").innerHTML = "";
  // Each by the name a player reads (Triomino's "seed" preset is the rules text, not the shuffle's seed).
  for (const name of game ? game.presets : []) $("preset").add(new Option(game.preset_labels[name] || name, name));
  $("preset-label").hidden = !$("preset").options.length;
}

// The seats: each a person or the computer at a strength level (the same levels as `pnp check --levels`).
const seatValues = () => $("seats").value.split(",").map((seat) => seat.trim()).filter(Boolean);

function seatChoice() {
  const game = play.games.get($("game").value);
  if (!game) return;
  const wanted = seatValues();
  const count = $("seat-count");
  count.innerHTML = "";
  for (const n of game.players) count.add(new Option(String(n), String(n)));
  const fits = game.players.includes(wanted.length);
  count.value = String(fits ? wanted.length : game.players.includes(2) ? 2 : game.players[0]);
  drawSeats(wanted);
  if (!fits && wanted.length) {  // an address with more (or fewer) seats than the game has
    play.unknownSeats.push(`${wanted.length} seats: ${game.title} is for ${game.players.join(" or ")} players`);
  }
  const wrong = [...play.wrongInAddress, ...play.unknownSeats];
  const choose = play.unknownSeats.length ? "pick the seats (a person or a computer level: "
    + `${game.computer.map((c) => c.strength).join(", ")}) and start a new game` : "choose in the form and press New game";
  sayAtSetup(wrong.length ? `${wrong.join("; ")}; ${choose}` : "");
  if (wrong.length) $("setup-fold").open = true;
  $("seats-help").textContent = "Computer seats by strength: "
    + game.computer.map((c) => `${c.strength} ${c.about}`).join("; ") + ".";
}

function drawSeats(wanted) {
  const game = play.games.get($("game").value);
  const list = $("seat-list");
  list.innerHTML = "";
  play.unknownSeats = [];
  for (let index = 0; index < Number($("seat-count").value); index += 1) {
    const label = document.createElement("label");
    label.textContent = `Seat ${index + 1} `;
    const select = document.createElement("select");
    select.className = "seat";
    select.add(new Option("a person", "human"));
    for (const c of game.computer) select.add(new Option(`computer, ${c.strength}`, c.player));
    const want = wanted[index] || (index === 0 ? "human" : "good");
    const level = game.computer.find((c) => c.player === want || c.also === want);
    if (want !== "human" && !level) play.unknownSeats.push(`seat ${index + 1}: '${want}' is not a player of ${game.name} at this table`);
    select.value = want === "human" ? "human" : (level || game.computer[1] || game.computer[0]).player;
    select.addEventListener("change", syncSeats);
    label.appendChild(select);
    list.appendChild(label);
  }
  syncSeats();
}

function syncSeats() {
  $("seats").value = [...document.querySelectorAll("#seat-list select")].map((select) => select.value).join(",");
}

// The address of the game on the table: its setup (for a new game like it) and its id.
function address(state) {
  const params = new URLSearchParams();
  const values = { game: state.game, seats: state.seats.map((s) => s.player).join(","), seed: $("seed").value,
                   preset: $("preset").value, profi: state.profi ? "1" : "", pace: $("pace").value,
                   spec: $("spec").value };
  for (const key of SETUP_KEYS) if (values[key]) params.set(key, values[key]);
  params.set("id", state.id);
  return `/play?${params}`;
}

async function start({ replace = false } = {}) {
  if (play.starting) return;  // a second click while a new game is being made: that one game only
  play.starting = true;
  try { await startGame(replace); } finally { play.starting = false; }
}

async function startGame(replace) {
  const seed = $("seed").value.trim();
  if (seed && !seedFits(seed)) {  // nothing ends over a bad form
    $("setup-fold").open = true;
    return sayAtSetup(`seed: a whole number from 0 to ${MAX_SEED}, not ${seed}`);
  }
  const ongoing = play.state && !play.state.over && !play.gone;
  if (ongoing && !window.confirm("Start a new game? The game on the table ends and is saved as abandoned, "
                                 + "with the scores so far.")) return;
  say("");
  play.wrongInAddress = [];
  play.unknownSeats = [];
  sayAtSetup("");
  busy(true);
  try {
    const state = await api("/api/play/new", {
      game: $("game").value, seats: $("seats").value, seed: Number(seed || 1),
      preset: $("preset").value || null,
      profi: $("profi").checked, spec: $("spec").value });
    if (ongoing) await api(`/api/play/${play.state.id}/end`, {});  // the game left behind, once the new one stands
    history[replace ? "replaceState" : "pushState"](null, "", address(state));
    await table(state);
  } catch (error) { sayAtSetup(error.message); busy(false); }  // the setup's own line: seen with or without a table
}

// A game the address names: as the studio has it now (a studio started again restores it from its record).
async function loadGame(id) {
  busy(true);
  try {
    await table(await api(`/api/play/${encodeURIComponent(id)}?since=-1`), true);
  } catch (error) {
    if (error instanceof Stopped) return stopped();
    $("table").hidden = !play.state;
    play.gone = true;
    busy(false);
    const again = [["Start this game again", () => start({ replace: true })], ["New game", openSetup]];
    if (play.state) say(`${error.message}.`, "info", again);
    else sayAtSetup(`${error.message}. New game starts one with the settings this address names (they are in the form).`);
  }
}

async function table(state, instant = false) {  // a game put on the table afresh
  play.state = null;
  play.gone = false;
  play.stopped = false;
  play.revealed = -1;
  play.mine = null;
  say("");  // what was said was about the game as it stood here: a game loaded again starts without it
  $("log").innerHTML = "";
  $("points").innerHTML = "";
  $("table").hidden = false;
  $("setup-fold").open = false;  // the game first; the settings fold away
  await show(state, instant);
}

const openSetup = () => { $("setup-fold").open = true; $("start").focus(); };

async function loadBoard(step) {
  const response = await fetch(`/api/play/${play.state.id}/board/${step}.svg`);
  if (!response.ok) throw new Answer(`the board of step ${step} is not there`, response.status);
  const board = $("board");
  board.innerHTML = await response.text();
  const svg = board.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (play.state.crop) svg.setAttribute("viewBox", boardBox());  // the board, without the rest of its page
  svg.setAttribute("role", "group");  // not "img": the places on it are buttons a screen reader must reach
  svg.setAttribute("aria-label", `Board after ${step} move${step === 1 ? "" : "s"}`);
  // The drawing itself is not read out (its printed marks, such as the double fields' x2, again and again);
  // the places and the move log say what is where.
  for (const child of svg.children) child.setAttribute("aria-hidden", "true");
  const layer = document.createElementNS(SVG_NS, "g");
  layer.id = "places-layer";
  svg.appendChild(layer);
  readableSize(svg);
  boardInSight();
}

// A board whose marks (a tile's digits) would show smaller than MARK_PX is drawn no smaller than that,
// wider than its box if need be; the box then scrolls sideways, never the page.
function readableSize(svg) {
  const mark = play.state.mark_mm;
  if (!mark) return;  // a board read by colour and shape: all of it fits the box
  const drawing = svg.viewBox.baseVal;  // in mm
  const scale = MARK_PX / mark;  // CSS px per mm
  svg.style.minWidth = `${Math.ceil(drawing.width * scale)}px`;
  svg.style.minHeight = `${Math.ceil(drawing.height * scale)}px`;
}

// A board wider than its box: a game just put on the table shows the drawing's start (its heading), or
// the middle of a board without one; then the box scrolls only as far as brings the piece laid last (as
// the drawing marks it) into sight, with half a piece beside it. Otherwise it stays where it was scrolled.
function boardInSight() {
  const board = $("board");
  const spare = board.scrollWidth - board.clientWidth;
  const last = board.querySelector(".last-stone, .last-tile");
  if (board.dataset.game !== play.state.id) board.scrollLeft = last ? 0 : spare / 2;
  board.dataset.game = play.state.id;
  if (spare > 0) board.tabIndex = 0;  // a box that scrolls is reached by the keyboard too, to scroll it
  else board.removeAttribute("tabindex");
  if (spare <= 0 || !last) return;
  const mark = last.getBoundingClientRect();
  const view = board.getBoundingClientRect();
  const room = mark.width / 2;
  if (mark.left - room < view.left) board.scrollLeft -= view.left - (mark.left - room);
  else if (mark.right + room > view.right) board.scrollLeft += mark.right + room - view.right;
}

function boardBox() {
  const xs = play.places.flatMap((place) => place.points.map((p) => p[0]));
  const ys = play.places.flatMap((place) => place.points.map((p) => p[1]));
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const margin = 0.03 * Math.max(x1 - x0, y1 - y0);
  return [x0 - margin, y0 - margin, x1 - x0 + 2 * margin, y1 - y0 + 2 * margin].join(" ");
}

function polygon(points, cls) {
  const shape = document.createElementNS(SVG_NS, "polygon");
  shape.setAttribute("points", points.map((p) => p.join(",")).join(" "));
  if (cls) shape.setAttribute("class", cls);
  return shape;
}

function markLast(cells) {
  const layer = $("places-layer");
  if (!layer) return;
  layer.querySelectorAll(".last-move").forEach((el) => el.remove());
  if (cells) layer.appendChild(polygon(cells, "last-move"));
}

const signed = (value) => (value >= 0 ? `+${value}` : String(value));  // -25, never +-25
const totalOf = (step) => { const total = step.score.find(([part]) => part === "total"); return total ? total[1] : null; };
const isMine = (step) => step.seat !== null && step.seat !== undefined
  && play.state.seats[step.seat].player === "human" && play.state.people === 1;

function pointsLine(step, prefix = "") {
  const line = document.createElement("div");
  const total = totalOf(step);
  if (total !== null) {
    const gain = document.createElement("span");
    gain.className = total < 0 ? "gain loss" : "gain";
    gain.textContent = `${signed(total)} `;
    line.appendChild(gain);
  }
  line.appendChild(document.createTextNode(prefix + step.text));
  return line;
}

const scoreParts = (step) => step.score.filter(([part, value]) => part !== "total" && value);
// A part in points reads as what it adds, signed as the total is: "penalty: -25", "bridge: +40".
const partText = ([part, value]) => `${part}: ${typeof value === "number" ? signed(value) : value}`;

function showPoints(step) {  // the move just made, part by part; and the person's own last move
  const box = $("points");
  box.innerHTML = "";
  if (!step || !step.score.length) return;  // the board as the game began: nothing scored to show
  box.appendChild(pointsLine(step));
  const parts = scoreParts(step);
  if (parts.length) {
    const list = document.createElement("ul");
    for (const part of parts) {
      const item = document.createElement("li");
      item.textContent = partText(part);
      list.appendChild(item);
    }
    box.appendChild(list);
  }
  if (play.mine && play.mine !== step) {  // its parts too: the person's points read as the computer's do
    const mine = pointsLine(play.mine, "your last move: ");
    const own = scoreParts(play.mine);
    if (own.length) mine.appendChild(document.createTextNode(` (${own.map(partText).join(", ")})`));
    mine.className = "mine";
    box.appendChild(mine);
  }
}

const seatName = (seat) => `Player ${seat.seat} (${seat.strength})`;  // "you", "person" (hot-seat) or a level

function showScores(totals, player) {
  const body = $("scores").tBodies[0];
  body.innerHTML = "";
  play.state.seats.forEach((seat, index) => {
    const row = body.insertRow();
    row.className = index === player && !play.state.over ? "on-turn" : "";
    row.insertCell().textContent = seatName(seat);
    const cell = row.insertCell();
    cell.className = "score";
    cell.textContent = totals[index];
  });
}

// A computer seat is moving: said above the hand and marked in the scores, the same seat in both.
function moving(index) {
  $("turn").textContent = `${seatName(play.state.seats[index])} is moving`;
  [...$("scores").tBodies[0].rows].forEach((row, at) => { row.className = at === index ? "on-turn" : ""; });
}

function logStep(step) {  // the move log: newest first, a person's own moves marked, a few kept whole
  const log = $("log");
  const item = document.createElement("li");
  item.className = isMine(step) ? "mine" : "";
  item.dataset.step = step.step;
  const total = totalOf(step);
  // The points in front, unless the move's own words already end with them.
  item.textContent = (total !== null && !step.text.endsWith(signed(total)) ? `${signed(total)} ` : "") + step.text;
  const newest = log.firstElementChild;
  if (newest && newest.dataset.step === String(step.step)) newest.remove();  // a step made again (a changed opening)
  log.prepend(item);
  log.querySelectorAll("li").forEach((el, index) => el.classList.toggle("latest", index === 0));
  while (log.children.length > 6) log.lastElementChild.remove();
}

const roundEnd = (step) => /^round \d+ ends/.test(step.text);

async function show(state, instant = false) {
  const first = play.state === null;
  play.state = state;
  play.places = state.places;
  play.selected = null;
  play.turned = 0;
  play.hover = null;
  play.asked = (play.asked || 0) + 1;  // places asked for before this state are not drawn
  busy(true);
  const pace = instant ? 0 : Number($("pace").value);
  const computer = state.steps.find((step) => step.seat !== null && state.seats[step.seat].player !== "human");
  if (computer) {  // while the computer moves, the person's hand stays in view with its controls off
    moving(computer.seat);
    showHand(true);
  } else $("hand").innerHTML = "";
  $("turn-piece").disabled = true;
  $("undo").disabled = true;
  $("offer").hidden = true;
  if (first && !instant && !(state.steps.length && state.steps[0].step === 0)) {
    await loadBoard(state.steps.length ? state.steps[0].step - 1 : state.step);
  }
  // The time the server took for the computer's moves (a searching player thinks) counts towards the
  // pace of the first one shown, so a strong player's move does not wait twice.
  let thought = play.sent === undefined ? 0 : performance.now() - play.sent;
  play.sent = undefined;
  for (const step of state.steps) {  // each move (and skip) in turn; a computer's at the chosen pace
    const seat = step.seat === null || step.seat === undefined ? null : state.seats[step.seat];
    if (seat && seat.player !== "human" && pace) {
      moving(step.seat);
      if (pace > thought) await sleep(pace - thought);
      thought = 0;
    }
    if (isMine(step)) play.mine = step;
    if (!instant) {
      await loadBoard(step.step);
      markLast(step.last);
    }
    showPoints(step);
    logStep(step);
    if (step.totals.length) showScores(step.totals, step.seat === null ? state.player : step.seat);
    if (roundEnd(step) && !instant) {  // a round's end and its bonus: said, and a pause to read it,
      say(`${step.text[0].toUpperCase()}${step.text.slice(1)}.`, "round");  // at every computer pace
      await sleep(Math.max(2500, 3 * pace));
    }
  }
  if (instant || !state.steps.length) {
    await loadBoard(state.step);
    markLast(state.last);
  }
  showScores(state.scores, state.player);
  showSheets(state.sheets);
  showLegend(state.legend);
  const seat = state.seats[state.player];
  $("turn").textContent = state.over ? "Game over" : `${seatName(seat)} to move`;
  $("pile").textContent = `Draw pile: ${state.pile} ${state.piece_word}${state.pile === 1 ? "" : "s"}`;
  $("undo").disabled = !state.undo;
  $("end-game").hidden = state.over;
  $("turn-piece").hidden = state.turns < 2;
  $("final").hidden = !state.over;
  for (const id of ["hand-title", "hand", "actions"]) $(id).hidden = state.over;  // the end: the scores, and why
  if (state.over) showFinal();
  showOffer(state.offer);
  showHand();
  busy(false);
}

function showOffer(offer) {  // a choice the rules give the person (Triomino: open with 0-0-0 or not)
  $("offer").hidden = !offer;
  if (!offer) return;
  $("offer-question").textContent = offer.question;
  const options = $("offer-options");
  options.innerHTML = "";
  for (const option of offer.options) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = option.label;
    button.dataset.choice = option.choice;
    button.addEventListener("click", () => send({ choice: option.choice }));
    options.appendChild(button);
  }
}

function showLegend(legend) {  // what the printed board lists beside it (Rautino: the shapes and their points)
  $("legend").hidden = !legend.length;
  const list = $("legend-list");
  list.innerHTML = "";
  for (const entry of legend) {
    const item = document.createElement("li");
    item.appendChild(document.createElement("b")).textContent = entry.name;
    item.appendChild(document.createTextNode(entry.lines.join(" · ")));
    list.appendChild(item);
  }
}

function showSheets(sheets) {  // score sheets as the rules fill them and the kit prints them (Zatre)
  const box = $("sheets");
  box.innerHTML = "";
  for (const sheet of sheets) {
    const table = document.createElement("table");
    table.className = "sheet";
    table.createCaption().textContent = `Score sheet of player ${sheet.seat}`;
    const head = table.createTHead().insertRow();
    for (const column of ["", ...sheet.columns]) {
      const cell = head.appendChild(document.createElement("th"));
      cell.textContent = column;
      cell.scope = "col";
    }
    const body = table.createTBody();
    const bonusAt = sheet.columns.length - 1;  // the bonus column's cell, counting the row number
    sheet.rows.forEach((cells, index) => {
      const row = body.insertRow();
      row.insertCell().textContent = index + 1;
      cells.forEach((value, column) => {
        const cell = row.insertCell();
        cell.textContent = value;
        if (column + 1 === bonusAt && value === "" && sheet.offered[index]) {  // the printed bonus, not earned yet
          cell.textContent = `(${sheet.offered[index]})`;
          cell.className = "offered";
          cell.title = `bonus ${sheet.offered[index]} once this row's points boxes are all filled`;
        }
      });
    });
    const foot = table.createTFoot().insertRow();
    foot.insertCell().textContent = "";
    const label = foot.insertCell();
    label.colSpan = sheet.columns.length - 1;
    label.textContent = sheet.minus ? `minus ${sheet.minus} · total` : "total";
    foot.insertCell().textContent = sheet.total;
    box.appendChild(table);
  }
}

function showFinal() {
  const state = play.state;
  const best = Math.max(...state.scores);
  const final = $("final");
  final.innerHTML = state.left ? "<h2>Scores when the game was ended</h2>" : "<h2>Final scores</h2>";
  const list = document.createElement("ol");
  list.id = "final-scores";
  state.seats.forEach((seat, index) => {
    const item = document.createElement("li");
    item.textContent = `${seatName(seat)}: ${state.scores[index]}`
      + (state.scores[index] === best && state.seats.length > 1 && !state.left ? " - wins" : "");
    item.dataset.score = state.scores[index];
    list.appendChild(item);
  });
  final.appendChild(list);
  const end = document.createElement("p");
  end.textContent = (state.left ? "The game was ended before its end (abandoned)."
    : `The game ended: ${state.end}.`)
    + (state.saved ? ` Saved as ${state.saved}.` : state.unsaved ? ` ${state.unsaved[0].toUpperCase()}${state.unsaved.slice(1)}.`
      : state.left ? " Nobody had moved: nothing was saved." : "");
  end.id = "saved";
  end.dataset.path = state.saved || "";
  final.appendChild(end);
  if (state.record) {  // every ended game's record, for pnp replay: kept even when the workspace could not take it
    const link = document.createElement("a");
    link.href = state.record;
    link.download = "";
    link.id = "record";
    link.textContent = "Download the game's record";
    final.appendChild(link);
  }
  const again = document.createElement("button");
  again.type = "button";
  again.textContent = "New game";
  again.addEventListener("click", openSetup);
  final.appendChild(again);
}

function showHand(waiting = false) {
  const state = play.state;
  // Hot-seat: the hand, and a choice the rules give (which may tell what the hand holds), stay covered
  // until the person on turn shows them.
  const hidden = !state.over && state.seats[state.player].player === "human" && state.people > 1
    && play.revealed !== state.player;
  $("cover").hidden = !hidden;
  if (state.offer) $("offer").hidden = hidden;
  $("reveal").textContent = `Player ${state.player + 1}: show my ${state.piece_word}s`;
  $("hand").innerHTML = "";
  const word = state.piece_word;
  $("hand-title").textContent = `${word[0].toUpperCase()}${word.slice(1)}s to choose from`;
  $("note").textContent = hidden ? "" : (waiting ? "Wait: the computer is moving." : state.note);
  $("turn-piece").disabled = true;
  const mine = !state.over && state.seats[state.player].player === "human";
  if (hidden || !mine || (waiting && state.people !== 1) || !state.hand.length) return clearTargets();
  state.hand.forEach((piece) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "piece";
    button.setAttribute("aria-label", piece.label);
    button.setAttribute("aria-pressed", "false");
    button.disabled = waiting || Boolean(state.offer);
    const image = document.createElement("img");
    image.src = `/api/play/${state.id}/${piece.image}`;
    image.alt = "";
    button.appendChild(image);
    button.addEventListener("click", () => select(piece.piece));
    item.appendChild(button);
    $("hand").appendChild(item);
  });
  clearTargets();
}

function clearTargets() {
  const layer = $("places-layer");
  if (layer) layer.querySelectorAll(".place, .ghost, .place-number, .hint-numbers").forEach((el) => el.remove());
  play.targets = [];
  play.previewed = null;
}

async function select(piece) {
  if (play.stopped) return stopped();
  play.selected = piece;
  play.turned = 0;
  say("");
  $("turn-piece").disabled = false;
  await drawTargets();
}

async function turnPiece() {
  if (play.selected === null || isBusy()) return;
  play.turned = (play.turned + 1) % play.state.turns;
  await drawTargets();
}

async function drawTargets() {
  const state = play.state;
  document.querySelectorAll("#hand button").forEach((button, index) => {
    button.setAttribute("aria-pressed", String(index === play.selected));
    const turn = index === play.selected ? play.turned * 360 / state.turns : 0;
    const image = button.querySelector("img");
    image.style.transformOrigin = state.turns === 3 ? "50% 65.5%" : "50% 50%";  // a triangle turns about its centre
    image.style.transform = turn ? `rotate(${turn}deg)` : "";
  });
  const focused = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.place : undefined;
  busy(true);
  const asked = play.asked = (play.asked || 0) + 1;  // a quick second pick or turn: only its answer is drawn
  let answer;
  try {
    // Every open place takes a click (the server refuses a piece that does not fit there with the rule
    // it breaks); the keyboard steps through the hints, or in profi mode through the places beside pieces.
    answer = state.profi ? await api(`/api/play/${state.id}/open`)
      : await api(`/api/play/${state.id}/hints?piece=${play.selected}&turned=${play.turned}`);
  } catch (error) {
    if (asked !== play.asked) return;
    busy(false);
    return fail(error);
  }
  if (asked !== play.asked) return;  // a later pick or turn asked since: its answer draws the places
  const open = new Set(answer.open);
  const places = state.profi ? answer.open : answer.places;
  const pieceName = state.hand[play.selected] ? state.hand[play.selected].label : state.piece_word;
  const hinted = new Set(state.profi ? [] : places);
  const stepped = new Set(places);
  clearTargets();
  const layer = $("places-layer");
  const others = play.places.filter((p) => !hinted.has(p.place) && (p.free !== false || open.has(p.place)));
  let number = 0;
  for (const place of [...others, ...play.places.filter((p) => hinted.has(p.place))]) {  // hints on top
    const hint = hinted.has(place.place);
    // Places that overlap (Rautino's) get a smaller target each; a field of its own is its whole self.
    const shape = polygon(state.overlap ? shrink(place.points, 0.55) : place.points, hint ? "place hint" : "place");
    shape.dataset.place = place.place;
    shape.addEventListener("click", (event) => pick(event, shape, place));
    layer.appendChild(shape);
    if (stepped.has(place.place)) {  // a place the keyboard reaches: a button with its name
      shape.setAttribute("aria-label", `${place.label}, free${hint ? `: the ${pieceName} fits here` : ""}`);
      shape.setAttribute("tabindex", "-1");  // the board is one stop: the roving place alone takes Tab
      shape.setAttribute("role", "button");
      play.targets.push(shape);
      // Only a place the keyboard reaches listens for focus: chromium makes any SVG shape that does a Tab stop.
      shape.addEventListener("focus", () => { rove(shape); pointAt(shape, place); });
      shape.addEventListener("blur", () => pointAt(null, null));
    } else shape.setAttribute("aria-hidden", "true");  // a click there is refused with its rule: no stop for the keyboard
    if (hint) {  // neighbouring hints overlap: each its own outline colour, and its number while in focus
      shape.dataset.number = ++number;
      shape.classList.add(`hint-${number % 4}`);
      const piece = state.hand[play.selected];
      if (piece && piece.numbers) layer.appendChild(tileNumbers(place.points, piece.numbers, "hint-numbers"));
    }
    shape.addEventListener("mouseenter", () => pointAt(shape, place));
    shape.addEventListener("mouseleave", () => { if (play.previewed !== place.place) pointAt(null, null); });
  }
  play.targets.sort((a, b) => Number(a.dataset.place) - Number(b.dataset.place));
  say(!state.profi && !places.length
    ? `This ${state.piece_word} fits nowhere ${state.turns > 1 && answer.fits_turned ? "this way round; turn it (R) or"
      : "now;"} pick another.`
    : "");
  busy(false);
  const again = play.targets.find((shape) => shape.dataset.place === focused);
  rove(again || play.targets[0]);
  if (again) again.focus();  // turned in place: the place in focus keeps it, and shows the stone turned
  else if (play.hover !== null) {
    const shape = layer.querySelector(`.place[data-place="${play.hover}"]`);
    if (shape) pointAt(shape, play.placeById().get(play.hover));
  }
}

// The board is one Tab stop: of the places the keyboard reaches, only `shape` takes Tab (roving tabindex).
function rove(shape) {
  for (const target of play.targets) target.setAttribute("tabindex", target === shape ? "0" : "-1");
}

// The nearest place the keyboard reaches from `shape` in the direction of an arrow key, by where the
// places stand on the screen: ahead in that direction, the one straight ahead before the one aside.
function nearest(shape, key) {
  const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  const centre = (el) => { const box = el.getBoundingClientRect(); return [box.x + box.width / 2, box.y + box.height / 2]; };
  const [x, y] = centre(shape);
  let best = null;
  let bestCost = Infinity;
  for (const target of play.targets) {
    if (target === shape) continue;
    const [tx, ty] = centre(target);
    const ahead = (tx - x) * dx + (ty - y) * dy;
    const aside = Math.abs((tx - x) * dy + (ty - y) * dx);
    if (ahead < 1) continue;  // beside or behind: not in this direction
    const cost = ahead + 2 * aside;
    if (cost < bestCost) [best, bestCost] = [target, cost];
  }
  return best;
}

// A click lays the piece; a tap (a touch screen shows nothing under a finger first) shows it there, and a
// second tap on the same place lays it.
function pick(event, shape, place) {
  const touch = event.pointerType ? event.pointerType === "touch" : matchMedia("(pointer: coarse)").matches;
  if (!touch || play.previewed === place.place) return move(place.place);
  if (play.selected === null || isBusy()) return;
  pointAt(shape, place);
  play.previewed = place.place;
  say(`${place.label}: tap again to lay it there.`, "info");
}

play.placeById = () => new Map(play.places.map((place) => [place.place, place]));

// The place under the pointer or in focus: its hint's number, and the selected stone shown there in its
// colours, turned as it would be laid (a ghost), where the places know their halves (Rautino).
function pointAt(shape, place) {
  const layer = $("places-layer");
  layer.querySelectorAll(".place-number, .ghost").forEach((el) => el.remove());
  layer.querySelectorAll(".previewed").forEach((el) => el.classList.remove("previewed"));
  play.hover = place ? place.place : null;
  play.previewed = null;
  if (!shape) return;
  shape.classList.add("previewed");
  const piece = play.state.hand[play.selected];
  if (place.cells && piece && piece.colours) {
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.setAttribute("class", "ghost");
    const colours = play.turned ? [...piece.colours].reverse() : piece.colours;
    place.cells.forEach((cell, index) => {
      const half = polygon(cell);
      half.setAttribute("fill", colours[index]);
      ghost.appendChild(half);
    });
    layer.appendChild(ghost);
  } else if (piece && piece.numbers) {  // a Triomino tile: its face and its numbers at their corners
    const ghost = document.createElementNS(SVG_NS, "g");
    ghost.setAttribute("class", "ghost");
    const face = polygon(place.points);
    face.setAttribute("fill", "#fffdf2");
    ghost.appendChild(face);
    ghost.appendChild(tileNumbers(place.points, piece.numbers, "ghost-numbers"));
    layer.appendChild(ghost);
  }
  if (shape.dataset.number) {  // in the middle of a field; above a place that shows the stone, off it
    const centre = shrink(place.points, 0);
    const top = Math.min(...place.points.map((p) => p[1]));
    const label = document.createElementNS(SVG_NS, "text");
    label.setAttribute("class", "place-number");
    label.setAttribute("x", centre[0][0]);
    label.setAttribute("y", layer.querySelector(".ghost") ? top - 4 : centre[0][1]);
    label.textContent = shape.dataset.number;
    layer.appendChild(label);
  }
}

// A tile's numbers at the corners of a place, turned as it would be laid: corner k of the place's
// outline shows numbers[(turned + k) % 3], as the server lays it and names the corners in a refusal.
function tileNumbers(points, numbers, cls) {
  const group = document.createElementNS(SVG_NS, "g");
  group.setAttribute("class", cls);
  const [[cx, cy]] = shrink(points, 0);
  const side = Math.hypot(points[1][0] - points[0][0], points[1][1] - points[0][1]);
  points.forEach(([x, y], corner) => {
    const digit = document.createElementNS(SVG_NS, "text");
    digit.setAttribute("x", (x + (cx - x) * 0.5).toFixed(2));
    digit.setAttribute("y", (y + (cy - y) * 0.5).toFixed(2));
    digit.setAttribute("font-size", (side * 0.24).toFixed(2));
    digit.dataset.corner = corner;
    digit.textContent = numbers[(play.turned + corner) % 3];
    group.appendChild(digit);
  });
  return group;
}

function shrink(points, factor) {  // a smaller target around the place's centre, so neighbours do not overlap
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  return points.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

function move(place) {
  if (play.selected === null || isBusy()) return;
  const state = play.state;
  return send({ piece: play.selected, place, turned: state.turns === 2 ? play.turned === 1 : play.turned });
}

async function send(body) {  // a move or a choice of the person
  if (isBusy()) return;
  busy(true);
  try {
    play.sent = performance.now();
    const fromBoard = Boolean(document.activeElement && document.activeElement.closest("#board"));
    const state = await api(`/api/play/${play.state.id}/move`, { version: play.state.version, ...body });
    say("");
    await show(state);
    if (fromBoard || document.activeElement === document.body) focusAfterMove();
  } catch (error) { busy(false); fail(error); }
}

// After a move the keyboard goes on where the next choice is: the hand, or at the end the final scores' New game.
function focusAfterMove() {
  const next = [$("hand").querySelector("button.piece:not(:disabled)"), $("reveal"),
                $("offer-options").querySelector("button"), $("final").querySelector("button")]
    .find((el) => el && el.offsetParent !== null);  // the first of them shown
  if (next) next.focus();
}

// A failed request said where the player looks: a refusal in its words; a studio that stopped, with
// what the player can do; a game moved on elsewhere (another tab), shown as it is now.
async function fail(error) {
  if (error instanceof Stopped) return stopped();
  if (error instanceof Answer && error.status === 409) {
    await catchUp();
    return say("This game moved on in another tab or window; here it is as it is now.", "info");
  }
  if (error instanceof Answer && error.status === 404 && play.state) return loadGame(play.state.id);
  say(error.message);
}

function stopped() {
  play.stopped = true;
  busy(false);
  say("The studio has stopped: nothing you do here reaches it. Start it again (pnp studio or pnp play on the same "
      + "workspace), then continue this game where it was, or start a new one.", "stopped",
      [["Continue this game", () => play.state && loadGame(play.state.id)], ["New game", openSetup]]);
}

async function catchUp() {  // the game as the studio has it now, shown at once
  if (!play.state) return;
  await table(await api(`/api/play/${play.state.id}?since=-1`), true);
}

// While a game is on the table: a studio that stops is said at once, and a move made in another tab shown.
async function heartbeat() {
  if (!play.state || play.gone || isBusy() || document.hidden) return;
  const asked = play.state;
  try {
    const { version } = await api(`/api/play/${asked.id}/version`);
    if (play.state !== asked) return;  // the page moved on meanwhile: its answer is old
    if (play.stopped) {
      play.stopped = false;
      say("The studio is running again.", "info", [["Continue this game", () => loadGame(play.state.id)],
                                                   ["New game", openSetup]]);
    } else if (version !== asked.version && !isBusy() && play.selected === null) {
      await catchUp();
    }
  } catch (error) {
    if (error instanceof Stopped && !play.stopped) stopped();
  }
}

async function endGame() {  // the person ends the game early: saved as abandoned, after a confirm
  if (!play.state || play.state.over || isBusy()) return;
  if (!window.confirm("End this game now? It is saved as abandoned, with the scores so far.")) return;
  busy(true);
  try {
    await show(await api(`/api/play/${play.state.id}/end`, {}));
    say("");
  } catch (error) { busy(false); fail(error); }
}

async function undo() {
  if (isBusy()) return;
  busy(true);
  try {
    const state = await api(`/api/play/${play.state.id}/undo`, { version: play.state.version });
    await table(state, true);  // the game's moves again, at once: the log and the points without the undone move
    say("Your last move was taken back.", "info");
  } catch (error) { busy(false); fail(error); }
}

function keys(event) {
  if (!play.state || event.target.closest("#setup-fold")) return;
  if (event.key === "r" || event.key === "R") { event.preventDefault(); turnPiece(); return; }
  const targets = play.targets;
  if (!targets.length) return;
  const at = targets.indexOf(document.activeElement);
  if (at < 0) return;  // the arrows step on the board only from a place in focus
  if (event.key.startsWith("Arrow")) {
    event.preventDefault();
    const next = nearest(targets[at], event.key);
    if (next) next.focus();
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    move(Number(targets[at].dataset.place));
  }
}

setup();
