// Boards: a cell that is one ruleset call on a board string (each ruleset the server
// describes with a board: Domineering, Clobber, Toads and Frogs, Fox and Geese in picture
// notation, …) or Hackenbush stalks and graphs shows its position, and clicks change it; a
// catalogue game the server draws (Nim's tokens, the chase's board) shows its drawing once
// the answer is in. The squares and edges of the winning moves are marked: blue for Left's,
// red for Right's (the answer lists the moves; the squares a move changes are found by
// comparing the position it leaves with this one, or named by the drawing).

import { api } from "./api.js";

/** Every ruleset as the server describes it (`GET /api/rulesets`), once `loadRulesets` ran. */
export const RULESETS = [];

// Each ruleset by every spelling of its name in lower case.
const BY_SPELLING = new Map();

// The rulesets with a board, by name: the symbols in the order a click cycles through them,
// each symbol's piece (its style), whether pieces stand on the dark squares of a
// checkerboard, whether a position is one row, and the character written between rows.
const BOARDS = new Map();

/** Asks the server which rulesets there are and how their boards are drawn. */
export async function loadRulesets() {
  for (const ruleset of await api("GET", "/api/rulesets")) {
    RULESETS.push(ruleset);
    for (const spelling of [ruleset.name, ...ruleset.aliases]) BY_SPELLING.set(spelling.toLowerCase(), ruleset);
    if (!ruleset.board) continue;
    const { squares, checkered, strip, row_separator } = ruleset.board;
    BOARDS.set(ruleset.name, {
      name: ruleset.name,
      // A generic ruleset's rules come before its board: a new board takes the example's.
      rules: ruleset.example.match(BOARD_CELL)?.[2] || "",
      cycle: squares.map((s) => s.symbol),
      style: Object.fromEntries(squares.map((s) => [s.symbol, s.piece === "empty" ? "" : s.piece])),
      checkered,
      strip,
      separator: row_separator,
    });
  }
}

/** The ruleset a name or alias spells, whatever its case. */
const rulesetCalled = (name) => BY_SPELLING.get(name.toLowerCase());

/** The board of the ruleset named `name`, if it has one. */
export function boardOf(name) {
  return BOARDS.get(rulesetCalled(name)?.name) || null;
}

// A ruleset call whose last argument is the board: `kings("xo.|.ox")`, or with the rules of a
// generic ruleset first, `gen_king_dirt(1, 1, "false", ".x.|.#.|.o.")`.
const BOARD_CELL = /^\s*(\w+)\(((?:[^"()]|"[^"]*")*,\s*)?"([^"]*)"\)\s*$/;

/** A board cell's ruleset, its rules' arguments (as written) and rows of squares, or null. */
export function parseBoard(input) {
  const found = input.match(BOARD_CELL);
  const board = found && boardOf(found[1]);
  if (!board) return null;
  const rows = found[3].split(board.separator).map((row) => [...row]);
  if (!rows.every((row) => row.every((square) => board.cycle.includes(square)))) return null;
  return { ruleset: board.name, rules: found[2] || "", rows };
}

/** The cell input of a board: its rules' arguments (the example's when not given), then rows. */
export function boardInput(ruleset, rows, rules = boardOf(ruleset).rules) {
  return `${ruleset}(${rules}"${rows.map((row) => row.join("")).join(boardOf(ruleset).separator)}")`;
}

// Pictures of edges (Hackenbush): the server reads a position into stalks or a graph
// (`POST /api/rulesets/NAME/picture`) and writes an edited picture back in the ruleset's
// notation (`POST /api/rulesets/NAME/position`), so the page never reads the notation.
// Edges are blue (Left's), red (Right's) or green (either player's); a click cycles them.
const EDGE_PIECES = ["left", "right", "either"];

/** The ruleset call of a cell that the server draws as a picture, or null. */
function picturedCall(input) {
  const found = input.match(BOARD_CELL);
  const ruleset = found && rulesetCalled(found[1]);
  return ruleset?.pictured && !found[2] ? { ruleset: ruleset.name, position: found[3] } : null;
}

/** The picture of a pictured ruleset's position, or null when the ruleset refuses it. */
async function readPicture(call) {
  try {
    return (await api("POST", `/api/rulesets/${call.ruleset}/picture`, { position: call.position })).picture;
  } catch {
    return null;
  }
}

/** The cell input showing `picture`, written by the ruleset. */
async function writePicture(ruleset, picture) {
  const { position } = await api("POST", `/api/rulesets/${ruleset}/position`, { picture });
  return `${ruleset}("${position}")`;
}

/** A new picture of `columns` blue stalks, or a blue edge with a red one above it. */
export async function newPicture(ruleset, kind, columns) {
  const picture = kind === "graph"
    ? { graph: [{ a: 0, b: 1, piece: "left" }, { a: 1, b: 2, piece: "right" }] }
    : { stalks: Array.from({ length: columns }, () => ["left"]) };
  return writePicture(ruleset, picture);
}

/**
 * The stalks as a picture; with `edit`, a click on an edge changes its colour (blue, red,
 * green), Shift+click cuts it and everything above it, "+" grows a stalk by a blue edge and
 * "new stalk" starts one, each calling `edit` with the new stalks.
 */
function stalksPicture(stalks, edit) {
  const changed = () => edit({ stalks });
  const picture = document.createElement("div");
  picture.className = "board stalks";
  picture.setAttribute("aria-label", "stalks");
  stalks.forEach((stalk, s) => {
    const column = document.createElement("div");
    column.className = "stalk";
    stalk.forEach((colour, e) => {
      const edge = document.createElement(edit ? "button" : "span");
      edge.className = `edge edge-${colour}`;
      edge.dataset.edge = `${s},${e}`;
      if (edit) {
        edge.title = "click: change colour; Shift+click: cut here";
        edge.addEventListener("click", (event) => {
          if (event.shiftKey) stalk.splice(e);
          else stalk[e] = EDGE_PIECES[(EDGE_PIECES.indexOf(colour) + 1) % EDGE_PIECES.length];
          changed();
        });
      }
      column.append(edge);
    });
    if (edit) {
      const grow = document.createElement("button");
      grow.className = "grow";
      grow.textContent = "+";
      grow.setAttribute("aria-label", `grow stalk ${s + 1}`);
      grow.addEventListener("click", () => {
        stalk.push("left");
        changed();
      });
      column.append(grow);
    }
    picture.append(column);
  });
  if (edit) {
    const add = document.createElement("button");
    add.textContent = "new stalk";
    add.addEventListener("click", () => {
      stalks.push(["left"]);
      changed();
    });
    picture.append(add);
  }
  return picture;
}

// Graphs (vertex 0 the ground): drawn with each vertex at its distance from the ground. A
// click on an edge changes its colour, Shift+click cuts it (the server drops the edges
// left hanging); a click on a vertex (or the ground) selects it, and a click on a second
// vertex joins the two by a blue edge; "grow" adds a blue edge from the selected vertex to
// a new one.
const SVG = "http://www.w3.org/2000/svg";

/** An edge's ends, the lower first: how a drawn edge and a removed one are matched. */
const edgeEnds = (e) => `${Math.min(e.a, e.b)}-${Math.max(e.a, e.b)}`;
const STROKES = { left: "#1f5fbf", right: "#bf2f1f", either: "#2f9f4f" };

function graphPicture(edges, edit) {
  // Levels: distance from the ground; each level's vertices spread across the width.
  const level = new Map([[0, 0]]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const { a, b } of edges) {
      for (const [u, v] of [[a, b], [b, a]]) {
        if (level.has(u) && !level.has(v)) {
          level.set(v, level.get(u) + 1);
          grew = true;
        }
      }
    }
  }
  const rows = new Map();
  for (const [v, l] of level) if (v !== 0) rows.set(l, [...(rows.get(l) || []), v].sort((x, y) => x - y));
  const width = 60 * Math.max(3, ...[...rows.values()].map((r) => r.length + 1));
  const height = 60 * (Math.max(0, ...level.values()) + 1) + 20;
  const ground = height - 15;
  const place = new Map();
  for (const [l, vs] of rows) vs.forEach((v, i) => place.set(v, [((i + 1) * width) / (vs.length + 1), ground - 60 * l]));
  // An edge to the ground lands below its other end, or beside it when that end is higher
  // than the first level or has several edges to the ground, so that edges do not overlap.
  const landed = new Map();
  const groundPoint = (other) => {
    const k = landed.get(other) || 0;
    landed.set(other, k + 1);
    const shift = level.get(other) === 1 ? k : k + 1;
    return [(place.get(other)?.[0] ?? width / 2) + 28 * shift, ground];
  };
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("width", String(width));
  svg.setAttribute("class", "board graph");
  svg.setAttribute("aria-label", "graph of edges");
  const shape = (name, attributes) => {
    const element = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, String(v));
    svg.append(element);
    return element;
  };
  shape("line", { x1: 0, y1: ground, x2: width, y2: ground, class: "ground", "data-vertex": 0 });
  let selected = null;
  const changed = (next) => edit && edit({ graph: next });
  edges.forEach((e, i) => {
    const end = (v, other) => (v === 0 ? groundPoint(other) : place.get(v));
    const [[x1, y1], [x2, y2]] = [end(e.a, e.b), end(e.b, e.a)];
    const attributes = { "data-edge": i, "data-ends": edgeEnds(e), stroke: STROKES[e.piece] };
    const line = e.a === e.b
      ? shape("circle", { ...attributes, cx: x1, cy: y1 - 12, r: 12, fill: "none", class: "edge-line" })
      : shape("line", { ...attributes, x1, y1, x2, y2, class: "edge-line" });
    if (edit) {
      line.addEventListener("click", (event) => {
        const next = edges.map((x) => ({ ...x }));
        if (event.shiftKey) next.splice(i, 1);
        else next[i].piece = EDGE_PIECES[(EDGE_PIECES.indexOf(e.piece) + 1) % EDGE_PIECES.length];
        changed(next);
      });
    }
  });
  for (const [v, [x, y]] of place) {
    const dot = shape("circle", { cx: x, cy: y, r: 7, class: "vertex", "data-vertex": v });
    if (edit) {
      dot.addEventListener("click", () => {
        if (selected === null) {
          selected = v;
          dot.classList.add("selected");
        } else if (selected !== v) {
          changed([...edges, { a: selected, b: v, piece: "left" }]);
        }
      });
    }
  }
  if (!edit) return svg;
  svg.querySelector(".ground").addEventListener("click", () => {
    if (selected !== null && selected !== 0) changed([...edges, { a: 0, b: selected, piece: "left" }]);
    else selected = 0;
  });
  const box = document.createElement("div");
  box.className = "board graph-editor";
  const grow = document.createElement("button");
  grow.textContent = "grow";
  grow.title = "a blue edge from the selected vertex (or the ground) to a new vertex";
  grow.addEventListener("click", () => {
    const fresh = Math.max(0, ...edges.flatMap((e) => [e.a, e.b])) + 1;
    changed([...edges, { a: selected ?? 0, b: fresh, piece: "left" }]);
  });
  svg.classList.remove("board");
  box.append(svg, grow);
  return box;
}

// A catalogue game's position as the server draws it (an answer's `play.drawing`: Nim's
// tokens, the chase's board): the page shows the squares it is given, and a click sends back
// what the server named for that square: a listed move when playing, else the edited input.
const atKey = ([r, c]) => `${r},${c}`;

/**
 * The drawing as a board or rows of tokens. With `edit`, a click on a square calls it with
 * the input the server gave for that square (Shift+click: the other one); with `play`, a
 * click on a square a listed move is made from calls it with that move (`waiting`: not yet).
 */
export function drawingPicture(drawing, { edit = null, play = null, waiting = false } = {}) {
  const edits = new Map((drawing.edits || []).map((e) => [atKey(e.at), e]));
  const clicks = new Map(drawing.clicks.map((m) => [atKey(m.at), m]));
  const listen = (element, at) => {
    const key = atKey(at);
    if (play) {
      element.disabled = waiting || !clicks.has(key);
      element.addEventListener("click", () => clicks.has(key) && play(clicks.get(key)));
    } else if (edit && edits.has(key)) {
      element.addEventListener("click", (event) => edit(event.shiftKey ? edits.get(key).shift_click : edits.get(key).click));
    }
  };
  if (drawing.style === "tokens") {
    const rows = document.createElement("div");
    rows.className = "board tokens";
    drawing.rows.forEach((row, r) => {
      const line = document.createElement("div");
      line.className = "token-row";
      row.forEach((square, c) => {
        const token = document.createElement(play ? "button" : "span");
        token.className = `token ${square.piece}`;
        token.dataset.at = atKey([r, c]);
        token.setAttribute("aria-label", square.name);
        listen(token, [r, c]);
        line.append(token);
      });
      if (!row.length) line.textContent = "(empty)";
      rows.append(line);
    });
    return rows;
  }
  const table = document.createElement("table");
  table.className = "board drawn";
  drawing.rows.forEach((row, r) => {
    const line = table.insertRow();
    row.forEach((square, c) => {
      const cell = line.insertCell();
      cell.textContent = square.symbol;
      cell.className = square.piece === "empty" ? "" : square.piece;
      cell.dataset.square = square.name;
      cell.dataset.at = atKey([r, c]);
      if (edit && !play) cell.title = "click: the first piece here; Shift+click: the second";
      listen(cell, [r, c]);
    });
  });
  return table;
}

/** Marks on a drawing's picture the squares its winning moves are made from. */
export function markDrawing(picture, drawing) {
  for (const move of drawing.clicks) {
    if (move.wins) picture?.querySelector(`[data-at="${atKey(move.at)}"]`)?.classList.add(`win-${drawing.mover}`);
  }
}

/** A board as a table; with `edit`, a click on a square cycles its contents. */
function boardTable(board, edit) {
  const { cycle, style, checkered } = boardOf(board.ruleset);
  const table = document.createElement("table");
  table.className = edit ? "board" : "board fixed";
  table.setAttribute("aria-label", `${board.ruleset} board`);
  board.rows.forEach((row, r) => {
    const line = table.insertRow();
    row.forEach((square, c) => {
      const cell = line.insertCell();
      cell.textContent = square === "." || square === "#" ? "" : square;
      // Rows are numbered from 1 at the bottom; a playing square has row + column even.
      const dark = checkered && (board.rows.length - r + c + 1) % 2 === 0;
      cell.className = [style[square] || "", dark ? "dark" : ""].join(" ").trim();
      cell.dataset.square = `${r},${c}`;
      if (edit) {
        cell.addEventListener("click", () => {
          board.rows[r][c] = cycle[(cycle.indexOf(square) + 1) % cycle.length];
          edit(boardInput(board.ruleset, board.rows, board.rules));
        });
      }
    });
  });
  return table;
}

/**
 * The picture of a ruleset position the page draws from what it was told (a board of
 * squares), or null; with `edit`, clicks change it and call `edit` with the new input.
 */
function localPicture(input, edit = null) {
  const board = parseBoard(input);
  return board ? boardTable(board, edit) : null;
}

/**
 * The picture of a position written as a cell input (a board, stalks, a graph),
 * or null; with `edit`, clicks change it and call `edit` with the new input.
 */
export async function positionPicture(input, edit = null) {
  const local = localPicture(input, edit);
  if (local) return local;
  const call = picturedCall(input);
  const picture = call && (await readPicture(call));
  if (!picture) return null;
  const changed = edit && ((next) => writePicture(call.ruleset, next).then(edit, () => {}));
  return picture.stalks ? stalksPicture(picture.stalks, changed) : graphPicture(picture.graph, changed);
}

/** Draws the editable picture of a cell's position above its answer, once it is known. */
export async function drawBoard(item, edit) {
  item.querySelector(".board")?.remove();
  const input = item.querySelector("textarea").value;
  const picture = await positionPicture(input, edit);
  // A later run of the cell may have drawn its own picture meanwhile.
  if (picture && item.querySelector("textarea").value === input && !item.querySelector(".board")) {
    item.querySelector("textarea").after(picture);
  }
}

/**
 * Marks on `picture` (drawn from `input`) the squares or edges of the winning moves of a
 * report (`left_moves`, `right_moves`, each with `to`, or a search's winning positions), by
 * comparing each move's position with this one: class `win-left`, `win-right` or both.
 */
export async function markWinningMoves(picture, input, report) {
  if (!picture || !report) return;
  // The picture of this position is read once, whatever the number of moves compared with it.
  const call = picturedCall(input);
  const before = call && readPicture(call);
  const marks = async (moves, side) => {
    for (const move of moves || []) {
      if (!move.wins) continue;
      for (const key of await changedParts(input, before, move.to)) {
        picture.querySelectorAll(key).forEach((e) => e.classList.add(`win-${side}`));
      }
    }
  };
  await marks(report.left_moves, "left");
  await marks(report.right_moves, "right");
  if (report.search) {
    // An outcome found by search: each starter's winning first moves, by the positions
    // they leave.
    const found = (start) => (start.winning_positions || []).map((to) => ({ wins: true, to }));
    await marks(found(report.search.left_first), "left");
    await marks(found(report.search.right_first), "right");
  }
}

/**
 * Selectors of the squares or edges that differ from `before` in `after`: squares that
 * change, the stalk edge cut, or the graph edges a move removes (`drawn`: the picture of
 * `before`, being read, for a pictured ruleset).
 */
async function changedParts(before, drawn, after) {
  const [a, b] = [parseBoard(before), parseBoard(after)];
  if (a && b) {
    // Rows line up from the bottom: a Fox and Geese picture gains or loses rows at the top.
    const shift = a.rows.length - b.rows.length;
    const changed = [];
    a.rows.forEach((row, r) => row.forEach((square, c) => {
      const other = b.rows[r - shift];
      if (other && other[c] !== square) changed.push(`[data-square="${r},${c}"]`);
    }));
    return changed;
  }
  const next = picturedCall(after);
  if (!drawn || !next) return [];
  const [s, t] = await Promise.all([drawn, readPicture(next)]);
  if (s?.stalks && t?.stalks) {
    const cut = s.stalks.findIndex((stalk, i) => (t.stalks[i] || []).length < stalk.length);
    return cut < 0 ? [] : [`[data-edge="${cut},${t.stalks[cut].length}"]`];
  }
  if (s?.graph && t?.graph) {
    const left = new Set(t.graph.map(edgeEnds));
    return s.graph.filter((e) => !left.has(edgeEnds(e))).map((e) => `[data-ends="${edgeEnds(e)}"]`);
  }
  return [];
}
