// The worksheet page: cells typed here run on the Conway server that served this page
// (the session engine of `conway serve`); answers come back as the CLI's reports.
//
// The cells' inputs are kept in the browser's local storage as they change, so reloading
// the page runs them again and loses nothing. A long cell shows its progress and a Cancel
// button, so the page never waits on a computation. Boards live in boards.js, games
// against Conway in play.js, the server requests in api.js.

import { api, ask, session } from "./api.js";
import { boardInput, boardOf, drawBoard, drawingPicture, loadRulesets, markDrawing, markWinningMoves, newPicture, parseBoard, RULESETS } from "./boards.js";
import { offerPlay } from "./play.js";

const STORE_KEY = "conway-worksheet";

const cellsList = document.getElementById("cells");
const statusLine = document.getElementById("status");
let serverFile = null;

function saveLocally() {
  const inputs = [...cellsList.querySelectorAll("textarea")].map((t) => t.value);
  localStorage.setItem(STORE_KEY, JSON.stringify(inputs));
}

function savedLocally() {
  try {
    const inputs = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(inputs) ? inputs.filter((i) => typeof i === "string") : [];
  } catch {
    return [];
  }
}

function addCell(input = "") {
  const item = document.createElement("li");
  item.className = "cell";
  const area = document.createElement("textarea");
  area.rows = 1;
  area.spellcheck = false;
  area.value = input;
  area.setAttribute("aria-label", "cell");
  const output = document.createElement("div");
  output.className = "output";
  output.setAttribute("data-testid", "output");
  item.append(area, output);
  cellsList.append(item);
  // A cell is as tall as its lines (a pasted .nfg file shows whole).
  const fit = () => (area.rows = Math.min(20, Math.max(1, area.value.split("\n").length)));
  fit();
  area.addEventListener("input", () => {
    fit();
    saveLocally();
  });
  area.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      runCell(item).then(() => {
        const next = item.nextElementSibling || addCell();
        next.querySelector("textarea").focus();
      });
    }
  });
  return item;
}

// A Nash report as a table: one row per extreme equilibrium, one column per player (their
// mixed strategy), grouped by component when the report has them.
function equilibriaTable(report) {
  const table = document.createElement("table");
  table.className = "equilibria";
  const head = table.createTHead().insertRow();
  for (const title of ["#", ...report.players, ...(report.components ? ["component"] : [])]) {
    const cell = document.createElement("th");
    cell.textContent = title;
    head.append(cell);
  }
  const componentOf = new Map();
  (report.components || []).forEach((members, c) => members.forEach((i) => componentOf.set(i, c + 1)));
  const body = table.createTBody();
  report.equilibria.forEach((profile, i) => {
    const row = body.insertRow();
    row.insertCell().textContent = String(i + 1);
    for (const strategy of profile) row.insertCell().textContent = `(${strategy.join(", ")})`;
    if (report.components) row.insertCell().textContent = String(componentOf.get(i));
  });
  return table;
}

// An ESS report as a table: one row per symmetric equilibrium, its strategy and verdict.
function essTable(report) {
  const table = document.createElement("table");
  table.className = "equilibria ess";
  const head = table.createTHead().insertRow();
  for (const title of ["#", "symmetric equilibrium (x, x)", "ESS", "why not"]) {
    const cell = document.createElement("th");
    cell.textContent = title;
    head.append(cell);
  }
  const body = table.createTBody();
  report.symmetric_equilibria.forEach((candidate, i) => {
    const row = body.insertRow();
    row.className = candidate.ess ? "stable" : "";
    row.insertCell().textContent = String(i + 1);
    row.insertCell().textContent = `(${candidate.strategy.join(", ")})`;
    row.insertCell().textContent = candidate.ess ? "yes" : "no";
    row.insertCell().textContent = candidate.ess ? "" : candidate.reason.replace(/^not an ESS: /, "");
  });
  if (!report.symmetric_equilibria.length) {
    body.insertRow().insertCell().textContent = "no symmetric equilibrium isolated on its support, so no ESS";
  }
  return table;
}

function show(output, answer) {
  output.replaceChildren();
  const report = answer.report || {};
  if (Array.isArray(report.equilibria) && Array.isArray(report.players)) {
    output.append(equilibriaTable(report));
  }
  const ess = Array.isArray(report.symmetric_equilibria) ? report : report.evolutionarily_stable;
  if (ess) output.append(essTable(ess));
  const text = document.createElement("pre");
  text.textContent = answer.text;
  output.append(text);
  for (const [svg, kind] of [[answer.thermograph_svg, "thermograph"], [answer.picture_svg, "picture"]]) {
    if (!svg) continue;
    const picture = document.createElement("div");
    picture.className = kind;
    picture.innerHTML = svg; // SVG drawn by the server from the report
    output.append(picture);
  }
}

function showError(output, message) {
  output.replaceChildren();
  const text = document.createElement("pre");
  text.className = "error";
  text.textContent = `error: ${message}`;
  output.append(text);
}

function showRunning(output, state, cancel) {
  let line = output.querySelector(".running");
  if (!line) {
    output.replaceChildren();
    line = document.createElement("div");
    line.className = "running";
    const words = document.createElement("span");
    const button = document.createElement("button");
    button.textContent = "Cancel";
    button.addEventListener("click", cancel);
    line.append(words, button);
    output.append(line);
  }
  const words = line.querySelector("span");
  if (state.state === "running") {
    // A known total is a fraction of one count; otherwise every count of the stage shows.
    const counted = state.total
      ? `${state.done.toLocaleString()} of ${state.total.toLocaleString()} ${state.unit}`
      : state.counted;
    words.textContent = `${state.stage}: ${counted} (${state.seconds.toFixed(1)} s)`;
  } else {
    words.textContent = "waiting for the cells above";
  }
}

// A board too large for its value: who wins, by search (`outcome(…)` of the same board, not
// recorded as a cell), with the winning first moves marked.
async function showSearched(item, input, refusal, onProgress, run) {
  const output = item.querySelector(".output");
  // A fresh progress line: its Cancel stops this search, not the finished evaluation.
  output.replaceChildren();
  try {
    const answer = await ask(`outcome(${input})`, { record: false, onProgress });
    if (run !== item.dataset.run) return;
    show(output, answer);
    const why = document.createElement("p");
    why.className = "searched";
    why.textContent = `The value is out of reach (${refusal}); who wins, by search:`;
    output.prepend(why);
    await markWinningMoves(item.querySelector(".board"), input, answer.report);
  } catch (error) {
    if (run !== item.dataset.run) return;
    // A ruleset with no search refuses its outcome as it refused its value (at another
    // column of the longer input).
    const unplaced = (message) => message.replace(/^column \d+: /, "");
    const same = error.kind === "too_large" && unplaced(error.message) === unplaced(refusal);
    showError(output, same ? refusal : `${refusal}; by search: ${error.message}`);
  }
}

async function runCell(item) {
  const input = item.querySelector("textarea").value.trim();
  const output = item.querySelector(".output");
  saveLocally();
  const area = item.querySelector("textarea");
  const edit = (changed) => {
    area.value = changed;
    runCell(item);
  };
  const drawn = drawBoard(item, edit);
  item.querySelector(".play")?.remove();
  if (!input) {
    output.replaceChildren();
    return;
  }
  const onProgress = (state, cancel) => showRunning(output, state, cancel);
  // Only the latest run of a cell shows its answer (a board clicked while a search runs).
  const run = String(Number(item.dataset.run || 0) + 1);
  item.dataset.run = run;
  try {
    const answer = await ask(input, { onProgress });
    if (run !== item.dataset.run) return;
    show(output, answer);
    offerPlay(item, input, answer);
    await drawn;
    const drawing = answer.play?.drawing;
    if (drawing) {
      // A catalogue game's position, as the server drew it.
      const picture = drawingPicture(drawing, { edit });
      item.querySelector(".board")?.remove();
      area.after(picture);
      markDrawing(picture, drawing);
    } else {
      markWinningMoves(item.querySelector(".board"), input, answer.report);
    }
  } catch (error) {
    if (run !== item.dataset.run) return;
    if (error.kind === "too_large" && parseBoard(input)) {
      await showSearched(item, input, error.message, onProgress, run);
    } else {
      showError(output, error.message);
    }
  }
  // Not awaited: the next cell is ready at once, and the panel follows.
  refreshVariables();
}

// The variables panel: every variable of the session with its value; a click puts the
// variable's name into the last cell.
const variablesPanel = document.getElementById("variables");

async function refreshVariables() {
  let variables;
  try {
    variables = (await ask(":vars", { record: false })).report.variables;
  } catch {
    return; // The panel keeps what it showed; the cell itself reports any failure.
  }
  const list = variablesPanel.querySelector("ul");
  list.replaceChildren(
    ...variables.map(({ name, value }) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.textContent = `${name} = ${value}`;
      button.title = `put ${name} into the last cell`;
      button.addEventListener("click", () => {
        const area = [...cellsList.querySelectorAll("textarea")].pop();
        area.value = area.value.trim() ? `${area.value} ${name}` : name;
        area.dispatchEvent(new Event("input")); // saved and sized as typing would
        area.focus();
      });
      item.append(button);
      return item;
    }),
  );
  variablesPanel.hidden = variables.length === 0;
}

async function runAll(inputs) {
  cellsList.replaceChildren();
  const items = inputs.map((input) => addCell(input));
  for (const item of items) await runCell(item);
  if (!items.length) refreshVariables();
  addCell().querySelector("textarea").focus();
}

/** Offers a new board of each short ruleset the server describes with one, and stalks and
 * a graph of each drawn as a picture. */
function offerBoards() {
  const select = document.getElementById("board-ruleset");
  const offer = (value, text) => {
    const option = document.createElement("option");
    option.value = value;
    option.textContent = text;
    select.append(option);
  };
  for (const ruleset of RULESETS.filter((r) => !r.loopy && r.params.length === 1)) {
    if (ruleset.board) offer(ruleset.name, ruleset.title);
  }
  for (const ruleset of RULESETS.filter((r) => r.pictured)) {
    offer(`${ruleset.name}:stalks`, `${ruleset.title} stalks`);
    offer(`${ruleset.name}:graph`, `${ruleset.title} graph`);
  }
}

async function start() {
  await loadRulesets();
  offerBoards();
  session.worksheet = (await api("POST", "/api/worksheets")).worksheet;
  const startup = await api("GET", "/api/startup");
  serverFile = startup.file;
  document.getElementById("save").hidden = !serverFile;
  const local = savedLocally();
  const inputs = local.length ? local : startup.cells;
  statusLine.textContent = serverFile ? `worksheet file: ${serverFile}` : "";
  await runAll(inputs.filter((i) => i.trim()));
}

document.getElementById("save").addEventListener("click", async () => {
  try {
    const saved = await api("POST", `/api/worksheets/${session.worksheet}/save`);
    statusLine.textContent = `saved ${saved.cells} cells to ${saved.saved}`;
  } catch (error) {
    statusLine.textContent = `error: ${error.message}`;
  }
});

document.getElementById("download").addEventListener("click", () => {
  const link = document.createElement("a");
  link.href = `/api/worksheets/${session.worksheet}/file`;
  link.download = "worksheet.json";
  link.click();
});

document.getElementById("open").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  if (!file) return;
  try {
    const sheet = JSON.parse(await file.text());
    if (sheet.format !== "conway-worksheet") throw new Error("not a Conway worksheet file");
    await restart(sheet.cells.map((c) => c.input));
    statusLine.textContent = `opened ${file.name}`;
  } catch (error) {
    statusLine.textContent = `error: ${error.message}`;
  }
  event.target.value = "";
});

document.getElementById("clear").addEventListener("click", () => restart([]));

document.getElementById("new-board").addEventListener("submit", async (event) => {
  event.preventDefault();
  const [ruleset, kind] = document.getElementById("board-ruleset").value.split(":");
  const clamp = (id, most) => Math.max(1, Math.min(most, Number(document.getElementById(id).value) || 1));
  const rows = boardOf(ruleset)?.strip ? 1 : clamp("board-rows", 8);
  const columns = clamp("board-columns", 12);
  let item = cellsList.lastElementChild;
  if (!item || item.querySelector("textarea").value.trim()) item = addCell();
  if (kind) {
    // A picture: stalks, one blue edge each, or a small graph; the server writes it.
    item.querySelector("textarea").value = await newPicture(ruleset, kind, columns);
  } else {
    const blank = boardOf(ruleset).cycle[0];
    item.querySelector("textarea").value = boardInput(ruleset, Array.from({ length: rows }, () => Array(columns).fill(blank)));
  }
  runCell(item).then(() => addCell());
});

// A fresh session, so that variables of the old cells are gone.
async function restart(inputs) {
  await api("DELETE", `/api/worksheets/${session.worksheet}`).catch(() => {});
  session.worksheet = (await api("POST", "/api/worksheets")).worksheet;
  localStorage.setItem(STORE_KEY, JSON.stringify(inputs));
  await runAll(inputs);
}

start().catch((error) => {
  statusLine.textContent = `error: ${error.message}`;
});
