// Takes screenshots of the app's pages at desktop and phone sizes, in the
// light and dark themes: `node tests/e2e/tools/screenshots.mjs [--games] [OUTDIR] [PATH…]`.
// `--games` first gives the library a few games (written into the journal
// that the app hands its library at start), for My games and the home
// page's Continue. A tool for looking at what we build, not a test.
import { mkdir } from 'node:fs/promises';
import { launch, serve } from '../helpers.mjs';

const args = process.argv.slice(2);
const withGames = args[0] === '--games';
const [outDir = 'screenshots', ...paths] = withGames ? args.slice(1) : args;
// [link, origin] of the games --games writes.
const GAMES = [
  ['?game=loa&moves=b1-b3,a2-c2,d1-d3(g1-e3),h7-f7&o=ai:3&seed=00000000000000a1', 'p'],
  ['?game=attract:size=12&moves=f6,g7,e5', 'p'],
  ['?game=forms:size=8&moves=a1xa5&end=resign-o', 'p'],
  ['?game=ra&moves=1c5-c8&x=ai:4&end=draw', 'l'],
  ['?game=loa&moves=b1-b3&end=resign-x&o=ai:5', 'i'],
];
const pages = paths.length ? paths : [''];
const sizes = { 1366: { width: 1366, height: 850 }, 390: { width: 390, height: 844 }, 360: { width: 360, height: 740 } };

await mkdir(outDir, { recursive: true });
const server = await serve();
const browser = await launch();
try {
  for (const path of pages) {
    for (const [sizeName, viewport] of Object.entries(sizes)) {
      for (const scheme of ['light', 'dark']) {
        const page = await browser.newPage({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
        if (withGames) {
          await page.goto(server.url);
          await page.evaluate((games) => {
            games.forEach(([link, origin], i) => {
              const at = Date.now() - (games.length - i) * 3_600_000;
              localStorage.setItem(`${location.pathname}ludoteca.unsaved.${(i + 1).toString(16).padStart(16, '0')}`, `${at}\n${origin}\n${link}`);
            });
          }, GAMES);
        }
        await page.goto(server.url + path);
        await page.waitForSelector('[data-cell], .embed-notice, .games-list li, main#learn :is(.card, iframe, h1)', { state: 'attached' });
        // The Learn page's board is the app in a frame: let it draw.
        if (await page.$('iframe.board-frame')) await page.waitForTimeout(1500);
        if (withGames && !path.includes('game=')) await page.waitForSelector('.game-row', { timeout: 10_000 }).catch(() => {});
        await page.waitForTimeout(400); // the play page's side panel follows the board
        const name = `${outDir}/${(path || 'home').replace(/[^a-z0-9]+/gi, '_')}-${sizeName}-${scheme}.png`;
        await page.screenshot({ path: name, fullPage: true });
        console.log(name);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}
