// The worksheet of `conway serve` in a real browser (headless Chromium driven by
// playwright-core): games typed into cells, variables, the thermograph drawn, Cancel, a
// reload that loses nothing, and a worksheet saved in the browser opened in `conway repl`.
// Each view is photographed into target/browser-screenshots/ for a person to look at.
//
//   CONWAY_BIN=target/release/conway node --test tests/browser/
//
// Needs Chromium (CHROMIUM, default /usr/bin/chromium); run by scripts/test-all.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const conway = process.env.CONWAY_BIN || join(root, "target/release/conway");
const shots = join(root, "target/browser-screenshots");
mkdirSync(shots, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox"],
  });
});
after(async () => {
  await browser?.close();
});

/** A server on a free port, with the worksheet file `file` if given; `command` starts it
 * (by default `conway serve`). */
async function startServer(args = [], command = [conway, "serve", "--port", "0"]) {
  const server = spawn(command[0], [...command.slice(1), ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await new Promise((resolvePromise, reject) => {
    let seen = "";
    server.stdout.on("data", (chunk) => {
      seen += chunk;
      const found = seen.match(/http:\/\/[^ ]+\//);
      if (found) resolvePromise(found[0]);
    });
    server.on("exit", (code) => reject(new Error(`${command.join(" ")} exited with ${code}`)));
  });
  return { url, stop: () => server.kill() };
}

/** Runs `body(page)` on a fresh page of a fresh server (started with `args`, or by
 * `start`), loaded. */
async function withPage(args, body, start = startServer) {
  const server = await start(args);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    await page.locator("li.cell textarea").first().waitFor();
    await body(page);
  } finally {
    await page.close();
    server.stop();
  }
}

/** Types `input` into the page's last (empty) cell and waits for its answer. */
async function run(page, input) {
  const cells = page.locator("li.cell");
  // The page adds a new cell after each answer: hold on to this one by its place.
  const cell = cells.nth((await cells.count()) - 1);
  await cell.locator("textarea").fill(input);
  await cell.locator("textarea").press("Enter");
  const output = cell.locator("[data-testid=output] pre");
  await output.first().waitFor();
  return cell;
}

test("games, variables and the thermograph", async () => {
  await withPage([], async (page) => {
    const game = await run(page, "{3||2+*|1+*}");
    // A value prints on one line, as in CGSuite's worksheet; `:report on` adds its report.
    assert.match(await game.locator("pre").textContent(), /^\{3\|\|2\*\|1\*\}\s*$/);
    assert.equal(await game.locator(".thermograph svg").count(), 1);
    await run(page, "G := ^");
    const sum = await run(page, "G + G + *");
    assert.match(await sum.locator("pre").textContent(), /^\^\^\*\n/);
    // Dawson's chess (0.137) has period 34 (Winning Ways, ch. 4); the plot says so.
    const plot = await run(page, "grundy 0.137 --to 300");
    assert.match(await plot.locator(".picture svg text").textContent(), /period 34 from heap \d+/);
    const bad = await run(page, "G + H");
    assert.match(await bad.locator("pre.error").textContent(), /column 5: unknown name 'H'.*variables are G/);
    // The variables panel lists G with its value; a click puts its name into the last cell.
    await run(page, "H := {1|*}");
    const panel = page.getByRole("region", { name: "variables" });
    await panel.getByRole("button", { name: "H = {1|*}" }).waitFor();
    assert.deepEqual(await panel.getByRole("button").allTextContents(), ["G = ^", "H = {1|*}"]);
    await panel.getByRole("button", { name: "G = ^" }).click();
    assert.equal(await page.locator("li.cell textarea").last().inputValue(), "G");
    await page.locator("li.cell textarea").last().fill("");
    await page.screenshot({ path: join(shots, "worksheet.png"), fullPage: true });

    // A reload runs the same cells again: nothing is lost.
    await page.reload();
    await page.locator("li.cell").nth(4).locator("pre").waitFor();
    const inputs = await page.locator("li.cell textarea").evaluateAll((areas) => areas.map((a) => a.value));
    assert.deepEqual(inputs.slice(0, 5), ["{3||2+*|1+*}", "G := ^", "G + G + *", "grundy 0.137 --to 300", "G + H"]);
    assert.match(await page.locator("li.cell").nth(2).locator("pre").textContent(), /^\^\^\*\n/);
    await page.getByRole("region", { name: "variables" }).getByRole("button", { name: "H = {1|*}" }).waitFor();
    await page.screenshot({ path: join(shots, "after-reload.png"), fullPage: true });
    // The session remembers `:report on`: values come with their reports from then on.
    await run(page, ":report on");
    const reported = await run(page, "{3||2+*|1+*}");
    assert.match(await reported.locator("pre").textContent(), /^\{3\|\|2\*\|1\*\}\n {2}outcome: {7}L/);
  });
});

// How soon Cancel stops a cell is measured by crates/python/tests/interrupts.py; here only
// that it stops, long before the cell's minute of work ends, whatever the machine's load.
test("a long cell shows its progress and stops on Cancel", async () => {
  await withPage([], async (page) => {
    const cell = page.locator("li.cell").nth(0);
    await cell.locator("textarea").fill('domineering("......|......|......|......|......|......")');
    await cell.locator("textarea").press("Enter");
    const cancel = cell.getByRole("button", { name: "Cancel" });
    await cancel.waitFor();
    await cell.locator(".running span").filter({ hasText: /evaluating: [\d,]+ \w+/ }).waitFor();
    await page.screenshot({ path: join(shots, "running.png"), fullPage: true });
    await cancel.click();
    await cell.locator("pre.error").waitFor({ timeout: 20000 });
    assert.match(await cell.locator("pre.error").textContent(), /stopped by Cancel/);
    await page.screenshot({ path: join(shots, "cancelled.png"), fullPage: true });
  });
});

test("a worksheet saved in the browser opens in conway repl", async () => {
  const dir = mkdtempSync(join(tmpdir(), "conway-sheet-"));
  const file = join(dir, "sheet.json");
  writeFileSync(file, JSON.stringify({ format: "conway-worksheet", version: 1, cells: [] }));
  await withPage([file], async (page) => {
    await run(page, "K := {1|*} + {1|*}");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText(/saved 1 cells to/).waitFor();
    const saved = JSON.parse(readFileSync(file, "utf8"));
    assert.deepEqual(saved.cells.map((c) => c.input), ["K := {1|*} + {1|*}"]);
    const repl = spawnSync(conway, ["repl", file], { input: ":vars\nK - {1|*}\n", encoding: "utf8" });
    assert.equal(repl.status, 0, repl.stderr);
    assert.match(repl.stdout, /K = /);
    assert.match(repl.stdout, /conway> K := \{1\|\*\} \+ \{1\|\*\}/);
    assert.match(repl.stdout.split("K = ")[1], /\n\{1\|\*\}\n/);
  });
  rmSync(dir, { recursive: true, force: true });
});

test("boards: an empty 4x4 Domineering board, then a click changes the position", async () => {
  await withPage([], async (page) => {
    await page.getByRole("button", { name: "Add board" }).click();
    const cell = page.locator("li.cell").nth(0);
    await cell.locator("pre").waitFor();
    // Empty 4x4 Domineering (Berlekamp's table; CGSuite prints the same).
    assert.match(await cell.locator("pre").textContent(), /^\+-\{0,\{\{2\|0\},2Tiny\(2\)\|\{2\|0\},Miny\(2\)\}\}\n/);
    assert.equal(await cell.locator(".board td").count(), 16);
    await page.screenshot({ path: join(shots, "board-domineering.png"), fullPage: true });
    // Filling the top-left square: the input follows the board, and the value changes.
    await cell.locator('.board td[data-square="0,0"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value.startsWith('domineering("#...'));
    await cell.locator("pre").filter({ hasNotText: /^\+-\{0,\{\{2\|0\}/ }).waitFor();
    assert.equal(await cell.locator(".board td.filled").count(), 1);

    // Clobber on one row: x then o.
    await page.locator("#board-ruleset").selectOption("clobber");
    await page.locator("#board-rows").fill("1");
    await page.locator("#board-columns").fill("2");
    await page.getByRole("button", { name: "Add board" }).click();
    const clobber = page.locator("li.cell").nth(1);
    await clobber.locator("pre").waitFor();
    await clobber.locator('.board td[data-square="0,0"]').click();
    await page.waitForFunction(() => document.querySelectorAll("li.cell textarea")[1].value === 'clobber("x.")');
    await clobber.locator(".board td").nth(1).click();
    await clobber.locator(".board td").nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll("li.cell textarea")[1].value === 'clobber("xo")');
    await clobber.locator("pre").filter({ hasText: /^\*\n/ }).waitFor();
    await page.screenshot({ path: join(shots, "board-clobber.png"), fullPage: true });
  });
});

test("new boards are the server's rulesets: a Konane board, Hackenbush stalks and graphs", async () => {
  await withPage([], async (page) => {
    const offered = await page.locator("#board-ruleset option").allTextContents();
    for (const title of ["Domineering", "Konane", "Amazons", "Hackenbush stalks", "Childish Hackenbush graph"]) {
      assert.ok(offered.includes(title), `${title} in ${offered}`);
    }
    // Loopy rulesets are played on their own pages, not offered as new boards.
    assert.ok(!offered.includes("Fox and Geese"), `${offered}`);
    await page.locator("#board-ruleset").selectOption("konane");
    await page.locator("#board-rows").fill("1");
    await page.locator("#board-columns").fill("3");
    await page.getByRole("button", { name: "Add board" }).click();
    const konane = page.locator("li.cell").nth(0);
    await konane.locator("pre").waitFor();
    await konane.locator('.board td[data-square="0,0"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'konane("x..")');
    await page.locator("#board-ruleset").selectOption("hackenbush:stalks");
    await page.getByRole("button", { name: "Add board" }).click();
    await page.waitForFunction(() => document.querySelectorAll("li.cell textarea")[1]?.value === 'hackenbush("l|l|l")');
    const stalks = page.locator("li.cell").nth(1);
    await stalks.locator("pre").filter({ hasText: /^3\n/ }).waitFor();
    assert.equal(await stalks.locator(".stalks .edge").count(), 3);
    await page.locator("#board-ruleset").selectOption("hackenbush:graph");
    await page.getByRole("button", { name: "Add board" }).click();
    await page.waitForFunction(() => document.querySelectorAll("li.cell textarea")[2]?.value === 'hackenbush("0-1:l 1-2:r")');
    await page.locator("li.cell").nth(2).locator("svg.graph .edge-line").nth(1).waitFor({ state: "attached" });
  });
});

test("GenClobber's instances are drawn as boards: Kings with a square off the board", async () => {
  await withPage([], async (page) => {
    // CGSuite's GameGridTest: Kings on xox|ox. is {^^*|*,v[2]}.
    const cell = await run(page, 'kings("xox|#x.")');
    await cell.locator(".board td").first().waitFor();
    assert.equal(await cell.locator(".board td").count(), 6);
    assert.equal(await cell.locator(".board td.filled").count(), 1);
    // A click cycles a square through the registry's symbols: # becomes . (empty).
    await cell.locator('.board td[data-square="1,0"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'kings("xox|.x.")');
    await page.locator("li.cell textarea").first().fill('kings("xox|ox.")');
    await page.locator("li.cell textarea").first().press("Enter");
    await cell.locator("pre").filter({ hasText: /^\{\^\^\*\|\*,v\[2\]\}\n/ }).waitFor();
  });
});

test("Fission is drawn as a board of neutral stones, and a click edits it", async () => {
  await withPage([], async (page) => {
    // By the rules: a lone stone with empty squares above and below only is Left's one move.
    const cell = await run(page, 'fission("#.#|#x#|#.#")');
    await cell.locator(".board td").first().waitFor();
    assert.equal(await cell.locator(".board td.either").count(), 1);
    assert.equal(await cell.locator(".board td.filled").count(), 6);
    await cell.locator("pre").filter({ hasText: /^1\n/ }).waitFor();
    // A click cycles a square through the registry's symbols: # becomes . (empty), so Right
    // may split the stone sideways too: {0|0} = *.
    await cell.locator('.board td[data-square="1,0"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'fission("#.#|.x#|#.#")');
    await cell.locator('.board td[data-square="1,2"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'fission("#.#|.x.|#.#")');
    await cell.locator("pre").filter({ hasText: /^\*\n/ }).waitFor();
  });
});

test("a generic ruleset's board keeps its rules: King Dirt edited by clicks", async () => {
  await withPage([], async (page) => {
    // By the rules: Left's king steps once into the empty square (1); Right has no move.
    const cell = await run(page, 'gen_king_dirt(0, 0, "false", "x.|##")');
    await cell.locator(".board td").first().waitFor();
    assert.equal(await cell.locator(".board td.left").count(), 1);
    assert.equal(await cell.locator(".board td.filled").count(), 2);
    await cell.locator("pre").filter({ hasText: /^1\n/ }).waitFor();
    // A click cycles dirt to an empty square; the rules before the board stay as written.
    // Now the king can step twice (2).
    await cell.locator('.board td[data-square="1,1"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'gen_king_dirt(0, 0, "false", "x.|#.")');
    await cell.locator("pre").filter({ hasText: /^2\n/ }).waitFor();
  });
});

test("play Nim 3 5 7 against Conway to the end, and lose", async () => {
  await withPage([], async (page) => {
    const cell = await run(page, "solve nim 3 5 7");
    await cell.getByRole("button", { name: "Play against Conway" }).click();
    const result = cell.locator(".moves .result");
    // Take a whole heap each turn: never a winning move here, so Conway wins.
    for (let turn = 0; turn < 20 && (await result.count()) === 0; turn++) {
      const token = cell.locator(".play .token:not([disabled])").first();
      await token.waitFor({ timeout: 5000 }).catch(() => {});
      if ((await result.count()) > 0) break;
      const before = await cell.locator(".moves li").count();
      await token.click();
      // The person's move and Conway's answer, or the end.
      await page.waitForFunction(
        (moves) => document.querySelectorAll(".moves li").length >= moves + 2 || document.querySelector(".moves .result"),
        before,
      );
    }
    assert.equal(await result.textContent(), "You cannot move: you lose.");
    const moves = await cell.locator(".moves li").allTextContents();
    assert.match(moves[1], /^you: take 3 from heap 1 \(3 → 0\): not winning; take 1 from heap 1 \(3 → 2\) would have won$/);
    assert.match(moves[2], /^Conway: take/);
    // The play is not part of the worksheet: only the cell itself is.
    await page.screenshot({ path: join(shots, "play-nim.png"), fullPage: true });
  });
});

test("a pasted bimatrix game: every equilibrium in a table, by component", async () => {
  await withPage([], async (page) => {
    const cell = await run(page, 'nash --a "3 3; 2 5; 0 6" --b "3 2; 2 6; 3 1" --components');
    // von Stengel's 3x2 example (Handbook of Game Theory 3, ch. 45): three equilibria.
    const rows = await cell.locator("table.equilibria tbody tr").allTextContents();
    assert.deepEqual(rows, ["1(1, 0, 0)(1, 0)1", "2(0, 1/3, 2/3)(1/3, 2/3)2", "3(4/5, 1/5, 0)(2/3, 1/3)3"]);
    // A pasted symmetric .nfg file: Hawk-Dove with V = 2, C = 4 (Maynard Smith and Price,
    // 1973); beside its equilibria, the ESS verdicts: the mix V/C = 1/2 is the ESS.
    const pasted = await run(page, 'NFG 1 R "hawk-dove" { "1" "2" } { 2 2 }\n-1 -1 0 2 2 0 1 1\n');
    const verdicts = await pasted.locator("table.ess tbody tr").allTextContents();
    assert.deepEqual(verdicts, ["1(1/2, 1/2)yes"]);
    // `ess` cells get the table too, with why each candidate fails.
    const ess = await run(page, 'ess --a "2 0; 0 1"');
    const table = await ess.locator("table.ess tbody tr").allTextContents();
    assert.deepEqual(table, [
      "1(1, 0)yes",
      "2(0, 1)yes",
      "3(1/3, 2/3)noa mutant on the support does as well and is not beaten back",
    ]);
    await page.screenshot({ path: join(shots, "nash-table.png"), fullPage: true });
  });
});

test("Hackenbush stalks: recolour, grow and cut edges with clicks", async () => {
  await withPage([], async (page) => {
    const cell = await run(page, 'hackenbush("lr|e")');
    const value = () => cell.locator("pre").first().textContent();
    assert.match(await value(), /^1\/2\*\n/); // blue-red is 1/2, a green edge is *
    const input = () => page.locator("li.cell textarea").first().inputValue();
    const waitFor = (text) => page.waitForFunction((t) => document.querySelector("li.cell textarea").value === t, text);
    await cell.locator('.edge[data-edge="1,0"]').click(); // green -> blue
    await waitFor('hackenbush("lr|l")');
    await cell.locator("pre").filter({ hasText: /^3\/2\n/ }).waitFor();
    await cell.getByRole("button", { name: "grow stalk 2" }).click();
    await waitFor('hackenbush("lr|ll")');
    await cell.locator("pre").filter({ hasText: /^5\/2\n/ }).waitFor();
    await cell.locator('.edge[data-edge="0,1"]').click({ modifiers: ["Shift"] }); // cut the red edge
    await waitFor('hackenbush("l|ll")');
    await cell.locator("pre").filter({ hasText: /^3\n/ }).waitFor();
    assert.equal(await input(), 'hackenbush("l|ll")');
    await page.screenshot({ path: join(shots, "hackenbush.png"), fullPage: true });
  });
});

test("the Easy Chase: clicks move White and Black, and the answer follows", async () => {
  await withPage([], async (page) => {
    const cell = await run(page, "solve chase 4 1 1 4 4");
    assert.match(await cell.locator("pre").first().textContent(), /^black wins in 8 plies/);
    // The server draws the board; a click puts White on a square, Shift+click Black.
    await cell.locator(".board.drawn td").first().waitFor();
    assert.equal(await cell.locator(".board.drawn td").count(), 16);
    await cell.locator('.board.drawn td[data-square="3,4"]').click(); // White beside Black
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === "solve chase 4 3 4 4 4");
    await cell.locator("pre").filter({ hasText: /^white wins in 1 ply/ }).waitFor();
    await cell.locator('.board.drawn td[data-square="1,1"]').click({ modifiers: ["Shift"] }); // Black away
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === "solve chase 4 3 4 1 1");
    await cell.locator("pre").filter({ hasText: /^black wins in 10 plies/ }).waitFor();
    await page.screenshot({ path: join(shots, "chase.png"), fullPage: true });
  });
});

test("winning moves are outlined on the board: Left's blue, Right's red", async () => {
  await withPage([], async (page) => {
    // 2x3 Domineering is {2|-1/2}: Left's only winning move is the middle column (b1-b2),
    // which leaves two columns only Left can use; every Right move wins for Right.
    await run(page, ":report on");
    const cell = await run(page, 'domineering("...|...")');
    assert.match(await cell.locator("pre").textContent(), /^\{2\|-1\/2\}\n/);
    await cell.locator(".board td.win-left").first().waitFor();
    const marked = (side) =>
      cell.locator(`.board td.win-${side}`).evaluateAll((cells) => cells.map((c) => c.dataset.square).sort());
    assert.deepEqual(await marked("left"), ["0,1", "1,1"]);
    assert.equal((await marked("right")).length, 6);
    assert.match(await cell.locator("pre").textContent(), /Left places a vertical domino on b1–b2/);
    await page.screenshot({ path: join(shots, "board-winning-moves.png"), fullPage: true });
  });
});

/**
 * Plays a cell's game against Conway from the button named `start` (then the button named
 * `then`, if given), always taking the first move offered, to the end (at most `turns` moves).
 */
async function playFirstMoves(cell, start = "Play against Conway", turns = 20, then = null) {
  await cell.getByRole("button", { name: start }).click();
  if (then) await cell.getByRole("button", { name: then }).click();
  const result = cell.locator(".moves .result");
  for (let turn = 0; turn < turns && (await result.count()) === 0; turn++) {
    const choice = cell.locator(".choice:not([disabled])").first();
    await Promise.race([choice.waitFor(), result.waitFor()]);
    if ((await result.count()) > 0) break;
    await choice.click();
  }
  await result.waitFor();
  return { result: await result.textContent(), moves: await cell.locator(".moves li").allTextContents() };
}

test("a board too large for its value: who wins by search, the winning first moves marked", async () => {
  await withPage([], async (page) => {
    // The empty 7x7 Domineering board (49 squares, past the value's 36) is a first-player
    // win; the search tries b1-b2 first for Left and a2-b2 first for Right, and both win.
    const rows = Array(7).fill(".......").join("|");
    const cell = await run(page, `domineering("${rows}")`);
    await cell.locator(".searched").waitFor();
    assert.match(await cell.locator(".searched").textContent(), /value is out of reach .*more than the limit of 36/);
    const text = await cell.locator("pre").textContent();
    assert.match(text, /^N\n  Left first: Left wins, e\.g\. Left places a vertical domino on b1–b2\n/);
    assert.match(text, /Right first: Right wins, e\.g\. Right places a horizontal domino on a2–b2/);
    await cell.locator(".board td.win-right").first().waitFor();
    const marked = (side) =>
      cell.locator(`.board td.win-${side}`).evaluateAll((cells) => cells.map((c) => c.dataset.square).sort());
    assert.deepEqual(await marked("left"), ["0,1", "1,1"]);
    assert.deepEqual(await marked("right"), ["1,0", "1,1"]);
    await page.screenshot({ path: join(shots, "board-searched.png"), fullPage: true });
  });
});

test("play a heap game against Conway from a lost position, and lose", async () => {
  await withPage([], async (page) => {
    // S(1,2) on a heap of 3: a multiple of 3 is lost for the player to move.
    const { result, moves } = await playFirstMoves(await run(page, "solve heap S(1,2) 3"));
    assert.equal(result, "You cannot move: you lose.");
    assert.match(moves[1], /^you: remove 1 token from heap 1 of 3, leaving a heap of 2: no move wins here$/);
    assert.match(moves[2], /^Conway: remove 2 tokens from heap 1 of 2/);
    await page.screenshot({ path: join(shots, "play-heap.png"), fullPage: true });
  });
});

test("the catalogue's games are played from their listed moves: Wythoff lost, misère Nim won", async () => {
  await withPage([], async (page) => {
    // (1, 2) is Wythoff's first P-position: every move loses against perfect play.
    const wythoff = await playFirstMoves(await run(page, "solve wythoff 1 2"));
    assert.equal(wythoff.result, "You cannot move: you lose.");
    assert.equal(wythoff.moves[1], "you: take 1 from heap 1 (1 → 0): no move wins here");
    assert.match(wythoff.moves[2], /^Conway: take 2 from heap 2 \(2 → 0\)$/);
    // Misère Nim 1 1: after one stone each, the player left without a move has won.
    const misere = await playFirstMoves(await run(page, "solve misere-nim 1 1"));
    assert.equal(misere.moves[1], "you: take 1 from heap 1 (1 → 0): a winning move");
    assert.match(misere.moves[2], /^Conway: take 1 from heap 2 \(1 → 0\) \(no move wins here\)$/);
    assert.equal(misere.result, "You cannot move (and that wins here): you win.");
    // A game with its own settings keeps them from move to move.
    const fibonacci = await playFirstMoves(await run(page, "solve fibonacci-nim 5 --max-take 1"));
    assert.equal(fibonacci.result, "You cannot move: you lose.");
    // A heap too big for tokens or for a whole list: the first 1,000 moves, and the winning
    // move beside them.
    const big = await run(page, "solve nim 1000000000000000000000 5");
    await big.getByRole("button", { name: "Play against Conway" }).click();
    const winning = big.locator(".choice").last();
    await winning.waitFor();
    assert.equal(await big.locator(".choice").count(), 1001);
    assert.equal(await winning.textContent(), "take 999999999999999999995 from heap 1 (1000000000000000000000 → 5)");
    await winning.click();
    await big.locator(".moves .good").waitFor();
    await page.screenshot({ path: join(shots, "play-catalogue.png"), fullPage: true });
  });
});

test("play Domineering as Left against Conway, and win", async () => {
  await withPage([], async (page) => {
    // On 2x2 each first move leaves the other column to the mover alone: the mover wins.
    const cell = await run(page, 'domineering("..|..")');
    await cell.getByRole("button", { name: "Play as Left against Conway" }).click();
    await cell.getByRole("button", { name: "I move first" }).click();
    await cell.locator(".choice").first().click();
    const result = cell.locator(".moves .result");
    await result.waitFor();
    assert.equal(await result.textContent(), "Conway (Right) cannot move: you win.");
    const moves = await cell.locator(".moves li").allTextContents();
    assert.match(moves[1], /^you: Left places a vertical domino on a1–a2: a winning move$/);
    assert.equal(await cell.locator(".play .board td.filled").count(), 2);
    await page.screenshot({ path: join(shots, "play-domineering.png"), fullPage: true });
  });
});

test("the Easy Chase: winning squares outlined, and a game against Conway lost as White", async () => {
  await withPage([], async (page) => {
    // Adjacent pieces, White to move: White captures at once by stepping onto (2,3).
    const adjacent = await run(page, "solve chase 4 2 2 2 3 --moves");
    await adjacent.locator(".board td.win-left").first().waitFor();
    const marked = await adjacent.locator(".board td.win-left").evaluateAll((cells) => cells.map((c) => c.dataset.square));
    assert.deepEqual(marked, ["2,3"]);
    // On 3x3 with the pieces in opposite corners Black wins (in 6 plies): as White, lose.
    const cell = await run(page, "solve chase 3 1 1 3 3");
    const { result, moves } = await playFirstMoves(cell, "Play White against Conway", 10);
    assert.equal(result, "You cannot move (captured): you lose.");
    assert.match(moves[1], /^you: White \(1,1\)→\(\d,\d\): no move wins here$/);
    assert.match(moves[2], /^Conway: Black \(3,3\)→/);
    await page.screenshot({ path: join(shots, "play-chase.png"), fullPage: true });
  });
});

test("a Hackenbush graph: drawn, edited by clicks, its winning cuts marked", async () => {
  await withPage([], async (page) => {
    // A blue edge on the ground, a red one above, a green one back to the ground: 1/2*.
    const cell = await run(page, 'hackenbush("0-1:l 1-2:r 2-0:e")');
    assert.match(await cell.locator("pre").textContent(), /^1\/2\*\n/);
    assert.equal(await cell.locator("svg.graph .edge-line").count(), 3);
    // Left's only winning move cuts the green edge 0-2 (leaving 1/2).
    await cell.locator('svg.graph [data-ends="0-2"].win-left').waitFor({ state: "attached" });
    // Recolour the green edge (third) to blue: then 0-1:l 1-2:r 0-2:l.
    await cell.locator('svg.graph [data-edge="2"]').click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'hackenbush("0-1:l 1-2:r 2-0:l")');
    await cell.locator("pre").filter({ hasNotText: /^1\/2\*/ }).waitFor();
    // Grow an edge from vertex 2 to a new vertex 3.
    await cell.locator('svg.graph circle.vertex[data-vertex="2"]').click();
    await cell.getByRole("button", { name: "grow" }).click();
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'hackenbush("0-1:l 1-2:r 2-0:l 2-3:l")');
    // Shift+click the ground edge 0-1: vertex 1 hangs on through 1-2, nothing falls.
    await cell.locator("pre").first().waitFor();
    // (A vertical line has an empty bounding box, which Playwright will not click.)
    await cell.locator('svg.graph [data-edge="0"]').dispatchEvent("click", { shiftKey: true });
    await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'hackenbush("1-2:r 2-0:l 2-3:l")');
    await page.screenshot({ path: join(shots, "hackenbush-graph.png"), fullPage: true });
  });
});

test("Backsliding Toads and Frogs: a draw by infinite play against Conway", async () => {
  await withPage([], async (page) => {
    // ff..tt is dud (CGSuite's value for it too): the toads face the wall on the right and the
    // frogs on the left, so with best play each side only slides back and forth.
    const cell = await run(page, 'backsliding_toads_and_frogs("ff..tt")');
    assert.match(await cell.locator("pre").textContent(), /^dud\s*$/);
    assert.equal(await cell.locator(".board td.left").count(), 2);
    await cell.getByRole("button", { name: "Play as Left against Conway" }).click();
    await cell.getByRole("button", { name: "I move first" }).click();
    // The person plays as well as Conway: a drawing move each turn, as the CLI lists them.
    const result = cell.locator(".moves .result");
    for (let turn = 0; turn < 40 && (await result.count()) === 0; turn++) {
      const choices = cell.locator(".choice:not([disabled])");
      await Promise.race([choices.first().waitFor(), result.waitFor()]);
      if ((await result.count()) > 0) break;
      const position = await cell.locator(".play .position p").textContent();
      const listed = spawnSync(conway, ["eval", "--json", position], { encoding: "utf8" });
      const drawing = JSON.parse(listed.stdout).left_moves.find((m) => m.draws);
      await choices.filter({ hasText: drawing.move }).first().click();
    }
    await result.waitFor();
    assert.match(await result.textContent(), /a draw by infinite play/);
    const moves = await cell.locator(".moves li").allTextContents();
    assert.ok(moves.some((m) => /^you: Left slides the toad .*: a drawing move/.test(m)), moves.join("\n"));
    assert.ok(moves.some((m) => /^Conway: Right slides the frog .* \(a draw is the best here\)$/.test(m)));
    await page.screenshot({ path: join(shots, "play-backsliding-draw.png"), fullPage: true });
  });
});

test("Fox and Geese: a checkered board, the geese's winning moves marked, the fox trapped", async () => {
  await withPage([], async (page) => {
    // CGSuite's GameGridTest: geese on (3,1) (3,3) (3,5) (3,7), fox on (1,1) is {6|2over}.
    const cell = await run(page, 'fox_and_geese("x.x.x.x.|........|o.......")');
    assert.match(await cell.locator("pre").textContent(), /^\{6\|2over\}\s*$/);
    assert.equal(await cell.locator(".board td.dark").count(), 12);
    assert.equal(await cell.locator(".board td.left").count(), 4);
    await cell.locator(".board td.win-left").first().waitFor();
    // The fox, moving first, loses: Conway's geese close in as fast as they can.
    const { result } = await playFirstMoves(cell, "Play as Right against Conway", 40, "I move first");
    assert.equal(result, "You (Right) cannot move: you lose.");
    await page.screenshot({ path: join(shots, "play-fox-and-geese.png"), fullPage: true });
  });
});

test("a loopy game is drawn as its graph: named positions, Left's moves blue, a pass a loop", async () => {
  await withPage([], async (page) => {
    // CGSuite's a{0||||0|||a|*||*}: four loopy positions, one move back up to the start.
    const cell = await run(page, "x{0||||0|||x|*||*}");
    assert.match(await cell.locator("pre").textContent(), /^a\{0\|\|\|\|0\|\|\|a\|\*\|\|\*\}\s*$/);
    const graph = cell.locator(".picture svg.loopy-graph");
    await graph.waitFor();
    assert.equal(await graph.locator("[data-position]").count(), 4);
    assert.ok((await graph.locator('[data-move="left"]').count()) >= 3);
    // dud's two sides: on (a Left pass) and off (a Right pass), one panel each.
    const dud = await run(page, "on + off");
    const sides = dud.locator(".picture svg.loopy-graph");
    await sides.waitFor();
    assert.deepEqual(await sides.locator("text[font-style=italic]").allTextContents(), ["onside", "offside"]);
    await page.screenshot({ path: join(shots, "loopy-graph.png"), fullPage: true });
  });
});

// The Python package's worksheet (`conway.serve()`), whose cells name rulesets written in
// Python: the venv's Python (CONWAY_PYTHON) with the package installed.
const python = process.env.CONWAY_PYTHON || join(root, "target/python-venv/bin/python");
const servePython = (args) => startServer(args, [python, join(root, "tests/browser/own_ruleset.py")]);

test("a ruleset written in Python: its board drawn, edited by clicks, played against Conway", async () => {
  await withPage(
    [],
    async (page) => {
      const offered = await page.locator("#board-ruleset option").allTextContents();
      assert.ok(offered.includes("py_clobber"), `py_clobber in ${offered}`);
      // Clobber's value, found by the Python ruleset's own moves.
      const cell = await run(page, 'py_clobber("xo.|.ox")');
      await cell.locator("pre").filter({ hasText: /^0\n/ }).waitFor();
      assert.equal(await cell.locator(".board td").count(), 6);
      assert.equal(await cell.locator(".board td.left").count(), 2);
      await page.screenshot({ path: join(shots, "own-ruleset-clobber.png"), fullPage: true });
      // A click cycles the empty corner through x: the input and the value follow.
      await cell.locator('.board td[data-square="0,2"]').click();
      await page.waitForFunction(() => document.querySelector("li.cell textarea").value === 'py_clobber("xox|.ox")');
      await cell.locator("pre").filter({ hasNotText: /^0\n/ }).waitFor();
      // 1x2: whoever moves first wins; as Left moving first, Conway (Right) cannot answer.
      const game = await run(page, 'py_clobber("xo")');
      await game.getByRole("button", { name: "Play as Left against Conway" }).click();
      await game.getByRole("button", { name: "I move first" }).click();
      await game.locator(".choice").first().click();
      const result = game.locator(".moves .result");
      await result.waitFor();
      assert.equal(await result.textContent(), "Conway (Right) cannot move: you win.");
    },
    servePython,
  );
});
