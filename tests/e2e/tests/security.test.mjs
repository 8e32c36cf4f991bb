// No markup from input: records, SGF files and links carrying markup in every
// field (headers, comments, names, review verdicts, variations, moves) are
// shown as text or refused, and never add an element or navigate the page.
// The whole app never runs inside another page's frame.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard, share } from '../helpers.mjs';

const shared = fixture();

// Every attack carries an element with an id starting "pwned" (and links or
// refreshes to evil.example): none may appear in the document.
const ATTACKS = {
  // The attack as it was found: the review panel wrote this verdict's "better move" raw.
  phish: '[Game "loa"]\n[Eval "+900 <a id=pwned-phish href=https://evil.example/>phish</a>"]\n\n1. b1-b3 {[%eval +900 -]}\n',
  record:
    '[Game "loa"]\n' +
    '[Eval "+900 <meta id=pwned-meta http-equiv=refresh content=0;url=https://evil.example/>"]\n\n' +
    '1. b1-b3 {<img id="pwned-img" src=x> [%eval +900 <a id=pwned-a href=https://evil.example/>phish</a>]} ' +
    '1... a2-c2 (1... h2-f2 {<svg id="pwned-svg"><a href="https://evil.example/">x</a></svg>}) ' +
    '2. e1-e3 {[%eval -20 zz9]}\n',
  badHeader: '[Game "loa"]\n[Black "ai:<b id=pwned-header>human</b>"]\n\n1. b1-b3',
  sgf:
    '(;FF[4]GM[9]PB[<b id=pwned-pb>Ann</b>]PW[<i id=pwned-pw>Bob</i>]GN[<u id=pwned-gn>x</u>]' +
    'C[<img id=pwned-root src=x>];B[b1-b3]C[<a id=pwned-c href=https://evil.example/>click</a>];W[a2-c2])',
};

/** Fails if any injected element is in the document, or the page left its origin. */
async function assertClean(page, origin, what) {
  const found = await page.$$eval('[id^="pwned"], meta[http-equiv="refresh"], a[href*="evil.example"]', (els) =>
    els.map((e) => e.outerHTML),
  );
  assert.deepEqual(found, [], `${what}: injected markup became elements`);
  assert.ok(page.url().startsWith(origin), `${what}: the page went to ${page.url()}`);
}

test('imported records and SGF files with markup in every field add no element and never navigate', async () => {
  const origin = shared.server.url;
  const { page, errors } = await open(shared.browser, `${origin}?game=attract`);
  const navigations = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
  await readBoard(page);
  const importText = async (text) => {
    await share(page, 'Import record');
    await page.fill('#record-text', text);
    await page.click('.dialog button:has-text("Import")');
  };
  // The attack as found: no live link, and the verdict is named and dropped.
  await importText(ATTACKS.phish);
  await page.waitForURL(/game=loa&moves=b1-b3/);
  await readBoard(page);
  await page.waitForTimeout(300);
  await assertClean(page, origin, 'the phishing verdict');
  // A record whose verdicts and comments carry markup: the game comes in, the
  // comments read as text, the bad verdicts are dropped and named.
  await importText(ATTACKS.record);
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2\(h2-f2\),e1-e3/);
  await readBoard(page);
  await page.waitForTimeout(300);
  await assertClean(page, origin, 'record');
  assert.match(await page.textContent('.move-list'), /<img id="pwned-img" src=x>/, 'the comment reads as text');
  const notices = (await page.$$eval('.notice', (els) => els.map((e) => e.textContent))).join('\n');
  assert.match(notices, /the start: the review's move "<meta id=pwned-meta/, notices);
  assert.match(notices, /after move 1: the review's move "<a id=pwned-a/, notices);
  assert.match(notices, /after move 3: the review's move "zz9"/, notices);
  // A header the reader refuses: the message shows the markup as text.
  await importText(ATTACKS.badHeader);
  await page.waitForSelector('[data-testid="import-error"]:not(:empty)');
  assert.match(await page.textContent('[data-testid="import-error"]'), /<b id=pwned-header>human<\/b>/);
  await assertClean(page, origin, 'refused header');
  await page.keyboard.press('Escape');
  // An SGF file with markup in names, the game's name and comments.
  await importText(ATTACKS.sgf);
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2/);
  await readBoard(page);
  await page.waitForTimeout(300);
  await assertClean(page, origin, 'SGF');
  assert.match(await page.textContent('.move-list'), /<a id=pwned-c/, 'the SGF comment reads as text');
  // The game's information (names, its name, the comment on the whole game) too.
  assert.equal(await page.textContent('.move-list .game-info'), '<b id=pwned-pb>Ann</b> – <i id=pwned-pw>Bob</i> · <u id=pwned-gn>x</u>');
  assert.equal(await page.textContent('.move-list .game-comment'), '<img id=pwned-root src=x>');
  assert.ok(navigations.every((url) => url.startsWith(origin)), `navigated to ${navigations}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('links with markup in every part open nothing but text', async () => {
  const origin = shared.server.url;
  const bad = encodeURIComponent('<img id=pwned-link src=x>');
  for (const query of [
    `?game=${bad}`,
    `?game=loa&moves=b1-b3,${bad}`,
    `?game=loa&moves=b1-b3(${bad})`,
    `?game=loa&from=${bad}`,
    `?game=loa&x=${bad}&o=ai:${bad}`,
    `?game=loa&ply=${bad}&at=${bad}`,
    `?rules=${bad}`,
  ]) {
    const { page, errors } = await open(shared.browser, origin + query);
    await page.waitForSelector('[data-cell], .notice', { state: 'attached' });
    await page.waitForTimeout(200);
    await assertClean(page, origin, query);
    assert.deepEqual(errors, [], query);
    await page.close();
  }
});

test('inside another page the app shows only an embedded board, or says it opens in its own tab', async () => {
  const origin = shared.server.url;
  const { page } = await open(shared.browser, `${origin}embed-example.html`);
  const frameOf = async (src) => {
    await page.evaluate((url) => {
      const frame = document.createElement('iframe');
      frame.id = 'probe';
      frame.src = url;
      document.getElementById('probe')?.remove();
      document.body.append(frame);
    }, src);
    return (await page.waitForSelector('#probe')).contentFrame();
  };
  // A game's full-page link in a frame: the embed (no header, no import, no saving).
  const game = await frameOf(`${origin}?game=loa&moves=b1-b3`);
  await game.waitForSelector('[data-cell]');
  assert.equal(await game.$('.top'), null, 'no header in a frame');
  assert.equal(await game.$('button:has-text("Import record")'), null, 'no import in a frame');
  assert.ok(await game.$('.embed-link'));
  // The home page in a frame: a notice and a link to open it in its own tab.
  const home = await frameOf(`${origin}`);
  await home.waitForSelector('.embed-notice');
  assert.match(await home.textContent('.embed-notice'), /opens in a tab of its own/);
  assert.equal(await home.$('.cards'), null, 'not the home page in the frame');
  await page.close();
});
