// Study in the browser: SGF files with variations come in and go out; game
// review: the workers judge every position, the graph
// goes to a move when clicked, marks show in the move list, the better move
// becomes a variation; the page stays responsive while the review runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture, open, readBoard, share } from '../helpers.mjs';

const shared = fixture();

test('a review fills the graph, and a click on it goes to that move', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2,e1-e3,h2-f2`);
  await readBoard(page);
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
      .observe({ type: 'longtask' });
  });
  await page.click('button:has-text("Review game")');
  await page.waitForSelector(".review .graph svg");
  // Done when the progress bar is gone and every position has its point.
  await page.waitForFunction(() => !document.querySelector('.review-progress')
    && document.querySelector('.review svg[data-plies="5"] polygon')?.getAttribute('points').split(' ').length === 7,
  null, { timeout: 60_000 });
  assert.match(await page.textContent('.review'), /Black: \d+ inaccurac(y|ies), \d+ mistakes?, \d+ blunders? · average loss \d+\.\d%/);
  // The middle of the graph is move 2: a click there goes to it.
  const box = await page.locator('.review .graph svg').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForURL(/ply=2$/);
  assert.equal(await page.textContent('.move-list .move.current'), 'a2-c2');
  assert.equal(await page.$$eval('.review .g-cursor', (l) => l.length), 1);
  // The review's workers leave the page responsive.
  const long = await page.evaluate(() => window.longTasks);
  assert.ok(long.every((d) => d < 100), `long tasks: ${long}`);
  // A second review is instant: nothing is searched again.
  await page.click('button:has-text("Close review")');
  assert.equal(await page.$$eval('.review', (r) => r.length), 0);
  await page.click('button:has-text("Review game")');
  assert.equal(await page.$$eval('.review-progress', (p) => p.length), 0);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a thrown-away win is a blunder, and its better move becomes a variation', async () => {
  // Black (b2, b3, d4) could connect at once; d4-d5 lets White connect with f1-g2.
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&from=8/8/8/8/3x4/1x6/1x6/5o1o_x&moves=d4-d5`);
  await readBoard(page);
  await page.click('button:has-text("Review game")');
  await page.waitForSelector('.move-list .nag.n3', { timeout: 60_000 });
  assert.match(await page.textContent('.move-list .move.current'), /d4-d5\?\? blunder/);
  assert.match(await page.textContent('.review'), /Blunder: Black gave away 100\.0% of win chance\. Better: (b3-c3|d4-c4)/);
  assert.match(await page.textContent('.review'), /White wins in 1 \(proven\)/);
  await page.click('button:has-text("Show as variation")');
  await page.waitForSelector('.move-list li.variation');
  await page.waitForURL(/moves=d4-d5\((b3-c3|d4-c4)\)&at=2$/);
  assert.match(await page.textContent('[data-testid="status"]'), /Black wins/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a small board the solver gives the exact result in the hint, the analysis and the review', async () => {
  // Forms 4 × 4, advanced rules: Black wins with d3xc3; b1xa1 throws that away.
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=forms:rules=advanced,size=4&moves=b1xa1`);
  await readBoard(page);
  await page.click('button:has-text("Hint")');
  await page.waitForSelector('[data-testid="hint"]', { timeout: 20_000 });
  assert.match(await page.textContent('[data-testid="hint"]'), /^Try [a-d][1-4][-x][a-d][1-4] \(win\)$/);
  await page.check('text=Analysis');
  await page.waitForFunction(() => /with perfect play/.test(document.querySelector('[data-testid="analysis"]')?.textContent),
    null, { timeout: 20_000 });
  assert.match(await page.textContent('[data-testid="analysis"]'), /^White wins with perfect play; best [a-d][1-4][-x][a-d][1-4]$/);
  assert.match(await page.textContent('.analysis'), /solved · [\d,]+ positions/);
  await page.uncheck('text=Analysis');
  await page.click('button:has-text("Review game")');
  await page.waitForSelector('.move-list .nag.n3', { timeout: 60_000 });
  assert.match(await page.textContent('.move-list .move.current'), /b1xa1\?\? blunder/);
  assert.match(await page.textContent('.review'), /Better: d3xc3/);
  assert.match(await page.textContent('.review'), /White wins with perfect play/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the solved Forms 4×4 starts say the proven result from the first ply, as the new-game dialog does', async () => {
  for (const [spec, verdict, move] of [
    ['forms:size=4', /^White wins with perfect play; best c1xb3$/, /^Try c1xb3 \(loss\)$/],
    ['forms:rules=advanced,size=4', /^Black wins with perfect play; best d3xc3$/, /^Try d3xc3 \(win\)$/],
  ]) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=${spec}`);
    await readBoard(page);
    await page.click('button:has-text("Hint")');
    await page.waitForSelector('[data-testid="hint"]', { timeout: 20_000 });
    assert.match(await page.textContent('[data-testid="hint"]'), move, spec);
    await page.check('text=Analysis');
    await page.waitForFunction(() => /with perfect play/.test(document.querySelector('[data-testid="analysis"]')?.textContent),
      null, { timeout: 20_000 });
    assert.match(await page.textContent('[data-testid="analysis"]'), verdict, spec);
    assert.match(await page.textContent('.analysis'), /solved \(a known start\)/);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('an SGF file with a variation and a comment comes in, and goes out again', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=attract`);
  await readBoard(page);
  await share(page, 'Import record');
  // As other programs write it: upper case, a move number, a capture with ":".
  await page.fill('#record-text', '(;FF[4]GM[9]PB[Ann]PW[Bob];B[B1-B3];W[a2-c2]C[the usual]\n(;B[c1:a3];W[h2-f2])(;B[e1-e3!]))');
  await page.click('.dialog button:has-text("Import")');
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2,c1xa3\(e1-e3\),h2-f2$/);
  assert.match(await page.textContent('.move-list li.note'), /the usual/);
  assert.match(await page.textContent('.move-list li.variation'), /e1-e3/);
  const [download] = await Promise.all([page.waitForEvent('download'), share(page, 'SGF')]);
  const text = await readFile(await download.path(), 'utf8');
  // The players and the mark on the variation's move come back out, where they were.
  assert.match(text, /^\(;FF\[4\]GM\[9\]CA\[UTF-8\]AP\[Ludoteca\]SZ\[8\]PB\[Ann\]PW\[Bob\]\n;B\[b1-b3\]\n;W\[a2-c2\]C\[the usual\]\n\(\n;B\[c1:a3\]\n;W\[h2-f2\]\)\n\(\n;B\[e1-e3\]TE\[1\]\)\)\n$/);
  // A file of another game is refused with the reason.
  await share(page, 'Import record');
  await page.fill('#record-text', '(;GM[1]SZ[19];B[dd])');
  await page.click('.dialog button:has-text("Import")');
  await page.waitForSelector('[data-testid="import-error"]:not(:empty)');
  assert.match(await page.textContent('[data-testid="import-error"]'), /GM\[1\] is not Lines of Action \(GM\[9\]\)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the review's graph and verdicts sit beside the board at 1366×850 and right under it on a phone", async () => {
  const moves = 'b1-b3,a2-c2,e1-e3,h2-f2,c1-c3,a3-c1,g1-e1,h6-f6';
  for (const [width, height] of [[1366, 850], [390, 844]]) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=${moves}`, { width, height });
    await readBoard(page);
    await page.click('button:has-text("Review game")');
    await page.waitForFunction(() => !document.querySelector('.review-progress') && document.querySelector('.review .graph svg'),
      null, { timeout: 60_000 });
    const graph = await page.locator('.review .graph svg').boundingBox();
    const board = await page.locator('.play .board-wrap').boundingBox();
    if (width > 1000) {
      // Without scrolling: the whole graph in view, beside the board.
      assert.ok(graph.y >= 0 && graph.y + graph.height <= height, `graph at ${graph.y}–${graph.y + graph.height} in ${height}`);
      assert.ok(graph.x > board.x + board.width, 'beside the board');
    } else {
      // Under the board, after the status line only.
      const gap = graph.y - (board.y + board.height);
      assert.ok(gap > 0 && gap < 260, `the graph starts ${gap} px under the board`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});
