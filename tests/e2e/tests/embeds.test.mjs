// Embeds on someone else's page: a blog page served from another origin
// (a second local port) with boards made by embed.js — a <div> each and a
// Markdown-style link — and one pasted iframe without the script. No
// page-level sideways scroll at 320, 390, 700 and 1366 pixels; frame
// heights follow their boards; the RA board is whole, with no zoom
// column; frames are made only when scrolled near; a board with the
// computer answers a move; axe-core finds nothing inside a frame.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, serve } from '../helpers.mjs';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const shared = {};

before(async () => {
  shared.app = await serve();
  const dir = await mkdtemp(join(tmpdir(), 'ludoteca-blog-'));
  const site = shared.app.url;
  const filler = '<p>' + 'Words of the article. '.repeat(60) + '</p>';
  await writeFile(join(dir, 'index.html'), `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>A blog</title>
<style>body{margin:0;font-family:sans-serif} article{max-width:700px;margin:0 auto;padding:0 12px}</style>
<script src="${site}embed.js" defer></script></head><body><article>
<h1>A post with boards</h1>
<div id="first" data-ludoteca="loa" data-moves="b1-b3,a2-c2,e1-e3" data-ply="2" data-interactive="0" title="A Lines of Action game"></div>
<p><a href="${site}?game=ra&amp;embed=1&amp;interactive=0">An RA position</a></p>
<div data-ludoteca="attract:size=8" data-computer="o:1" title="Attract against the computer"></div>
<iframe id="pasted" src="${site}?game=forms:size=8&amp;embed=1&amp;interactive=0" title="Forms on Ludoteca" style="display:block;border:0;width:100%;max-width:480px;aspect-ratio:5/6" loading="lazy"></iframe>
${filler.repeat(6)}
<div id="far" data-ludoteca="forms:size=18" data-interactive="0" title="A far board"></div>
</article></body></html>`);
  shared.blog = await serve({ root: dir });
  shared.browser = await launch();
});

after(async () => {
  await shared.browser?.close();
  await shared.blog?.close();
  await shared.app?.close();
});

/** The frames embed.js made, with their rendered height. */
const frames = (page) =>
  page.$$eval('iframe', (fs) => fs.map((f) => ({ src: f.src, height: f.getBoundingClientRect().height, width: f.getBoundingClientRect().width })));

test('no sideways scroll at any width; frames as wide as the column and as tall as their boards', async () => {
  for (const width of [320, 390, 700, 1366]) {
    const page = await shared.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(shared.blog.url);
    await page.waitForSelector('iframe[src*="game=loa"]');
    const loa = page.frameLocator('iframe[src*="game=loa"]');
    await loa.locator('[data-cell]').first().waitFor();
    // The frame asked for its board's height: a square board and the bar under it.
    await page.waitForFunction(() => {
      const f = document.querySelector('iframe[src*="game=loa"]');
      return f && f.style.height !== '';
    });
    const [first] = (await frames(page)).filter((f) => f.src.includes('game=loa'));
    const column = Math.min(width - 24, 700);
    assert.ok(Math.abs(first.width - Math.min(column, 480)) <= 1, `${width}: frame ${first.width} wide for a column of ${column}`);
    assert.ok(first.height > first.width && first.height < first.width + 140, `${width}: ${first.height} tall for ${first.width} wide`);
    // The board fills the frame's width: nothing clipped, no empty band.
    const inner = await page.frameLocator('iframe[src*="game=loa"]').locator('svg.board').boundingBox();
    assert.ok(inner.width >= first.width - 16, `${width}: board ${inner.width} in a frame of ${first.width}`);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scroll <= width, `${width}: the page scrolls sideways (${scroll})`);
    await page.close();
  }
});

test('a Markdown link becomes an RA board, whole, without a zoom column; a pasted iframe needs no script', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 390, height: 900 } });
  await page.goto(shared.blog.url);
  const ra = page.frameLocator('iframe[src*="game=ra"]');
  await ra.locator('[data-cell]').first().waitFor();
  assert.equal(await ra.locator('[data-cell]').count(), 127);
  assert.equal(await ra.locator('.zoom-toggle').count(), 0);
  const board = await ra.locator('svg.board').boundingBox();
  const frame = await page.locator('iframe[src*="game=ra"]').boundingBox();
  assert.ok(board.width >= frame.width - 16 && board.y + board.height <= frame.y + frame.height + 1, 'the whole hexagon, full width');
  assert.equal(await page.locator('a[href*="game=ra"]').count(), 0, 'the link became the frame');
  const pasted = page.frameLocator('#pasted');
  await pasted.locator('[data-cell]').first().waitFor();
  const box = await page.locator('#pasted').boundingBox();
  assert.ok(Math.abs(box.height - (box.width * 6) / 5) <= 2, 'its height from its width');
  await page.close();
});

test('frames are made only when scrolled near, and a board with the computer answers', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.goto(shared.blog.url);
  await page.waitForSelector('iframe[src*="game=attract"]');
  assert.equal(await page.locator('iframe[src*="size=18"]').count(), 0, 'the far board waits');
  assert.equal(await page.locator('#far').count(), 1);
  const attract = page.frameLocator('iframe[src*="game=attract"]');
  await attract.locator('[data-cell="d4"]').click();
  await attract.locator('[data-testid="status"]', { hasText: 'Black to move' }).waitFor({ timeout: 20_000 });
  await page.locator('#far').scrollIntoViewIfNeeded();
  await page.waitForSelector('iframe[src*="size=18"]');
  await page.close();
});

test('inside a frame the viewer numbers moves as the app does, and axe-core finds nothing', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 700, height: 900 } });
  await page.goto(shared.blog.url);
  const frame = (await (await page.waitForSelector('iframe[src*="game=loa"]')).contentFrame());
  await frame.waitForSelector('[data-cell]');
  assert.equal(await frame.textContent('[data-testid="place"]'), '1… a2-c2');
  await frame.click('button[aria-label="Next move"]');
  assert.equal(await frame.textContent('[data-testid="place"]'), '2. e1-e3');
  await frame.evaluate(axeSource);
  const result = await frame.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
  );
  assert.deepEqual(result.violations.map((v) => v.id), []);
  await page.close();
});
