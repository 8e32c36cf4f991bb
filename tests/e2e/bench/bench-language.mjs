// How long a change of language takes, in headless Chromium on a fast phone
// connection (9 Mbit/s down, 60 ms round trip, files gzip-compressed as
// GitHub Pages serves them, CPU 4× slower), and what a visitor in another
// language waits before the app draws:
//
//   node tests/e2e/bench/bench-language.mjs [--runs N] [--langs de,ru,…] [--cpu N] [--game loa|forms]
//
// - switch: on a game's page (Lines of Action with a game under way, or
//   with `--game forms` the 18×18 board full of pieces), from the chooser's
//   `change` until the whole page is drawn in the new language (`<html
//   lang>`, the header's Learn link and, drawn last, the side panel's Flip
//   board button say it; one frame painted): the first time (its file over
//   the network) and again later (from the browser's cache);
// - the longest main-thread task during a switch (`longtask` observer);
// - open: a first visit with `?lang=xx`, from navigation until the page
//   drawn ahead shows its header in that language, and until the app's
//   board is drawn in it, against English's own.
// `--cpu N` slows the CPU N times (4 by default; 1: a fast processor).
// Median and worst of N fresh contexts per language.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const runs = Number(option('--runs', '5'));
const langs = option('--langs', 'de,es,fr,it,pl,ru').split(',');
const cpu = Number(option('--cpu', '4'));
const game = option('--game', 'loa');
const PAGES = { loa: '?game=loa&moves=b1-b3,a2-c2', forms: '?game=forms' };
if (!PAGES[game]) throw new Error(`--game: loa or forms, not ${game}`);
const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const texts = {};
for (const l of langs) texts[l] = JSON.parse(await readFile(resolve(ROOT, 'i18n', l, 'app.json'), 'utf8'));
texts.en = { Learn: 'Learn', 'Flip board': 'Flip board' };

async function throttled(context, tab) {
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
}

/**
 * In the page: the time from the chooser's change to a painted frame in
 * `lang`, and the longest main-thread task meanwhile (`longtask` observer).
 */
function switchTime(tab, lang, words) {
  return tab.evaluate(
    ([lang, [learn, flip]]) =>
      new Promise((done) => {
        const select = document.querySelector('select.lang-chooser');
        let longest = 0;
        const tasks = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
        });
        tasks.observe({ type: 'longtask' });
        const t0 = performance.now();
        const check = () => {
          const link = document.querySelector('header.top a[href="learn.html"]');
          const last = [...document.querySelectorAll('.play-side .actions button')].some((b) => b.textContent === flip);
          if (document.documentElement.lang === lang && link && link.textContent === learn && last) {
            observer.disconnect();
            requestAnimationFrame(() =>
              setTimeout(() => {
                const ms = performance.now() - t0;
                // (The observer reports a task once it has ended.)
                setTimeout(() => {
                  tasks.disconnect();
                  done({ ms, longest });
                }, 50);
              }, 0),
            );
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        select.value = lang;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [lang, words],
  );
}
const words = (lang) => [texts[lang].Learn, texts[lang]['Flip board']];

const server = await serve({ gzip: true });
const browser = await launch();
const rows = [];
try {
  for (const lang of langs) {
    const first = [];
    const again = [];
    const open = [];
    const ahead = [];
    const tasks = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const tab = await context.newPage();
      await tab.goto(`${server.url}${PAGES[game]}`);
      await tab.waitForFunction(() => !document.getElementById('first-paint') && document.querySelector('select.lang-chooser'));
      await throttled(context, tab);
      // The page settled (its workers started, the board's moves worked
      // out): the switch alone is measured.
      await tab.waitForTimeout(1500);
      const fetched = await switchTime(tab, lang, words(lang));
      first.push(fetched.ms);
      await switchTime(tab, 'en', words('en'));
      const cached = await switchTime(tab, lang, words(lang));
      again.push(cached.ms);
      tasks.push(fetched.longest, cached.longest);
      await context.close();
      // A first visit in the language.
      const visit = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await visit.newPage();
      await throttled(visit, page);
      const start = Date.now();
      await page.goto(`${server.url}?game=${game}&lang=${lang}`, { waitUntil: 'commit' });
      // The page drawn ahead in the language (its header), before the app.
      await page.waitForFunction((learn) => document.querySelector('#first-paint:not([hidden]) header.top a[href="learn.html"]')?.textContent === learn, texts[lang].Learn, {
        timeout: 60_000,
        polling: 20,
      });
      ahead.push(Date.now() - start);
      await page.waitForFunction(
        (learn) => !document.getElementById('first-paint') && document.querySelector('header.top a[href="learn.html"]')?.textContent === learn,
        texts[lang].Learn,
        { timeout: 60_000, polling: 50 },
      );
      open.push(Date.now() - start);
      await visit.close();
    }
    rows.push([lang, first, again, ahead, open, tasks]);
  }
  // English's first visit, for comparison.
  const en = [];
  for (let i = 0; i < runs; i++) {
    const visit = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await visit.newPage();
    await throttled(visit, page);
    const start = Date.now();
    await page.goto(`${server.url}?game=${game}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => !document.getElementById('first-paint') && document.querySelector('header.top a[href="learn.html"]'), null, {
      timeout: 60_000,
      polling: 50,
    });
    en.push(Date.now() - start);
    await visit.close();
  }
  rows.push(['en', [], [], [], en, []]);
} finally {
  await browser.close();
  await server.close();
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const ms = (xs) => (xs.length ? `${Math.round(sorted(xs)[Math.floor(xs.length / 2)])} / ${Math.round(sorted(xs)[xs.length - 1])}` : '—');
console.log(`language switch and first visit (${game === 'forms' ? 'Forms 18×18' : 'Lines of Action'}), gzip, 9 Mbit/s, 60 ms round trip, CPU ${cpu}× slower, 390×844, ${runs} runs (median / worst, ms):`);
console.log('| language | switch, its file fetched | switch again (browser cache) | longest main-thread task in a switch | first visit: the page drawn ahead in it | first visit: the app drawn in it |');
console.log('|---|---|---|---|---|---|');
for (const [lang, first, again, ahead, open, tasks] of rows) {
  console.log(`| ${lang} | ${ms(first)} | ${ms(again)} | ${ms(tasks)} | ${ms(ahead)} | ${ms(open)} |`);
}
