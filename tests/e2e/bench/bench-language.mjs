// How long a change of language takes, in headless Chromium on a fast phone
// connection (9 Mbit/s down, 60 ms round trip, files gzip-compressed as
// GitHub Pages serves them, CPU 4× slower), and what a visitor in another
// language waits before the app draws:
//
//   node tests/e2e/bench/bench-language.mjs [--runs N] [--langs de,ru,…]
//
// - switch: on a game's page (Lines of Action, a game under way), from the
//   chooser's `change` until the page is drawn in the new language (the
//   header's Learn link and `<html lang>` say it, one frame painted): the
//   first time (its file over the network) and again later (from the
//   browser's cache);
// - open: a first visit with `?lang=xx`, from navigation until the app's
//   board is drawn in that language (the first board stays English until
//   then), against English's own.
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
const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const texts = {};
for (const l of langs) texts[l] = JSON.parse(await readFile(resolve(ROOT, 'i18n', l, 'app.json'), 'utf8'));
texts.en = { Learn: 'Learn' };

async function throttled(context, tab) {
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 9_000_000 / 8, uploadThroughput: 1_500_000 / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** In the page: the time from the chooser's change to a painted frame in `lang`. */
function switchTime(tab, lang, learn) {
  return tab.evaluate(
    ([lang, learn]) =>
      new Promise((done) => {
        const select = document.querySelector('select.lang-chooser');
        const t0 = performance.now();
        const check = () => {
          const link = document.querySelector('header.top a[href="learn.html"]');
          if (document.documentElement.lang === lang && link && link.textContent === learn) {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => done(performance.now() - t0), 0));
          }
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        select.value = lang;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [lang, learn],
  );
}

const server = await serve({ gzip: true });
const browser = await launch();
const rows = [];
try {
  for (const lang of langs) {
    const first = [];
    const again = [];
    const open = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const tab = await context.newPage();
      await tab.goto(`${server.url}?game=loa&moves=b1-b3,a2-c2`);
      await tab.waitForFunction(() => !document.getElementById('first-paint') && document.querySelector('select.lang-chooser'));
      await throttled(context, tab);
      first.push(await switchTime(tab, lang, texts[lang].Learn));
      await switchTime(tab, 'en', 'Learn');
      again.push(await switchTime(tab, lang, texts[lang].Learn));
      await context.close();
      // A first visit in the language.
      const visit = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      const page = await visit.newPage();
      await throttled(visit, page);
      const start = Date.now();
      await page.goto(`${server.url}?game=loa&lang=${lang}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        (learn) => !document.getElementById('first-paint') && document.querySelector('header.top a[href="learn.html"]')?.textContent === learn,
        texts[lang].Learn,
        { timeout: 60_000, polling: 50 },
      );
      open.push(Date.now() - start);
      await visit.close();
    }
    rows.push([lang, first, again, open]);
  }
  // English's first visit, for comparison.
  const en = [];
  for (let i = 0; i < runs; i++) {
    const visit = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
    const page = await visit.newPage();
    await throttled(visit, page);
    const start = Date.now();
    await page.goto(`${server.url}?game=loa`, { waitUntil: 'commit' });
    await page.waitForFunction(() => !document.getElementById('first-paint') && document.querySelector('header.top a[href="learn.html"]'), null, {
      timeout: 60_000,
      polling: 50,
    });
    en.push(Date.now() - start);
    await visit.close();
  }
  rows.push(['en', [], [], en]);
} finally {
  await browser.close();
  await server.close();
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const ms = (xs) => (xs.length ? `${Math.round(sorted(xs)[Math.floor(xs.length / 2)])} / ${Math.round(sorted(xs)[xs.length - 1])}` : '—');
console.log(`language switch and first visit, gzip, 9 Mbit/s, 60 ms round trip, CPU 4× slower, 390×844, ${runs} runs (median / worst, ms):`);
console.log('| language | switch, its file fetched | switch again (browser cache) | first visit until the app is drawn in it |');
console.log('|---|---|---|---|');
for (const [lang, first, again, open] of rows) console.log(`| ${lang} | ${ms(first)} | ${ms(again)} | ${ms(open)} |`);
