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
// - A game the server draws (`play.drawing`: Nim's tokens in `solve nim 3 5 7`, the board of
//   `solve chase 4 1 1 4 4`): click the square the server names for a move; where a person
//   may play either side, choose one.
// - Every other game whose moves are listed (`solve wythoff 3 5`,
//   `solve heap 0.137 5 7 --misere`, `solve tartan HT/TH`, `solve divisors 12`): pick a move
//   from the list `--moves` gives; each move names the command for the position after it.
// - Ruleset positions and sums of them (`domineering("....|....")`, `clobber("xo") + *`):
//   choose Left or Right and who starts, then pick moves from the list; the board is drawn
//   after each move. In a loopy ruleset (`fox_and_geese(…)`, `backsliding_toads_and_frogs(…)`)
//   a position that comes back with the same player to move and no win for either side is a
//   draw by infinite play.

import { ask } from "./api.js";
import { drawingPicture, positionPicture } from "./boards.js";

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
  const drawing = play.drawing;
  if (drawing?.players) {
    drawing.players.forEach((side, i) => button(`Play ${side} against Conway`, () => playDrawn(item, drawing, side, i === 0)));
    return;
  }
  if (drawing) return button("Play against Conway", () => playDrawn(item, drawing, null, true));
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

/**
 * A game the server draws, from the position `start` draws, the person playing `side` (or
 * the only side, when none is named) and moving first or not. Each turn the server draws
 * the position and names each move's square; a click there (or on the move in the list)
 * makes the move.
 */
function playDrawn(item, start, side, first) {
  const { board, say } = panel(item);
  const solve = async (command) => await ask(`${command} --moves`, { record: false });
  // A move that ends play (a capture) leaves nothing to ask about: its `ended` says how.
  const over = (ended, you) => {
    const mover = you ? "You" : "Conway";
    say(`${mover} ${ended.why}${ended.mover_wins ? " (and that wins here)" : ""}: ${you === ended.mover_wins ? "you win." : "you lose."}`, "result");
  };
  const turn = async (command, yours, ply) => {
    try {
      const answer = await solve(command);
      const drawing = answer.play?.drawing;
      if (!drawing) return say("Conway cannot draw this position", "bad");
      if (answer.play.ended) {
        board.replaceChildren(drawingPicture(drawing));
        return over(answer.play.ended, yours);
      }
      const limit = answer.play.draw_after;
      if (limit && ply >= limit) return say(`${limit} plies without an end: a draw.`, "result");
      if (!yours) {
        board.replaceChildren(drawingPicture(drawing, { play: () => {}, waiting: true }));
        const reply = answer.play.reply;
        const move = drawing.clicks.find((m) => m.to === reply.to);
        say(`Conway: ${reply.move}${reply.wins || reply.draws ? "" : " (no move wins here)"}`);
        if (!move) return say("error: Conway's move is not on the board", "bad");
        if (move.ended) return over(move.ended, true);
        return turn(move.command, true, ply + 1);
      }
      const play = (m) => {
        board.replaceChildren(drawingPicture(drawing, { play: () => {}, waiting: true }));
        judge(say, m.to, drawing.clicks.filter((x) => x.wins), `you: ${m.move}`);
        if (m.ended) return over(m.ended, false);
        turn(m.command, false, ply + 1);
      };
      // The moves are listed too, for a keyboard and a screen reader.
      board.replaceChildren(drawingPicture(drawing, { play }));
      moveButtons(board, drawing.clicks, play);
    } catch (error) {
      say(`error: ${error.message}`, "bad");
    }
  };
  const players = start.players;
  say(`${side ? `You play ${side}; ${players[0]} moves first.` : "You move first."} ${start.how_to_move}`);
  turn(start.command, first, 0);
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
