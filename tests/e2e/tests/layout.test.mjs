// The play page's board as it sits on the screen: as large as the window
// allows on a desktop, resizable by its corner handle (remembered), clean
// corners, readable coordinates, RA's edge labels inside the frame on a
// phone, and a reason for a press that is not a move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard } from '../helpers.mjs';

const shared = fixture();

const rect = (page, selector) =>
  page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, right: r.right, bottom: r.bottom };
  });

test('on a desktop the board fills the height and sits beside the panel', async () => {
  for (const game of ['loa', 'forms:size=18', 'ra', 'attract']) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=${game}`, { width: 1366, height: 850 });
    await readBoard(page);
    const wrap = await rect(page, '.board-wrap');
    const svg = await rect(page, '.board-wrap svg');
    const panel = await rect(page, '.play-side');
    assert.ok(wrap.width >= 640, `${game}: a board of ${wrap.width} px`);
    assert.ok(panel.x - wrap.right <= 40, `${game}: ${panel.x - wrap.right} px between board and panel`);
    // No rim: the drawing is exactly its wrapper, and the frame keeps the wrapper's corner.
    assert.ok(Math.abs(wrap.width - svg.width) < 0.5 && Math.abs(wrap.x - svg.x) < 0.5, `${game}: wrapper ${wrap.width}, drawing ${svg.width}`);
    assert.equal(await page.$eval('.board-wrap .frame', (f) => getComputedStyle(f).rx), '0px');
    // Coordinates at least 11 CSS pixels tall.
    const smallest = await page.$$eval('.board-wrap .coord', (texts) => Math.min(...texts.map((t) => t.getBoundingClientRect().height)));
    assert.ok(smallest >= 11, `${game}: coordinates ${smallest.toFixed(1)} px tall`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the corner handle resizes the board, by pointer and by keys, and the size is kept', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1366, height: 850 } });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  const before = await rect(page, '.board-wrap');
  const handle = await rect(page, '.resize-handle');
  const [x, y] = [handle.x + handle.width / 2, handle.y + handle.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 150, y - 150, { steps: 6 });
  await page.mouse.up();
  const smaller = await rect(page, '.board-wrap');
  assert.ok(Math.abs(smaller.width - (before.width - 150)) <= 2, `dragged to ${smaller.width} from ${before.width}`);
  assert.equal(await page.getAttribute('.resize-handle', 'aria-valuenow'), String(Math.round(smaller.width)));
  await page.reload();
  await readBoard(page);
  assert.equal(Math.round((await rect(page, '.board-wrap')).width), Math.round(smaller.width), 'kept after a reload');
  await page.focus('.resize-handle');
  await page.keyboard.press('ArrowRight');
  assert.equal(Math.round((await rect(page, '.board-wrap')).width), Math.round(smaller.width) + 24);
  assert.equal(await page.evaluate(() => location.search), '?game=loa', 'the arrows resized the board, not the game');
  await page.keyboard.press('Home');
  assert.equal(Math.round((await rect(page, '.board-wrap')).width), Math.round(before.width), 'Home: as large as fits');
  assert.equal(await page.getAttribute('.resize-handle', 'aria-valuetext'), 'As large as the window allows');
  // On a phone the board is the screen's width, and there is no handle.
  await page.setViewportSize({ width: 390, height: 844 });
  assert.equal(await page.$eval('.resize-handle', (h) => getComputedStyle(h).display), 'none');
  await context.close();
});

test('RA on a phone: the edge labels sit inside the frame, readable', async () => {
  for (const width of [360, 390]) {
    const { page } = await open(shared.browser, `${shared.server.url}?game=ra`, { width, height: 800 });
    await readBoard(page);
    const svg = await rect(page, '.board-wrap svg');
    const labels = await page.$$eval('.board-wrap .coord', (texts) =>
      texts.map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, x: r.x, right: r.right, height: r.height };
      }),
    );
    assert.equal(labels.length, 26);
    for (const l of labels) {
      assert.ok(l.x >= svg.x + 2 && l.right <= svg.right - 2, `${width}: ${l.text} from ${l.x} to ${l.right}, frame ${svg.x}–${svg.right}`);
      assert.ok(l.height >= 9, `${width}: ${l.text} is ${l.height.toFixed(1)} px tall`);
    }
    await page.close();
  }
});

test('a press that is not a move says why, in the status line', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b4"]');
  const status = await page.textContent('[data-testid="status"]');
  assert.equal(status, 'b1 cannot reach b4: there are 2 pieces on that column, so it moves exactly 2. Black to move.');
  assert.equal(await page.getAttribute('[data-testid="status"]', 'aria-live'), 'polite');
  await page.click('[data-cell="b1"]');
  assert.equal(await page.textContent('[data-testid="status"]'), 'Black to move.');
  assert.deepEqual(errors, []);
  await page.close();
});

test('every disabled button on the play page says why, as its tooltip and description', async () => {
  const browser = shared.browser;
  for (const query of ['?game=loa', '?game=loa&moves=b1-b3(c1-c3),a2-c2&ply=2', '?game=loa&moves=b1-b3&end=resign-o']) {
    const { page, errors } = await open(browser, `${shared.server.url}${query}`);
    await readBoard(page);
    await page.waitForSelector('.play-side');
    const silent = await page.$$eval('.play button:disabled', (buttons) =>
      buttons.filter((b) => !(b.title ?? '').trim()).map((b) => b.getAttribute('aria-label') ?? b.textContent));
    assert.deepEqual(silent, [], query);
    const disabled = await page.$$eval('.play button:disabled', (b) => b.length);
    assert.ok(disabled > 0, `${query}: something is disabled`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
