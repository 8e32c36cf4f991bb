// No move lost in any timing: a reload, a crash and another tab's move
// 0–200 ms after a move. The game's journal entry is written in the move's
// own task, before the move is painted; its address (with the game's place
// in the library) and the library's copy in the next task.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture, readBoard, started } from '../helpers.mjs';

const shared = fixture();
const DELAYS = [0, 50, 100, 150, 200];

async function move(page, from, to) {
  await page.click(`[data-cell="${from}"]`);
  await page.click(`[data-cell="${to}"]`);
}

/** My games' rows, as text, in `page`. */
async function myGames(page) {
  await page.goto(`${shared.server.url}?games`);
  await started(page);
  await page.waitForSelector('.games-line:not(:empty)');
  return page.$$eval('.games-list li', (rows) => rows.map((r) => r.textContent));
}

/** A new Lines of Action game in a fresh context, its first move (b1-b3) made `delay` ms ago. */
async function firstMove(delay) {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await move(page, 'b1', 'b3');
  await page.waitForTimeout(delay);
  return { context, page };
}

test('a reload 0–200 ms after a move keeps the move and the game: playing on makes no second game', async () => {
  for (const delay of DELAYS) {
    const { context, page } = await firstMove(delay);
    await page.reload();
    await readBoard(page);
    assert.match(page.url(), /moves=b1-b3/, `${delay} ms: the move is in the address after the reload`);
    assert.match(await page.textContent('.move-list'), /b1-b3/, `${delay} ms: and on the board`);
    await move(page, 'a2', 'c2');
    await page.waitForURL(/a2-c2/);
    await page.waitForTimeout(300);
    const rows = await myGames(page);
    assert.equal(rows.length, 1, `${delay} ms: one game, not two:\n${rows.join('\n')}`);
    assert.match(rows[0], /2 moves/, `${delay} ms: ${rows[0]}`);
    await context.close();
  }
});

test('a renderer crash 0–200 ms after a move, a new game\'s first move included, loses nothing', async () => {
  for (const delay of DELAYS) {
    const { context, page } = await firstMove(delay);
    const crash = new Promise((resolve) => page.once('crash', () => resolve(true)));
    page.goto('chrome://crash').catch(() => {});
    assert.equal(await Promise.race([crash, new Promise((r) => setTimeout(() => r(false), 5_000))]), true);
    const next = await context.newPage();
    const rows = await myGames(next);
    assert.ok(rows.some((r) => /Lines of Action.*1 move/.test(r)), `${delay} ms:\n${rows.join('\n')}`);
    await context.close();
  }
});

/**
 * In the page: a move by two presses in one task; whether it was made and
 * written (the journal in that task, the address in the next: checked by
 * a task queued after it).
 */
async function play([from, to, at = 0]) {
  // Both tabs may be told to press at one agreed instant (`at`, ms since the epoch).
  await new Promise((next) => setTimeout(next, Math.max(0, at - Date.now())));
  // (A tab drawing another tab's move anew has no board for a moment: no move.)
  const cell = (name) => document.querySelector(`#board [data-cell="${name}"]`);
  if (!cell(from) || !cell(to)) return false;
  cell(from).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  cell(to).dispatchEvent(new MouseEvent('click', { bubbles: true }));
  await new Promise((next) => setTimeout(next, 0));
  return location.search.includes(`${from}-${to}`);
}

/** Two tabs on one game after b1-b3 (the second opened from My games); `then(a, b)`; the game as a third tab reads it. */
async function twoTabs(then) {
  const { context, page: a } = await firstMove(300);
  const b = await context.newPage();
  await myGames(b);
  await b.click('.games-list button[data-open]');
  await b.waitForSelector('#board [data-cell]');
  await b.waitForSelector('.move-list button:has-text("b1-b3")');
  const result = await then(a, b);
  await a.waitForTimeout(1_000);
  const c = await context.newPage();
  await myGames(c);
  await c.click('.games-list button[data-open]');
  await c.waitForSelector('.move-list button:has-text("b1-b3")');
  const list = await c.textContent('.move-list');
  await context.close();
  return { ...result, list };
}

test('one game in two tabs: two moves made at the same moment are both kept, one as a variation', async () => {
  // Both tabs press at one agreed instant. On a busy machine one tab may
  // still have followed the other's move first (then its move cannot be
  // made, and there is nothing to keep): such a try is played again.
  const tries = [];
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const { first, second, list } = await twoTabs(async (a, b) => {
      const at = Date.now() + 400;
      const [first, second] = await Promise.all([
        a.evaluate(play, ['a2', 'c2', at]),
        b.evaluate(play, ['h2', 'f2', at]),
      ]);
      return { first, second };
    });
    tries.push({ first, second });
    if (first) assert.match(list, /a2-c2/, `the first tab's move: ${list}`);
    if (second) assert.match(list, /h2-f2/, `the second tab's move: ${list}`);
    if (first && second) return;
  }
  assert.fail(`the two moves were never made at one moment in ${tries.length} tries: ${JSON.stringify(tries)}`);
});

test('one game in two tabs, the second tab moving 0–200 ms after the first: every move made is kept', async () => {
  for (const delay of DELAYS) {
    const { first, second, list } = await twoTabs(async (a, b) => {
      const first = await a.evaluate(play, ['a2', 'c2']);
      if (delay > 0) await b.waitForTimeout(delay);
      // A tab that has followed the other's move cannot make this one (it
      // is Black's turn there): then there is no move to keep.
      return { first, second: await b.evaluate(play, ['h2', 'f2']) };
    });
    assert.ok(first, `${delay} ms: the first tab's move made and written in its task`);
    assert.match(list, /a2-c2/, `${delay} ms: the first tab's move: ${list}`);
    if (second) assert.match(list, /h2-f2/, `${delay} ms: the second tab's move, made, is kept: ${list}`);
  }
});

test('a game deleted, another tab opened meanwhile, then Undo: the game is back', async () => {
  const { context, page } = await firstMove(300);
  await myGames(page);
  await page.click('.games-list li:first-child button[data-delete]');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 0);
  // Another tab of the app starts (its library opens) before the Undo.
  const other = await context.newPage();
  await other.goto(shared.server.url);
  await started(other);
  await other.waitForTimeout(500);
  await page.click('.deleted button:has-text("Undo")');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 1);
  assert.equal(await page.$('.notice:has-text("no longer")'), null, 'no "no longer in the library"');
  // And it stays: a third tab's library, opening, keeps it.
  const third = await context.newPage();
  const rows = await myGames(third);
  assert.equal(rows.length, 1, rows.join('\n'));
  await context.close();
});

test("a backup's game with the id of another game here is kept beside it: two games are never one", async () => {
  const { context, page } = await firstMove(300);
  await myGames(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[data-action="export-all"]')]);
  const backup = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(backup.games.length, 1);
  // A crafted backup: the same id, another game.
  const crafted = structuredClone(backup);
  crafted.games[0].text = '?game=attract:size=8&moves=d4';
  await page.setInputFiles('#import-backup', { name: 'b.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(crafted)) });
  await page.waitForSelector('.notice:has-text("kept beside it, as a game of its own")');
  const rows = await myGames(page);
  assert.equal(rows.length, 2, rows.join('\n'));
  assert.ok(rows.some((r) => /Lines of Action.*1 move/.test(r)), rows.join('\n'));
  assert.ok(rows.some((r) => /Attract.*1 move/.test(r)), rows.join('\n'));
  await context.close();
});
