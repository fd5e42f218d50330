// Playing against Conway from a cell's position. The server says which cells can be played
// (an answer's `play`: a game of the catalogue whose moves are listed, or a ruleset position),
// which move Conway makes (`play.reply`, or `left_reply`/`right_reply`): it wins when it
// can, soonest; else draws; else resists longest), when play has ended and who won
// (`ended`, `left_ended`, `right_ended`; a move that `ends` the game), and when a game that
// can go on for ever is a draw (`draw_after` plies, or a position that comes back when
// neither side can force a win: `left_drawn`, `right_drawn`). The page draws the position,
// offers the person's moves, and says after each whether it was winning and, if not, what
// would have won.
//
// - Nim with small heaps (`solve nim 3 5 7`): click a token to take it and every token to its
//   right.
// - The Easy Chase (`solve chase 4 1 1 4 4`): play White or Black on the board; White moves
//   first.
// - Every other game whose moves are listed (`solve wythoff 3 5`,
//   `solve heap 0.137 5 7 --misere`, `solve tartan HT/TH`, `solve divisors 12`): pick a move
//   from the list `--moves` gives; each move names the command for the position after it.
// - Ruleset positions and sums of them (`domineering("....|....")`, `clobber("xo") + *`):
//   choose Left or Right and who starts, then pick moves from the list; the board is drawn
//   after each move. In a loopy ruleset (`fox_and_geese(…)`, `backsliding_toads_and_frogs(…)`)
//   a position that comes back with the same player to move and no win for either side is a
//   draw by infinite play.

import { ask } from "./api.js";
import { localPicture, positionPicture } from "./boards.js";

/** Nim is played with tokens up to this many in a heap; larger heaps from the move list. */
const MAX_TOKENS = 30;

/** After a cell's answer: a button to play its position, when the server says it can be. */
export function offerPlay(item, input, answer) {
  const play = answer && answer.play;
  if (!play) return;
  const output = item.querySelector(".output");
  const offers = document.createElement("div");
  offers.className = "offers";
  const button = (label, start) => {
    const b = document.createElement("button");
    b.textContent = label;
    b.addEventListener("click", () => {
      offers.remove();
      item.querySelector(".play")?.remove();
      start();
    });
    if (!offers.isConnected) output.append(offers);
    offers.append(b);
  };
  const report = answer.report;
  if (play.game === "ruleset") {
    const expression = input.trim();
    if (expression.includes("'")) return;
    button("Play as Left against Conway", () => playPartizan(item, expression, "Left"));
    button("Play as Right against Conway", () => playPartizan(item, expression, "Right"));
    return;
  }
  if (play.game === "chase") {
    button("Play White against Conway", () => playChase(item, report.position, "white"));
    button("Play Black against Conway", () => playChase(item, report.position, "black"));
    return;
  }
  const heaps = report.position.split(" ").map(Number);
  if (play.game === "nim" && heaps.every((h) => Number.isSafeInteger(h) && h <= MAX_TOKENS)) {
    return button("Play against Conway", () => playNim(item, heaps));
  }
  if (["P", "N"].includes(report.outcome)) {
    return button("Play against Conway", () => playListed(item, input.trim().replace(/\s--moves\b/g, "")));
  }
}

/** The panel a game is played in: a place for the position and a log of moves. */
function panel(item) {
  const play = document.createElement("div");
  play.className = "play";
  const board = document.createElement("div");
  board.className = "position";
  const log = document.createElement("ol");
  log.className = "moves";
  play.append(board, log);
  item.append(play);
  const say = (text, kind = "") => {
    const line = document.createElement("li");
    line.textContent = text;
    line.className = kind;
    log.append(line);
  };
  return { play, board, say };
}

/**
 * Says whether the person's move `chosen` (a `to`) was winning, given the `winning` moves
 * and, in a loopy game, the `drawing` ones.
 */
function judge(say, chosen, winning, what, drawing = []) {
  if (winning.some((m) => m.to === chosen)) say(`${what}: a winning move`, "good");
  else if (winning.length) say(`${what}: not winning; ${winning[0].move} would have won`, "bad");
  else if (drawing.some((m) => m.to === chosen)) say(`${what}: a drawing move (no move wins here)`, "good");
  else if (drawing.length) say(`${what}: it loses; ${drawing[0].move} would have drawn`, "bad");
  else say(`${what}: no move wins here`);
}

/**
 * Says how play ended, as the server decided (`ended`): `mover` (who was to move: "You",
 * "Conway (Right)") cannot move, and whether that wins; `you` whether the person was.
 */
function finish(say, ended, you, mover) {
  say(`${mover} cannot move${ended.mover_wins ? " (and that wins here)" : ""}: ${you === ended.mover_wins ? "you win." : "you lose."}`, "result");
}

/** Move buttons for the person, one per move. */
function moveButtons(board, moves, choose) {
  const list = document.createElement("div");
  list.className = "choices";
  moves.forEach((m, i) => {
    const b = document.createElement("button");
    b.className = "choice";
    b.textContent = m.move;
    b.dataset.choice = String(i);
    b.addEventListener("click", () => {
      list.querySelectorAll("button").forEach((x) => (x.disabled = true));
      choose(m);
    });
    list.append(b);
  });
  board.append(list);
}

function playNim(item, start) {
  const { board, say } = panel(item);
  const solveNim = async (heaps) => await ask(`solve nim ${heaps.join(" ")} --moves`, { record: false });
  let heaps = [...start];
  let yourTurn = true;
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
      const before = (await solveNim(heaps)).report;
      heaps[i] = k;
      judge(say, heaps.join(" "), before.winning_moves, `you take ${before.position.split(" ")[i] - k} from heap ${i + 1}`);
      draw();
      const after = (await solveNim(heaps)).play;
      if (after.ended) return finish(say, after.ended, false, "Conway");
      const reply = after.reply;
      heaps = reply.to.split(" ").map(Number);
      say(`Conway: ${reply.move}${reply.wins ? "" : " (no move wins here)"}`);
      const now = (await solveNim(heaps)).play;
      if (now.ended) {
        draw();
        return finish(say, now.ended, true, "You");
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

/** A game of `solve` from the cell's command, moves picked from the list of every move. */
function playListed(item, command) {
  const { board, say } = panel(item);
  const solve = async (line) => await ask(`${line} --moves`, { record: false });
  const yourTurn = async (line) => {
    board.replaceChildren();
    try {
      const answer = await solve(line);
      const now = answer.report;
      const shown = document.createElement("p");
      shown.textContent = `position: ${now.position}`;
      board.append(shown);
      if (!now.options.length && !now.all_options) {
        return say(`Conway cannot list the moves here: ${now.notes.join("; ")}`, "bad");
      }
      if (answer.play.ended) return finish(say, answer.play.ended, true, "You");
      // A cut-off list may miss the winning moves: they are offered too.
      const listed = new Set(now.options.map((m) => m.to));
      const offered = [...now.options, ...now.winning_moves.filter((m) => !listed.has(m.to))];
      if (!now.all_options) say(`(the first ${now.options.length} moves are offered, and every winning move named)`);
      moveButtons(board, offered, async (m) => {
        try {
          const answer = await solve(m.command);
          const next = answer.report;
          // A move wins when it leaves the other player lost.
          if (next.outcome === "P") say(`you: ${m.move}: a winning move`, "good");
          else if (now.winning_moves.length) say(`you: ${m.move}: not winning; ${now.winning_moves[0].move} would have won`, "bad");
          else if (now.outcome === "N") say(`you: ${m.move}: not winning (a winning move exists, but Conway was not told it)`, "bad");
          else say(`you: ${m.move}: no move wins here`);
          if (answer.play.ended) return finish(say, answer.play.ended, false, "Conway");
          const reply = answer.play.reply;
          const why = reply.wins ? "" : next.outcome === "N" ? " (Conway wins here but was not told how)" : " (no move wins here)";
          say(`Conway: ${reply.move}${why}`);
          yourTurn(reply.command);
        } catch (error) {
          // The position stays as it was, to move again.
          say(`error: ${error.message}`, "bad");
          yourTurn(line);
        }
      });
    } catch (error) {
      say(`error: ${error.message}`, "bad");
    }
  };
  say(`${command.replace(/^solve\s+/, "")}: you move first; pick a move.`);
  yourTurn(command);
}

/** A ruleset position (or sum), the person playing `side` against Conway. */
function playPartizan(item, start, side) {
  const { play, board, say } = panel(item);
  const conway = side === "Left" ? "Right" : "Left";
  const movesOf = (report, who) => (who === "Left" ? report.left_moves : report.right_moves);
  const solve = async (position) => await ask(`eval --every-move '${position}'`, { record: false });
  // Positions met, with the player to move, for a loopy game's draw by repetition.
  const seen = new Set();
  let plies = 0;
  const draw = async (position) => {
    board.replaceChildren();
    const picture = await positionPicture(position);
    if (picture) board.append(picture);
    const shown = document.createElement("p");
    shown.textContent = position;
    board.append(shown);
  };
  const turn = async (position, mover) => {
    await draw(position);
    try {
      const answer = await solve(position);
      if (!answer.play) {
        return say(`Conway cannot list the moves here: ${answer.report.moves_note || "no moves are listed"}`, "bad");
      }
      const moves = movesOf(answer.report, mover);
      const ended = mover === "Left" ? answer.play.left_ended : answer.play.right_ended;
      if (ended) return finish(say, ended, mover === side, `${mover === side ? "You" : "Conway"} (${mover})`);
      const key = `${mover} ${position}`;
      const drawn = mover === "Left" ? answer.play.left_drawn : answer.play.right_drawn;
      if (drawn && seen.has(key)) {
        return say("The position repeats with the same player to move, and neither side can force a win: a draw by infinite play.", "result");
      }
      const limit = answer.play.draw_after;
      if (limit && ++plies > limit) {
        return say(`${limit} moves without an end: a draw by infinite play.`, "result");
      }
      seen.add(key);
      if (mover === conway) {
        const reply = mover === "Left" ? answer.play.left_reply : answer.play.right_reply;
        const why = reply.wins ? "" : reply.draws ? " (a draw is the best here)" : " (no move wins here)";
        say(`Conway: ${reply.move}${why}`);
        return turn(reply.to, side);
      }
      moveButtons(board, moves, (m) => {
        judge(say, m.to, moves.filter((x) => x.wins), `you: ${m.move}`, moves.filter((x) => x.draws));
        turn(m.to, conway);
      });
    } catch (error) {
      say(`error: ${error.message}`, "bad");
    }
  };
  const first = document.createElement("div");
  first.className = "choices";
  say(`You play ${side}. Who moves first?`);
  for (const [label, mover] of [["I move first", side], ["Conway moves first", conway]]) {
    const b = document.createElement("button");
    b.textContent = label;
    b.addEventListener("click", () => {
      first.remove();
      turn(start, mover);
    });
    first.append(b);
  }
  play.prepend(first);
}

/** The Easy Chase from White on `white` and Black on `black`, the person playing `side`. */
function playChase(item, start, side) {
  const { board, say } = panel(item);
  const other = side === "white" ? "black" : "white";
  const solve = async (squares, toMove) =>
    await ask(`solve chase ${squares} --to-move ${toMove} --moves`, { record: false });
  const turn = async (squares, toMove, ply) => {
    board.replaceChildren();
    const picture = localPicture(`solve chase ${squares}`);
    if (picture) board.append(picture);
    try {
      const answer = await solve(squares, toMove);
      const limit = answer.play.draw_after;
      if (limit && ply >= limit) return say(`${limit} plies without a capture: a draw.`, "result");
      const now = answer.report;
      if (toMove === other) {
        const reply = answer.play.reply;
        say(`Conway: ${reply.move}`);
        if (reply.ends) {
          board.replaceChildren(localPicture(`solve chase ${reply.to}`) || "");
          return say("Conway captured your piece: you lose.", "result");
        }
        return turn(reply.to, side, ply + 1);
      }
      moveButtons(board, now.moves, (m) => {
        judge(say, m.to, now.moves.filter((x) => x.wins), `you: ${m.move}`);
        // Nothing is left to play after a capture (0 plies to it).
        if (m.plies === 0) {
          board.replaceChildren(localPicture(`solve chase ${m.to}`) || "");
          return say("You captured Conway's piece: you win.", "result");
        }
        turn(m.to, other, ply + 1);
      });
    } catch (error) {
      say(`error: ${error.message}`, "bad");
    }
  };
  say(`The Easy Chase: you play ${side === "white" ? "White (♔, one step)" : "Black (♚, one or two squares in a line)"}; White moves first.`);
  turn(start, "white", 0);
}
