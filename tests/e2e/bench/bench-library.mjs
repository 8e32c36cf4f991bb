// The game library with 10,000 games (run by hand, not a test), in headless
// Chromium on the release build, at normal CPU and with Chrome's CPU
// throttling at 4x (a mid-range phone):
//
//   node tests/e2e/bench/bench-library.mjs [--games N] [--runs N] [--summaries 1]
//
// The games are written straight into the library's database, as the
// library writes them (each a real 60-ply Lines of Action game, with its
// summary; games, players, results and dates vary). Then, per CPU rate:
// - My games opened: from the click on "My games" (the library already
//   open, as after the home page) to its first rows; and the page loaded
//   cold at `?games` (the app, the worker, the whole library read) to its
//   first rows;
// - a filter: from a keystroke in the search box to the new rows;
// - a move in a game while the library holds them all: the worst
//   main-thread task (longtask observer, tasks over 50 ms) from the move to
//   one second after, when the write has been made;
// - a backup of every game: from the click to the download, and its size;
//   and that file read into an empty library, from choosing it to the
//   message that says so.
// Each figure is the median of the runs (default 3).
import { readFile, stat } from 'node:fs/promises';
import { launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const GAMES = Number(option('--games', '10000'));
// `--summaries 1`: write summaries as version 1 did (no picture), and also
// time their working out again after the library opens.
const SUMMARY_VERSION = Number(option('--summaries', '2'));
const RUNS = Number(option('--runs', '3'));

const LOA_60 =
  'b8-d6,h3-f3,c8-d7,h2-f2,c1-e3,a7-a1,e1-c3,h5-h1,d8-b6,a2-c2,d7-b7,f3-h5,b1-a2,c2-e4,b6-d8,e4xb7,f1-g2,a4-c2,g1-h2,h5-f7,d6-d3,a1xc3,g2-h3,c3-e1,d8-b6,h6xf8,b6-d8,c2-c3,h3xc3,b7-d5,c3-b2,h1-f3,b2-b3,e1-c3,e3-d2,h7-f5,a2-b1,a5xd2,e8-e7,a3-a1,d8-a8,f2-e3,a8xd5,f3-h1,e7-c7,c3-e1,h2-f2,e3-c1,d3-b5,e1-c3,d5-a5,h1-h3,b5-a4,d2xf2,b3-e6,f7-h7,c7-b8,h4-h1,e6-g6,a6-b7';

const WATCH = () => {
  window.__tasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // When My games first shows rows, from the page's start.
  const rows = new MutationObserver(() => {
    if (document.querySelector('.games-list li')) {
      window.__firstRows = performance.now();
      rows.disconnect();
    }
  });
  document.addEventListener('DOMContentLoaded', () => rows.observe(document.body, { childList: true, subtree: true }));
};

/** The cells of a Lines of Action position after `moves`, as a summary keeps them (a1 first, rank by rank). */
function loaCells(moves) {
  const cells = Array(64).fill('.');
  const at = (name) => (Number(name.slice(1)) - 1) * 8 + (name.charCodeAt(0) - 97);
  for (const f of 'bcdefg') { cells[at(`${f}1`)] = 'b'; cells[at(`${f}8`)] = 'b'; }
  for (const r of '234567') { cells[at(`a${r}`)] = 'w'; cells[at(`h${r}`)] = 'w'; }
  for (const mv of moves.split(',')) {
    const [from, to] = mv.split(/[-x]/);
    cells[at(to)] = cells[at(from)];
    cells[at(from)] = '.';
  }
  return cells.join('');
}

/** Writes `count` games into the library's database of the page's site. */
async function fill(page, count) {
  const picture = SUMMARY_VERSION >= 2 ? { spec: 'loa', cells: loaCells(LOA_60) } : {};
  await page.evaluate(({ count, moves, picture }) => new Promise((resolve, reject) => {
    const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('games');
      open.result.createObjectStore('summaries');
    };
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction(['games', 'summaries'], 'readwrite');
      const kinds = [['loa', 'Lines of Action'], ['forms', 'Forms'], ['attract', 'Attract — 12 × 12 board'], ['ra', 'RA']];
      const players = [['You (Black) — Computer, level 3 (White)', 'computer'], ['Black — White', 'friend']];
      const standings = [['playing', 'Black to move'], ['won', 'Black wins: White resigned'], ['lost', 'White wins: all pieces connected'], ['drawn', 'Drawn: a draw by agreement']];
      for (let i = 0; i < count; i++) {
        const id = i.toString(16).padStart(16, '0');
        const [game, title] = kinds[i % 4];
        const [who, opponent] = players[i % 2];
        const [standing, result] = standings[i % 4];
        const at = 1_764_000_000_000 + i * 60_000;
        const text = `?game=loa&moves=${moves}${i % 2 ? '' : '&o=ai:3'}`;
        tx.objectStore('games').put(JSON.stringify({ id, text, origin: 'played', created: at, updated: at, starred: false, rev: 1 }), id);
        tx.objectStore('summaries').put(JSON.stringify({
          id, game, title, players: who, result, standing, opponent, moves: 60, origin: 'played',
          created: at, updated: at, starred: i % 50 === 0, deleted: false, needs_backup: false, ...picture,
        }), id);
      }
      tx.oncomplete = () => { db.close(); resolve(); };
      tx.onerror = () => reject(tx.error);
    };
    open.onerror = () => reject(open.error);
  }), { count, moves: LOA_60, picture });
}

async function page(browser, rate) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 }, acceptDownloads: true });
  const p = await context.newPage();
  await p.addInitScript(WATCH);
  const cdp = await context.newCDPSession(p);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return { context, page: p };
}

/** Milliseconds from running `act` in the page to `done` being true there. */
async function timed(p, act, done) {
  return p.evaluate(([act, done]) => new Promise((resolve) => {
    const start = performance.now();
    const check = new Function(`return (${done})()`);
    const observer = new MutationObserver(() => {
      if (check()) {
        observer.disconnect();
        resolve(performance.now() - start);
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    new Function(`(${act})()`)();
  }), [act.toString(), done.toString()]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve({ gzip: true });
const browser = await launch();
const results = {};
try {
  for (const rate of [1, 4]) {
    const rows = { warm: [], cold: [], filter: [], move: [], exportMs: [], exportKb: [], importMs: [] };
    for (let run = 0; run < RUNS; run++) {
      const { context, page: p } = await page(browser, rate);
      await p.goto(server.url);
      await p.waitForSelector('.cards');
      await fill(p, GAMES);
      const opened = Date.now();
      await p.reload();
      await p.waitForSelector('.continue li', { timeout: 120_000 });
      if (SUMMARY_VERSION < 2) {
        // Version 1's summaries worked out again in the background: until every one has its picture.
        const pictured = () => p.evaluate(() => new Promise((resolve) => {
          const open = indexedDB.open(`ludoteca games ${location.pathname.replace(/[^/]*$/, '')}`, 1);
          open.onsuccess = () => {
            const all = open.result.transaction(['summaries'], 'readonly').objectStore('summaries').getAll();
            all.onsuccess = () => { open.result.close(); resolve(all.result.filter((t) => t.includes('"spec"')).length); };
          };
        }));
        while ((await pictured()) < GAMES) await p.waitForTimeout(500);
        rows.pictured ??= [];
        rows.pictured.push(Date.now() - opened);
      }
      rows.warm.push(await timed(p, () => document.querySelector('a.games-link').click(),
        () => document.querySelectorAll('.games-list li').length > 0));
      // A filter: a keystroke in the search box.
      rows.filter.push(await timed(p, () => {
        const box = document.getElementById('filter-text');
        box.value = 'resigned';
        box.dispatchEvent(new Event('input', { bubbles: true }));
      }, () => /of \d+ games/.test(document.querySelector('.games-line')?.textContent ?? '')));
      // Cold: the page loaded at ?games.
      await p.goto(`${server.url}?games`);
      await p.waitForSelector('.games-list li', { timeout: 120_000 });
      rows.cold.push(await p.evaluate(() => window.__firstRows));
      // A move while the library holds every game.
      await p.goto(`${server.url}?game=loa`);
      await p.waitForSelector('[data-cell]');
      await p.waitForTimeout(1_000);
      const since = await p.evaluate(() => performance.now());
      await p.click('[data-cell="b1"]');
      await p.click('[data-cell="b3"]');
      await p.waitForTimeout(1_000);
      rows.move.push(await p.evaluate((since) => Math.max(0, ...window.__tasks.filter((t) => t.start >= since).map((t) => t.duration)), since));
      // A backup of everything, then read into an empty library.
      await p.goto(`${server.url}?games`);
      await p.waitForSelector('.games-list li', { timeout: 120_000 });
      const start = Date.now();
      const [download] = await Promise.all([p.waitForEvent('download', { timeout: 300_000 }), p.click('button[data-action="export-all"]')]);
      const path = await download.path();
      rows.exportMs.push(Date.now() - start);
      rows.exportKb.push((await stat(path)).size / 1024);
      const text = await readFile(path);
      const { context: other, page: fresh } = await page(browser, rate);
      await fresh.goto(`${server.url}?games`);
      await fresh.waitForSelector('.games-line:not(:empty)');
      const began = Date.now();
      await fresh.setInputFiles('#import-backup', { name: 'backup.json', mimeType: 'application/json', buffer: text });
      await fresh.waitForSelector('.notice:has-text("Backup read")', { timeout: 600_000 });
      rows.importMs.push(Date.now() - began);
      await other.close();
      await context.close();
    }
    results[`${rate}x`] = Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, Math.round(median(v))]));
    console.log(`CPU ${rate}x:`, JSON.stringify(results[`${rate}x`]));
  }
} finally {
  await browser.close();
  await server.close();
}
console.log(`\n${GAMES} games, median of ${RUNS} runs (ms; export size in KB):`);
console.log('| CPU | My games opened (warm) | ?games loaded cold | a filter | worst task of a move | backup out | backup size | backup in |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [rate, r] of Object.entries(results)) {
  console.log(`| ${rate} | ${r.warm} | ${r.cold} | ${r.filter} | ${r.move || '–'} | ${r.exportMs} | ${r.exportKb} KB | ${r.importMs} |`);
}
