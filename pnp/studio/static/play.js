// The play page: shows what the server says and sends what the person picks. No rule lives here:
// legal places, refusals, points and the end of the game all come from the server.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);
const play = { state: null, places: [], selected: null, turned: false, revealed: -1, targets: [] };

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const busy = (on) => { document.body.dataset.state = on ? "busy" : (play.state && play.state.over ? "over" : "ready"); };
const say = (text) => { $("message").textContent = text || ""; };
// Before a game is on the table (its message line hidden with it), a game that cannot start says why here.
const sayAtSetup = (text) => { $("setup-message").textContent = text || ""; };
const humanOnTurn = () => play.state && !play.state.over && play.state.seats[play.state.player].player === "human";

async function setup() {
  const params = new URLSearchParams(location.search);
  const { games } = await api("/api/play/games");
  for (const game of games) $("game").add(new Option(game.title, game.name));
  play.games = new Map(games.map((game) => [game.name, game]));
  const studio = (params.get("studio_spec") || "").match(/^(?:shipped:(\w+)|workspace:(\w+):(.+))$/);
  if (studio) {  // the studio's Play link: the spec being edited there
    params.set("game", studio[1] || studio[2]);
    params.set("spec", studio[3] || "");
  }
  if (params.has("game")) $("game").value = params.get("game");
  $("game").addEventListener("change", () => { presets(); seatChoice(); });
  presets();
  for (const key of ["seats", "seed", "spec", "pace", "preset"]) if (params.get(key)) $(key).value = params.get(key);
  $("seat-count").addEventListener("change", () => drawSeats(seatValues()));
  seatChoice();
  $("profi").checked = params.get("profi") === "1";
  $("setup").addEventListener("submit", (event) => { event.preventDefault(); start(); });
  $("turn-piece").addEventListener("click", turnPiece);
  $("undo").addEventListener("click", undo);
  $("end-game").addEventListener("click", endGame);
  window.addEventListener("pagehide", leaveQuietly);
  $("reveal").addEventListener("click", () => { play.revealed = play.state.player; showHand(); });
  document.addEventListener("keydown", keys);
  // A seat the address names but the table does not know is said, not silently replaced.
  if (params.has("game") && !play.unknownSeats.length) start();
}

function presets() {  // the rule presets of the chosen game, if it has any
  const game = play.games.get($("game").value);
  $("preset").innerHTML = "";
  for (const name of game ? game.presets : []) $("preset").add(new Option(name, name));
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
  count.value = String(game.players.includes(wanted.length) ? wanted.length : game.players.includes(2) ? 2 : game.players[0]);
  drawSeats(wanted);
  sayAtSetup(play.unknownSeats.length ? `${play.unknownSeats.join(", ")} is not a player of ${game.name} at this table; `
    + `pick a person or a computer level (${game.computer.map((c) => c.strength).join(", ")}) and start a new game` : "");
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
    const want = wanted[index] || (index === 0 ? "human" : "greedy");
    const level = game.computer.find((c) => c.player === want || c.strength === want);
    if (want !== "human" && !level) play.unknownSeats.push(`seat ${index + 1}: '${want}'`);
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

async function start() {
  say("");
  sayAtSetup("");
  busy(true);
  try {
    if (play.state && !play.state.over) await api(`/api/play/${play.state.id}/end`, {});  // the game left behind
    const state = await api("/api/play/new", {
      game: $("game").value, seats: $("seats").value, seed: Number($("seed").value || 1),
      preset: $("preset").value || null,
      profi: $("profi").checked, spec: $("spec").value });
    play.state = null;
    play.revealed = -1;
    $("table").hidden = false;
    await show(state);
  } catch (error) { sayAtSetup(error.message); busy(false); }  // the setup's own line: seen with or without a table
}

async function loadBoard(step) {
  const text = await (await fetch(`/api/play/${play.state.id}/board/${step}.svg`)).text();
  const board = $("board");
  board.innerHTML = text;
  const svg = board.querySelector("svg");
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (play.state.crop) svg.setAttribute("viewBox", boardBox());  // the board, without the rest of its page
  svg.setAttribute("role", "group");  // not "img": the places on it are buttons a screen reader must reach
  svg.setAttribute("aria-label", `Board after ${step} move${step === 1 ? "" : "s"}`);
  const layer = document.createElementNS(SVG_NS, "g");
  layer.id = "places-layer";
  svg.appendChild(layer);
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
  shape.setAttribute("class", cls);
  return shape;
}

function markLast(cells) {
  const layer = $("places-layer");
  layer.querySelectorAll(".last-move").forEach((el) => el.remove());
  if (cells) layer.appendChild(polygon(cells, "last-move"));
}

function showPoints(step) {
  const box = $("points");
  box.innerHTML = "";
  if (!step) return;
  const total = step.score.find(([part]) => part === "total");
  const line = document.createElement("div");
  if (total) {
    const gain = document.createElement("span");
    gain.className = "gain";
    gain.textContent = `+${total[1]} `;
    line.appendChild(gain);
  }
  line.appendChild(document.createTextNode(step.text));
  box.appendChild(line);
  const parts = step.score.filter(([part, value]) => part !== "total" && value);
  if (parts.length) {
    const list = document.createElement("ul");
    for (const [part, value] of parts) {
      const item = document.createElement("li");
      item.textContent = `${part}: ${value}`;
      list.appendChild(item);
    }
    box.appendChild(list);
  }
}

function showScores(totals, player) {
  const body = $("scores").tBodies[0];
  body.innerHTML = "";
  play.state.seats.forEach((seat, index) => {
    const row = body.insertRow();
    row.className = index === player && !play.state.over ? "on-turn" : "";
    row.insertCell().textContent = `Player ${seat.seat} (${seat.strength})`;
    const cell = row.insertCell();
    cell.className = "score";
    cell.textContent = totals[index];
  });
}

const seatName = (seat) => `Player ${seat.seat} (${seat.strength})`;

function logStep(step) {  // the move log: newest first, a person's own moves marked, a few kept
  const seat = step.seat === null || step.seat === undefined ? null : play.state.seats[step.seat];
  const item = document.createElement("li");
  item.className = seat && seat.player === "human" ? "mine" : "";
  const total = step.score.find(([part]) => part === "total");
  // The points in front, unless the move's own words already end with them.
  item.textContent = (total && !step.text.endsWith(`+${total[1]}`) ? `+${total[1]} ` : "") + step.text;
  const log = $("log");
  log.prepend(item);
  log.querySelectorAll("li").forEach((el, index) => el.classList.toggle("latest", index === 0));
  while (log.children.length > 8) log.lastElementChild.remove();
}

async function show(state) {
  const first = play.state === null;
  play.state = state;
  play.places = state.places;
  play.placeById = new Map(state.places.map((place) => [place.place, place]));
  play.selected = null;
  play.turned = 0;
  busy(true);
  if (first) $("log").innerHTML = "";
  const pace = Number($("pace").value);
  const waiting = state.steps.some((step) => step.seat !== null && state.seats[step.seat].player !== "human");
  if (waiting) showHand(true);  // the person's hand stays in view, its controls off, while the computer moves
  else $("hand").innerHTML = "";
  $("turn-piece").disabled = true;
  $("undo").disabled = true;
  if (first && !(state.steps.length && state.steps[0].step === 0)) {
    await loadBoard(state.steps.length ? state.steps[0].step - 1 : state.step);
  }
  // The time the server took for the computer's moves (a searching player thinks) counts towards the
  // pace of the first one shown, so a strong player's move does not wait twice.
  let thought = play.sent === undefined ? 0 : performance.now() - play.sent;
  play.sent = undefined;
  for (const step of state.steps) {  // each move (and skip) in turn; a computer's at the chosen pace
    const seat = step.seat === null || step.seat === undefined ? null : state.seats[step.seat];
    if (seat && seat.player !== "human") {
      $("turn").textContent = `${seatName(seat)} is moving`;
      if (pace > thought) await sleep(pace - thought);
      thought = 0;
    }
    await loadBoard(step.step);
    markLast(step.last);
    showPoints(step);
    logStep(step);
    if (step.totals.length) showScores(step.totals, step.seat === null ? state.player : step.seat);
  }
  if (!state.steps.length && !first) await loadBoard(state.step);  // a tile laid, the turn goes on
  if (!state.steps.length) markLast(state.last);
  showScores(state.scores, state.player);
  showSheets(state.sheets);
  const seat = state.seats[state.player];
  $("turn").textContent = state.over ? "Game over" : `${seatName(seat)} to move`;
  $("pile").textContent = `Draw pile: ${state.pile} ${state.piece_word}${state.pile === 1 ? "" : "s"}`;
  $("undo").disabled = !state.undo;
  $("end-game").hidden = state.over;
  $("turn-piece").hidden = state.turns < 2;
  $("final").hidden = !state.over;
  if (state.over) showFinal();
  showHand();
  busy(false);
}

function showSheets(sheets) {  // score sheets as the rules fill them (Zatre)
  const box = $("sheets");
  box.innerHTML = "";
  for (const sheet of sheets) {
    const table = document.createElement("table");
    table.className = "sheet";
    table.createCaption().textContent = `Score sheet of player ${sheet.seat}`;
    const head = table.createTHead().insertRow();
    for (const column of ["", ...sheet.columns]) head.appendChild(document.createElement("th")).textContent = column;
    const body = table.createTBody();
    sheet.rows.forEach((cells, index) => {
      const row = body.insertRow();
      row.insertCell().textContent = index + 1;
      for (const value of cells) row.insertCell().textContent = value;
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
    item.textContent = `Player ${seat.seat} (${seat.strength}): ${state.scores[index]}`
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
}

function showHand(waiting = false) {
  const state = play.state;
  const hidden = humanOnTurn() && state.people > 1 && play.revealed !== state.player;
  $("cover").hidden = !hidden;
  $("reveal").textContent = `Player ${state.player + 1}: show my ${state.piece_word}s`;
  $("hand").innerHTML = "";
  const word = state.piece_word;
  $("hand-title").textContent = `${word[0].toUpperCase()}${word.slice(1)}s to choose from`;
  $("note").textContent = hidden ? "" : (waiting ? "Wait: the computer is moving." : state.note);
  $("turn-piece").disabled = true;
  if (hidden || !humanOnTurn() || (waiting && state.people !== 1)) return clearTargets();
  state.hand.forEach((piece) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "piece";
    button.setAttribute("aria-label", piece.label);
    button.setAttribute("aria-pressed", "false");
    button.disabled = waiting;
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
  if (layer) layer.querySelectorAll(".place").forEach((el) => el.remove());
  play.targets = [];
}

async function select(piece) {
  play.selected = piece;
  play.turned = 0;
  say("");
  $("turn-piece").disabled = false;
  await drawTargets();
}

async function turnPiece() {
  if (play.selected === null) return;
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
  busy(true);
  // Every open place takes a click (the server refuses a piece that does not fit there with the rule
  // it breaks); the keyboard steps through the hints, or in profi mode through the places beside pieces.
  const answer = state.profi ? await api(`/api/play/${state.id}/open`)
    : await api(`/api/play/${state.id}/hints?piece=${play.selected}&turned=${play.turned}`);
  const open = new Set(answer.open);
  const places = state.profi ? answer.open : answer.places;
  const hinted = new Set(state.profi ? [] : places);
  const stepped = new Set(places);
  clearTargets();
  const layer = $("places-layer");
  const others = play.places.filter((p) => !hinted.has(p.place) && (p.free !== false || open.has(p.place)));
  let number = 0;
  for (const place of [...others, ...play.places.filter((p) => hinted.has(p.place))]) {  // hints on top
    const hint = hinted.has(place.place);
    const shape = polygon(shrink(place.points, 0.55), hint ? "place hint" : "place");
    shape.setAttribute("aria-label", place.label);
    shape.dataset.place = place.place;
    shape.addEventListener("click", () => move(place.place));
    layer.appendChild(shape);
    if (stepped.has(place.place)) {
      shape.setAttribute("tabindex", "0");
      shape.setAttribute("role", "button");
      play.targets.push(shape);
    }
    if (hint) {  // neighbouring hints overlap: each its own outline colour, and its number while in focus
      shape.dataset.number = ++number;
      shape.classList.add(`hint-${number % 4}`);
      for (const on of ["focus", "mouseenter"]) shape.addEventListener(on, () => showNumber(shape, place));
      for (const off of ["blur", "mouseleave"]) shape.addEventListener(off, () => showNumber(null));
    }
  }
  play.targets.sort((a, b) => Number(a.dataset.place) - Number(b.dataset.place));
  say(!state.profi && !places.length
    ? `this ${state.piece_word} fits nowhere ${state.turns > 1 ? "this way round; turn it (R) or" : "now;"} pick another`
    : "");
  busy(false);
}

function showNumber(shape, place) {  // the number of the hint in focus, at its centre
  const layer = $("places-layer");
  layer.querySelectorAll(".place-number").forEach((el) => el.remove());
  if (!shape) return;
  const centre = shrink(place.points, 0);
  const label = document.createElementNS(SVG_NS, "text");
  label.setAttribute("class", "place-number");
  label.setAttribute("x", centre[0][0]);
  label.setAttribute("y", centre[0][1]);
  label.textContent = shape.dataset.number;
  layer.appendChild(label);
}

function shrink(points, factor) {  // a smaller target around the place's centre, so neighbours do not overlap
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  return points.map(([x, y]) => [cx + (x - cx) * factor, cy + (y - cy) * factor]);
}

async function move(place) {
  if (play.selected === null || document.body.dataset.state === "busy") return;
  busy(true);
  try {
    play.sent = performance.now();
    const state = await api(`/api/play/${play.state.id}/move`,
      { version: play.state.version, piece: play.selected, place,
        turned: play.state.turns === 2 ? play.turned === 1 : play.turned });
    say("");
    await show(state);
  } catch (error) { say(error.message); busy(false); }
}

async function endGame() {  // the person ends the game early: saved as abandoned, after a confirm
  if (!play.state || play.state.over || document.body.dataset.state === "busy") return;
  if (!window.confirm("End this game now? It is saved as abandoned, with the scores so far.")) return;
  busy(true);
  try {
    await show(await api(`/api/play/${play.state.id}/end`, {}));
    say("");
  } catch (error) { say(error.message); busy(false); }
}

function leaveQuietly() {  // the page is closed or left mid-game: the server saves it as abandoned
  if (!play.state || play.state.over) return;
  fetch(`/api/play/${play.state.id}/end`, { method: "POST", keepalive: true,
    headers: { "content-type": "application/json" }, body: "{}" }).catch(() => {});
}

async function undo() {
  busy(true);
  try {
    const state = await api(`/api/play/${play.state.id}/undo`, { version: play.state.version });
    play.state = null;
    await show(state);
    say("your last move was taken back");
  } catch (error) { say(error.message); busy(false); }
}

function keys(event) {
  if (!play.state || event.target.closest("#setup")) return;
  if (event.key === "r" || event.key === "R") { event.preventDefault(); turnPiece(); return; }
  const targets = play.targets;
  if (!targets.length) return;
  const at = targets.indexOf(document.activeElement);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (step) {
    event.preventDefault();
    targets[(at + step + targets.length) % targets.length].focus();
  } else if (event.key === "Enter" && at >= 0) {
    event.preventDefault();
    move(Number(targets[at].dataset.place));
  }
}

setup();
