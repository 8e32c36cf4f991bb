// The release build shows the Lines of Action start position with every stone in place.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, readBoard, serve } from './helpers.mjs';

let server;
let browser;

before(async () => {
  server = await serve();
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

test('the Lines of Action start position has its 24 stones where they belong', async () => {
  const { page, errors } = await open(browser, server.url);
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
  const stones = await page.$$eval('[data-cell] .stone', (s) => s.length);
  assert.equal(stones, 24);
  assert.deepEqual(errors, []);
  await page.close();
});
