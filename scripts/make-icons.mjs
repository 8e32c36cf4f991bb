// Renders public/icons/icon.svg to the PNG sizes the web app manifest lists,
// with headless Chromium: `node scripts/make-icons.mjs` (run by hand after
// changing the drawing; the PNGs are committed).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/e2e/helpers.mjs';

const dir = fileURLToPath(new URL('../public/icons/', import.meta.url));
const svg = await readFile(`${dir}icon.svg`, 'utf8');
const browser = await launch();
try {
  for (const size of [48, 192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    await page.screenshot({ path: `${dir}icon-${size}.png`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
