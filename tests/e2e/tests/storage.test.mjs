// A player's games and settings under real conditions: a page closed right
// after a move, a full local storage, a game library over its quota, the one saved game of older builds
// (read in part, not at all, under the unscoped key) moved into the
// library, and two deployments on one origin (two forks at /a/ and /b/)
// that never touch each other's games or caches, one of them updated to a
// changed build that reads its library.
// The library's own scenarios (two tabs, a crash, damaged entries, My
// games) are in library.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, fixture, readBoard, serve, share } from '../helpers.mjs';

const shared = fixture();

test('a move made just before the page is closed is kept', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b3"]');
  // Closed at once, before the write timer: the page hides, and writes.
  await page.close({ runBeforeUnload: false });
  const next = await context.newPage();
  await next.goto(shared.server.url);
  await next.waitForSelector('.continue li');
  assert.match(await next.textContent('.continue'), /Lines of Action.*1 move/);
  await context.close();
});

test("an imported game's comments and a finished review are kept: on reload and on Continue", async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await share(page, 'Import record');
  await page.fill('#record-text', '[Game "loa"]\n\n1. b1-b3 {a classic start} a2-c2\n2. e1-e3\n');
  await page.click('dialog button:has-text("Import")');
  await page.waitForSelector('.move-list button:has-text("e1-e3")');
  assert.match(await page.textContent('.move-list'), /a classic start/);
  await page.click('button:has-text("Review game")');
  await page.waitForFunction(() => !document.querySelector('.review-progress') && document.querySelector('.review .graph svg'),
    null, { timeout: 60_000 });
  await page.waitForTimeout(300); // the write timer
  // A reload of the same address: the comment and the review come back.
  await page.reload();
  await readBoard(page);
  // The library (its worker starts after the first board) gives back what the link lacks.
  await page.waitForFunction(() => /a classic start/.test(document.querySelector('.move-list')?.textContent));
  await page.waitForSelector('.review .graph svg');
  // And from the home page's Continue.
  await page.goto(shared.server.url);
  await page.click('.continue button[data-open]');
  await readBoard(page);
  await page.waitForFunction(() => /a classic start/.test(document.querySelector('.move-list')?.textContent));
  await page.waitForSelector('.review .graph svg');
  await context.close();
});

test('a full storage is told once, and play goes on', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  // Fill the origin's local storage to its quota.
  await page.evaluate(() => {
    const chunk = 'x'.repeat(512 * 1024);
    for (let i = 0; ; i++) {
      try {
        localStorage.setItem(`filler-${i}`, chunk);
      } catch {
        for (let size = 256 * 1024; size >= 1; size = Math.floor(size / 2)) {
          try {
            localStorage.setItem(`filler-end-${size}`, 'x'.repeat(size));
          } catch {}
        }
        return;
      }
    }
  });
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b3"]');
  await page.waitForSelector('[data-testid="storage-refused"]', { timeout: 5_000 });
  assert.match(await page.textContent('[data-testid="storage-refused"]'), /refused to store the game/);
  await page.click('[data-cell="a2"]');
  await page.click('[data-cell="c2"]');
  assert.equal(await page.$$eval('[data-testid="storage-refused"]', (n) => n.length), 1, 'told once');
  assert.equal((await readBoard(page)).c2, 'c2, white stone', 'play goes on');
  await context.close();
});

test('a game library over its quota is told once, play goes on, and the game is kept once there is room', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  // The origin may store one byte: every IndexedDB write fails with
  // QuotaExceededError (set before the origin first opens its storage).
  const cdp = await context.newCDPSession(page);
  const origin = new URL(shared.server.url).origin;
  await cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: 1 });
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b3"]');
  await page.waitForSelector('[data-testid="storage-refused"]', { timeout: 5_000 });
  assert.match(await page.textContent('[data-testid="storage-refused"]'), /refused to store the game/);
  await page.click('[data-cell="a2"]');
  await page.click('[data-cell="c2"]');
  await page.waitForTimeout(500);
  assert.equal(await page.$$eval('[data-testid="storage-refused"]', (n) => n.length), 1, 'told once');
  assert.equal((await readBoard(page)).c2, 'c2, white stone', 'play goes on');
  // The game can be downloaded as it stands, storage or not.
  const [download] = await Promise.all([page.waitForEvent('download'),
    page.click('[data-testid="storage-refused"] button:has-text("Download this game")')]);
  assert.match(await readFile(await download.path(), 'utf8'), /1\. b1-b3 a2-c2/);
  // Room again (the override lifted): the next start keeps the game the
  // journal still holds, and My games lists it.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin });
  await page.goto(`${shared.server.url}?games`);
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 1, null, { timeout: 10_000 });
  assert.match(await page.textContent('.games-list'), /Lines of Action/);
  assert.match(await page.textContent('.games-list'), /2 moves/);
  await context.close();
});

test("older builds' saved game moves into the library: in part, or kept aside when it does not read", async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(shared.server.url);
  const key = await page.evaluate(() => `${location.pathname}ludoteca.saved-game`);
  await page.evaluate((k) => localStorage.setItem(k, '?game=loa&moves=b1-b3,a2-c2,zz9'), key);
  await page.reload();
  await page.waitForSelector('.continue li');
  assert.match(await page.textContent('.continue'), /Lines of Action.*2 moves/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), '', 'the old slot is emptied once moved');
  // Opened, it says what was left out.
  await page.click('.continue button[data-open]');
  await readBoard(page);
  assert.match(await page.textContent('main'), /zz9/);
  await page.goto(shared.server.url);
  await page.evaluate((k) => localStorage.setItem(k, '?game=chess&moves=e4'), key);
  await page.reload();
  await page.waitForSelector('.kept-aside');
  const kept = await page.evaluate(() => localStorage.getItem(`${location.pathname}ludoteca.unreadable-game`));
  assert.equal(kept, '?game=chess&moves=e4', 'the bytes are kept');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.kept-aside button:has-text("Download it")')]);
  assert.equal(download.suggestedFilename(), 'ludoteca-unreadable-game.txt');
  await page.click('.kept-aside button:has-text("Delete it")');
  assert.equal(await page.$$eval('.kept-aside', (c) => c.length), 0);
  await context.close();
});

test('the saved game of an older build (an unscoped key) moves into the library', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(shared.server.url);
  await page.evaluate(() => localStorage.setItem('ludoteca.saved-game', '?game=ra&moves=1c5-c8'));
  await page.reload();
  await page.waitForSelector('.continue li');
  assert.match(await page.textContent('.continue'), /RA.*1 move/);
  await context.close();
});

test('two deployments on one origin keep their own games and their own offline caches', async () => {
  const roots = [];
  for (const version of ['site-a-1', 'site-b-1']) {
    const root = await mkdtemp(join(tmpdir(), 'ludoteca-'));
    await cp(DIST, root, { recursive: true });
    const sw = await readFile(join(root, 'sw.js'), 'utf8');
    await writeFile(join(root, 'sw.js'), sw.replace(/const VERSION = '[^']*'/, `const VERSION = '${version}'`));
    roots.push(root);
  }
  const site = await serve({ sites: [{ prefix: '/a/', root: roots[0] }, { prefix: '/b/', root: roots[1] }] });
  const context = await shared.browser.newContext();
  try {
    const a = await context.newPage();
    await a.goto(`${site.origin}/a/?game=loa`);
    await readBoard(a);
    await a.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await a.click('[data-cell="b1"]');
    await a.click('[data-cell="b3"]');
    await a.waitForURL(/moves=b1-b3/);
    const b = await context.newPage();
    await b.goto(`${site.origin}/b/`);
    await b.waitForSelector('.cards');
    await b.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await b.reload(); // now controlled by its service worker
    await b.waitForSelector('.cards');
    await b.waitForTimeout(500); // the library answers
    assert.equal(await b.$$eval('.continue li', (c) => c.length), 0, "/b/ does not offer /a/'s game");
    // A new version of /b/ takes over: /a/'s cache stays.
    const swB = await readFile(join(roots[1], 'sw.js'), 'utf8');
    await writeFile(join(roots[1], 'sw.js'), swB.replace("'site-b-1'", "'site-b-2'"));
    await b.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await b.waitForSelector('.update-banner', { timeout: 15_000 });
    await Promise.all([b.waitForEvent('load'), b.click('.update-banner button')]);
    await b.waitForSelector('.cards');
    // (The version before stays, for a tab still open on it: see the next test.)
    await b.waitForFunction((origin) => caches.keys().then((k) => k.includes(`ludoteca ${origin}/b/ site-b-2`) && k.includes(`ludoteca ${origin}/b/ site-b-1`)), site.origin);
    const names = await b.evaluate(() => caches.keys());
    assert.ok(names.includes(`ludoteca ${site.origin}/a/ site-a-1`), `caches: ${names}`);
    // /a/ still opens offline, with its game.
    await context.setOffline(true);
    await a.goto(`${site.origin}/a/`);
    await a.waitForSelector('.continue li');
    assert.match(await a.textContent('.continue'), /Lines of Action.*1 move/);
    await context.setOffline(false);
    // A new version of /a/, a changed build: a stylesheet of other bytes under
    // another name (with its integrity hash), and a new service worker. Its
    // library survives the update and is read by it.
    const css = (await readdir(roots[0])).find((f) => /^main-[0-9a-f]+\.css$/.test(f));
    const newCss = css.replace(/^main-[0-9a-f]+/, 'main-b2b2b2b2b2b2b2b2');
    const cssText = `${await readFile(join(roots[0], css), 'utf8')}\n/* build 2 */\n`;
    await writeFile(join(roots[0], newCss), cssText);
    await rm(join(roots[0], css));
    const integrity = `sha384-${createHash('sha384').update(cssText).digest('base64')}`;
    const html = await readFile(join(roots[0], 'index.html'), 'utf8');
    await writeFile(join(roots[0], 'index.html'), html.replace(
      new RegExp(`href="\\./${css.replace('.', '\\.')}" integrity="[^"]*"`),
      `href="./${newCss}" integrity="${integrity}"`,
    ));
    const swA = await readFile(join(roots[0], 'sw.js'), 'utf8');
    await writeFile(join(roots[0], 'sw.js'), swA.replace("'site-a-1'", "'site-a-2'").replaceAll(css, newCss));
    await a.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await a.waitForSelector('.update-banner', { timeout: 15_000 });
    await Promise.all([a.waitForEvent('load'), a.click('.update-banner button')]);
    await a.waitForFunction((origin) => caches.keys().then((k) => k.includes(`ludoteca ${origin}/a/ site-a-2`)), site.origin);
    await a.waitForSelector('.continue li');
    assert.match(await a.textContent('.continue'), /Lines of Action.*1 move/);
    assert.equal(await a.$eval('link[rel=stylesheet]', (l) => l.getAttribute('href')), `./${newCss}`, 'the new build runs');
  } finally {
    await context.close();
    await site.close();
    for (const root of roots) await rm(root, { recursive: true, force: true });
  }
});

test('an update taken in one tab: a tab still open on the old version keeps working (its computer starts), until it reloads', async () => {
  const root = await mkdtemp(join(tmpdir(), 'ludoteca-'));
  await cp(DIST, root, { recursive: true });
  const sw = await readFile(join(root, 'sw.js'), 'utf8');
  await writeFile(join(root, 'sw.js'), sw.replace(/const VERSION = '[^']*'/, "const VERSION = 'c-1'"));
  const site = await serve({ sites: [{ prefix: '/c/', root }] });
  const context = await shared.browser.newContext();
  try {
    const [a, b] = [await context.newPage(), await context.newPage()];
    for (const page of [a, b]) {
      await page.goto(`${site.origin}/c/?game=loa`);
      await readBoard(page);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      await page.reload(); // now controlled by the service worker
      await readBoard(page);
    }
    // A new deployment: the search worker's files under new names (the old
    // ones gone from the server), a new service worker.
    const files = await readdir(root);
    let html = await readFile(join(root, 'index.html'), 'utf8');
    let swText = (await readFile(join(root, 'sw.js'), 'utf8')).replace("'c-1'", "'c-2'");
    const hash = /search_worker-([0-9a-f]+)\.js/.exec(files.join(' '))[1];
    for (const name of files.filter((f) => f.includes(hash))) {
      const renamed = name.replace(hash, 'c2c2c2c2c2c2c2c2');
      let text = await readFile(join(root, name));
      if (name.endsWith('.js')) text = Buffer.from(text.toString('utf8').replaceAll(hash, 'c2c2c2c2c2c2c2c2'));
      await writeFile(join(root, renamed), text);
      await rm(join(root, name));
      html = html.replaceAll(name, renamed);
      swText = swText.replaceAll(name, renamed);
    }
    await writeFile(join(root, 'index.html'), html);
    await writeFile(join(root, 'sw.js'), swText);
    // The first tab takes the new version.
    await a.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
    await a.waitForSelector('.update-banner', { timeout: 15_000 });
    await Promise.all([a.waitForEvent('load'), a.click('.update-banner button')]);
    await readBoard(a);
    assert.ok(await a.$('meta[content*="c2c2c2c2c2c2c2c2"]'), 'the first tab runs the new build');
    // The second, still the old page, starts the computer: it plays Black's first move.
    await b.click('a.brand');
    await b.waitForSelector('.home-choices [data-act="computer:loa"]');
    await b.check('#side-white');
    await b.click('.home-choices [data-act="computer:loa"]');
    await b.waitForFunction(() => document.querySelectorAll('.move-list .move').length >= 1, null, { timeout: 20_000 });
    assert.equal(await b.$('.notice:has-text("stopped")'), null, 'no "The computer player stopped"');
  } finally {
    await context.close();
    await site.close();
    await rm(root, { recursive: true, force: true });
  }
});

test("a newer version of the game library opened in another tab gets it at once; this tab says to reload", async () => {
  const context = await shared.browser.newContext();
  try {
    const a = await context.newPage();
    await a.goto(`${shared.server.url}?game=loa`);
    await readBoard(a);
    await a.click('[data-cell="b1"]');
    await a.click('[data-cell="b3"]');
    await a.waitForTimeout(500); // the library is open, the game kept
    // Another page of the site asks for version 2 of the library's database,
    // as the next version of Ludoteca will: it must not wait on this tab.
    const b = await context.newPage();
    await b.goto(`${shared.server.url}icons/icon.svg`);
    const opened = await b.evaluate(() => new Promise((done) => {
      const request = indexedDB.open('ludoteca games /', 2);
      request.onsuccess = () => {
        request.result.close();
        done('opened');
      };
      request.onblocked = () => done('blocked');
      request.onerror = () => done('error');
    }));
    assert.equal(opened, 'opened');
    // The old tab's next write says what happened and what to do.
    await a.click('[data-cell="a2"]');
    await a.click('[data-cell="c2"]');
    await a.waitForSelector('[data-testid="storage-refused"]:has-text("A newer version of Ludoteca has opened the game library in another tab: reload this page")');
  } finally {
    await context.close();
  }
});

test('a game too long for the library, left in the journal by an older version, is kept aside with the true reason, not a storage warning at every start', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(shared.server.url);
  await page.waitForSelector('.cards');
  const id = 'a1b2c3d4e5f60718';
  await page.evaluate((id) => {
    // Its saved text (here its link, with 1.1 MB the app ignores) is over the library's 1 MB.
    localStorage.setItem(`${location.pathname}ludoteca.unsaved.${id}`, `${Date.now()}\np\n?game=loa&moves=b1-b3&x=${'y'.repeat(1_100_000)}`);
  }, id);
  await page.reload();
  await page.waitForSelector('.notice:has-text("KB long")', { timeout: 10_000 });
  assert.match(await page.textContent('main'), /This game is 1,075 KB long with its comments and marks, and the library keeps games of at most 1,024 KB/);
  assert.doesNotMatch(await page.textContent('main'), /refused to store/);
  await page.waitForSelector('.kept-aside');
  const state = await page.evaluate((id) => ({
    journal: localStorage.getItem(`${location.pathname}ludoteca.unsaved.${id}`),
    aside: (localStorage.getItem(`${location.pathname}ludoteca.unreadable-game.${id}`) ?? '').length,
  }), id);
  assert.ok(!state.journal, 'out of the journal');
  assert.ok(state.aside > 1_100_000, 'kept whole, aside');
  // The next start says nothing more; the game can be downloaded.
  await page.reload();
  await page.waitForSelector('.kept-aside');
  await page.waitForTimeout(1_000);
  assert.doesNotMatch(await page.textContent('main'), /KB long|refused to store/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.kept-aside button:has-text("Download it")')]);
  assert.equal(download.suggestedFilename(), 'ludoteca-game-kept-aside.txt');
  await context.close();
});
