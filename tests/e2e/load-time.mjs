// Time from navigation to the first board drawn, in headless Chromium on
// localhost, with an empty cache: `node tests/e2e/load-time.mjs [RUNS]`.
import { launch, serve } from './helpers.mjs';

const runs = Number(process.argv[2] ?? 7);
const server = await serve();
const browser = await launch();
const times = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}?game=loa`);
    await page.waitForSelector('[data-cell]', { state: 'attached' });
    times.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
times.sort((a, b) => a - b);
console.log(`navigation to first board: median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms over ${runs} cold loads`);
