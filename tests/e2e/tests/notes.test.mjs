// A player's own notes: a mark and a comment on a move and the game's
// information typed in the Notes dialog, arrows and circles drawn on the
// board (the right button with its colours, or by presses for touch); all
// of it shown, kept over a reload, and written into records and SGF (and
// the drawings into the game's link).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture, open, readBoard, share } from '../helpers.mjs';

const shared = fixture();

async function centre(page, name) {
  return page.$eval(`.play [data-cell="${name}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

async function rightDrag(page, from, to, modifiers = []) {
  const [a, b] = [await centre(page, from), await centre(page, to)];
  for (const key of modifiers) await page.keyboard.down(key);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up({ button: 'right' });
  for (const key of modifiers) await page.keyboard.up(key);
}

test('the Notes dialog puts a mark and a comment on the move shown and names the players; kept and exported', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2`);
  await readBoard(page);
  await page.waitForSelector('button:has-text("Notes")');
  await page.click('button:has-text("Notes")');
  await page.waitForSelector('#note-mark');
  assert.match(await page.textContent('label[for="note-mark"]'), /Mark on a2-c2/);
  await page.selectOption('#note-mark', '!?');
  await page.fill('#note-comment', 'the plan {starts} here');
  await page.fill('#info-0', 'Kim');
  await page.fill('#info-1', 'Lee');
  await page.fill('#info-2', 'Club night');
  await page.click('.dialog button:has-text("Save")');
  await page.waitForSelector('.dialog', { state: 'detached' });
  assert.match(await page.textContent('.move-list'), /a2-c2!\? interesting move/);
  assert.match(await page.textContent('.move-list'), /the plan \{starts\} here/);
  assert.equal(await page.textContent('.move-list .game-info'), 'Kim – Lee · Club night');
  assert.match(await page.textContent('[data-testid="players"]'), /Kim \(Black\) — Lee \(White\)/);
  // Cancel changes nothing.
  await page.click('button:has-text("Notes")');
  await page.fill('#note-comment', 'not kept');
  await page.click('.dialog button:has-text("Cancel")');
  assert.doesNotMatch(await page.textContent('.move-list'), /not kept/);
  await page.reload();
  await page.waitForSelector('.move-list .game-info');
  assert.match(await page.textContent('.move-list'), /a2-c2!\? interesting move/);
  const [record] = await Promise.all([page.waitForEvent('download'), share(page, 'Export record')]);
  const text = await readFile(await record.path(), 'utf8');
  assert.match(text, /\[BlackName "Kim"\]\n\[WhiteName "Lee"\]\n\[Event "Club night"\]/);
  assert.match(text, /a2-c2!\? \{the plan \(starts\) here\}/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('arrows and circles: the right button in four colours, presses in drawing mode; kept and in records and SGF', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3,a2-c2`);
  await readBoard(page);
  await page.waitForSelector('button:has-text("Draw arrows")');
  await rightDrag(page, 'c1', 'c3');
  await page.waitForSelector('.board line.drawn.green', { state: 'attached' });
  await rightDrag(page, 'h2', 'h2', ['Shift']);
  await page.waitForSelector('.board circle.drawn.red', { state: 'attached' });
  await rightDrag(page, 'd1', 'd5', ['Alt']);
  await page.waitForSelector('.board line.drawn.blue', { state: 'attached' });
  await rightDrag(page, 'd1', 'd5', ['Alt']); // the same arrow again: taken away
  await page.waitForSelector('.board line.drawn.blue', { state: 'detached' });
  // The touch way: Draw, then a cell and another.
  await page.click('button:has-text("Draw arrows")');
  assert.equal(await page.getAttribute('button:has-text("Draw arrows")', 'aria-pressed'), 'true');
  await page.click('[data-cell="e1"]');
  await page.click('[data-cell="e4"]');
  assert.equal(await page.$$eval('.board line.drawn.green', (l) => l.length), 2);
  assert.equal((await readBoard(page)).e1, 'e1, black stone', 'drawing moves nothing');
  await page.click('button:has-text("Draw arrows")');
  // Another move has its own drawings; back on this one they return.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.board .drawn', { state: 'detached' });
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.board circle.drawn.red', { state: 'attached' });
  // The link holds them too, by the move they are on.
  await page.waitForURL(/&draw=2:Gc1c3\.Rh2\.Ge1e4/);
  const link = page.url();
  await page.reload();
  await page.waitForSelector('.board circle.drawn.red', { state: 'attached' });
  const other = await shared.browser.newPage();
  await other.goto(link);
  await other.waitForSelector('.board circle.drawn.red', { state: 'attached' });
  assert.equal(await other.$$eval('.board line.drawn.green', (l) => l.length), 2);
  await other.close();
  const [record] = await Promise.all([page.waitForEvent('download'), share(page, 'Export record')]);
  assert.match(await readFile(await record.path(), 'utf8'), /a2-c2 \{\[%draw Gc1c3 Rh2 Ge1e4\]\}/);
  const [sgf] = await Promise.all([page.waitForEvent('download'), share(page, 'SGF')]);
  assert.match(await readFile(await sgf.path(), 'utf8'), /;W\[a2-c2\]AR\[c1:c3\]\[e1:e4\]CR\[h2\]/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("after a reload, the library's copy of the game (its notes) comes in without emptying the move being typed", async () => {
  // No service worker, so every load of the worker that keeps the library goes
  // through the route below; after the reload it is held back until the move is
  // typed, so the library's copy always arrives after the typing.
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let hold = null;
  await page.route('**/search_worker_loader*.js', async (route) => {
    if (hold) await hold;
    await route.continue();
  });
  await page.goto(`${shared.server.url}?game=loa&moves=b1-b3,a2-c2`);
  await readBoard(page);
  await page.click('button:has-text("Notes")');
  await page.waitForSelector('#note-comment');
  await page.fill('#note-comment', 'kept in the library');
  await page.click('.dialog button:has-text("Save")');
  await page.waitForSelector('.dialog', { state: 'detached' });
  await page.waitForTimeout(500);
  let release;
  hold = new Promise((ok) => (release = ok));
  await page.reload();
  await page.waitForSelector('.move-form input');
  await page.fill('.move-form input', 'd1-d3');
  // The comment comes only with the library's copy, which is held back.
  assert.ok(
    !(await page.evaluate(() => /kept in the library/.test(document.querySelector('.move-list')?.textContent ?? ''))),
    "the comment is shown before the library's copy came in",
  );
  release();
  await page.waitForFunction(() => /kept in the library/.test(document.querySelector('.move-list')?.textContent ?? ''));
  await page.waitForTimeout(300);
  assert.equal(await page.inputValue('.move-form input'), 'd1-d3', 'the move being typed is still there');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 3);
  assert.deepEqual(errors, []);
  await context.close();
});
