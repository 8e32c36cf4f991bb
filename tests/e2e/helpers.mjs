// Shared fixtures for the browser tests: a static server for the release
// build in dist/ and a headless Chromium driven by playwright-core.
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
/** The release build the tests serve: dist/, or `LUDOTECA_DIST` (to test another build). */
export const DIST = resolve(process.env.LUDOTECA_DIST ?? resolve(here, '..', '..', 'dist'));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A small seeded generator (mulberry32), so a seed always gives the same run:
 * `pick(n)` is a whole number from 0 to n − 1.
 */
export function seeded(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** The types GitHub Pages sends gzip-compressed (when the browser accepts it). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.svg', '.json', '.webmanifest', '.txt']);

/**
 * Serves `root` on 127.0.0.1 at a free port, under `prefix` (e.g. '/repo/'),
 * or several deployments on one origin (`sites: [{ prefix, root }]`).
 * With `gzip`, text and WebAssembly go out gzip-compressed (level 6) to a
 * browser that accepts it, as GitHub Pages serves them.
 */
export async function serve({ root = DIST, prefix = '/', gzip = false, sites } = {}) {
  const compressed = new Map();
  // `sites`: several deployments on one origin, each `{ prefix, root }`.
  const all = sites ?? [{ prefix, root }];
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      const site = all.find((s) => url.pathname.startsWith(s.prefix));
      if (!site) {
        res.writeHead(404).end('not found');
        return;
      }
      const { root } = site;
      let rel = decodeURIComponent(url.pathname.slice(site.prefix.length)) || 'index.html';
      const file = normalize(join(root, rel));
      if (!file.startsWith(root + sep) && file !== root) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const info = await stat(file).catch(() => null);
      const path = info && info.isDirectory() ? join(file, 'index.html') : file;
      const body = await readFile(path);
      const headers = { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' };
      if (gzip && COMPRESSED.has(extname(path)) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        if (!compressed.has(path)) compressed.set(path, gzipSync(body, { level: 6 }));
        headers['content-encoding'] = 'gzip';
        headers.vary = 'Accept-Encoding';
        res.writeHead(200, headers);
        res.end(compressed.get(path));
        return;
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${all[0].prefix}`,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/** A headless Chromium as these machines need it (root, no network). */
export async function launch() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  await settleBoardPresses(browser);
  return browser;
}

/**
 * The app carries out a press on the board in a task of its own, after the
 * press's event (src/components/board/pointer.rs: the browser's hit test
 * after a press lays the page out at once, so the press's work waits for
 * the next task). A test that clicks a cell and then reads the page would
 * read it before that task: each click on a cell (`data-cell`,
 * `data-target`), and each click of the mouse at a point, is followed by
 * two rounds of the page's timers, which run after the app's (timers of
 * equal delay run in the order they were set; the second covers the names
 * of many cells, which the press's task leaves to the next).
 */
let settled = false;
async function settleBoardPresses(browser) {
  if (settled) return;
  settled = true;
  const page = await browser.newPage();
  // Two rounds: the press's task may set one more (many cells' names are
  // written in the task after it: src/components/board/mod.rs).
  const round = (frame) =>
    frame.evaluate(() => new Promise((r) => setTimeout(() => setTimeout(r, 0), 0))).catch(() => {});
  const onBoard = (selector) => typeof selector === 'string' && /data-cell|data-target/.test(selector);
  const Page = Object.getPrototypeOf(page);
  const pageClick = Page.click;
  Page.click = async function (selector, options) {
    await pageClick.call(this, selector, options);
    if (onBoard(selector)) await round(this);
  };
  const Locator = Object.getPrototypeOf(page.locator('body'));
  const locatorClick = Locator.click;
  Locator.click = async function (options) {
    await locatorClick.call(this, options);
    if (onBoard(this._selector)) await round(this._frame);
  };
  const Mouse = Object.getPrototypeOf(page.mouse);
  const mouseClick = Mouse.click;
  Mouse.click = async function (x, y, options) {
    await mouseClick.call(this, x, y, options);
    await round(this._page.mainFrame());
  };
  await page.close();
}

/**
 * Waits until the app has started: what the page showed before it (the
 * first paint, drawn ahead at build time: its board looks like the app's
 * but is not the app's) has given way.
 */
export async function started(page) {
  await page.waitForFunction(() => !document.getElementById('first-paint'), null, { timeout: 30_000 });
}

/** Opens `url` in a fresh page that fails the test on any page error, once the app has started. */
export async function open(browser, url, { width = 1280, height = 900 } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(url);
  if (!url.includes('learn.html')) await started(page);
  return { page, errors };
}

/** Clicks `label` in the play page's *Share, export, import* menu, opening it first. */
export async function share(page, label) {
  await page.evaluate(() => document.querySelector('details.share-menu')?.setAttribute('open', ''));
  await page.click(`.share-menu button:has-text("${label}")`);
}

/** Reads the board back: a map from coordinate to accessible name. */
export async function readBoard(page) {
  await started(page);
  await page.waitForSelector('[data-cell]');
  return page.$$eval('[data-cell]', (cells) =>
    Object.fromEntries(cells.map((c) => [c.getAttribute('data-cell'), c.getAttribute('aria-label')])),
  );
}

/** Registers a server and a browser for the test file; read them from the returned object. */
export function fixture() {
  const shared = {};
  before(async () => {
    shared.server = await serve();
    shared.browser = await launch();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
  });
  return shared;
}
