// Ending a game beside its rules: resigning (asked twice), draws offered to
// the computer and between two people, the game-over panel with Review,
// Rematch and New game, the result in the move list and the link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard } from '../helpers.mjs';

const shared = fixture();

test('resigning against the computer: confirmed, the game over, a rematch with colours swapped', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&o=ai:1`);
  await readBoard(page);
  await page.fill('#move-input', 'b1-b3');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('.move-list button:has-text("b1-b3")');
  await page.click('button:has-text("Resign…")');
  assert.match(await page.textContent('.end-confirm'), /Resign this game as Black\?/);
  // The computer's answer, arriving while the question is asked, leaves it open.
  await page.waitForFunction(() => document.querySelectorAll('.move-list button').length >= 2);
  assert.match(await page.textContent('.end-confirm'), /Resign this game as Black\?/);
  await page.click('button:has-text("Keep playing")');
  assert.equal(await page.$('.game-over'), null, 'kept playing');
  await page.click('button:has-text("Resign…")');
  await page.click('.end-confirm button:has-text("Resign")');
  await page.waitForSelector('.game-over');
  assert.equal(await page.textContent('[data-testid="game-over"]'), 'White wins: Black resigned');
  assert.equal(await page.textContent('#game-over-title'), 'The computer won', 'said from the person\'s side');
  assert.match(await page.textContent('.move-list li.result'), /White wins: Black resigned/);
  assert.match(await page.textContent('[data-testid="status"]'), /White wins: Black resigned/);
  await page.waitForURL(/end=resign-x/);
  // The move box and Undo are closed, and Undo says why.
  const undo = await page.$('button:has-text("Undo")');
  assert.ok(await undo.isDisabled());
  assert.match(await undo.getAttribute('title'), /The game has ended/);
  // A reload keeps the result.
  await page.reload();
  await page.waitForSelector('.game-over');
  assert.match(await page.textContent('[data-testid="game-over"]'), /Black resigned/);
  // Rematch: the same game, the computer now plays Black.
  await page.click('button:has-text("Rematch")');
  await page.waitForURL((u) => /x=ai:1/.test(u.href) && !/end=/.test(u.href));
  assert.equal(await page.$('.game-over'), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a long game's end: its result line shows at the foot of the move list, and New game once", async () => {
  const moves = 'f8-d6,h6-e6,c1-c3,e6-e3,f1-d3,a7-a1,d3-g6,a2-c2,c8-c5,e3-f4,d8-f6,a4xd1,b1-b3,c2-e2,b8-a7,f4-e3,e8-c8,a3-b2,d6-f8,e3-d2,g6-e8,h3-e3,b3-b5,d2-d4,g1-g3,d1-c2,e8-g6,e2-e5,b5-b7,h4-f4,e1-c1,f4xc1,g8-g5,b2-e2,c8-e8,c2-b3,f8-d6,d4-d2,d6-h6,d2-d1,f6-f5,h7-g8,c3-c6,e3-e7,f5-d3,a1-c3,h6-e3,h5-h3,a7-b8,e2-g2,g6-d6,h2-g1,g3-h4,c1-b2,b7xb3,h3-h1,b8xe5,b2-c1,e5xc3,d1-e2,e3xe7,g1xg5,d6-a3,e2-d1,b3-d5,a6xc6,e8-e6,c6xe6,e7-b4,e6-f5';
  for (const [width, height] of [[1366, 850], [390, 844]]) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=${moves}&end=resign-x`, { width, height });
    await page.waitForSelector('.game-over');
    // The list scrolls itself (in its own frame) to its last line.
    await page.waitForFunction(() => {
      const list = document.querySelector('.move-list');
      const result = list.querySelector('li.result').getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return result.bottom <= box.bottom + 1 && result.right <= box.right + 1 && result.top >= box.top - 1;
    }, null, { timeout: 3000 });
    const shown = await page.$$eval('button', (b) => b.filter((x) => x.textContent === 'New game' && x.offsetParent !== null).length);
    assert.equal(shown, 1, `one New game at ${width} px`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('a draw: the computer declines when it has not judged the game; two people agree one', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&o=ai:1`);
  await readBoard(page);
  await page.click('button:has-text("Offer a draw")');
  assert.match(await page.textContent('.notices, .notice'), /The computer declines the draw/);
  await page.goto(`${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  await page.click('button:has-text("Offer a draw")');
  assert.match(await page.textContent('.end-confirm'), /White offers a draw\./);
  await page.click('button:has-text("Accept the draw")');
  await page.waitForSelector('.game-over');
  assert.equal(await page.textContent('[data-testid="game-over"]'), 'Drawn: a draw by agreement');
  await page.waitForURL(/end=draw/);
  assert.deepEqual(errors, []);
  await page.close();
});
