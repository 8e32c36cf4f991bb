// Embeds on someone else's page: a blog page served from another origin
// (a second local port) with boards made by embed.js — a <div> each and a
// Markdown-style link — and one pasted iframe without the script. No
// page-level sideways scroll at 320, 390, 700 and 1366 pixels; frame
// heights follow their boards; the RA board is whole, with no zoom
// column; frames are made only when scrolled near; a board with the
// computer answers a move; a challenge judges and answers the reader's
// moves, with its hint, its solution, Reset, and the author's theme and
// orientation; a large board in a narrow column is shown compact, without
// its coordinates band; axe-core finds nothing inside a frame.
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
<div data-ludoteca="loa" data-from="8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8 o" data-solve="d7xd4 b2-c2 f3-e4"
  data-theme="dark" data-orientation="white" title="White to play and win"></div>
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
    await page.waitForSelector('iframe[src*="moves=b1-b3"]');
    const loa = page.frameLocator('iframe[src*="moves=b1-b3"]');
    await loa.locator('[data-cell]').first().waitFor();
    // The frame asked for its board's height: a square board and the bar under it.
    await page.waitForFunction(() => {
      const f = document.querySelector('iframe[src*="moves=b1-b3"]');
      return f && f.style.height !== '';
    });
    const [first] = (await frames(page)).filter((f) => f.src.includes('moves=b1-b3'));
    const column = Math.min(width - 24, 700);
    assert.ok(Math.abs(first.width - Math.min(column, 480)) <= 1, `${width}: frame ${first.width} wide for a column of ${column}`);
    assert.ok(first.height > first.width && first.height < first.width + 140, `${width}: ${first.height} tall for ${first.width} wide`);
    // The board fills the frame's width: nothing clipped, no empty band.
    const inner = await page.frameLocator('iframe[src*="moves=b1-b3"]').locator('svg.board').boundingBox();
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

test('inside a frame the viewer numbers moves as the app does, steps by swipes, and axe-core finds nothing', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 700, height: 900 } });
  await page.goto(shared.blog.url);
  const frame = (await (await page.waitForSelector('iframe[src*="moves=b1-b3"]')).contentFrame());
  await frame.waitForSelector('[data-cell]');
  assert.equal(await frame.textContent('[data-testid="place"]'), '1… a2-c2');
  await frame.click('button[aria-label="Next move"]');
  assert.equal(await frame.textContent('[data-testid="place"]'), '2. e1-e3');
  // A swipe to the right steps back, one to the left forward again.
  const swipe = (dx) =>
    frame.evaluate((dx) => {
      const board = document.querySelector('.embed-board');
      const at = (x) => [new Touch({ identifier: 1, target: board, clientX: x, clientY: 100 })];
      board.dispatchEvent(new TouchEvent('touchstart', { touches: at(150), changedTouches: at(150), bubbles: true }));
      board.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: at(150 + dx), bubbles: true }));
    }, dx);
  await frame.waitForFunction(() => [...document.scripts].some((s) => s.src.endsWith('embed-frame.js')));
  await swipe(80);
  await frame.waitForFunction(() => document.querySelector('[data-testid="place"]').textContent === '1… a2-c2');
  await swipe(-80);
  await frame.waitForFunction(() => document.querySelector('[data-testid="place"]').textContent === '2. e1-e3');
  await frame.evaluate(axeSource);
  const result = await frame.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
  );
  assert.deepEqual(result.violations.map((v) => v.id), []);
  await page.close();
});

test('a challenge in a frame: a wrong move named, the right one answered, solved; Hint, Reset, Solution; theme and orientation', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 700, height: 900 } });
  await page.goto(shared.blog.url);
  const el = await page.waitForSelector('iframe[src*="solve="]');
  const src = await el.getAttribute('src');
  for (const part of ['solve=d7xd4,b2-c2,f3-e4', 'theme=dark', 'flip=1', 'from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8%20o']) {
    assert.ok(src.includes(part), `${part} in ${src}`);
  }
  const frame = await el.contentFrame();
  await frame.waitForSelector('[data-cell]');
  assert.equal(await frame.getAttribute('html', 'data-theme'), 'dark', "the author's theme");
  assert.ok(await frame.$('svg.board.flipped'), "the author's orientation: White at the bottom");
  const status = () => frame.textContent('[data-testid="status"]');
  const statusIs = (text) =>
    frame.waitForFunction((t) => document.querySelector('[data-testid="status"]').textContent === t, text);
  assert.equal(await status(), 'White to play and win');
  assert.ok(await frame.isVisible('button:has-text("Hint")'));
  await frame.click('[data-cell="d3"]');
  await frame.click('[data-cell="b3"]');
  await statusIs('d3-b3 is not the move: try another, or ask for a hint. White to play and win');
  assert.equal(await frame.getAttribute('[data-cell="b3"]', 'aria-label'), 'b3, empty', 'not played');
  await frame.click('button:has-text("Hint")');
  await statusIs('Hint: move the piece on d7. White to play and win');
  // The hint selected d7: one press plays it, and Black answers from the solution.
  await frame.click('[data-cell="d4"]');
  await frame.waitForFunction(() => document.querySelector('[data-cell="c2"]').getAttribute('aria-label') !== 'c2, empty');
  await frame.click('[data-cell="f3"]');
  await frame.click('[data-cell="e4"]');
  await statusIs('Solved: White wins');
  assert.ok(!(await frame.isVisible('button:has-text("Hint")')), 'no hint once solved');
  await frame.evaluate(axeSource);
  const result = await frame.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
  );
  assert.deepEqual(result.violations.map((v) => v.id), []);
  // Reset: the puzzle as the author gave it; Solution plays it out.
  await frame.click('button:has-text("Reset")');
  await statusIs('White to play and win');
  await frame.click('button:has-text("Solution")');
  await statusIs('The solution: White wins');
  await page.close();
});

test('a challenge link opens on the full page too, with the task in the status line and Solution beside Hint', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${shared.app.url}?game=loa&from=8/3o2x1/4xx2/4xo2/2xx1o1x/3o1o2/1x6/8_o&solve=d7xd4,b2-c2,f3-e4`);
  await page.waitForSelector('[data-cell]');
  assert.equal(await page.textContent('[data-testid="status"]'), 'White to play and win.');
  assert.equal(await page.$('button:has-text("Resign…")'), null, 'nothing to resign in a challenge');
  await page.fill('#move-input', 'f4-g5');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.startsWith('f4-g5 is not the move'));
  await page.fill('#move-input', 'd7xd4');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('.move-list button:has-text("b2-c2")');
  await page.click('.advice button:has-text("Solution")');
  await page.waitForSelector('.move-list button:has-text("f3-e4")');
  assert.match(await page.textContent('[data-testid="status"]'), /The solution: White wins\.$/);
  assert.match(page.url(), /solve=d7xd4,b2-c2,f3-e4/);
  await page.close();
});

test('a large board in a narrow column is compact (no coordinates too small to read), and whole again when wide', async () => {
  for (const [width, compact] of [[320, true], [1366, false]]) {
    const page = await shared.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(shared.blog.url);
    await page.locator('#far').scrollIntoViewIfNeeded();
    const el = await page.waitForSelector('iframe[src*="size=18"]');
    const frame = await el.contentFrame();
    await frame.waitForSelector('[data-cell]');
    await frame.waitForFunction((want) => document.querySelector('main.embed').classList.contains('compact') === want, compact);
    const view = await frame.getAttribute('svg.board', 'viewBox');
    assert.equal(view.startsWith('46 46 '), compact, `${width}: ${view}`);
    // Every cell stays inside the frame (page coordinates): the corners a1 and r18.
    const frameBox = await el.boundingBox();
    for (const name of ['a1', 'r18']) {
      const cell = await frame.locator(`[data-cell="${name}"]`).boundingBox();
      const inside = cell.x >= frameBox.x - 1 && cell.x + cell.width <= frameBox.x + frameBox.width + 1;
      assert.ok(inside, `${width}: ${name} at ${cell.x}+${cell.width} in a frame at ${frameBox.x}+${frameBox.width}`);
    }
    await page.close();
  }
});
