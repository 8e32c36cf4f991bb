// Takes screenshots of the app's pages at desktop and phone sizes, in the
// light and dark themes: `node tests/e2e/tools/screenshots.mjs [OUTDIR] [PATH…]`.
// A tool for looking at what we build, not a test.
import { mkdir } from 'node:fs/promises';
import { launch, serve } from '../helpers.mjs';

const [outDir = 'screenshots', ...paths] = process.argv.slice(2);
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
        await page.goto(server.url + path);
        await page.waitForSelector('[data-cell], .embed-notice', { state: 'attached' });
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
