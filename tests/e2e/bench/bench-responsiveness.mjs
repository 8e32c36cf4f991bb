// Responsiveness benchmark (run by hand, not a test): the worst main-thread
// task per action, seen by a `longtask` PerformanceObserver (which reports
// every task over 50 ms), at normal CPU and with Chrome's CPU throttling at
// 4x (a mid-range phone), in headless Chromium on the release build.
//
//   node tests/e2e/bench/bench-responsiveness.mjs [--dist DIR] [--runs N]
//
//   node tests/e2e/bench/bench-responsiveness.mjs [--dist DIR] [--runs N] [--rates 1,4]
//
// Actions: opening each game from its link; selecting a piece; playing a
// move; taking it back (Undo); opening the New game dialog (and closing it
// with Escape); flipping the board; and one step back through a 60-ply Lines
// of Action game and a 60-ply Forms 18x18 game (the worst of 10 steps). Two
// figures per action: the longest main-thread task from the action until
// the page settles (the `longtask` observer: "–" means none over 50 ms), and
// the longest interaction, as the Event Timing API measures it for INP (from
// the input to the next paint, in steps of 8 ms; "–": none of 16 ms or
// more). Each is the median over N runs (default 5) of the run's worst, with
// the worst of all runs in brackets.
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const dist = option('--dist', null);
const runs = Number(option('--runs', '5'));
const rates = option('--rates', '1,4').split(',').map(Number);

// Played by the project's CLI: random legal moves (seeded) for Lines of
// Action, the searcher at 300 playouts for Forms.
const LOA_60 =
  'b8-d6,h3-f3,c8-d7,h2-f2,c1-e3,a7-a1,e1-c3,h5-h1,d8-b6,a2-c2,d7-b7,f3-h5,b1-a2,c2-e4,b6-d8,e4xb7,f1-g2,a4-c2,g1-h2,h5-f7,d6-d3,a1xc3,g2-h3,c3-e1,d8-b6,h6xf8,b6-d8,c2-c3,h3xc3,b7-d5,c3-b2,h1-f3,b2-b3,e1-c3,e3-d2,h7-f5,a2-b1,a5xd2,e8-e7,a3-a1,d8-a8,f2-e3,a8xd5,f3-h1,e7-c7,c3-e1,h2-f2,e3-c1,d3-b5,e1-c3,d5-a5,h1-h3,b5-a4,d2xf2,b3-e6,f7-h7,c7-b8,h4-h1,e6-g6,a6-b7';
const FORMS_60 =
  'q6xl13,c16xg3,n8xc18,h11xr1,l3xd15,i11xg6,j1xp14,b13xa9,i1xj12,p10xh2,r6xk11,e12xp9,b2xg10,o13xa3,l7xr16,q14xi9,m2xn18,k10xg10,l4xc10,m17xg2,o8xq17,i17xb3,l2xr17,r15xo9,e6xe15,r13xe4,k2xn12,j18xf6,n1xb10,h18xp8,c3xf14,f18xj8,r4xo12,e16xb1,q5xr12,p9xi3,j12xh10,g17xf9,p4xd14,h16xr9,r12xk12,n14xr7,m5xq11,o17xk7,q3xg2,j16xr17,o5xd13,k17xj7,n6xm12,l18xe15,p6xc15,l16xb5,o7xo9,i15xk4,m7xg15,k15xl8,m12xk14,j14xb10,l6xn11,j11xo12';

// [label, spec, piece to select (none for Attract), cells]
const GAMES = [
  ['Attract 12×12', 'attract:size=12', null, 144],
  ['Forms standard 18×18', 'forms', 'i9', 324],
  // The same, timed: the clocks' work on a move, and their ticking after it.
  ['Forms standard 18×18, 5+3 clock', 'forms&clock=300%2B3', 'i9', 324],
  ['Forms advanced 18×18', 'forms:rules=advanced', 'b1', 324],
  ['RA', 'ra', 'c5', 127],
  ['Lines of Action', 'loa', 'b1', 64],
];

const WATCH = () => {
  window.__tasks = [];
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__events.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

async function newPage(browser, rate) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
  await page.addInitScript(WATCH);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return page;
}

const now = (page) => page.evaluate(() => performance.now());
/** The longest task that started at or after `since` (0 when none was over 50 ms). */
const worstSince = (page, since) =>
  page.evaluate((t) => Math.max(0, ...window.__tasks.filter((x) => x.start >= t).map((x) => x.duration)), since);
/** The longest interaction (Event Timing) that started at or after `since` (0: none of 16 ms or more). */
const worstEventSince = (page, since) =>
  page.evaluate((t) => Math.max(0, ...window.__events.filter((x) => x.start >= t).map((x) => x.duration)), since);
const SETTLE_MS = 700;
const OPEN_MS = 4000;

/** The centre of `selector` on screen, read before the measured action. */
const centre = (page, selector) =>
  page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });

/**
 * Runs `action` and returns the longest task from its start until the page
 * has settled. Clicks go through `page.mouse` at coordinates read beforehand,
 * and nothing polls the page while it works, so only the app's own tasks count.
 */
async function timed(page, action, check) {
  const t = await now(page);
  await action();
  await page.waitForTimeout(SETTLE_MS);
  const worst = { task: await worstSince(page, t), event: await worstEventSince(page, t) };
  await check();
  return worst;
}

async function measure(browser, server, rate) {
  const worst = {};
  const note = (key, ms) => {
    const both = typeof ms === 'number' ? { task: ms, event: 0 } : ms;
    worst[key] ??= { task: 0, event: 0 };
    worst[key].task = Math.max(worst[key].task, both.task);
    worst[key].event = Math.max(worst[key].event, both.event);
  };
  for (const [label, spec, piece, cells] of GAMES) {
    const page = await newPage(browser, rate);
    // Opening: nothing of Playwright's may run in the page meanwhile (its
    // selector engine is a script of its own, and evaluating it is a long
    // task at 4x), so wait a fixed time, then look with a plain evaluate.
    await page.goto(`${server.url}?game=${spec}`);
    await page.waitForTimeout(OPEN_MS);
    note(`open ${label}`, await worstSince(page, 0));
    const drawn = await page.evaluate(() => document.querySelectorAll('.play [data-cell]').length);
    if (drawn !== cells) throw new Error(`${spec}: ${drawn} cells drawn after ${OPEN_MS} ms, expected ${cells}`);
    await page.waitForSelector('.move-list');
    // Select a piece (Attract places at once: its move is a click on an empty cell).
    let to = await centre(page, '.play [data-cell="f6"]');
    if (piece) {
      const at = await centre(page, `.play [data-cell="${piece}"]`);
      const ms = await timed(page, () => page.mouse.click(at.x, at.y), () => page.waitForSelector('[data-target]'));
      note(`select ${label}`, ms);
      const target = await page.$eval('[data-target]', (e) => e.getAttribute('data-target'));
      to = await centre(page, `.play [data-cell="${target}"]`);
    }
    const moved = () => page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 1);
    note(`move ${label}`, await timed(page, () => page.mouse.click(to.x, to.y), moved));
    const undo = await centre(page, '.actions button:has-text("Undo")');
    const undone = () => page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 0);
    note(`undo ${label}`, await timed(page, () => page.mouse.click(undo.x, undo.y), undone));
    const newGame = await centre(page, '.actions button:has-text("New game")');
    const shown = () => page.waitForSelector('dialog[open]');
    note(`open the New game dialog ${label}`, await timed(page, () => page.mouse.click(newGame.x, newGame.y), shown));
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog[open]', { state: 'detached' });
    const corner = () => page.$eval('.play [data-cell="a1"]', (c) => { const r = c.getBoundingClientRect(); return `${Math.round(r.left)},${Math.round(r.top)}`; });
    const before = await corner();
    const turned = async () => assert.notEqual(await corner(), before, `${label}: the board turned`);
    note(`flip ${label}`, await timed(page, () => page.keyboard.press('f'), turned));
    await page.close();
  }
  for (const [label, spec, moves] of [
    ['Lines of Action, 60 plies', 'loa', LOA_60],
    ['Forms 18×18, 60 plies', 'forms', FORMS_60],
  ]) {
    const page = await newPage(browser, rate);
    await page.goto(`${server.url}?game=${spec}&moves=${moves}`);
    await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 60);
    await page.waitForTimeout(SETTLE_MS);
    for (let i = 0; i < 10; i++) {
      const stepped = () => page.waitForFunction((ply) => location.search.includes(`ply=${ply}`), 59 - i);
      note(`step ${label}`, await timed(page, () => page.keyboard.press('ArrowLeft'), stepped));
    }
    await page.close();
  }
  return worst;
}

const server = await serve(dist ? { root: resolve(dist) } : {});
const browser = await launch();
const results = {};
for (const rate of rates) {
  for (let run = 0; run < runs; run++) {
    const worst = await measure(browser, server, rate);
    for (const [key, ms] of Object.entries(worst)) {
      results[key] ??= {};
      results[key][rate] ??= { task: [], event: [] };
      results[key][rate].task.push(ms.task);
      results[key][rate].event.push(ms.event);
    }
  }
}
await browser.close();
await server.close();
const show = (ms) => (ms > 0 ? `${Math.round(ms)} ms` : '–');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cell = (xs) => `${show(median(xs))} (${show(Math.max(...xs))})`;
const head = rates.map((r) => (r === 1 ? 'normal CPU' : `${r}× throttled`));
console.log(`| action | ${head.map((h) => `${h}: longest task | ${h}: interaction`).join(' | ')} |`);
console.log(`|---|${rates.map(() => '---|---|').join('')}`);
for (const [key, byRate] of Object.entries(results)) {
  console.log(`| ${key} | ${rates.map((r) => `${cell(byRate[r].task)} | ${cell(byRate[r].event)}`).join(' | ')} |`);
}
