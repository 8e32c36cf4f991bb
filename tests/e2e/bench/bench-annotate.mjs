// Responsiveness of the features that draw on a board (run by hand, not a
// test): the worst main-thread task, seen by a `longtask` observer (every
// task over 50 ms), of a press in the board editor on Forms 18x18 (placing
// and taking away a stone), of an arrow drawn with the right button on
// a Forms 18x18 game, and of a challenge's right move with its answer
// played from the solution in the same task (a proven Forms advanced 10x10
// puzzle, the largest board the puzzle files hold with a full board), at
// normal CPU and throttled 4x.
//
//   node tests/e2e/bench/bench-annotate.mjs [--runs N]
import { launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] || 3);
const server = await serve();
const browser = await launch();

async function worst(page, act) {
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => window.__long.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
  });
  await act();
  await page.waitForTimeout(400);
  return page.evaluate(() => Math.max(0, ...window.__long));
}

async function centre(page, name) {
  return page.$eval(`[data-cell="${name}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

const rows = [];
for (const rate of [1, 4]) {
  const editor = [];
  const arrow = [];
  const challenge = [];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${server.url}?edit&game=forms&from=18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18/18_x`);
    await page.waitForSelector('#editor-verdict');
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    editor.push(await worst(page, async () => {
      for (const cell of ['i9', 'j9', 'i9', 'k10']) await page.click(`[data-cell="${cell}"]`);
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${server.url}?game=forms&moves=q6xl13,c16xg3,n8xc18,h11xr1`);
    await page.waitForSelector('.play-side');
    await page.waitForTimeout(500);
    const [a, b] = [await centre(page, 'c3'), await centre(page, 'h8')];
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    arrow.push(await worst(page, async () => {
      await page.mouse.move(a.x, a.y);
      await page.mouse.down({ button: 'right' });
      await page.mouse.move(b.x, b.y, { steps: 4 });
      await page.mouse.up({ button: 'right' });
      await page.waitForSelector('.board line.drawn', { state: 'attached' });
    }));
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${server.url}?game=forms:rules=advanced,size=10&from=xoxoxo1x2/oxoxoxoxxo/xoo1xxo1xo/ox1x5o/1o1oooo1xx/o1oxoxx1xx/xxxoxo1oxo/oxox1x1ox1/1xooooxo2/ox1xoxo3_x&solve=j6xj7,b6xb7,i9xj9,j8xj7`);
    await page.waitForSelector('.play-side');
    await page.waitForTimeout(500);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    challenge.push(await worst(page, async () => {
      await page.click('[data-cell="j6"]');
      await page.click('[data-cell="j7"]');
      await page.waitForSelector('.move-list button:has-text("b6xb7")');
    }));
    await page.close();
  }
  const show = (xs) => {
    const sorted = [...xs].sort((p, q) => p - q);
    const median = sorted[Math.floor(sorted.length / 2)];
    const fmt = (ms) => (ms ? `${Math.round(ms)} ms` : '–');
    return `${fmt(median)} (${fmt(sorted[sorted.length - 1])})`;
  };
  rows.push(`| ${rate}× | ${show(editor)} | ${show(arrow)} | ${show(challenge)} |`);
}
console.log('| CPU | editor press, Forms 18×18 | arrow drawn, Forms 18×18 | challenge move and its answer, Forms advanced 10×10 |');
console.log('|---|---|---|---|');
for (const row of rows) console.log(row);
await browser.close();
await server.close();
