// The board of each game: start positions read back through data-cell and the
// accessible names, moves played by clicks, and what they do to the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard, serve } from '../helpers.mjs';

const shared = fixture();

const click = (page, cell) => page.click(`.play [data-cell="${cell}"]`);
const status = (page) => page.textContent('[data-testid="status"]');

test('the Lines of Action start position has its 24 stones where they belong', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  const board = await readBoard(page);
  const files = 'abcdefgh';
  assert.equal(Object.keys(board).length, 64);
  for (let f = 0; f < 8; f++) {
    for (let r = 1; r <= 8; r++) {
      const cell = `${files[f]}${r}`;
      const edgeRow = (r === 1 || r === 8) && f > 0 && f < 7;
      const edgeCol = (f === 0 || f === 7) && r > 1 && r < 8;
      const expected = edgeRow ? 'black stone' : edgeCol ? 'white stone' : 'empty';
      assert.equal(board[cell], `${cell}, ${expected}`);
    }
  }
  assert.equal(await page.$$eval('.play .layer-pieces .piece', (s) => s.length), 24);
  assert.deepEqual(errors, []);
  await page.close();
});

test('every start position renders, with the right pieces', async () => {
  const cases = [
    ['attract', 64, { e4: 'e4, empty' }],
    ['attract:size=20', 400, { t20: 't20, empty' }],
    ['forms:size=8', 64, { a1: 'a1, black stone', h8: 'h8, white stone', a4: 'a4, black stone', a5: 'a5, white stone' }],
    ['forms:rules=advanced,size=8', 64, { a1: 'a1, white stone', b1: 'b1, black stone' }],
    ['forms', 324, { r18: 'r18, white stone' }],
    ['ra', 127, { d4: 'd4, black RA cell, empty', j10: 'j10, white RA cell, empty', c5: 'c5, black stack of 3', h8: 'h8, white stack of 3', g7: 'g7, empty' }],
    ['loa:size=5', 25, { b1: 'b1, black stone', a2: 'a2, white stone', e4: 'e4, white stone', e5: 'e5, empty' }],
    ['loa:size=6,start=scrambled', 36, { b1: 'b1, black stone', c1: 'c1, white stone', a2: 'a2, white stone', f2: 'f2, black stone', b6: 'b6, white stone' }],
    ['loa:start=scrambled-mirrored', 64, { b1: 'b1, white stone', a2: 'a2, black stone', h7: 'h7, black stone' }],
    ['loa:size=9', 81, { b1: 'b1, black stone', h9: 'h9, black stone', a8: 'a8, white stone', i2: 'i2, white stone', e5: 'e5, empty', i9: 'i9, empty' }],
    ['loa:size=9,hole=on', 81, { e5: 'e5, black hole, empty', e1: 'e1, black stone' }],
  ];
  for (const [spec, count, expected] of cases) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=${spec}`);
    const board = await readBoard(page);
    assert.equal(Object.keys(board).length, count, spec);
    for (const [cell, label] of Object.entries(expected)) assert.equal(board[cell], label, `${spec} ${cell}`);
    assert.deepEqual(errors, [], spec);
    await page.close();
  }
});

test('Lines of Action: click a piece, see its targets, click one to move', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await click(page, 'b1');
  const targets = await page.$$eval('[data-target]', (t) => t.map((x) => x.getAttribute('data-target')).sort());
  assert.deepEqual(targets, ['b3', 'd3', 'h1']);
  await click(page, 'e5'); // elsewhere: cancels
  assert.equal(await page.$$eval('[data-target]', (t) => t.length), 0);
  await click(page, 'c1');
  await click(page, 'a3'); // the capture c1xa3
  const board = await readBoard(page);
  assert.equal(board.a3, 'a3, black stone');
  assert.equal(board.c1, 'c1, empty');
  assert.match(await status(page), /Black played c1xa3\. White to move/);
  await page.waitForURL(/moves=c1xa3/);
  await page.close();
});

test('Attract: a click places a stone and the pull slides the others', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=attract`);
  await readBoard(page);
  for (const cell of ['b1', 'b8', 'e2', 'b2']) await click(page, cell);
  const board = await readBoard(page);
  // Example A1 of docs/rules/attract.md: x b7, x b2, o c2, o d2.
  assert.equal(board.b7, 'b7, black stone');
  assert.equal(board.b2, 'b2, black stone');
  assert.equal(board.c2, 'c2, white stone');
  assert.equal(board.d2, 'd2, white stone');
  assert.equal(board.b8, 'b8, empty');
  assert.equal(board.e2, 'e2, empty');
  await page.close();
});

test('Forms: a capture and its clean-up', async () => {
  const from = 'oxoooo/2x1oo/oo1x1o/xxxxox/x2o2/1oxxxx_x';
  const { page } = await open(shared.browser, `${shared.server.url}?game=forms:size=6&from=${from}`);
  await readBoard(page);
  await click(page, 'd3');
  await click(page, 'f6');
  const board = await readBoard(page);
  const stones = Object.values(board).filter((l) => !l.endsWith('empty')).length;
  assert.equal(stones, 12); // figure 2c of the rules
  assert.equal(board.f6, 'f6, black stone');
  assert.equal(board.a3, 'a3, empty');
  await page.close();
});

test('RA: choose how many stones move, and split a stack', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=ra`);
  await readBoard(page);
  await click(page, 'c5');
  await page.click('.stones-bar button:has-text("1 stone")');
  const targets = await page.$$eval('[data-target]', (t) => t.map((x) => x.getAttribute('data-target')).sort());
  assert.equal(targets.length, 6);
  await click(page, 'c8');
  const board = await readBoard(page);
  assert.equal(board.c5, 'c5, black stack of 2');
  assert.equal(board.c8, 'c8, black stack of 1');
  await page.waitForURL(/moves=1c5-c8/);
  await page.close();
});

test('keyboard play: arrows move the focus, Enter selects and moves; the text box takes notation', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=attract`);
  await readBoard(page);
  await page.focus('.board-wrap');
  await page.keyboard.press('ArrowUp'); // focus appears in the middle
  await page.keyboard.press('Enter');
  const placed = Object.values(await readBoard(page)).filter((l) => l.endsWith('white stone'));
  assert.equal(placed.length, 1);
  await page.fill('#move-input', 'a1');
  await page.press('#move-input', 'Enter');
  assert.equal((await readBoard(page)).a1, 'a1, black stone');
  await page.fill('#move-input', 'z9');
  await page.press('#move-input', 'Enter');
  assert.match(await page.textContent('.move-error'), /z9/);
  // The refused text stays, selected: the next move typed replaces it.
  assert.equal(await page.inputValue('#move-input'), 'z9');
  await page.keyboard.type('b2');
  await page.keyboard.press('Enter');
  assert.equal((await readBoard(page)).b2, 'b2, white stone');
  assert.equal(await page.inputValue('#move-input'), '');
  await page.close();
});

test('Lines of Action on 6×6: a move is as long as its line, and the New game dialog offers every size and start', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa:size=6`);
  await readBoard(page);
  assert.match(await page.textContent('.play'), /6 × 6 board/);
  // Row 1 holds four pieces (b1-e1): b1 moves four along it, to f1.
  await click(page, 'b1');
  const targets = await page.$$eval('[data-target]', (t) => t.map((x) => x.getAttribute('data-target')).sort());
  assert.deepEqual(targets, ['b3', 'd3', 'f1']);
  await click(page, 'f1');
  await page.waitForURL(/game=loa:size=6&moves=b1-f1/);
  await page.click('.actions button:has-text("New game")');
  await page.waitForSelector('dialog[open]');
  const choices = await page.$$eval('dialog[open] select', (selects) =>
    selects.map((s) => [...s.options].map((o) => o.value).join(',')),
  );
  assert.ok(choices.includes('5,6,7,8,9'), JSON.stringify(choices));
  assert.ok(choices.includes('off,on'), JSON.stringify(choices));
  assert.ok(choices.includes('standard,scrambled,scrambled-mirrored'), JSON.stringify(choices));
  assert.deepEqual(errors, []);
  await page.close();
});

test('Black Hole on 9×9: a piece that lands on the centre leaves the game; the dialog will not put a hole on an even board', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa:size=9,hole=on`);
  await readBoard(page);
  assert.match(await page.textContent('.play'), /9 × 9 board, Black Hole/);
  assert.equal(await page.$$eval('.play .cell-shape.hole', (c) => c.length), 1);
  // e1-e3 (the e column holds e1 and e9), a White reply, then e3 two squares up: into the hole.
  for (const [from, to] of [['e1', 'e3'], ['a5', 'c5']]) {
    await click(page, from);
    await click(page, to);
  }
  await click(page, 'e3');
  const targets = await page.$$eval('[data-target]', (t) => t.map((x) => x.getAttribute('data-target')).sort());
  assert.ok(targets.includes('e5'), JSON.stringify(targets));
  await click(page, 'e5');
  await page.waitForURL(/moves=e1-e3,a5-c5,e3-e5/);
  const board = await readBoard(page);
  assert.equal(board.e5, 'e5, black hole, empty');
  assert.equal(board.e3, 'e3, empty');
  assert.equal(Object.values(board).filter((label) => label.endsWith('black stone')).length, 13);
  // The New game dialog: a hole on 8 × 8 is said and cannot start.
  await page.click('.actions button:has-text("New game")');
  await page.waitForSelector('dialog[open]');
  await page.selectOption('dialog[open] #option-size', '8');
  await page.waitForSelector('dialog[open] [role="alert"]:has-text("odd size")');
  assert.equal(await page.isDisabled('dialog[open] button.primary'), true);
  await page.selectOption('dialog[open] #option-size', '7');
  await page.waitForSelector('dialog[open] [role="alert"]:empty', { state: 'attached' });
  assert.equal(await page.isDisabled('dialog[open] button.primary'), false);
  assert.deepEqual(errors, []);
  await page.close();
});
