// The first paint: what a page shows before the app has loaded (drawn ahead
// at build time by the app's own code), and the presses made on it, which
// the app plays once it has started.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, readBoard, started } from '../helpers.mjs';

const shared = fixture();

/** A page whose app (.wasm) is held back until `release()` is called. */
async function held(url, { width = 390, height = 844 } = {}) {
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
  await page.goto(url);
  return { context, page, errors, release };
}

test('a game at its start is drawn before the app has loaded, and cells pressed meanwhile are played', async () => {
  const { context, page, errors, release } = await held(`${shared.server.url}?game=loa`);
  await page.waitForSelector('#first-paint [data-cell="b1"]');
  assert.equal(await page.textContent('#first-paint h1'), 'Lines of Action');
  assert.equal(await page.textContent('#first-paint [role="status"]'), 'Loading the board…');
  assert.equal(await page.getAttribute('#first-paint .board-wrap', 'aria-busy'), 'true');
  assert.ok(await page.$('#first-paint header.top a[href="?games"]'), 'the header, its links plain links');
  // The start as the app draws it: Black's twelve pieces on b1–g1 and b8–g8.
  const stones = await page.$$eval('#first-paint .layer-pieces > *', (p) => p.length);
  assert.equal(stones, 24);
  // b1, then b3: a move, made before the app could take it.
  await page.click('#first-paint [data-cell="b1"]');
  await page.click('#first-paint [data-cell="b3"]');
  assert.equal(await page.$$eval('#first-paint .first-paint-pressed', (c) => c.length), 2, 'the presses shown as kept');
  release();
  await started(page);
  await page.waitForURL(/moves=b1-b3/, { timeout: 15_000 });
  const board = await readBoard(page);
  assert.match(board.b3, /black/i, `b3: ${board.b3}`);
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

test('a page not drawn ahead shows the header only, an embedded board nothing, until the app has started', async () => {
  for (const [query, header] of [['?game=loa&moves=b1-b3', true], ['?rules=ra', true], ['?game=loa&embed=1', false]]) {
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
