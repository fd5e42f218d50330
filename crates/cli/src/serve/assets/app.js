// The worksheet page: cells typed here run on the Conway server that served this page
// (the session engine of `conway serve`); answers come back as the CLI's reports.
//
// The cells' inputs are kept in the browser's local storage as they change, so reloading
// the page runs them again and loses nothing. A cell's work is polled a few times a second,
// with its progress and a Cancel button, so the page never waits on a long computation:
// each request for a job's state waits on the server until the job ends, or at most
// WAIT_MS, so a quick answer shows at once and a long one updates a few times a second.

const STORE_KEY = "conway-worksheet";
const WAIT_MS = 200;

const cellsList = document.getElementById("cells");
const statusLine = document.getElementById("status");
let worksheet = null;
let serverFile = null;

async function api(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data = text ? JSON.parse(text) : null;
  if (!response.ok) {
    throw new Error(data && data.error ? data.error.message : `${response.status} ${response.statusText}`);
  }
  return data;
}

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
  area.addEventListener("input", saveLocally);
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

// Boards: a cell that is one ruleset call on a board string shows the board, and a click
// on a square changes the position (each square cycles through the ruleset's contents).
const BOARDS = {
  domineering: { cycle: [".", "#"], style: { "#": "filled" } },
  clobber: { cycle: [".", "x", "o"], style: { x: "left", o: "right" } },
  toads_and_frogs: { cycle: [".", "t", "f"], style: { t: "left", f: "right" } },
};
const BOARD_CELL = /^\s*(domineering|clobber|toads_and_frogs)\("([^"]*)"\)\s*$/i;

function parseBoard(input) {
  const found = input.match(BOARD_CELL);
  if (!found) return null;
  const ruleset = found[1].toLowerCase();
  const rows = found[2].split("|").map((row) => [...row]);
  const known = BOARDS[ruleset].cycle;
  if (!rows.every((row) => row.every((square) => known.includes(square)))) return null;
  return { ruleset, rows };
}

function boardInput(ruleset, rows) {
  return `${ruleset}("${rows.map((row) => row.join("")).join("|")}")`;
}

// Hackenbush stalks (`hackenbush("lre|rl")`, each stalk from the ground up): a click on an
// edge changes its colour (blue, red, green), Shift+click cuts it and everything above it,
// "+" grows a stalk by a blue edge, and "new stalk" starts one.
const STALKS_CELL = /^\s*hackenbush\("([lre|]*)"\)\s*$/i;
const EDGE_COLOURS = ["l", "r", "e"];

function drawStalks(item, text) {
  const area = item.querySelector("textarea");
  const stalks = text.toLowerCase().split("|").map((stalk) => [...stalk]);
  const rerun = () => {
    area.value = `hackenbush("${stalks.map((s) => s.join("")).join("|")}")`;
    saveLocally();
    runCell(item);
  };
  const picture = document.createElement("div");
  picture.className = "board stalks";
  picture.setAttribute("aria-label", "hackenbush stalks");
  stalks.forEach((stalk, s) => {
    const column = document.createElement("div");
    column.className = "stalk";
    stalk.forEach((colour, e) => {
      const edge = document.createElement("button");
      edge.className = `edge edge-${colour}`;
      edge.dataset.edge = `${s},${e}`;
      edge.title = "click: change colour; Shift+click: cut here";
      edge.addEventListener("click", (event) => {
        if (event.shiftKey) stalk.splice(e);
        else stalk[e] = EDGE_COLOURS[(EDGE_COLOURS.indexOf(colour) + 1) % EDGE_COLOURS.length];
        rerun();
      });
      column.append(edge);
    });
    const grow = document.createElement("button");
    grow.className = "grow";
    grow.textContent = "+";
    grow.setAttribute("aria-label", `grow stalk ${s + 1}`);
    grow.addEventListener("click", () => {
      stalk.push("l");
      rerun();
    });
    column.append(grow);
    picture.append(column);
  });
  const add = document.createElement("button");
  add.textContent = "new stalk";
  add.addEventListener("click", () => {
    stalks.push(["l"]);
    rerun();
  });
  picture.append(add);
  area.after(picture);
}

// The Easy Chase (`solve chase N WX WY BX BY`, squares counted from 1): a click puts White
// on a square, Shift+click puts Black there.
const CHASE_CELL = /^\s*solve\s+chase\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)((?:\s+--line)?)\s*$/;
const MAX_DRAWN_CHASE = 20;

function drawChase(item, found) {
  const area = item.querySelector("textarea");
  const [n, wx, wy, bx, by] = found.slice(1, 6).map(Number);
  if (n < 2 || n > MAX_DRAWN_CHASE) return;
  const table = document.createElement("table");
  table.className = "board chase";
  table.setAttribute("aria-label", "easy chase board");
  for (let y = n; y >= 1; y--) {
    const line = table.insertRow();
    for (let x = 1; x <= n; x++) {
      const cell = line.insertCell();
      cell.dataset.square = `${x},${y}`;
      if (x === wx && y === wy) cell.textContent = "♔";
      if (x === bx && y === by) cell.textContent = "♚";
      cell.title = "click: White here; Shift+click: Black here";
      cell.addEventListener("click", (event) => {
        const [white, black] = event.shiftKey ? [[wx, wy], [x, y]] : [[x, y], [bx, by]];
        if (white[0] === black[0] && white[1] === black[1]) return;
        area.value = `solve chase ${n} ${white.join(" ")} ${black.join(" ")}${found[6]}`;
        saveLocally();
        runCell(item);
      });
    }
  }
  area.after(table);
}

function drawBoard(item) {
  item.querySelector(".board")?.remove();
  const area = item.querySelector("textarea");
  const stalks = area.value.match(STALKS_CELL);
  if (stalks) return drawStalks(item, stalks[1]);
  const chase = area.value.match(CHASE_CELL);
  if (chase) return drawChase(item, chase);
  const board = parseBoard(area.value);
  if (!board) return;
  const { cycle, style } = BOARDS[board.ruleset];
  const table = document.createElement("table");
  table.className = "board";
  table.setAttribute("aria-label", `${board.ruleset} board`);
  board.rows.forEach((row, r) => {
    const line = table.insertRow();
    row.forEach((square, c) => {
      const cell = line.insertCell();
      cell.textContent = square === "." || square === "#" ? "" : square;
      cell.className = style[square] || "";
      cell.dataset.square = `${r},${c}`;
      cell.addEventListener("click", () => {
        board.rows[r][c] = cycle[(cycle.indexOf(square) + 1) % cycle.length];
        area.value = boardInput(board.ruleset, board.rows);
        saveLocally();
        runCell(item);
      });
    });
  });
  area.after(table);
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

function show(output, answer) {
  output.replaceChildren();
  const report = answer.report || {};
  if (Array.isArray(report.equilibria) && Array.isArray(report.players)) {
    output.append(equilibriaTable(report));
  }
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
    const total = state.total ? ` of ${state.total.toLocaleString()}` : "";
    words.textContent = `${state.stage}: ${state.done.toLocaleString()}${total} ${state.unit} (${state.seconds.toFixed(1)} s)`;
  } else {
    words.textContent = "waiting for the cells above";
  }
}

/** Runs `input` on the worksheet's session and waits for it: the answer, or an Error. */
async function ask(input, { record = true, onProgress = () => {} } = {}) {
  const { job } = await api("POST", `/api/worksheets/${worksheet}/cells`, { input, record });
  const cancel = () => api("POST", `/api/jobs/${job}/cancel`).catch(() => {});
  for (;;) {
    const state = await api("GET", `/api/jobs/${job}?wait=${WAIT_MS}`);
    if (state.state === "done") return state.answer;
    if (state.state === "failed") throw new Error(state.error.message);
    onProgress(state, cancel);
  }
}

async function runCell(item) {
  const input = item.querySelector("textarea").value.trim();
  const output = item.querySelector(".output");
  saveLocally();
  drawBoard(item);
  if (!input) {
    output.replaceChildren();
    return;
  }
  try {
    const answer = await ask(input, { onProgress: (state, cancel) => showRunning(output, state, cancel) });
    show(output, answer);
    offerPlay(item, input);
  } catch (error) {
    showError(output, error.message);
  }
}

// Playing against Conway: a cell `solve nim 3 5 7` offers a game from that position. The
// person moves by clicking a token (the heap keeps the tokens left of it); after each move
// the page says whether it was winning and what would have won, and Conway answers with a
// winning move when there is one (else it takes one token from the largest heap).
const NIM_CELL = /^\s*solve\s+nim((?:\s+\d+)+)\s*$/;

function offerPlay(item, input) {
  const found = input.match(NIM_CELL);
  if (!found) return;
  const button = document.createElement("button");
  button.textContent = "Play against Conway";
  button.addEventListener("click", () => {
    button.remove();
    play(item, found[1].trim().split(/\s+/).map(Number));
  });
  item.querySelector(".output").append(button);
}

async function solveNim(heaps) {
  return (await ask(`solve nim ${heaps.join(" ")}`, { record: false })).report;
}

function play(item, start) {
  const panel = document.createElement("div");
  panel.className = "play";
  const board = document.createElement("div");
  const log = document.createElement("ol");
  log.className = "moves";
  panel.append(board, log);
  item.append(panel);
  let heaps = [...start];
  let yourTurn = true;
  const say = (text, kind = "") => {
    const line = document.createElement("li");
    line.textContent = text;
    line.className = kind;
    log.append(line);
  };
  const over = () => heaps.every((h) => h === 0);
  const draw = () => {
    board.replaceChildren();
    heaps.forEach((size, i) => {
      const row = document.createElement("div");
      row.className = "heap";
      row.dataset.heap = String(i + 1);
      for (let k = 0; k < size; k++) {
        const token = document.createElement("button");
        token.className = "token";
        token.setAttribute("aria-label", `heap ${i + 1} token ${k + 1}`);
        token.disabled = !yourTurn;
        token.addEventListener("click", () => move(i, k));
        row.append(token);
      }
      if (size === 0) row.textContent = "(empty)";
      board.append(row);
    });
  };
  const move = async (i, k) => {
    if (!yourTurn) return;
    yourTurn = false;
    draw();
    try {
      const before = await solveNim(heaps);
      heaps[i] = k;
      const position = heaps.join(" ");
      const took = `you take ${before.position.split(" ")[i] - k} from heap ${i + 1}`;
      if (before.winning_moves.some((m) => m.to === position)) {
        say(`${took}: a winning move`, "good");
      } else if (before.winning_moves.length) {
        say(`${took}: not winning; ${before.winning_moves[0].move} would have won`, "bad");
      } else {
        say(`${took}: no move wins from ${before.position}`);
      }
      draw();
      if (over()) return say("You took the last token: you win.", "result");
      const reply = await solveNim(heaps);
      let next;
      if (reply.winning_moves.length) {
        next = reply.winning_moves[0].to.split(" ").map(Number);
        say(`Conway: ${reply.winning_moves[0].move}`);
      } else {
        const largest = heaps.indexOf(Math.max(...heaps));
        next = [...heaps];
        next[largest] -= 1;
        say(`Conway: take 1 from heap ${largest + 1} (no move wins here)`);
      }
      heaps = next;
      if (over()) {
        draw();
        return say("Conway took the last token: you lose.", "result");
      }
      yourTurn = true;
      draw();
    } catch (error) {
      say(`error: ${error.message}`, "bad");
    }
  };
  say(`Nim ${start.join(" ")}: you move first. Click a token to take it and every token to its right.`);
  draw();
}

async function runAll(inputs) {
  cellsList.replaceChildren();
  const items = inputs.map((input) => addCell(input));
  for (const item of items) await runCell(item);
  addCell().querySelector("textarea").focus();
}

async function start() {
  ({ worksheet } = await api("POST", "/api/worksheets"));
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
    const saved = await api("POST", `/api/worksheets/${worksheet}/save`);
    statusLine.textContent = `saved ${saved.cells} cells to ${saved.saved}`;
  } catch (error) {
    statusLine.textContent = `error: ${error.message}`;
  }
});

document.getElementById("download").addEventListener("click", () => {
  const link = document.createElement("a");
  link.href = `/api/worksheets/${worksheet}/file`;
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

document.getElementById("new-board").addEventListener("submit", (event) => {
  event.preventDefault();
  const ruleset = document.getElementById("board-ruleset").value;
  const clamp = (id, most) => Math.max(1, Math.min(most, Number(document.getElementById(id).value) || 1));
  const rows = ruleset === "toads_and_frogs" ? 1 : clamp("board-rows", 8);
  const columns = clamp("board-columns", 12);
  const empty = Array.from({ length: rows }, () => Array(columns).fill("."));
  let item = cellsList.lastElementChild;
  if (!item || item.querySelector("textarea").value.trim()) item = addCell();
  // Stalks: one blue edge per stalk to start from.
  item.querySelector("textarea").value =
    ruleset === "hackenbush" ? `hackenbush("${Array(columns).fill("l").join("|")}")` : boardInput(ruleset, empty);
  runCell(item).then(() => addCell());
});

// A fresh session, so that variables of the old cells are gone.
async function restart(inputs) {
  await api("DELETE", `/api/worksheets/${worksheet}`).catch(() => {});
  ({ worksheet } = await api("POST", "/api/worksheets"));
  localStorage.setItem(STORE_KEY, JSON.stringify(inputs));
  await runAll(inputs);
}

start().catch((error) => {
  statusLine.textContent = `error: ${error.message}`;
});
