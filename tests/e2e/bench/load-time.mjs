// Time from navigation to the first board drawn, in headless Chromium, each
// load in a fresh context (an empty cache):
//
//   node tests/e2e/bench/load-time.mjs [--runs N] [--slow] [--dist DIR]
//
// By default on localhost at full speed. `--slow` is the load budget's
// connection: files served gzip-compressed as GitHub Pages serves them,
// 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip (Chrome's network
// emulation, through the DevTools protocol) and the CPU throttled 4×. It
// also reports the bytes that crossed the network before the board showed.
import { resolve } from 'node:path';
import { DIST, launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '7'));
const slow = args.includes('--slow');
const dist = option('--dist', null);

const server = await serve({ root: dist ? resolve(dist) : DIST, gzip: slow });
const browser = await launch();
const times = [];
const transferred = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    if (slow) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: 1_600_000 / 8,
        uploadThroughput: 750_000 / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    await page.goto(`${server.url}?game=loa`, { waitUntil: 'commit' });
    await page.waitForSelector('[data-cell]', { state: 'attached', timeout: 60_000 });
    // The board is in the document; wait for the frame that paints it.
    times.push(await page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => ok(performance.now())))));
    transferred.push(bytes);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
times.sort((a, b) => a - b);
const median = (xs) => xs[Math.floor(xs.length / 2)];
const how = slow ? 'gzip, 1.6 Mbit/s, 150 ms round trip, CPU 4× slower' : 'localhost, full speed';
console.log(
  `navigation to first board (${how}): median ${median(times).toFixed(0)} ms, ` +
    `min ${times[0].toFixed(0)} ms, max ${times[times.length - 1].toFixed(0)} ms over ${runs} cold loads; ` +
    `about ${(median(transferred.sort((a, b) => a - b)) / 1024).toFixed(0)} KB transferred by then`,
);
