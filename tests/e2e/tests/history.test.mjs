// History navigation, URLs, bad links and a game played to its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard, serve } from '../helpers.mjs';

const shared = fixture();

const status = (page) => page.textContent('[data-testid="status"]');

test('history by keys and by clicks; the board and the URL follow the cursor', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2,e1-e3`);
  await readBoard(page);
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/ply=2/);
  assert.equal((await readBoard(page)).e1, 'e1, black stone');
  await page.keyboard.press('Home');
  assert.equal((await readBoard(page)).b1, 'b1, black stone');
  await page.waitForURL(/ply=0/);
  await page.keyboard.press('End');
  await page.waitForURL((u) => !/ply=/.test(u.href));
  await page.click('.move-list button:has-text("b1-b3")');
  await page.waitForURL(/ply=1/);
  assert.match(await status(page), /White to move/);
  await page.click('button[aria-label="Next move"]');
  await page.waitForURL(/ply=2/);
  // Keys are ignored while typing in the move box.
  await page.focus('#move-input');
  await page.keyboard.press('ArrowLeft');
  await page.waitForTimeout(400); // longer than the app waits before writing the address bar
  assert.match(page.url(), /ply=2/);
  await page.close();
});

test('after a move made with the mouse, ← steps back; the board takes the arrows only when reached by Tab; ? lists the keys', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  const cell = (name) => page.click(`[data-cell="${name}"]`);
  await cell('b1');
  await cell('b3');
  await page.waitForURL(/moves=b1-b3/);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board', 'the press gave the board the focus');
  await page.keyboard.press('ArrowLeft');
  await page.waitForURL(/ply=0/);
  assert.equal((await readBoard(page)).b1, 'b1, black stone', 'stepped back, not a cell cursor');
  assert.equal(await page.$('.mark.focus'), null);
  assert.ok(await page.$('.board-keys[hidden]'), 'no note about the board\'s keys');
  await page.keyboard.press('ArrowRight');
  await page.waitForURL((u) => !/ply=/.test(u.href));
  // Reached by the keyboard (the skip link): the arrows move over the cells, and the board says so.
  await page.focus('.skip-link');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board');
  await page.keyboard.press('ArrowUp');
  assert.ok(await page.$('.mark.focus'), 'a cell cursor');
  assert.match(await page.textContent('.board-keys'), /Arrow keys move over the cells/);
  assert.equal(await page.$('.board-keys[hidden]'), null);
  assert.doesNotMatch(page.url(), /ply=/, 'the game did not step');
  // ? lists every key; Esc closes the list.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('?');
  await page.waitForSelector('dialog .keys');
  assert.match(await page.textContent('dialog .keys'), /step back and forward through the game/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('dialog .keys', { state: 'detached' });
  await page.click('button.keys-button');
  await page.waitForSelector('dialog .keys');
  await page.click('dialog button:has-text("Close")');
  assert.deepEqual(errors, []);
  await page.close();
});

test('playing in the past starts a variation; keys switch lines; promote, delete and undo', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2,e1-e3&ply=1`);
  await readBoard(page);
  await page.fill('#move-input', 'h2-f2');
  await page.press('#move-input', 'Enter');
  // The old line stays; the new move is a variation of a2-c2, the third move written.
  await page.waitForURL(/moves=b1-b3,a2-c2\(h2-f2\),e1-e3&at=3$/);
  assert.match(await page.textContent('.move-list li.variation'), /1…\s*h2-f2/);
  assert.equal(await page.getAttribute('.move-list .move.current', 'aria-current'), 'step');
  // Copy line: a link to this line alone, the board at this move.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shared.server.url.replace(/\/$/, '') });
  await page.click('button:has-text("Copy line")');
  assert.match(await page.evaluate(() => navigator.clipboard.readText()), /\?game=loa&moves=b1-b3,h2-f2$/);
  // The link reopens the same tree, on the same move.
  const again = await open(shared.browser, page.url());
  assert.deepEqual(await readBoard(again.page), await readBoard(page));
  assert.equal(await again.page.textContent('.move-list'), await page.textContent('.move-list'));
  assert.equal(await again.page.textContent('.move-list .move.current'), '1…h2-f2');
  assert.deepEqual(again.errors, []);
  await again.page.close();
  // Up and down switch between the lines at the branch (outside the move box).
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('ArrowUp');
  await page.waitForURL(/ply=2$/);
  await page.keyboard.press('ArrowDown');
  await page.waitForURL(/at=3$/);
  await page.click('button:has-text("Make main line")');
  await page.waitForURL(/moves=b1-b3,h2-f2\(a2-c2,e1-e3\)$/);
  await page.click('.move-list li.variation button:has-text("a2-c2")');
  await page.waitForURL(/at=3$/);
  await page.click('button:has-text("Delete from here")');
  await page.waitForURL(/moves=b1-b3,h2-f2&ply=1$/);
  assert.equal(await page.$$eval('.move-list li.variation', (v) => v.length), 0);
  await page.click('button:has-text("Undo")');
  await page.waitForURL(/moves=b1-b3$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a URL opens the same game and cursor elsewhere', async () => {
  const url = `${shared.server.url}?game=forms:rules=advanced,size=8&moves=b1xa1,c1xc2&ply=1`;
  const first = await open(shared.browser, url);
  const boardA = await readBoard(first.page);
  const second = await open(shared.browser, first.page.url());
  assert.deepEqual(await readBoard(second.page), boardA);
  assert.equal(second.page.url(), first.page.url());
  await first.page.close();
  await second.page.close();
});

test('a malformed URL shows its message and a working board', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2,e1-e3,h2-f2,d1-d3,a4-c4,b1-b9`);
  await readBoard(page);
  assert.match(await page.textContent('.notice'), /Move 7 "b1-b9" is not legal here; showing the game up to move 6\./);
  assert.equal(await page.$$eval('.move-list .move', (m) => m.length), 6);
  await page.fill('#move-input', 'c1xa3');
  await page.press('#move-input', 'Enter');
  assert.equal(await page.$$eval('.move-list .move', (m) => m.length), 7);
  const home = await open(shared.browser, `${shared.server.url}?game=chess`);
  assert.match(await home.page.textContent('.notice'), /"chess"/);
  assert.equal(await home.page.$$eval('.card', (c) => c.length), 4);
  assert.deepEqual(errors, []);
  await page.close();
  await home.page.close();
});

test('a short game played to its outcome banner, kept, and opened again from My games', async () => {
  // Attract example A2 of docs/rules/attract.md: White d4 wins at once.
  const { page } = await open(shared.browser, `${shared.server.url}?game=attract&from=8/3o4/o2x4/1x6/1o2o3/1x6/3x4/8_o`);
  await readBoard(page);
  await page.click('.play [data-cell="d4"]');
  assert.match(await status(page), /White wins: 1 winning piece to 0/);
  assert.equal(await page.$$eval('.mark.highlight', (h) => h.length), 1);
  await page.waitForTimeout(400);
  await page.click('a.games-link');
  await page.waitForSelector('.games-list li');
  assert.match(await page.textContent('.games-list'), /Attract.*White wins.*1 move/);
  await page.click('.games-list button:has-text("Review")');
  await readBoard(page);
  assert.match(await status(page), /White wins/);
  // A corrupt saved game of an older build is kept aside with a notice at the next start.
  await page.evaluate(() => localStorage.setItem(`${location.pathname}ludoteca.saved-game`, '?game=nope'));
  await page.goto(shared.server.url);
  await page.waitForSelector('.notice');
  assert.match(await page.textContent('.notice'), /could not be read/);
  assert.equal(await page.evaluate(() => localStorage.getItem(`${location.pathname}ludoteca.unreadable-game`)), '?game=nope');
  assert.ok(await page.$('.kept-aside'));
  await page.close();
});

test('the flip button and the f key turn the board round', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  const y = () => page.$eval('[data-cell="a1"]', (p) => p.getBoundingClientRect().y);
  const before = await y();
  await page.keyboard.press('f');
  assert.ok((await y()) < before);
  await page.click('button:has-text("Flip board")');
  assert.equal(await y(), before);
  await page.close();
});

test('every page works at phone size', async () => {
  const variations = '?game=loa&moves=b1-b3,a2-c2(h2-f2,c1xa3(d1-d3,a5-c5),a4-c4),e1-e3,h2-f2&at=4';
  for (const path of ['', '?game=ra', '?rules=loa', variations]) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}${path}`, { width: 360, height: 740 });
    await page.waitForSelector('[data-cell]', { state: 'attached' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    assert.equal(overflow, false, `${path} scrolls sideways`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});
