// The first paint: what a page shows before the app has loaded (drawn ahead
// at build time by the app's own code), the first board that plays on it
// while the app loads, and the presses made before either is ready.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, readBoard, started } from '../helpers.mjs';

const shared = fixture();

/**
 * A page whose app (.wasm) is held back until `release()` is called; with
 * `board: 'held'` the first board's .wasm too (until `releaseBoard()`),
 * with `board: 'refused'` the first board's .wasm fails to load.
 */
async function held(url, { width = 390, height = 844, board = 'served' } = {}) {
  const context = await shared.browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let release;
  const released = new Promise((ok) => (release = ok));
  await page.route(/app-[0-9a-f]+_bg\.wasm$/, async (route) => {
    await released;
    await route.continue();
  });
  let releaseBoard = () => {};
  if (board !== 'served') {
    const boardReleased = new Promise((ok) => (releaseBoard = ok));
    await page.route(/first_board-[0-9a-f]+_bg\.wasm$/, async (route) => {
      if (board === 'refused') return route.abort();
      await boardReleased;
      await route.continue();
    });
  }
  await page.goto(url);
  return { context, page, errors, release, releaseBoard };
}

/** Waits until the first board plays on the page drawn ahead. */
async function firstBoardLive(page) {
  await page.waitForSelector('#first-paint-page[data-live] [data-cell]');
}

test('a game at its start is drawn, then played on before the app has loaded; the app takes the move and keeps the game', async () => {
  const { context, page, errors, release } = await held(`${shared.server.url}?game=loa`);
  await page.waitForSelector('#first-paint [data-cell="b1"]');
  assert.equal(await page.textContent('#first-paint h1'), 'Lines of Action');
  assert.ok(await page.$('#first-paint header.top a[href="?games"]'), 'the header, its links plain links');
  // The start as the app draws it: Black's twelve pieces on b1–g1 and b8–g8, White's on the sides.
  assert.equal(await page.$$eval('#first-paint .layer-pieces > *', (p) => p.length), 24);
  await firstBoardLive(page);
  assert.equal(await page.textContent('#first-paint [role="status"]'), 'Black to move');
  // b1 shows its targets; b3 plays: the app has not loaded, and the page answers.
  await page.click('#first-paint [data-cell="b1"]');
  const targets = await page.$$eval('#first-paint [data-target]', (t) => t.map((x) => x.dataset.target).sort());
  assert.deepEqual(targets, ['b3', 'd3', 'h1']);
  await page.click('#first-paint [data-cell="b3"]');
  assert.match(page.url(), /moves=b1-b3/, 'the move is in the address at once');
  assert.equal(await page.textContent('#first-paint [role="status"]'), 'White to move');
  assert.equal(await page.$$eval('#first-paint .layer-pieces > *', (p) => p.length), 24);
  assert.ok(await page.$('#first-paint .mark.last'), 'the move is marked');
  assert.equal(await page.$('#board'), null, 'the app has not started');
  release();
  const board = await readBoard(page);
  assert.match(board.b3, /black/i, `b3: ${board.b3}`);
  assert.match(await page.textContent('.move-list'), /b1-b3/);
  // Kept at once, as a game played here (an ordinary link is kept once played on).
  const games = await context.newPage();
  await games.goto(`${shared.server.url}?games`);
  await games.waitForSelector('.games-line:not(:empty)');
  const rows = await games.$$eval('.games-list li', (r) => r.map((x) => x.textContent));
  assert.equal(rows.length, 1, rows.join('\n'));
  assert.match(rows[0], /Lines of Action.*1 move.*played here/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('cells pressed before the first board is live are played on it; if it cannot load, by the app', async () => {
  for (const board of ['held', 'refused']) {
    const { context, page, errors, release, releaseBoard } = await held(`${shared.server.url}?game=loa`, { board });
    await page.waitForSelector('#first-paint [data-cell="b1"]');
    await page.click('#first-paint [data-cell="b1"]');
    await page.click('#first-paint [data-cell="b3"]');
    assert.equal(await page.$$eval('#first-paint .first-paint-pressed', (c) => c.length), 2, `${board}: the presses shown as kept`);
    assert.doesNotMatch(page.url(), /moves=/, board);
    if (board === 'held') {
      releaseBoard();
      await page.waitForURL(/moves=b1-b3/, { timeout: 15_000 });
      assert.equal(await page.textContent('#first-paint [role="status"]'), 'White to move', 'played on the first board');
    }
    release();
    await started(page);
    await page.waitForURL(/moves=b1-b3/, { timeout: 15_000 });
    const cells = await readBoard(page);
    assert.match(cells.b3, /black/i, `${board}: b3: ${cells.b3}`);
    assert.match(await page.textContent('.move-list'), /^\s*1\.\s*b1-b3\s*$/, `${board}: one move, played once`);
    assert.deepEqual(errors, [], board);
    await context.close();
  }
});

test('a shared game\'s link is drawn by the first board at its position, and played on', async () => {
  const { context, page, errors, release } = await held(`${shared.server.url}?game=loa&moves=b1-b3,a2-c2`);
  await firstBoardLive(page);
  assert.equal(await page.textContent('#first-paint h1'), 'Lines of Action');
  assert.equal(await page.textContent('#first-paint [role="status"]'), 'Black to move');
  assert.equal(await page.$$eval('#first-paint .mark.last', (m) => m.length), 2, 'the last move marked');
  await page.click('#first-paint [data-cell="d1"]');
  await page.click('#first-paint [data-cell="d3"]');
  assert.match(page.url(), /moves=b1-b3,a2-c2,d1-d3/);
  release();
  await readBoard(page);
  assert.match(await page.textContent('.move-list'), /d1-d3/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('against the computer, the first board plays the person\'s move and says the computer is getting ready; the app answers', async () => {
  const { context, page, errors, release } = await held(`${shared.server.url}?game=loa&o=ai:1`);
  await firstBoardLive(page);
  await page.click('#first-paint [data-cell="b1"]');
  await page.click('#first-paint [data-cell="b3"]');
  assert.match(await page.textContent('#first-paint [role="status"]'), /White to move — the computer is getting ready/);
  // The computer's side is not the person's to move meanwhile.
  await page.click('#first-paint [data-cell="a2"]');
  assert.equal(await page.$('#first-paint [data-target]'), null);
  release();
  await started(page);
  await page.waitForURL(/moves=b1-b3,[a-h]\d/, { timeout: 30_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the home page is drawn before the app has loaded, and a card button pressed meanwhile is followed', async () => {
  const { context, page, errors, release } = await held(shared.server.url);
  await page.waitForSelector('#first-paint .card [data-cell]');
  assert.equal(await page.textContent('#first-paint h1'), 'Four abstract strategy games');
  assert.equal(await page.$$eval('#first-paint .card', (c) => c.length), 4);
  // The choices show what the app would: level 2, Random.
  assert.equal(await page.inputValue('#first-paint #home-level'), '2');
  assert.equal(await page.isChecked('#first-paint #side-random'), true);
  await page.click('#first-paint [data-act="friend:ra"]');
  release();
  await started(page);
  await page.waitForURL(/game=ra/, { timeout: 15_000 });
  await page.waitForSelector('#board [data-cell]');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on the home page before the app has loaded, Play the computer opens the game with the level and colour chosen; Options waits for the app', async () => {
  const { context, page, errors, release } = await held(shared.server.url);
  await page.waitForSelector('#first-paint-page[data-live] .card [data-cell]');
  await page.selectOption('#first-paint #home-level', '4');
  await page.check('#first-paint #side-white');
  await page.click('#first-paint [data-act="computer:loa"]');
  await firstBoardLive(page);
  assert.match(page.url(), /\?game=loa.*x=ai:4/, page.url());
  assert.equal(await page.textContent('#first-paint h1'), 'Lines of Action');
  assert.equal(await page.textContent('#first-paint [role="status"]'), 'Black to move — the computer is getting ready');
  release();
  await started(page);
  // The computer (Black, level 4) opens once the app has loaded.
  await page.waitForURL(/moves=[a-h]\d/, { timeout: 30_000 });
  assert.deepEqual(errors, []);
  await context.close();
  // Options… is the app's: kept, and opened once it has started.
  const second = await held(shared.server.url);
  await second.page.waitForSelector('#first-paint-page[data-live] .card [data-cell]');
  await second.page.click('#first-paint [data-act="options:forms"]');
  assert.doesNotMatch(second.page.url(), /game=/);
  second.release();
  await started(second.page);
  await second.page.waitForSelector('dialog[open]');
  assert.deepEqual(second.errors, []);
  await second.context.close();
});

test('a page not drawn ahead shows the header only, an embedded board nothing, until the app has started', async () => {
  for (const [query, header] of [['?rules=ra', true], ['?games', true], ['?game=loa&embed=1', false]]) {
    const { context, page, release } = await held(`${shared.server.url}${query}`);
    await page.waitForSelector('#first-paint', { state: 'attached' });
    // The script has run once the page has been read.
    await page.waitForFunction(() => document.readyState !== 'loading');
    assert.equal(await page.isVisible('#first-paint header.top'), header, query);
    assert.equal(await page.$('#first-paint [data-cell]'), null, `${query}: no board drawn ahead`);
    release();
    await started(page);
    await context.close();
  }
});

test('the page drawn ahead failing to load leaves the header, and the app starts as usual', async () => {
  const { context, page, errors, release } = await held(`${shared.server.url}?game=ra`);
  await page.route(/first-paint\/ra\.html$/, (route) => route.abort());
  await page.reload();
  await page.waitForSelector('#first-paint header.top');
  release();
  await readBoard(page);
  assert.deepEqual(errors.filter((e) => !/first-paint/.test(e)), []);
  await context.close();
});

test('an app that cannot start says so with a retry, the game in the address kept: never a blank page', async () => {
  const url = `${shared.server.url}?game=loa&moves=b1-b3,a2-c2`;
  // The .wasm refused (a file blocked or gone), then allowed: Try again starts the app on the same game.
  const context = await shared.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.route(/app-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
  await page.goto(url);
  const alert = page.locator('.first-paint-failed[role="alert"]');
  await alert.waitFor();
  assert.match(await alert.textContent(), /Ludoteca could not start: .*The game in this page's address is kept/);
  assert.ok(await page.isVisible('header.top'), 'the page around it');
  await page.unroute(/app-[0-9a-f]+_bg\.wasm$/);
  await page.click('.first-paint-failed button:has-text("Try again")');
  await readBoard(page);
  assert.match(page.url(), /moves=b1-b3,a2-c2/);
  assert.match(await page.textContent('.move-list'), /a2-c2/);
  // No WebAssembly at all; and an embedded board whose app fails (no header in its frame).
  const bare = await context.newPage();
  await bare.addInitScript(() => delete window.WebAssembly);
  await bare.goto(url);
  await bare.locator('.first-paint-failed').waitFor();
  assert.match(await bare.textContent('.first-paint-failed'), /cannot run WebAssembly/);
  // (A context of its own: the first one's service worker now serves the .wasm.)
  const other = await shared.browser.newContext();
  const embed = await other.newPage();
  await embed.route(/app-[0-9a-f]+_bg\.wasm$/, (route) => route.abort());
  await embed.goto(`${url}&embed=1`);
  await embed.locator('.first-paint-failed').waitFor();
  assert.equal(await embed.$('header.top'), null);
  await other.close();
  await context.close();
});

test('a visitor in another language gets the page drawn ahead and the first board\'s words in it', async () => {
  const texts = JSON.parse(await (await import('node:fs/promises')).readFile(new URL('../../../i18n/de/app.json', import.meta.url), 'utf8'));
  const { context, page, errors, release } = await held(`${shared.server.url}?game=loa&o=ai:2&lang=de`);
  await firstBoardLive(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.textContent('#first-paint header.top a[href="?games"]'), texts['My games']);
  assert.equal(await page.$$eval('#first-paint header.top', (h) => h.length), 1, 'one header, in German');
  const black = texts['{player} to move'].replace('{player}', texts.Black);
  assert.equal(await page.textContent('#first-paint [role="status"]'), black);
  assert.equal(await page.getAttribute('#first-paint .board-wrap [role="img"]', 'aria-label'), texts['{game} board'].replace('{game}', 'Lines of Action'));
  // A move on the first board: White (the computer) to move, said in German.
  await page.click('#first-paint [data-cell="b1"]');
  await page.click('#first-paint [data-cell="b3"]');
  await page.waitForURL(/moves=b1-b3/);
  const white = texts['{player} to move'].replace('{player}', texts.White);
  assert.equal(await page.textContent('#first-paint [role="status"]'), texts['{status} — the computer is getting ready'].replace('{status}', white));
  // A link with moves: the game's page in German, the link's position drawn on it by the first board.
  // (A context of its own: the service worker of this one would serve the app.)
  const link = await held(`${shared.server.url}?game=loa&moves=b1-b3&lang=de`);
  const linkPage = link.page;
  await firstBoardLive(linkPage);
  assert.equal(await linkPage.textContent('#first-paint [role="status"]'), white);
  assert.equal(await linkPage.textContent('#first-paint header.top a[href="?games"]'), texts['My games']);
  assert.ok(await linkPage.$('#first-paint .board-wrap [data-cell="b3"]'));
  assert.equal(await linkPage.$eval('#first-paint .board-wrap', (w) => getComputedStyle(w).visibility), 'visible');
  assert.ok(await linkPage.$eval('#first-paint .layer-pieces', (l) => l.innerHTML.length > 0));
  assert.deepEqual(link.errors, []);
  await link.context.close();
  // A link to a game with other options (no page drawn ahead): the first
  // board plays its position, its English column unseen until the app's German.
  const other8 = await held(`${shared.server.url}?game=attract:size=8&moves=d4&lang=de`);
  await firstBoardLive(other8.page);
  assert.equal(await other8.page.textContent('#first-paint header.top a[href="?games"]'), texts['My games']);
  assert.equal(await other8.page.$eval('#first-paint .play-title', (t) => getComputedStyle(t).visibility), 'hidden');
  assert.equal(await other8.page.$eval('#first-paint [role="status"]', (t) => getComputedStyle(t).visibility), 'hidden');
  assert.equal(await other8.page.$eval('#first-paint .board-wrap', (w) => getComputedStyle(w).visibility), 'visible');
  other8.release();
  await started(other8.page);
  assert.equal(await other8.page.evaluate(() => document.documentElement.lang), 'de');
  assert.deepEqual(other8.errors, []);
  await other8.context.close();
  // A page with none drawn ahead (My games) gets the header in German.
  // (A context of its own: by now the first page's service worker may have
  // installed, and a second page of its context would get the app's .wasm
  // from it, past the route that holds it, and start before it is looked at.)
  const games = await held(`${shared.server.url}?games&lang=de`);
  await games.page.waitForFunction((want) => document.querySelector('#first-paint header.top a[href="?games"]')?.textContent === want, texts['My games']);
  assert.deepEqual(games.errors, []);
  await games.context.close();
  release();
  await started(page);
  assert.deepEqual(errors, []);
  await context.close();
});
