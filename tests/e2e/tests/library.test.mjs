// The game library (IndexedDB, through its worker) under real conditions:
// two tabs with two games, one game in two tabs, a crash and a tab closed
// while the computer thinks, damaged entries, and My games: filters,
// search, star, delete and undo, a backup downloaded and read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { fixture, readBoard } from '../helpers.mjs';

const shared = fixture();
const run = promisify(execFile);

async function move(page, from, to) {
  await page.click(`[data-cell="${from}"]`);
  await page.click(`[data-cell="${to}"]`);
}

/** My games' rows, as text. */
async function myGames(page) {
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.games-line:not(:empty)');
  return page.$$eval('.games-list li', (rows) => rows.map((r) => r.textContent));
}

test('two tabs playing two games keep both', async () => {
  const context = await shared.browser.newContext();
  const [a, b] = [await context.newPage(), await context.newPage()];
  await a.goto(`${shared.server.url}?game=loa`);
  await b.goto(`${shared.server.url}?game=attract:size=8`);
  await readBoard(a);
  await readBoard(b);
  await move(a, 'b1', 'b3');
  const attract = Object.keys(await readBoard(b)).filter((c) => /^[a-h][1-8]$/.test(c));
  await b.click(`[data-cell="${attract[0]}"]`);
  await b.waitForURL(/moves=/);
  await move(a, 'a2', 'c2');
  await a.waitForURL(/a2-c2/);
  await a.waitForTimeout(400);
  const rows = await myGames(a);
  assert.equal(rows.length, 2, rows.join('\n'));
  assert.ok(rows.some((r) => /Lines of Action.*2 moves/.test(r)), rows.join('\n'));
  assert.ok(rows.some((r) => /Attract.*1 move/.test(r)), rows.join('\n'));
  await context.close();
});

test('one game in two tabs: the later move wins, the other tab follows, no line is lost', async () => {
  const context = await shared.browser.newContext();
  const a = await context.newPage();
  await a.goto(`${shared.server.url}?game=loa`);
  await readBoard(a);
  await move(a, 'b1', 'b3');
  await a.waitForTimeout(400);
  // The same game opened from My games in a second tab.
  const b = await context.newPage();
  await myGames(b);
  await b.click('.games-list button[data-open]');
  await b.waitForSelector('.move-list button:has-text("b1-b3")');
  await move(a, 'a2', 'c2');
  await b.waitForSelector('.move-list button:has-text("a2-c2")', { timeout: 5_000 });
  // The second tab answers another move at the same point: the first follows,
  // and keeps its own move as a variation.
  await b.keyboard.press('ArrowLeft');
  await b.waitForURL(/ply=1|moves=b1-b3&/);
  await move(b, 'h2', 'f2');
  await a.waitForSelector('.move-list button:has-text("h2-f2")', { timeout: 5_000 });
  const list = await a.textContent('.move-list');
  assert.match(list, /a2-c2/, 'the first tab keeps its line as a variation');
  await context.close();
});

test('a tab closed while the computer thinks, and a crashed tab, lose no move', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa&o=ai:5`);
  await readBoard(page);
  await move(page, 'b1', 'b3');
  // Closed at once, the computer thinking, without unload handlers.
  await page.close({ runBeforeUnload: false });
  // A renderer that crashes 200 ms after a move: no handler runs at all.
  const crashed = await context.newPage();
  await crashed.goto(`${shared.server.url}?game=attract:size=8`);
  const cells = Object.keys(await readBoard(crashed)).filter((c) => /^[a-h][1-8]$/.test(c));
  await crashed.click(`[data-cell="${cells[0]}"]`);
  await crashed.waitForURL(/moves=/);
  await crashed.waitForTimeout(200);
  const crash = new Promise((resolve) => crashed.once('crash', () => resolve(true)));
  crashed.goto('chrome://crash').catch(() => {});
  assert.equal(await Promise.race([crash, new Promise((r) => setTimeout(() => r(false), 5_000))]), true, 'the tab crashed');
  const next = await context.newPage();
  const rows = await myGames(next);
  assert.ok(rows.some((r) => /Lines of Action.*Computer, level 5.*1 move/.test(r)), rows.join('\n'));
  assert.ok(rows.some((r) => /Attract.*1 move/.test(r)), rows.join('\n'));
  await context.close();
});

test('a damaged entry is named and skipped; the other games stay', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await move(page, 'b1', 'b3');
  await page.waitForTimeout(400);
  assert.equal((await myGames(page)).length, 1);
  // Another program wrote a bad summary into the library's database.
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
    open.onsuccess = () => {
      const tx = open.result.transaction(['summaries', 'games'], 'readwrite');
      tx.objectStore('summaries').put('{not json', 'broken-entry');
      tx.objectStore('games').put('{"id":', 'broken-entry');
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }));
  await page.goto(shared.server.url);
  await page.waitForSelector('.notice:has-text("broken-entry")');
  assert.match(await page.textContent('.continue'), /Lines of Action/);
  assert.equal((await myGames(page)).length, 1);
  await context.close();
});

test('My games: filters, search, star, delete with undo, a backup out and back in', async () => {
  const context = await shared.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  for (const [query, from, to] of [['?game=loa&o=ai:1', 'b1', 'b3'], ['?game=loa', 'b1', 'b3'], ['?game=ra', null, null]]) {
    await page.goto(`${shared.server.url}${query}`);
    await readBoard(page);
    if (from) await move(page, from, to);
    else {
      const cells = Object.keys(await readBoard(page));
      await page.click(`[data-cell="${cells[0]}"]`);
    }
    await page.waitForURL(/moves=/, { timeout: 5_000 }).catch(() => {});
    await page.waitForTimeout(300);
  }
  let rows = await myGames(page);
  assert.ok(rows.length >= 2, rows.join('\n'));
  const all = rows.length;
  await page.selectOption('#filter-opponent', 'computer');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 1);
  assert.match(await page.textContent('.games-list'), /Computer, level 1/);
  await page.selectOption('#filter-opponent', '');
  await page.fill('#filter-text', 'LINES');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 2);
  await page.fill('#filter-text', 'no such game');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 0);
  assert.match(await page.textContent('.games-line'), new RegExp(`0 of ${all} games`));
  await page.fill('#filter-text', '');
  await page.waitForFunction((n) => document.querySelectorAll('.games-list li').length === n, all);
  // Star, then only starred.
  await page.click('.games-list li:first-child button[data-star]');
  await page.waitForSelector('.games-list li:first-child button[data-star][aria-pressed="true"]');
  await page.check('#filter-starred');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 1);
  await page.uncheck('#filter-starred');
  await page.waitForFunction((n) => document.querySelectorAll('.games-list li').length === n, all);
  // Delete, undo.
  await page.click('.games-list li:first-child button[data-delete]');
  await page.waitForFunction((n) => document.querySelectorAll('.games-list li').length === n - 1, all);
  await page.click('.deleted button:has-text("Undo")');
  await page.waitForFunction((n) => document.querySelectorAll('.games-list li').length === n, all);
  // A backup of everything, read back in: nothing doubles.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[data-action="export-all"]')]);
  assert.match(download.suggestedFilename(), /^ludoteca-games-\d{4}-\d\d-\d\d\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const backup = JSON.parse(text);
  assert.equal(backup.format, 'ludoteca-library');
  assert.equal(backup.games.length, all);
  // The browser writes it with its own JSON.stringify; the CLI reads it with
  // serde_json and replays every game.
  const { stdout } = await run('cargo', ['run', '-q', '--offline', '-p', 'cli', '--', 'library', await download.path(), '--check']);
  assert.equal(stdout.trim(), `${all} games, every one replays`);
  await page.setInputFiles('#import-backup', { name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForSelector('.notice:has-text("Backup read: 0 new games")');
  assert.equal((await myGames(page)).length, all, 'no duplicates');
  // Into an empty library (another browser): every game comes back.
  const other = await shared.browser.newContext();
  const fresh = await other.newPage();
  await myGames(fresh);
  await fresh.setInputFiles('#import-backup', { name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await fresh.waitForSelector(`.notice:has-text("Backup read: ${all} new games")`);
  assert.equal((await myGames(fresh)).length, all);
  // A file that is not a backup says so.
  await fresh.setInputFiles('#import-backup', { name: 'x.json', mimeType: 'application/json', buffer: Buffer.from('{"a":1}') });
  await fresh.waitForSelector('.notice:has-text("not a Ludoteca backup")');
  // A broken file: its reason in words, alone (the earlier import's message
  // is gone), and no warning about the browser's storage.
  await fresh.setInputFiles('#import-backup', { name: 'y.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"ludoteca-library","games":[{"id"') });
  await fresh.waitForSelector('.notice:has-text("it is not JSON: the file is damaged, cut short, or of another kind")');
  const said = await fresh.$$eval('.notice', (n) => n.map((x) => x.textContent).join('\n'));
  assert.doesNotMatch(said, /Backup read/);
  assert.doesNotMatch(said, /refused to store|storage/i);
  await other.close();
  await context.close();
});

test('no library in this browser (its database refuses to open): play goes on, and the page says so', async () => {
  const context = await shared.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(shared.server.url);
  // A database of a version this build cannot open (as after going back to an older build).
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 99);
    open.onsuccess = () => { open.result.close(); resolve(); };
    open.onerror = () => reject(open.error);
  }));
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await move(page, 'b1', 'b3');
  await page.waitForSelector('[data-testid="storage-refused"]', { timeout: 5_000 });
  await move(page, 'a2', 'c2');
  assert.equal((await readBoard(page)).c2, 'c2, white stone', 'play goes on');
  // The notice offers the game itself, as a record.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="storage-refused"] button')]);
  assert.equal(download.suggestedFilename(), 'ludoteca-loa.txt');
  assert.match(await readFile(await download.path(), 'utf8'), /1\. b1-b3 a2-c2/);
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.notice:has-text("keeps no games")');
  await context.close();
});

test('a backup is suggested once 20 games changed since the last; the Lines of Action games go out as one SGF file', async () => {
  const context = await shared.browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(shared.server.url);
  // 21 games left in the journal, as closed tabs leave them: the library takes them at start.
  await page.evaluate(() => {
    for (let i = 0; i < 21; i++) {
      const link = i === 20 ? '?game=ra&moves=1c5-c8' : `?game=loa&moves=b1-b3${i % 2 ? ',a2-c2' : ''}`;
      localStorage.setItem(`${location.pathname}ludoteca.unsaved.${(i + 1).toString(16).padStart(16, '0')}`, `${Date.now() - i * 1000}\np\n${link}`);
    }
  });
  const rows = await myGames(page);
  assert.equal(rows.length, 21);
  await page.waitForSelector('.notice:has-text("no backup yet")');
  const [sgf] = await Promise.all([page.waitForEvent('download'), page.click('button[data-action="export-sgf"]')]);
  assert.match(sgf.suggestedFilename(), /^ludoteca-loa-games-\d{4}-\d\d-\d\d\.sgf$/);
  const text = await readFile(await sgf.path(), 'utf8');
  assert.equal(text.match(/\(;FF\[4\]GM\[9\]/g).length, 20);
  assert.ok(await page.$('.notice:has-text("no backup yet")'), 'an SGF file is no backup');
  await Promise.all([page.waitForEvent('download'), page.click('button[data-action="export-all"]')]);
  await page.waitForFunction(() => ![...document.querySelectorAll('.notice')].some((n) => n.textContent.includes('no backup yet')));
  await context.close();
});

test("My games pictures each game's position; summaries kept before the pictures get theirs once the library opens", async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  await move(page, 'b1', 'b3');
  await page.waitForTimeout(400);
  await myGames(page);
  // The picture: an image of an SVG document, a dot a stone.
  const svg = await page.$eval('.games-list img.game-thumb', (i) => decodeURIComponent(i.getAttribute('src').replace('data:image/svg+xml,', '')));
  const dots = (kind) => (svg.match(new RegExp(`class='thumb-${kind}' d='([^']*)'`))?.[1] ?? '').split('M').length - 1;
  assert.deepEqual([dots('black'), dots('white')], [12, 12]);
  await page.$eval('.games-list img.game-thumb', (i) => i.scrollIntoView());
  await page.waitForFunction(() => document.querySelector('.games-list img.game-thumb').complete);
  const shown = await page.$eval('.games-list img.game-thumb', (i) => ({ width: i.getBoundingClientRect().width, natural: i.naturalWidth }));
  assert.ok(shown.width >= 40 && shown.natural > 0, `the picture is drawn, ${shown.width} px wide`);
  // The summary as the version before the pictures stored it: no spec, no cells.
  const summary = () => page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
    open.onsuccess = () => {
      const tx = open.result.transaction(['summaries'], 'readonly');
      const all = tx.objectStore('summaries').getAll();
      all.onsuccess = () => { open.result.close(); resolve(all.result.map((t) => JSON.parse(t))); };
      all.onerror = () => reject(all.error);
    };
    open.onerror = () => reject(open.error);
  }));
  const [stored] = await summary();
  assert.equal(stored.spec, 'loa');
  await page.evaluate(() => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
    open.onsuccess = () => {
      const tx = open.result.transaction(['summaries'], 'readwrite');
      const store = tx.objectStore('summaries');
      const all = store.getAll();
      all.onsuccess = () => {
        for (const text of all.result) {
          const s = JSON.parse(text);
          delete s.spec;
          delete s.cells;
          store.put(JSON.stringify(s), s.id);
        }
      };
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }));
  // A new deployment opens the library: the game is listed (with or without
  // its picture while its summary is worked out again), then stored anew.
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.games-list li');
  assert.match(await page.textContent('.games-list'), /Lines of Action/);
  for (let i = 0; i < 50 && !(await summary())[0].spec; i++) await page.waitForTimeout(100);
  const [migrated] = await summary();
  assert.equal(migrated.spec, 'loa');
  assert.equal(migrated.cells.replace(/\./g, '').length, 24);
  assert.equal(migrated.moves, 1, 'the rest of the summary as before');
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.games-list .game-thumb');
  assert.equal((await page.$$('.games-list li')).length, 1);
  await context.close();
});

test('My games shows the newest 50 games, 50 more at each press of Show more; a new filter starts again at 50', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(shared.server.url);
  await page.waitForSelector('.cards');
  await page.evaluate((count) => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
    open.onupgradeneeded = () => { open.result.createObjectStore('games'); open.result.createObjectStore('summaries'); };
    open.onsuccess = () => {
      const tx = open.result.transaction(['games', 'summaries'], 'readwrite');
      for (let i = 0; i < count; i++) {
        const id = i.toString(16).padStart(16, '0');
        const at = 1_764_000_000_000 + i * 60_000;
        tx.objectStore('games').put(JSON.stringify({ id, text: '?game=loa&moves=b1-b3', origin: 'played', created: at, updated: at, starred: false, rev: 1 }), id);
        tx.objectStore('summaries').put(JSON.stringify({ id, game: 'loa', title: 'Lines of Action', players: `Player ${i}`, result: 'White to move', standing: 'playing', opponent: 'friend', moves: 1, origin: 'played', created: at, updated: at, starred: false, deleted: false, spec: 'loa', cells: '' }), id);
      }
      tx.oncomplete = () => { open.result.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }), 120);
  await page.goto(`${shared.server.url}?games`);
  const rows = () => page.$$eval('.games-list li', (r) => r.length);
  await page.waitForSelector('.games-list li');
  assert.equal(await rows(), 50);
  assert.equal(await page.textContent('.games-line'), '120 games, the newest 50 shown');
  assert.match(await page.textContent('.games-list li'), /Player 119/, 'the newest first');
  await page.click('button:has-text("Show 50 more (70 not shown)")');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 100);
  await page.click('button:has-text("Show 20 more (20 not shown)")');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 120);
  assert.equal(await page.$('.games-more button'), null, 'nothing more to show');
  assert.equal(await page.textContent('.games-line'), '120 games');
  // A search: its first 50.
  await page.fill('#filter-text', 'player 1');
  await page.waitForFunction(() => /of 120 games/.test(document.querySelector('.games-line').textContent));
  const found = Number((await page.textContent('.games-line')).match(/^(\d+) of 120 games$/)[1]);
  assert.ok(found < 50 && found === (await rows()), `${found} found, all shown`);
  await page.fill('#filter-text', '');
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 50);
  await context.close();
});

test('a large backup is read in batches: its progress is told, each batch kept as it goes, the reasons for games left out capped', async () => {
  const context = await shared.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.games-line:not(:empty)');
  const games = [];
  for (let i = 0; i < 1_200; i++) {
    const at = 1_764_000_000_000 + i * 60_000;
    games.push({ id: (i + 1).toString(16).padStart(16, '0'), text: i % 2 ? '?game=loa&moves=b1-b3' : '?game=forms:size=8', origin: 'played', created: at, updated: at, starred: false });
  }
  // Twelve games that open none.
  for (let i = 0; i < 12; i++) games.push({ id: `bad${i}`.padEnd(16, '0'), text: '?rules=loa', origin: 'played', created: 1, updated: 1, starred: false });
  const text = JSON.stringify({ format: 'ludoteca-library', version: 1, exported: 1, games });
  await page.evaluate(() => {
    window.__said = [];
    new MutationObserver(() => {
      for (const n of document.querySelectorAll('.games-page .notice')) if (!window.__said.includes(n.textContent)) window.__said.push(n.textContent);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.setInputFiles('#import-backup', { name: 'backup.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForSelector('.notice:has-text("Backup read")', { timeout: 60_000 });
  const said = await page.evaluate(() => window.__said);
  assert.ok(said.includes('Reading the backup: 500 of 1,212 games read and kept so far…'), said.join(' | '));
  assert.ok(said.includes('Reading the backup: 1,000 of 1,212 games read and kept so far…'), said.join(' | '));
  const notices = await page.$$eval('.games-page .notice', (n) => n.map((x) => x.textContent));
  assert.equal(notices[0], 'Backup read: 1,200 new games, 0 merged.');
  assert.equal(notices.filter((n) => n.startsWith('Left out:')).length, 10);
  assert.ok(notices.includes('…and 2 more games left out.'), notices.join(' | '));
  assert.ok(!notices.some((n) => n.startsWith('Reading the backup')), 'the progress line gives way to the result');
  assert.equal(await page.textContent('.games-line'), '1,200 games, the newest 50 shown');
  await context.close();
});
