// A player's way in: the home page's *Play the computer* and *Play a friend*
// with the choices remembered, the players named on the play page, and the
// computer's variety (a random seed per game, kept in the link).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard } from '../helpers.mjs';

const shared = fixture();

const players = (page) => page.textContent('[data-testid="players"]');
const moves = (page) => page.$$eval('.move-list .move', (m) => m.map((x) => x.textContent));

test('the home page starts a game against the computer at the level and colour chosen, and remembers them', async () => {
  const { page, errors } = await open(shared.browser, shared.server.url);
  await page.waitForSelector('.cards');
  await page.selectOption('#home-level', '3');
  await page.click('label[for="side-white"]');
  await page.click('button[aria-label="Play the computer: Lines of Action"]');
  await readBoard(page);
  await page.waitForURL(/game=loa&.*x=ai:3/);
  assert.doesNotMatch(page.url(), /o=ai/);
  assert.match(await players(page), /Computer, level 3 \(Black\)\s*—\s*You \(White\)/);
  // The board faces the person: White's first row at the bottom.
  const y = (cell) => page.$eval(`[data-cell="${cell}"]`, (c) => c.getBoundingClientRect().y);
  assert.ok((await y('a1')) < (await y('a8')), 'seen from White');
  // The computer, Black, moves first; then it is the person's turn, marked.
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 1, null, { timeout: 10_000 });
  assert.equal(await page.textContent('.players .turn'), 'You (White)');
  // Back home: the level and the colour are as chosen.
  await page.click('.brand');
  await page.waitForSelector('.cards');
  assert.equal(await page.$eval('#home-level', (s) => s.value), '3');
  assert.ok(await page.$eval('#side-white', (r) => r.checked));
  // A random colour stays random, game after game.
  await page.click('label[for="side-random"]');
  await page.click('button[aria-label="Play the computer: Attract"]');
  await readBoard(page);
  await page.waitForURL(/game=attract&.*(x|o)=ai:3/);
  await page.click('.brand');
  assert.ok(await page.$eval('#side-random', (r) => r.checked));
  assert.deepEqual(errors, []);
  await page.close();
});

test('Play a friend starts two people at one screen with the rule options last chosen', async () => {
  const { page, errors } = await open(shared.browser, shared.server.url);
  await page.waitForSelector('.cards');
  await page.click('button[aria-label="Options: Forms"]');
  await page.selectOption('#option-rules', 'advanced');
  await page.selectOption('#option-size', '8');
  await page.click('.dialog button:has-text("Start game")');
  await readBoard(page);
  await page.waitForURL(/game=forms:rules=advanced,size=8/);
  await page.click('.brand');
  // The card says which options its buttons use.
  assert.match(await page.textContent('.card[data-game="forms"] .card-options'), /Advanced rules \(2011\), 8 × 8 board/);
  await page.click('button[aria-label="Play a friend at this screen: Forms"]');
  await readBoard(page);
  await page.waitForURL(/game=forms:rules=advanced,size=8/);
  assert.doesNotMatch(page.url(), /ai:/);
  assert.match(await players(page), /Two players at this screen:\s*Black\s*—\s*White/);
  assert.equal(await page.textContent('.players .turn'), 'Black');
  assert.deepEqual(errors, []);
  await page.close();
});

test("a card's Options… start from the home page's choice of players: the computer at its level, the colour chosen", async () => {
  const { page, errors } = await open(shared.browser, shared.server.url);
  await page.waitForSelector('.cards');
  await page.selectOption('#home-level', '2');
  await page.click('label[for="side-black"]');
  await page.click('button[aria-label="Options: Forms"]');
  assert.equal(await page.$eval('#seat-x', (s) => s.value), 'human');
  assert.equal(await page.$eval('#seat-o', (s) => s.value), 'ai:2');
  await page.selectOption('#option-size', '10');
  await page.click('.dialog button:has-text("Start game")');
  await readBoard(page);
  await page.waitForURL(/game=forms:[^&]*size=10/);
  assert.match(page.url(), /o=ai:2/);
  assert.doesNotMatch(page.url(), /x=ai/);
  assert.match(await players(page), /You \(Black\)\s*—\s*Computer, level 2 \(White\)/);
  // Back home, the card's picture is of the options chosen: a 10 × 10 board.
  await page.click('.brand');
  await page.waitForSelector('.cards');
  assert.match(await page.getAttribute('#card-board-forms', 'data-spec'), /size=10/);
  const boxes = await page.$$eval('.card-board svg', (s) => s.map((x) => x.getAttribute('viewBox')));
  const loaBox = boxes[3].split(' ').map(Number);
  const formsBox = boxes[1].split(' ').map(Number);
  assert.ok(formsBox[2] / loaBox[2] > 1.1 && formsBox[2] / loaBox[2] < 1.4, `10 against 8 squares: ${boxes}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the new-game dialog names each level briefly and describes the one chosen beside it', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.click('button:has-text("New game")');
  const names = await page.$$eval('#seat-o option', (o) => o.map((x) => x.textContent));
  assert.deepEqual(names.slice(0, 2), ['Human', 'Computer 1 · Beginner']);
  assert.equal(names.at(-1), 'A friend, by link');
  assert.ok(names.every((n) => n.length <= 22), names.join(', '));
  await page.selectOption('#seat-o', 'ai:4');
  assert.match(await page.textContent('#seat-o-help'), /Expert: about 1 second/);
  await page.close();
});

/** A computer-against-computer game at `level` to `plies` plies in a fresh context: its seed and moves. */
async function computerGame(url, plies) {
  const { page, errors } = await open(shared.browser, url);
  await readBoard(page);
  await page.selectOption('#pace', '100');
  await page.waitForFunction((n) => document.querySelectorAll('.move-list .move').length >= n, plies, { timeout: 30_000 });
  await page.waitForURL(/seed=[0-9a-f]{16}/);
  const seed = new URL(page.url()).searchParams.get('seed');
  const line = (await moves(page)).slice(0, plies).join(' ');
  assert.deepEqual(errors, []);
  await page.close();
  return { seed, line };
}

for (const level of [1, 2, 3]) {
  test(`level ${level}: fresh browsers get different games; the same seed in a link replays the same game`, async () => {
    const url = `${shared.server.url}?game=loa&x=ai:${level}&o=ai:${level}`;
    const games = [];
    for (let i = 0; i < 4; i++) games.push(await computerGame(url, 6));
    assert.equal(new Set(games.map((g) => g.seed)).size, 4, 'a seed of its own for each game');
    // Each level plays many different lines in 20 games (docs/lab/variety.md): four identical games would be a bug.
    assert.ok(new Set(games.map((g) => g.line)).size > 1, games.map((g) => g.line).join('\n'));
    const again = await computerGame(`${url}&seed=${games[0].seed}`, 6);
    assert.equal(again.line, games[0].line);
    assert.equal(again.seed, games[0].seed);
  });
}

test('a new game says how to move until the first move, and an empty game is never offered to continue', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  assert.match(await page.textContent('.move-hint'), /Press a piece, then one of its marked cells/);
  await page.fill('#move-input', 'b1-b3');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('.move-hint', { state: 'detached' });
  // Opening a play page and leaving it offers nothing to continue…
  const fresh = await open(shared.browser, `${shared.server.url}?game=attract`);
  await readBoard(fresh.page);
  assert.match(await fresh.page.textContent('.move-hint'), /Press an empty cell/);
  await fresh.page.waitForTimeout(400); // (a game is written shortly after a change)
  await fresh.page.click('.brand');
  await fresh.page.waitForSelector('.cards');
  await fresh.page.waitForTimeout(500); // the library answers
  assert.equal(await fresh.page.$('.continue li'), null);
  // …a game with a move is offered.
  await fresh.page.click('button[aria-label="Play a friend at this screen: Attract"]');
  await readBoard(fresh.page);
  await fresh.page.click('.play [data-cell="d4"]');
  await fresh.page.waitForTimeout(400);
  await fresh.page.click('.brand');
  await fresh.page.waitForSelector('.continue li');
  assert.match(await fresh.page.textContent('.continue'), /Attract.*1 move/);
  assert.deepEqual([...errors, ...fresh.errors], []);
  await page.close();
  await fresh.page.close();
});
