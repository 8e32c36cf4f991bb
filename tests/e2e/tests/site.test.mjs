// The static-site side: offline after one visit, a build served under a
// subpath, embedded boards, records and images, and the security policy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { DIST, fixture, open, readBoard, serve, share } from '../helpers.mjs';

const shared = fixture();

test('after one visit the app loads and plays against the computer with the network off', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  // Wait until the service worker has cached the build and is active.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await page.goto(`${shared.server.url}?game=attract&x=ai:2`);
  await readBoard(page);
  await page.click('.play [data-cell="d4"]');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 2, null, { timeout: 15_000 });
  // The rules pages' text is data the service worker keeps: it opens offline too.
  await page.goto(`${shared.server.url}?rules=ra`);
  await page.waitForSelector('.rules .house h2');
  assert.match(await page.textContent('.rules'), /A hexagon of 127 hexagonal cells/);
  assert.equal(await page.$$eval('.rules .diagram [data-cell]', (c) => c.length > 0), true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a rules page whose text cannot be fetched says so, and the rest of the page works', async () => {
  const context = await shared.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.route('**/rules.txt', (route) => route.fulfill({ status: 404, body: 'missing' }));
  await page.goto(`${shared.server.url}?rules=loa`);
  await page.waitForSelector('.rules .notice');
  assert.equal(await page.textContent('.rules .notice'),
    'The rules could not be loaded (the server answered 404). Try again when you are online.');
  await page.click('.rules button:has-text("Play Lines of Action")');
  await readBoard(page);
  await context.close();
});

test('the build works under a subpath, as on GitHub Pages', async () => {
  const sub = await serve({ prefix: '/ludoteca/' });
  const { page, errors } = await open(shared.browser, `${sub.url}?game=loa`);
  await readBoard(page);
  await page.click('.play [data-cell="b1"]');
  await page.click('.play [data-cell="b3"]');
  assert.equal((await readBoard(page)).b3, 'b3, black stone');
  await page.waitForURL(/\/ludoteca\/\?game=loa&moves=b1-b3$/);
  assert.deepEqual(errors, []);
  await page.close();
  await sub.close();
});

test('the embeds page shows its boards, made by embed.js; embeds show only the board and navigation', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}embed-example.html`);
  for (const game of ['loa', 'ra']) {
    const frame = await (await page.waitForSelector(`iframe[src*="game=${game}"]`)).contentFrame();
    await frame.waitForSelector('[data-cell]');
    assert.equal(await frame.$('.top'), null, 'no header in an embed');
    assert.ok(await frame.$('.nav-buttons'));
    assert.ok(await frame.$('.embed-link'));
  }
  const viewer = await (await page.$('iframe[src*="game=loa"]')).contentFrame();
  assert.equal(await viewer.$eval('[data-cell="a2"]', (c) => c.getAttribute('aria-label')), 'a2, empty');
  // A viewer steps through the game but takes no moves.
  await viewer.click('button[aria-label="Next move"]');
  await viewer.click('[data-cell="c1"]');
  assert.equal(await viewer.$$eval('[data-target]', (t) => t.length), 0);
  const cells = await (await (await page.$('iframe[src*="game=ra"]')).contentFrame()).$$eval('[data-cell]', (c) => c.length);
  assert.equal(cells, 127);
  // The Copy buttons copy the snippets with this site's address in them.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.click('button[data-copy="code-script"]');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `<script src="${shared.server.url}embed.js" defer></script>`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Embed button gives an iframe snippet of the game', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  await share(page, 'Embed');
  const snippet = await page.inputValue('[data-testid="snippet"]');
  assert.match(snippet, /^<iframe src="http:\/\/127\.0\.0\.1:\d+\/\?game=loa&moves=b1-b3&embed=1&interactive=0" title="Lines of Action on Ludoteca" style="display:block;border:0;width:100%;max-width:480px;aspect-ratio:5\/6"/);
  await page.close();
});

test('the Share menu: SGF only for Lines of Action, Copy link says it copied', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  await page.evaluate(() => document.querySelector('details.share-menu')?.setAttribute('open', ''));
  assert.ok(await page.isVisible('.share-menu button:has-text("SGF")'));
  await page.click('.share-menu button:has-text("Copy link")');
  await page.waitForSelector('.share-menu button:has-text("Link copied")');
  await page.goto(`${shared.server.url}?game=attract&moves=e4`);
  await readBoard(page);
  await page.evaluate(() => document.querySelector('details.share-menu')?.setAttribute('open', ''));
  assert.ok(await page.isVisible('.share-menu button:has-text("Export record")'));
  assert.ok(!(await page.isVisible('.share-menu button:has-text("SGF")')), 'no SGF for Attract');
  assert.deepEqual(errors, []);
  await page.close();
});

test('records export and import; bad records say which line is wrong', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2`);
  await readBoard(page);
  const [download] = await Promise.all([page.waitForEvent('download'), share(page, 'Export record')]);
  const text = await readFile(await download.path(), 'utf8');
  assert.match(text, /^\[Game "loa"\]\n\[Black "human"\]\n\[White "human"\]\n\[Result "ongoing"\]\n\n1\. b1-b3 a2-c2\n$/);
  await page.goto(`${shared.server.url}?game=attract`);
  await readBoard(page);
  await share(page, 'Import record');
  await page.fill('#record-text', '[Game "loa"]\n\n1. b1-b3 a2-c2\n2. b1-b9');
  await page.click('.dialog button:has-text("Import")');
  await page.waitForSelector('[data-testid="import-error"]:not(:empty)');
  assert.match(await page.textContent('[data-testid="import-error"]'), /line 4: move 3 "b1-b9"/);
  await page.fill('#record-text', text);
  await page.click('.dialog button:has-text("Import")');
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2/);
  assert.equal((await readBoard(page)).c2, 'c2, white stone');
  await page.close();
});

test('the position downloads as SVG and PNG', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=ra`);
  await readBoard(page);
  const [svg] = await Promise.all([page.waitForEvent('download'), share(page, 'SVG')]);
  const text = await readFile(await svg.path(), 'utf8');
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.equal((text.match(/<ellipse/g) ?? []).length, 18);
  const [png] = await Promise.all([page.waitForEvent('download'), share(page, 'PNG')]);
  const bytes = await readFile(await png.path());
  assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
  assert.ok(bytes.length > 5_000);
  await page.close();
});

test('a flipped board downloads flipped, with the last move marked', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  /** The y of the stone on b3 (the only Black stone on row 3) in a downloaded SVG. */
  const b3 = async () => {
    const [svg] = await Promise.all([page.waitForEvent('download'), share(page, 'SVG')]);
    const text = await readFile(await svg.path(), 'utf8');
    assert.equal((text.match(/class="mark last"/g) ?? []).length, 2, 'the last move is marked');
    const stone = /<circle class="piece stone black[^"]*" data-piece="17" cx="\d+" cy="(\d+)"/.exec(text);
    return Number(stone[1]);
  };
  const upright = await b3();
  await page.keyboard.press('f');
  const flipped = await b3();
  assert.ok(upright > 400 && flipped < 400, `b3 near the bottom, then near the top: ${upright}, ${flipped}`);
  await page.close();
});

test('the page runs under a strict Content-Security-Policy: no inline script but the one it names by hash', async () => {
  const { createHash } = await import('node:crypto');
  const html = await readFile(`${DIST}/index.html`, 'utf8');
  const csp = html.match(/Content-Security-Policy"\s+content="default-src 'self'; script-src 'self' '(sha256-[A-Za-z0-9+/=]+)' 'wasm-unsafe-eval'; style-src 'self'/);
  assert.ok(csp, 'the policy allows the site\'s own scripts and one inline script, by its hash');
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(inline.length, 1, 'one inline script: the start\'s decision');
  assert.equal(`sha256-${createHash('sha256').update(inline[0]).digest('base64')}`, csp[1]);
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  const violations = [];
  page.on('console', (m) => /Content Security Policy|Refused/.test(m.text()) && violations.push(m.text()));
  await readBoard(page);
  await page.click('.play [data-cell="a2"]');
  await page.click('button:has-text("Hint")');
  await page.waitForSelector('[data-testid="hint"]', { timeout: 10_000 });
  assert.deepEqual(violations, []);
  await page.close();
});

test('a new version is announced with a reload offer, and takes over only on reload', async () => {
  const { cp, mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const root = await mkdtemp(join(tmpdir(), 'ludoteca-'));
  await cp(DIST, root, { recursive: true });
  const site = await serve({ root });
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site.url}?game=loa`);
  await readBoard(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await page.reload(); // now controlled by the service worker
  await readBoard(page);
  const oldCaches = await page.evaluate(() => caches.keys());
  // "Deploy" a new version: the service worker's file list and version change.
  const sw = await readFile(join(root, 'sw.js'), 'utf8');
  await writeFile(join(root, 'sw.js'), sw.replace(/const VERSION = '[^']*'/, "const VERSION = 'next-version'"));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector('.update-banner', { timeout: 15_000 });
  assert.match(await page.textContent('.update-banner'), /A new version of Ludoteca is ready/);
  // Until the reload, the old version's files are still the ones served.
  assert.deepEqual(await page.evaluate(() => caches.keys()).then((k) => k.filter((c) => oldCaches.includes(c))), oldCaches);
  await Promise.all([page.waitForEvent('load'), page.click('.update-banner button')]);
  await readBoard(page);
  // The new version's cache, and the one before it, kept for a tab still
  // open on that version (storage.test.mjs); any older one is gone.
  assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [...oldCaches, `ludoteca ${site.url} next-version`].sort());
  await context.close();
  await site.close();
  await rm(root, { recursive: true, force: true });
});

test("the worker's files carry a content hash, and a page starts the worker its own index.html names", async () => {
  const { readdir } = await import('node:fs/promises');
  const names = (await readdir(DIST)).filter((f) => f.startsWith('search_worker'));
  assert.equal(names.length, 3, names.join(', '));
  const hash = names[0].match(/-([0-9a-f]{16})(_bg)?\.(js|wasm)$/)?.[1];
  assert.ok(hash && names.every((n) => n.includes(hash)), names.join(', '));
  const { page, errors } = await open(shared.browser, 'about:blank');
  const requested = [];
  page.on('request', (r) => r.url().includes('search_worker') && requested.push(r.url()));
  await page.goto(`${shared.server.url}?game=loa&o=ai:1`);
  await readBoard(page);
  assert.equal(await page.getAttribute('meta[name="ludoteca-worker"]', 'content'), `./search_worker_loader-${hash}.js`);
  await page.fill('#move-input', 'b1-b3');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 2, null, { timeout: 10_000 });
  assert.ok(requested.length >= 3, requested.join(', '));
  assert.ok(requested.every((u) => u.includes(hash)), requested.join(', '));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a clean console on every page: no warning or error, in the page or the search worker', async () => {
  for (const path of ['', '?game=loa&o=ai:2', '?rules=ra', '?game=ra&embed=1']) {
    const page = await shared.browser.newPage();
    const messages = [];
    page.on('console', (m) => ['warning', 'error'].includes(m.type()) && messages.push(`${m.type()}: ${m.text()}`));
    await page.goto(shared.server.url + path);
    await page.waitForSelector('[data-cell], .rules', { state: 'attached' });
    if (path.includes('ai:')) {
      // The search worker starts and answers: its console too.
      await page.fill('#move-input', 'b1-b3');
      await page.press('#move-input', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 2, null, { timeout: 10_000 });
    }
    await page.waitForTimeout(300);
    assert.deepEqual(messages, [], path || 'home');
    await page.close();
  }
});
