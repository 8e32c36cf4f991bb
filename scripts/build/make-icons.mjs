// Renders public/icons/icon.svg to the PNG sizes the web app manifest lists,
// with headless Chromium, then reduces each to a 16-colour palette with
// pngquant (`apt-get install pngquant`), which makes them a quarter of the
// size: `node scripts/build/make-icons.mjs` (run by hand after changing the
// drawing; the PNGs are committed).
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { launch } from '../../tests/e2e/helpers.mjs';

const dir = fileURLToPath(new URL('../../public/icons/', import.meta.url));
const svg = await readFile(`${dir}icon.svg`, 'utf8');
const browser = await launch();
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
    const path = `${dir}icon-${size}.png`;
    await page.screenshot({ path, omitBackground: true });
    await page.close();
    const quant = spawnSync('pngquant', ['--force', '--nofs', '--speed', '1', '16', '--output', path, path]);
    if (quant.error || quant.status !== 0) {
      throw new Error(`pngquant failed on ${path} (is it installed?): ${quant.error ?? quant.stderr}`);
    }
  }
} finally {
  await browser.close();
}
