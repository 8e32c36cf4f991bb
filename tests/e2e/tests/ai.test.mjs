// Playing against the computer: answers within the budget, stopping, a page
// that never freezes, and a computer-against-computer game to its end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard, serve } from '../helpers.mjs';

const shared = fixture();

const moveCount = (page) => page.$$eval('.move-list .move', (m) => m.length);

test('in every game the computer answers a move with a legal move within its budget', async () => {
  // The computer plays the side that moves second (Attract: Black, as White starts).
  const cases = [
    ['loa', 'b1-b3', 'o'],
    ['attract', 'e4', 'x'],
    ['forms:rules=advanced,size=8', 'b1xa1', 'o'],
    ['ra', '1c5-c8', 'o'],
  ];
  for (const [spec, human, computer] of cases) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=${spec}&${computer}=ai:3`);
    await readBoard(page);
    await page.fill('#move-input', human);
    await page.press('#move-input', 'Enter');
    const started = Date.now();
    // Level 3 spends a fixed number of nodes: well under a few seconds here; 10 s is the margin.
    await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 2, null, { timeout: 10_000 });
    const took = Date.now() - started;
    const moves = await page.$$eval('.move-list .move', (m) => m.map((x) => x.textContent));
    assert.equal(moves[0], human, spec);
    await page.waitForURL(new RegExp(`moves=${human.replace(/[-]/g, '\\-')},${moves[1]}`));
    assert.ok(took < 10_000, `${spec}: ${took} ms`);
    assert.match(await page.textContent('[data-testid="status"]'), /to move|wins|Draw/, spec);
    assert.deepEqual(errors, [], spec);
    await page.close();
  }
});

test('on Lines of Action 5×5 the strongest level plays the solver\'s proven moves: the won start\'s d1-b3 whatever the seed, then a win', async () => {
  // Without the solver level 5 varies its opening by the seed (root noise); with it, Black's proven first move every time.
  for (const seed of [1, 2, 3]) {
    const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa:size=5&x=ai:5&seed=${seed}`);
    await page.waitForURL(/moves=d1-b3/, { timeout: 15_000 });
    if (seed === 1) {
      // White answers; the computer's next move comes from the proof too, and the game goes on.
      await page.fill('#move-input', 'e3xb3');
      await page.press('#move-input', 'Enter');
      await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 3, null, { timeout: 15_000 });
      assert.match(await page.textContent('[data-testid="status"]'), /White to move/);
      // The new-game dialog says what level 5 is on this board.
      await page.click('button:has-text("New game")');
      assert.equal(await page.textContent('#seat-x-help'), 'Strongest: perfect play: this board is solved');
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(errors, [], `seed ${seed}`);
    await page.close();
  }
});

test('a new game while the computer thinks starts fresh, and no stale move arrives', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa&x=ai:5`);
  await readBoard(page);
  await page.waitForSelector('[data-testid="thinking"]');
  await page.click('button:has-text("New game")');
  // The dialog opens with the game's players: a person takes Black this time.
  assert.equal(await page.$eval('#seat-x', (s) => s.value), 'ai:5');
  await page.selectOption('#seat-x', 'human');
  await page.click('.dialog button:has-text("Start game")');
  await page.waitForTimeout(6_500); // longer than level 5's 5 s
  assert.equal(await moveCount(page), 0);
  assert.equal(await page.$('[data-testid="thinking"]'), null);
  assert.doesNotMatch(page.url(), /moves=/);
  await page.close();
});

for (const [spec, label] of [['loa&moves=b1-b3', 'Lines of Action'], ['forms&moves=i9xi10', 'Forms 18×18']]) {
  test(`no main-thread task over 50 ms while level 5 thinks (${label}), and navigation responds`, async () => {
    const who = spec.includes('moves=') ? 'o' : 'x';
    const { page } = await open(shared.browser, `${shared.server.url}?game=${spec}&${who}=ai:5`);
    await readBoard(page);
    await page.waitForSelector('[data-testid="thinking"]');
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    // Level 5 deepens for at least 2.5 s before it may stop; watch 1.5 s of it.
    await page.waitForTimeout(1_500);
    const longTasks = await page.evaluate(() => window.longTasks);
    assert.deepEqual(longTasks.filter((d) => d > 50), [], `long tasks: ${longTasks}`);
    assert.ok(await page.$('[data-testid="thinking"]'), 'still thinking after 1.5 s');
    const started = Date.now();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => location.search.includes('ply=0'));
    assert.ok(Date.now() - started < 1_000, 'history navigation responded');
    await page.close();
  });
}

test('computer against computer on a small board plays to its end', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=forms:rules=advanced,size=6&x=ai:1&o=ai:1`);
  await readBoard(page);
  await page.selectOption('#pace', '100');
  await page.waitForSelector('.status.over', { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="status"]'), /wins/);
  assert.ok((await moveCount(page)) > 3);
  await page.close();
});

test('a hint suggests a legal move with its evaluation, and the analysis panel reports', async () => {
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.click('button:has-text("Hint")');
  await page.waitForSelector('[data-testid="hint"]', { timeout: 10_000 });
  assert.match(await page.textContent('[data-testid="hint"]'), /Try [a-h][1-8][-x][a-h][1-8] \(/);
  assert.ok(await page.$('.mark.hint'), 'an arrow on the board');
  await page.check('text=Analysis');
  await page.waitForSelector('[data-testid="analysis"]', { timeout: 10_000 });
  assert.match(await page.textContent('[data-testid="analysis"]'), /for Black/);
  assert.ok(await page.$('.eval-bar'));
  await page.close();
});

test("the analysis's best line is stepped into by its moves' buttons, and the keyboard reaches them", async () => {
  // Two people, no clock: the line may be played from the position shown.
  const { page } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.check('text=Analysis');
  await page.waitForFunction(() => document.querySelectorAll('.analysis .pv-move').length >= 3, null, { timeout: 15_000 });
  // The analysis deepens meanwhile and may show another line: the line
  // compared is the one on screen when Enter goes down.
  await page.evaluate(() => document.addEventListener('keydown', () => {
    window.lineAtPress = [...document.querySelectorAll('.analysis .pv-move')].map((x) => x.textContent);
  }, { capture: true }));
  await page.focus('.analysis .pv-move >> nth=2');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 3);
  const line = await page.evaluate(() => window.lineAtPress);
  const played = await page.$$eval('.move-list .move', (m) => m.map((x) => x.textContent.trim()));
  assert.deepEqual(played.map((t) => t.replace(/^\d+\.\s*/, '')), line.slice(0, 3));
  await page.close();
  // Against the computer at the game's end, the line is text: its moves would be the game's.
  const vs = await open(shared.browser, `${shared.server.url}?game=loa&o=ai:1`);
  await readBoard(vs.page);
  await vs.page.check('text=Analysis');
  await vs.page.waitForSelector('.analysis .pv:not(:empty)', { timeout: 15_000 });
  assert.equal(await vs.page.$('.analysis .pv-move'), null);
  await vs.page.close();
});

test('with cores to spare, level 4 splits its move over several workers, and stepping back stops them all', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Three cores: the page keeps one, the computer's move gets two workers.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: 3 });
  const started = [];
  page.on('worker', (w) => started.push(w));
  // Stopping a search terminates its worker: count the terminations.
  await page.addInitScript(() => {
    const terminate = Worker.prototype.terminate;
    window.terminated = 0;
    Worker.prototype.terminate = function () {
      window.terminated += 1;
      return terminate.call(this);
    };
  });
  const terminated = () => page.evaluate(() => window.terminated);
  await page.goto(`${shared.server.url}?game=loa&moves=b1-b3&o=ai:4`);
  await readBoard(page);
  await page.waitForFunction(() => document.querySelectorAll('.move-list .move').length === 2, null, { timeout: 15_000 });
  // The computer's move is the game's first write: the library's worker
  // (the same program) starts for it, in the task after the move.
  await page.waitForTimeout(300);
  assert.equal(started.length, 3, "one worker per share, and the library's");
  assert.equal(await terminated(), 0, 'the workers stay for the next move');
  // The computer's next move: two workers think; stepping back stops both.
  // One of these is legal whatever White answered (an illegal one is refused and changes nothing).
  for (const mv of ['c1-c3', 'd1-d3', 'e1-e3', 'f1-f3', 'g1-g3']) {
    await page.fill('#move-input', mv);
    await page.press('#move-input', 'Enter');
    if ((await moveCount(page)) === 3) break;
  }
  assert.equal(await moveCount(page), 3);
  await page.waitForSelector('[data-testid="thinking"]');
  await page.$eval('#move-input', (input) => input.blur());
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(() => !document.querySelector('[data-testid="thinking"]'));
  assert.equal(await moveCount(page), 3, 'stopped before it answered');
  assert.equal(await terminated(), 2, 'every worker of the move was stopped');
  assert.deepEqual(errors, []);
  await page.close();
});
