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
