// How fast each first page loads, in headless Chromium, each load in a
// fresh context (an empty cache, no service worker):
//
//   node tests/e2e/bench/load-time.mjs [--runs N] [--profile slow|fast|local]
//        [--pages home,loa,forms,link,editor,embed,loa-de,home-ru] [--dist DIR]
//
// For each page: the time from navigation until a board is **visible** (the
// first paint drawn ahead, or the app's board, painted), until it is
// **playable** (a press is answered: the first board is live on the page
// drawn ahead, or the app has started and drawn the element a press goes
// to: the board's cells, or on the home page its buttons), the bytes that
// crossed the network by then, and until the whole **app** has started;
// median and worst of N cold loads.
//
// Profiles (Chrome's network emulation and CPU throttling, through the
// DevTools protocol; files served gzip-compressed as GitHub Pages serves them):
// - `slow` (the load budget's): 1.6 Mbit/s down, 750 kbit/s up, 150 ms round
//   trip, CPU 4× slower;
// - `fast`: a fast phone connection, 9 Mbit/s down, 1.5 Mbit/s up, 60 ms
//   round trip, CPU 4× slower (the same phone);
// - `local`: localhost at full speed, no throttling, no compression.
import { resolve } from 'node:path';
import { DIST, launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '5'));
// (`--slow` as the earlier version of this script took it.)
const profileName = args.includes('--slow') ? 'slow' : option('--profile', 'slow');
const dist = option('--dist', null);

const PROFILES = {
  slow: { down: 1_600_000, up: 750_000, latency: 150, cpu: 4, gzip: true, what: 'gzip, 1.6 Mbit/s, 150 ms round trip, CPU 4× slower' },
  fast: { down: 9_000_000, up: 1_500_000, latency: 60, cpu: 4, gzip: true, what: 'gzip, 9 Mbit/s, 60 ms round trip, CPU 4× slower' },
  local: { cpu: 1, gzip: false, what: 'localhost, full speed' },
};
const profile = PROFILES[profileName];
if (!profile) throw new Error(`no profile ${profileName}: slow, fast or local`);

// Each page: its address, and what a press goes to once the app has drawn it.
const PAGES = {
  home: { query: '', playable: '.home-choices button[data-act]' },
  loa: { query: '?game=loa', playable: '#board [data-cell]' },
  forms: { query: '?game=forms', playable: '#board [data-cell]', note: 'Forms 18×18' },
  link: { query: '?game=loa&moves=b1-b3,a2-c2,d1-d3', playable: '#board [data-cell]', note: 'a shared game' },
  editor: { query: '?edit&game=loa', playable: '#board [data-cell]' },
  embed: { query: '?game=loa&moves=b1-b3,a2-c2&embed=1', playable: '#board [data-cell]' },
  // A visitor in another language (its page drawn ahead and its texts).
  'loa-de': { query: '?game=loa&lang=de', playable: '#board [data-cell]', note: 'in German' },
  'home-ru': { query: '?lang=ru', playable: '.home-choices button[data-act]', note: 'in Russian' },
};
const names = option('--pages', Object.keys(PAGES).join(',')).split(',');
for (const n of names) if (!PAGES[n]) throw new Error(`no page ${n}: ${Object.keys(PAGES).join(', ')}`);

/**
 * In the page, before anything else: the time a board is first painted, and
 * the time the app's own element for a press is first painted (after the
 * first paint, if any, has gone).
 */
function watch(playable) {
  const marks = (window.__loadMarks = {});
  const painted = (name) => requestAnimationFrame(() => {
    marks[name] ??= performance.now();
  });
  const once = (name) => {
    if (marks[`${name}Seen`]) return;
    marks[`${name}Seen`] = true;
    painted(name);
  };
  const check = () => {
    if (document.querySelector('svg [data-cell]')) once('visible');
    // The first board live on the page drawn ahead.
    if (document.querySelector('#first-paint-page[data-live] [data-cell]')) once('playable');
    if (!document.getElementById('first-paint') && document.querySelector(playable)) {
      once('visible');
      once('playable');
      once('app');
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-live'] });
}

const server = await serve({ root: dist ? resolve(dist) : DIST, gzip: profile.gzip });
const browser = await launch();
const results = {};
try {
  for (const name of names) {
    const page = PAGES[name];
    const rows = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      // Bytes by the time each request finished, in the browser's clock.
      const finished = [];
      cdp.on('Network.loadingFinished', (e) => finished.push([e.timestamp, e.encodedDataLength]));
      // And every chunk as it arrives: files still loading count too.
      const received = [];
      cdp.on('Network.dataReceived', (e) => received.push([e.timestamp, e.encodedDataLength]));
      let navigationStart = null;
      cdp.on('Network.requestWillBeSent', (e) => {
        if (navigationStart === null) navigationStart = e.timestamp;
      });
      if (profile.down) {
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.latency,
          downloadThroughput: profile.down / 8,
          uploadThroughput: profile.up / 8,
        });
      }
      if (profile.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
      await tab.addInitScript(watch, page.playable);
      await tab.goto(`${server.url}${page.query}`, { waitUntil: 'commit' });
      await tab.waitForFunction(() => window.__loadMarks && window.__loadMarks.app, null, { timeout: 60_000, polling: 100 });
      const marks = await tab.evaluate(() => window.__loadMarks);
      // performance.now() counts from the navigation; the network's clock
      // from the first request (the page's): close enough at this scale.
      const bytes = finished
        .filter(([t]) => (t - navigationStart) * 1000 <= marks.playable)
        .reduce((sum, [, b]) => sum + b, 0);
      const arrived = received
        .filter(([t]) => (t - navigationStart) * 1000 <= marks.playable)
        .reduce((sum, [, b]) => sum + b, 0);
      rows.push({ visible: marks.visible, playable: marks.playable, app: marks.app, bytes, arrived });
      await context.close();
    }
    results[name] = rows;
  }
} finally {
  await browser.close();
  await server.close();
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const median = (xs) => sorted(xs)[Math.floor(xs.length / 2)];
const worst = (xs) => sorted(xs)[xs.length - 1];
console.log(`load time, ${profile.what}, 390×844, ${runs} cold loads each (median / worst):`);
console.log('| page | visible | playable | KB of files loaded before playable | KB arrived before playable (files still loading too) | the whole app started |');
console.log('|---|---|---|---|---|---|');
for (const [name, rows] of Object.entries(results)) {
  const col = (key, f) => `${f(median(rows.map((r) => r[key])))} / ${f(worst(rows.map((r) => r[key])))}`;
  const ms = (x) => `${x.toFixed(0)} ms`;
  const kb = (x) => (x / 1024).toFixed(1);
  const label = `${name}${PAGES[name].note ? ` (${PAGES[name].note})` : ''} \`${PAGES[name].query || './'}\``;
  console.log(`| ${label} | ${col('visible', ms)} | ${col('playable', ms)} | ${col('bytes', kb)} | ${col('arrived', kb)} | ${col('app', ms)} |`);
}
