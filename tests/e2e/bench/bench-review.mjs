// Time to review whole games in the browser, and the page's worst
// main-thread task meanwhile: `node tests/e2e/bench/bench-review.mjs [--runs N]
// [--game TEXT]` (only the games whose name holds TEXT) after a release
// build. A benchmark, not a test: its figures are in the
// docs/lab/performance.md (time to review a game). The review uses navigator.hardwareConcurrency − 1
// workers (at least one, at most four); the script prints how many.
import { launch, serve } from '../helpers.mjs';

const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
const gameAt = process.argv.indexOf('--game');
const only = gameAt > 0 ? process.argv[gameAt + 1] : '';

// A 60-ply Lines of Action game (16 seeded random moves, then the searcher
// at 20,000 nodes a move) and a 40-ply Forms 18×18 game (the searcher at
// 300 playouts a move), written by `ludoteca bestmove`; a 16-ply Forms
// advanced 6×6 game (the searcher at 3,000 nodes a move), whose later
// positions the solver settles.
const games = {
  'Lines of Action, 60 plies': '?game=loa&moves=g8-a8,a2-b3,e1-g3,h5-f5,d8-f6,f5-c2,g3-c3,a5-b6,f1-f4,h2-f2,c3-b4,a6-a1,f6-d4,h7-g8,b4-c3,h3-d3,c8-c4,a7-a2,e8-f7,b6-a5,f8-d6,h4-h2,d6-b4,h2-d2,c1xa3,a2-e2,f7xb3,a4-b5,b8-a7,a5-c5,b3-e6,g8-g6,a3xd3,a1-a4,e6-e4,e2xe4,d1-e2,a4-c6,e2xe4,g6-d6,b1-a2,h6-g7,b4-b2,d2xf4,g1-h1,f2xb2,h1-d5,b2-b4,a8-b8,c2-b3,a2-b2,f4-c7,c4-f7,g7-f8,f7xc7,f8-f7,e4xb4,f7xc7,b2-a2,b3-a4',
  'Forms advanced 6×6, 16 plies': '?game=forms:rules=advanced,size=6&moves=b1xa1,b2xa2,a1xa2,c1xd1,b3xa3,e1xf1,a3-c1,f2xe2,c1xd1,c3xc2,d1xd2,c2xd2,f3xe3,d2xd3,e3-e1,e2xe1',
  'Forms standard 18×18, 40 plies': '?game=forms&moves=m1xa11,q15xn7,p7xn10,o14xm6,k2xd16,j12xo3,l2xe15,j13xf7,j1xm17,e10xj3,q1xl11,o15xp6,r2xh16,c18xj2,q3xo18,k15xh3,p2xm15,j11xm4,o1xm13,b14xn9,n2xl12,g17xn6,m3xm14,m10xb5,r4xb10,p12xp4,f4xe14,j14xi9,e2xd13,b18xf1,h1xg11,a17xc3,i2xn17,j3xo6,l4xn13,f1xh9,k4xm4,j15xb10,d1xn9,f17xn3',
};

const server = await serve();
const browser = await launch();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  console.log('| game | CPU | workers | review time (median of ' + runs + ') | worst main-thread task |');
  console.log('|---|---|---|---|---|');
  for (const [name, query] of Object.entries(games).filter(([name]) => name.includes(only))) {
    for (const rate of [1, 4]) {
      const times = [];
      const worst = [];
      let workers = 0;
      for (let r = 0; r < runs; r++) {
        const page = await browser.newPage({ viewport: { width: 1366, height: 850 } });
        await page.goto(server.url + query);
        await page.waitForSelector('[data-cell]');
        await page.waitForTimeout(500);
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        workers = await page.evaluate(() => Math.min(4, Math.max(1, navigator.hardwareConcurrency - 1)));
        await page.evaluate(() => {
          window.tasks = [];
          new PerformanceObserver((l) => window.tasks.push(...l.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
          document.addEventListener('click', () => { window.reviewStart = performance.now(); }, { capture: true, once: true });
          new MutationObserver(() => {
            if (window.reviewStart && !window.reviewEnd && document.querySelector('.review')
              && !document.querySelector('.review-progress')) window.reviewEnd = performance.now();
          }).observe(document.body, { childList: true, subtree: true });
        });
        const button = await page.locator('button:has-text("Review game")').boundingBox();
        await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
        await page.waitForFunction(() => window.reviewEnd, null, { timeout: 300_000, polling: 250 });
        const [start, end, tasks] = await page.evaluate(() => [window.reviewStart, window.reviewEnd, window.tasks]);
        times.push(end - start);
        worst.push(Math.max(0, ...tasks));
        await page.close();
      }
      const w = median(worst);
      console.log(`| ${name} | ${rate === 1 ? 'normal' : rate + '× throttled'} | ${workers} | ${(median(times) / 1000).toFixed(1)} s (${times.map((t) => (t / 1000).toFixed(1)).join(', ')}) | ${w ? Math.round(w) + ' ms' : 'none over 50 ms'} |`);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
