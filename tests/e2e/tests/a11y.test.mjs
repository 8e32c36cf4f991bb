// Accessibility: axe-core's WCAG 2.2 A and AA rules find nothing on the home
// page, every game's play page, a rules page, an embedded board, the board editor, and My
// games and the home page with games kept, a game by link, in the light and the dark theme; the board reads as a grid whose cells say what
// stands on them and where the selected piece may go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fixture, readBoard, started } from '../helpers.mjs';

const shared = fixture();
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const PAGES = [
  ['home', '', '.card [data-cell]'],
  ['Attract', '?game=attract', '.play [data-cell]'],
  ['Forms 18×18', '?game=forms', '.play [data-cell]'],
  ['RA', '?game=ra', '.play [data-cell]'],
  ['Lines of Action', '?game=loa&moves=b1-b3', '.play [data-cell]'],
  ['rules', '?rules=ra', '.diagram [data-cell]'],
  ['embed', '?game=loa&moves=b1-b3&embed=1&interactive=0', '.embed [data-cell]'],
  ['game over', '?game=loa&moves=b1-b3&end=resign-o&x=ai:2', '.game-over'],
  // A timed game with one clock running out (the low-time colours) and the other running.
  ['clocks', '?game=loa&moves=b1-b3,a2-c2&clock=300%2B3&left=2974.150&o=ai:3', '.clock.low'],
  ['board editor', '?edit&game=ra', '#editor-verdict'],
  ['board editor, not a position', '?edit&game=forms:size=4&from=4/2x1/4/x3_x', '#go-friend[disabled]'],
];

/** The violations of axe-core's WCAG 2.x A/AA rules on the page, as readable lines. */
async function violations(page) {
  // The app's Content-Security-Policy forbids injected scripts: this context bypasses it for axe alone.
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
  );
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
}

test('the accessibility check finds a violation when there is one', async () => {
  const context = await shared.browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.evaluate(() => document.body.append(Object.assign(document.createElement('img'), { src: 'x.png' })));
  assert.ok((await violations(page)).some((v) => v.startsWith('image-alt')), 'an image without a text alternative is caught');
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  test(`axe-core finds no WCAG 2.2 A/AA violation (${scheme} theme)`, async () => {
    const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 1366, height: 850 } });
    for (const [name, query, ready] of PAGES) {
      const page = await context.newPage();
      await page.goto(`${shared.server.url}${query}`);
      await started(page);
      await page.waitForSelector(ready, { state: 'attached' });
      await page.waitForTimeout(300); // the play page's side panel follows the board
      assert.deepEqual(await violations(page), [], `${name}, ${scheme}`);
      await page.close();
    }
    await context.close();
  });
}

test('the first paint (before the app has loaded) and its failure message pass axe-core, in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    for (const [query, ready, fail] of [
      ['', '#first-paint .card [data-cell]', false],
      ['?game=forms', '#first-paint [data-cell]', false],
      // The first board live on a shared game's link, a piece selected.
      ['?game=loa&moves=b1-b3', '#first-paint-page[data-live] [data-cell]', false],
      ['?game=loa', '.first-paint-failed', true],
    ]) {
      const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // The app held back (or refused), so what is checked is the first paint.
      await page.route(/app-[0-9a-f]+_bg\.wasm$/, (route) => (fail ? route.abort() : new Promise(() => {})));
      await page.goto(`${shared.server.url}${query}`);
      await page.waitForSelector(ready);
      if (query.includes('moves')) await page.click('#first-paint [data-cell="a2"]');
      assert.deepEqual(await violations(page), [], `first paint ${query || 'home'}, ${scheme}`);
      await context.close();
    }
  }
});

test('variations, a finished review and its marks pass axe-core too, in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?game=loa&from=8/8/8/8/3x4/1x6/1x6/5o1o_x&moves=d4-d5(d4-c4)`);
    await readBoard(page);
    await page.click('button:has-text("Review game")');
    await page.waitForSelector('.move-list .nag', { timeout: 60_000 });
    await page.waitForSelector('.review-move');
    assert.deepEqual(await violations(page), [], scheme);
    await context.close();
  }
});

test('the list of keys and the board taking the arrows pass axe-core too, in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?game=loa`);
    await readBoard(page);
    await page.focus('.skip-link');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await page.waitForSelector('.board-keys:not([hidden])');
    assert.deepEqual(await violations(page), [], `board keys, ${scheme}`);
    await page.keyboard.press('?');
    await page.waitForSelector('dialog .keys');
    assert.deepEqual(await violations(page), [], `keys, ${scheme}`);
    // The new-game dialog, with its custom clock's fields open.
    await page.keyboard.press('Escape');
    await page.click('button:has-text("New game")');
    await page.selectOption('#clock', 'custom');
    await page.waitForSelector('.clock-custom:not([hidden])');
    assert.deepEqual(await violations(page), [], `new-game dialog, ${scheme}`);
    // The same dialog for a game by link (a friend's seat chosen for White).
    await page.selectOption('#seat-o', 'friend');
    await page.waitForSelector('#friend-me');
    assert.deepEqual(await violations(page), [], `game by link dialog, ${scheme}`);
    await context.close();
  }
});

test('a game by link, its panel and QR code, pass axe-core too, in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${shared.server.url}?game=loa&moves=b1-b3,a2-c2&friend=00c0ffee00c0ffee&me=o&xn=Ana&on=Ben&days=3&since=1796560000&offer=x`);
    await readBoard(page);
    await page.waitForSelector('[data-testid="friend-panel"]:not([hidden])');
    await page.click('button[data-act="qr"]');
    await page.waitForSelector('#friend-qr svg[role="img"]');
    assert.match(await page.textContent('.end-confirm'), /Ana offers a draw/);
    assert.deepEqual(await violations(page), [], `game by link, ${scheme}`);
    await context.close();
  }
});

test('the board is a grid of rows whose cells say their state', async () => {
  const page = await shared.browser.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  assert.equal(await page.$$eval('.play [role="grid"] [role="row"]', (r) => r.length), 8);
  assert.equal(await page.$$eval('.play [role="row"] > [role="gridcell"]', (c) => c.length), 64);
  await page.click('.play [data-cell="b1"]');
  const board = await readBoard(page);
  assert.equal(board.b1, 'b1, black stone, selected');
  assert.equal(board.b3, 'b3, empty, legal move');
  assert.equal(board.e5, 'e5, empty');
  assert.match(await page.textContent('[data-testid="selection-news"]'), /b1 selected: 3 moves/);
  // The skip link leads to the board, without leaving the game.
  const before = page.url();
  await page.focus('.skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  assert.equal(page.url(), before);
  await page.close();
});

test('My games and the home page with games in progress pass axe-core too, in both themes', async () => {
  for (const scheme of ['light', 'dark']) {
    const context = await shared.browser.newContext({ bypassCSP: true, colorScheme: scheme, viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    await page.goto(shared.server.url);
    // Games left in the journal, as closed tabs leave them: the library takes them at start.
    await page.evaluate(() => {
      const games = ['?game=loa&moves=b1-b3&o=ai:3', '?game=ra&moves=1c5-c8&end=resign-x', '?game=attract:size=8&moves=a8&end=draw'];
      games.forEach((link, i) => localStorage.setItem(`${location.pathname}ludoteca.unsaved.${(i + 1).toString(16).padStart(16, '0')}`, `${Date.now() - i * 1000}\np\n${link}`));
    });
    await page.goto(`${shared.server.url}?games`);
    await page.waitForSelector('.games-list li');
    await page.click('.games-list li:first-child button[data-star]');
    await page.waitForSelector('.games-list button[data-star][aria-pressed="true"]');
    assert.deepEqual(await violations(page), [], `My games, ${scheme}`);
    await page.goto(shared.server.url);
    await page.waitForSelector('.continue li');
    assert.deepEqual(await violations(page), [], `home with games, ${scheme}`);
    await context.close();
  }
});
