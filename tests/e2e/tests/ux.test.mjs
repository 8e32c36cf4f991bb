// The board and page as players use them: dragging pieces with a mouse and a
// finger, queuing a move while the computer thinks, the move list following
// the game, a board that does not jump, dialogs, and embedded boards.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard } from '../helpers.mjs';

const shared = fixture();

const centre = (page, cell) =>
  page.$eval(`.play [data-cell="${cell}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });

test('a piece is dragged with the mouse, and a drop elsewhere cancels', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  const [b1, e5, b3] = [await centre(page, 'b1'), await centre(page, 'e5'), await centre(page, 'b3')];
  // A drop on a cell that is not a target: nothing moves, nothing stays selected.
  await page.mouse.move(b1.x, b1.y);
  await page.mouse.down();
  await page.mouse.move(e5.x, e5.y, { steps: 8 });
  assert.equal(await page.$$eval('.layer-drag .piece', (p) => p.length), 1, 'a copy follows the pointer');
  await page.mouse.up();
  assert.equal(await page.$$eval('.layer-drag .piece', (p) => p.length), 0);
  assert.equal(await page.$$eval('[data-target]', (t) => t.length), 0);
  assert.equal((await readBoard(page)).b1, 'b1, black stone');
  // A drop on a target plays the move.
  await page.mouse.move(b1.x, b1.y);
  await page.mouse.down();
  await page.mouse.move(b3.x, b3.y, { steps: 8 });
  await page.mouse.up();
  const board = await readBoard(page);
  assert.equal(board.b3, 'b3, black stone');
  assert.equal(board.b1, 'b1, empty');
  await page.waitForURL(/moves=b1-b3/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a piece is dragged with a finger', async () => {
  const context = await shared.browser.newContext({ hasTouch: true, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await readBoard(page);
  const [b1, b3] = [await centre(page, 'b1'), await centre(page, 'b3')];
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', b1);
  for (let i = 1; i <= 8; i++) await touch('touchMove', { x: b1.x + ((b3.x - b1.x) * i) / 8, y: b1.y + ((b3.y - b1.y) * i) / 8 });
  // The copy is lifted above the finger and drawn larger; the cell under the finger is marked.
  const lifted = await page.$eval('.layer-drag .piece', (p) => {
    const r = p.getBoundingClientRect();
    return { y: r.y + r.height / 2, size: r.width };
  });
  const stone = await page.$eval('.layer-pieces [data-piece]', (p) => p.getBoundingClientRect().width);
  assert.ok(lifted.y < b3.y - 30, `the copy's centre ${lifted.y} is above the finger at ${b3.y}`);
  assert.ok(lifted.size > stone * 1.2, `the copy is ${lifted.size} px across, a stone ${stone}`);
  assert.deepEqual(await page.$$eval('.drag-over', (c) => c.map((e) => e.getAttribute('data-cell'))), ['b3']);
  await touch('touchEnd');
  await page.waitForURL(/moves=b1-b3/);
  assert.equal((await readBoard(page)).b3, 'b3, black stone');
  await context.close();
});

test('an RA stack dragged with fewer stones chosen shows that many', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=ra`);
  await readBoard(page);
  const [c5, c7] = [await centre(page, 'c5'), await centre(page, 'c7')];
  await page.mouse.click(c5.x, c5.y);
  await page.keyboard.press('2');
  await page.mouse.move(c5.x, c5.y);
  await page.mouse.down();
  await page.mouse.move(c7.x, c7.y, { steps: 8 });
  assert.equal(await page.textContent('.layer-drag .piece .height'), '2');
  assert.equal(await page.$$eval('.layer-drag .piece .disc', (d) => d.length), 2);
  await page.mouse.up();
  await page.waitForURL(/moves=2c5-c7/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a move queued while the computer thinks is played after its answer', async () => {
  const { page } = await open(shared.browser, 'about:blank');
  // Hold the computer back for a moment, so that the move is queued while it thinks.
  await page.route('**/search_worker_loader*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`${shared.server.url}?game=loa&x=ai:2`);
  await readBoard(page);
  await page.waitForSelector('[data-testid="thinking"]');
  // White queues a2-c2: no first move of Black's can make it illegal.
  await page.click('.play [data-cell="a2"]');
  await page.click('.play [data-cell="c2"]');
  assert.equal(await page.$$eval('.mark.premove', (m) => m.length), 2);
  assert.match(await page.textContent('[data-testid="selection-news"]'), /a2-c2 queued/);
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length >= 2, null, { timeout: 15_000 });
  const moves = await page.$$eval('.move-list .move', (m) => m.map((x) => x.textContent));
  assert.equal(moves[1], 'a2-c2');
  await page.close();
});

test('after End on a 60-move game the current move is in view', async () => {
  const moves =
    'b8-d6,h3-f3,c8-d7,h2-f2,c1-e3,a7-a1,e1-c3,h5-h1,d8-b6,a2-c2,d7-b7,f3-h5,b1-a2,c2-e4,b6-d8,e4xb7,f1-g2,a4-c2,g1-h2,h5-f7,d6-d3,a1xc3,g2-h3,c3-e1,d8-b6,h6xf8,b6-d8,c2-c3,h3xc3,b7-d5,c3-b2,h1-f3,b2-b3,e1-c3,e3-d2,h7-f5,a2-b1,a5xd2,e8-e7,a3-a1,d8-a8,f2-e3,a8xd5,f3-h1,e7-c7,c3-e1,h2-f2,e3-c1,d3-b5,e1-c3,d5-a5,h1-h3,b5-a4,d2xf2,b3-e6,f7-h7,c7-b8,h4-h1,e6-g6,a6-b7';
  for (const width of [1366, 390]) {
    const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=${moves}&ply=3`, { width, height: 850 });
    await page.waitForSelector('.move-list .move.current');
    await page.keyboard.press('End');
    await page.waitForURL((u) => !/ply=/.test(u.href));
    await page.waitForTimeout(100); // the list scrolls in the next frame
    const seen = await page.$eval('.move-list', (list) => {
      const l = list.getBoundingClientRect();
      const c = list.querySelector('.move.current').getBoundingClientRect();
      return c.top >= l.top - 1 && c.bottom <= l.bottom + 1 && c.left >= l.left - 1 && c.right <= l.right + 1;
    });
    assert.ok(seen, `the 60th move is visible in the list at ${width} px`);
    assert.equal(await page.textContent('.move-list .move.current'), 'a6-b7');
    await page.close();
  }
});

test('choosing an RA stack does not move the board', async () => {
  for (const width of [1366, 390]) {
    const { page } = await open(shared.browser, `${shared.server.url}?game=ra`, { width, height: 850 });
    await readBoard(page);
    await page.waitForSelector('.stones-bar');
    const top = () => page.$eval('#board', (b) => b.getBoundingClientRect().top);
    const before = await top();
    await page.click('.play [data-cell="c5"]');
    await page.waitForSelector('.stones-bar button.stones');
    assert.equal(await top(), before, `the board stayed put at ${width} px`);
    await page.close();
  }
});

test('the new-game dialog opens on the game shown, fits a phone, and closes on Esc', async () => {
  for (const width of [1366, 360]) {
    const { page } = await open(shared.browser, `${shared.server.url}?game=forms:rules=advanced,size=8&o=ai:2`, { width, height: 760 });
    await readBoard(page);
    await page.click('button:has-text("New game")');
    await page.waitForSelector('dialog[open]');
    assert.equal(await page.$eval('#option-rules', (s) => s.value), 'advanced');
    assert.equal(await page.$eval('#option-size', (s) => s.value), '8');
    assert.equal(await page.$eval('#seat-x', (s) => s.value), 'human');
    assert.equal(await page.$eval('#seat-o', (s) => s.value), 'ai:2');
    const fits = await page.$eval('dialog[open]', (d) => d.scrollWidth <= d.clientWidth + 1 && d.getBoundingClientRect().right <= window.innerWidth);
    assert.ok(fits, `the dialog fits ${width} px`);
    // The focus moves in once the dialog is drawn (a task of its own).
    await page.waitForFunction(() => document.activeElement?.closest('dialog') !== null);
    await page.keyboard.press('Escape');
    await page.waitForSelector('dialog', { state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'New game', 'the focus is back');
    await page.close();
  }
});

test('a dialog keeps the focus inside, covers the page behind, and closes on a click outside', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=forms`, { width: 1366, height: 850 });
  await readBoard(page);
  await page.click('button:has-text("New game")');
  await page.waitForFunction(() => document.activeElement?.closest('dialog[open]') !== null);
  const inside = () => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
  const count = await page.$$eval('dialog[open] :is(select, input, button)', (c) => c.filter((e) => e.offsetParent).length);
  for (let i = 0; i < count + 3; i++) {
    await page.keyboard.press('Tab');
    assert.ok(await inside(), `Tab ${i + 1}: the focus stays in the dialog`);
  }
  // Round the other way: from the first control Shift+Tab goes to the last.
  await page.focus('dialog[open] select');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Start game');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'SELECT');
  // A click inside the dialog's panel (not on a control) keeps it open, and Tab goes on inside.
  await page.click('#new-game-title');
  await page.keyboard.press('Shift+Tab');
  assert.ok(await inside(), 'Shift+Tab after a click on the heading');
  // The board behind cannot be reached by the pointer.
  const cell = await page.$eval('#board [data-cell="a1"]', (c) => { const r = c.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  assert.ok(await page.evaluate(({ x, y }) => !document.elementFromPoint(x, y).closest('#board'), cell), 'the layer covers the board');
  assert.equal(await page.getAttribute('dialog[open]', 'aria-modal'), 'true');
  await page.mouse.click(cell.x, cell.y);
  await page.waitForSelector('dialog', { state: 'detached' });
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'New game', 'the focus is back');
  assert.equal(await page.$eval('.move-list', (l) => l.querySelectorAll('.move').length), 0, 'the click outside played nothing');
  await page.close();
});

test('an embedded board says what is wrong with its link, inside the frame', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,b1-b9&embed=1&interactive=0`);
  await readBoard(page);
  assert.match(await page.textContent('.embed-notice'), /Move 2 "b1-b9" is not legal here/);
  assert.equal(await page.textContent('[data-testid="place"]'), '1. b1-b3');
  await page.goto(`${shared.server.url}?game=chess&embed=1`);
  assert.match(await page.textContent('.embed-notice'), /"chess" cannot be opened/);
  assert.equal(await page.$('.cards'), null, 'not the home page in the frame');
  await page.close();
});

test('the tab names the game and the side to move; preferences are remembered', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  assert.equal(await page.title(), 'Lines of Action: Black to move · Ludoteca');
  await page.keyboard.press('f');
  await page.uncheck('text=Animate moves');
  await page.selectOption('#theme', 'dark');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.reload();
  await readBoard(page);
  assert.ok(await page.$('.board.flipped'), 'Lines of Action is still seen from White');
  assert.equal(await page.isChecked('text=Animate moves'), false);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  // A corrupt preference falls back to the defaults.
  await page.evaluate(() => localStorage.setItem(`${location.pathname}ludoteca.prefs`, '\u0000{garbage'));
  await page.reload();
  await readBoard(page);
  assert.equal(await page.$('.board.flipped'), null);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'system');
  await page.close();
});

test('on a phone a big board zooms to 44-pixel cells inside its frame, never widening the page', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=forms`, { width: 360, height: 740 });
  await readBoard(page);
  const cell = () => page.$eval('.play [data-cell="i9"]', (c) => c.getBoundingClientRect().width);
  assert.ok((await cell()) < 24, 'the whole 18×18 board fits, with small cells');
  await page.click('button:has-text("Zoom in")');
  assert.ok((await cell()) >= 43, `zoomed cells are finger-sized: ${await cell()} px`);
  await page.click('.play [data-cell="i9"]');
  assert.ok((await page.$$eval('[data-target]', (t) => t.length)) > 100);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  assert.equal(overflow, false, 'the page does not scroll sideways');
  // RA's hexes are large enough on a phone: no zoom offered.
  const ra = await open(shared.browser, `${shared.server.url}?game=ra`, { width: 360, height: 740 });
  await readBoard(ra.page);
  assert.equal(await ra.page.$('button.zoom-toggle'), null);
  await ra.page.close();
  await page.close();
});

test('the play page fits a 1366×850 window, whatever the game', async () => {
  for (const query of ['?game=loa', '?game=ra', '?game=forms', '?game=loa&x=ai:1&o=ai:1']) {
    const { page } = await open(shared.browser, `${shared.server.url}${query}`, { width: 1366, height: 850 });
    await page.waitForSelector('.play-side');
    assert.ok(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), `${query} scrolls`);
    await page.close();
  }
});
