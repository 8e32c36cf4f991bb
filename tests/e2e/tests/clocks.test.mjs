// Clocks: a timed game chosen in the new-game dialog, the clocks beside the
// players' names counting down for the side to move, a flag that ends the
// game and stays after a reload, and a game between two people that comes
// back from a reload with its clocks paused. The page's time is Playwright's
// fake clock, moved forward by the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, readBoard } from '../helpers.mjs';

const shared = fixture();

/** A page whose time the test moves. */
async function openTimed(url) {
  const page = await shared.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.clock.install();
  await page.goto(url);
  await readBoard(page);
  return { page, errors };
}

const clock = (page, letter) => page.textContent(`[data-testid="clock-${letter}"]`);
/** A clock's reading in seconds (`4:56` is 296). */
const seconds = (text) => text.split(':').reduce((t, part) => t * 60 + Number(part), 0);
/** Waits until `letter`'s clock reads between `low` and `high` seconds (the page's time also flows as the test runs). */
async function reads(page, letter, low, high) {
  await page.waitForFunction(
    ([letter, low, high]) => {
      const text = document.querySelector(`[data-testid="clock-${letter}"]`)?.textContent ?? '';
      const t = text.split(':').reduce((t, part) => t * 60 + Number(part), 0);
      return t >= low && t <= high;
    },
    [letter, low, high],
  );
  return seconds(await clock(page, letter));
}

async function play(page, move) {
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  // (Right after a reload, the library's copy of the game may arrive and
  // draw the play page anew between the typing and Enter, which empties the
  // box: then the move was never sent, and is typed again. A move that was
  // sent and refused leaves its text and its reason, and fails below.)
  const shown = `.move-list button:has-text("${move}")`;
  const sent = await page.waitForSelector(shown, { timeout: 5_000 }).then(() => true, () => false);
  if (!sent && (await page.inputValue('#move-input')) === '' && !(await page.textContent('.move-error'))) {
    await page.fill('#move-input', move);
    await page.press('#move-input', 'Enter');
  }
  await page.waitForSelector(shown, { timeout: 10_000 }).catch(async (e) => {
    const state = await page.evaluate(() => ({
      url: location.search,
      input: document.getElementById('move-input')?.value,
      error: document.querySelector('.move-error')?.textContent,
      status: document.querySelector('[data-testid="status"], .status')?.textContent,
      moves: document.querySelector('.move-list')?.textContent,
      notices: [...document.querySelectorAll('.notice')].map((n) => n.textContent),
    }));
    throw new Error(`${move} was not played: ${JSON.stringify(state)} (${e.message.split('\n')[0]})`);
  });
}

test('a custom clock from the new-game dialog runs out: the game is lost on time, and stays so after a reload', async () => {
  const { page, errors } = await openTimed(`${shared.server.url}?game=loa`);
  await page.click('button:has-text("New game")');
  await page.selectOption('#clock', 'custom');
  await page.fill('#clock-minutes', '1');
  await page.dispatchEvent('#clock-minutes', 'change');
  await page.fill('#clock-increment', '0');
  await page.dispatchEvent('#clock-increment', 'change');
  await page.click('button:has-text("Start game")');
  await page.waitForURL(/clock=60%2B0/);
  assert.equal(await clock(page, 'x'), '1:00');
  assert.equal(await clock(page, 'o'), '1:00');
  assert.equal(await page.getAttribute('[data-testid="clock-x"]', 'role'), 'timer');
  // The first move starts White's clock.
  await play(page, 'b1-b3');
  await page.waitForSelector('[data-testid="clock-o"].running');
  await page.clock.fastForward(5_000);
  await reads(page, 'o', 50, 55);
  assert.equal(await clock(page, 'x'), '1:00', "Black's clock stands still");
  // Low time is marked, and said once.
  await page.clock.fastForward(50_000);
  await page.waitForSelector('[data-testid="clock-o"].low');
  assert.match(await page.textContent('[data-player="o"] .visually-hidden'), /White: \d seconds? left\./);
  // The flag falls.
  await page.clock.fastForward(6_000);
  await page.waitForSelector('.game-over');
  assert.equal(await page.textContent('[data-testid="game-over"]'), "Black wins: White's time ran out");
  assert.equal(await clock(page, 'o'), '0:00.0');
  await page.waitForURL(/end=time-o/);
  // The dialog remembers the clock chosen.
  await page.click('.game-over button:has-text("New game")');
  assert.equal(await page.$eval('#clock', (s) => s.value), 'custom');
  assert.equal(await page.$eval('#clock-minutes', (i) => i.value), '1');
  await page.keyboard.press('Escape');
  // A reload keeps the result and the clocks as they ended.
  await page.reload();
  await page.waitForSelector('.game-over');
  assert.match(await page.textContent('[data-testid="game-over"]'), /White's time ran out/);
  assert.equal(await clock(page, 'o'), '0:00.0');
  assert.equal(await clock(page, 'x'), '1:00');
  assert.equal(await page.$('.clock.running'), null, 'no clock runs after the end');
  assert.deepEqual(errors, []);
  await page.close();
});

test('two people: the clocks pause and resume, and come back paused after a reload', async () => {
  const { page, errors } = await openTimed(`${shared.server.url}?game=loa&clock=300%2B3`);
  await play(page, 'b1-b3');
  await page.clock.fastForward(10_000);
  await reads(page, 'o', 285, 290);
  await page.click('[data-testid="pause-clocks"]');
  assert.equal(await page.textContent('[data-testid="pause-clocks"]'), 'Resume clocks');
  const paused = await clock(page, 'o');
  await page.clock.fastForward(60_000);
  assert.equal(await clock(page, 'o'), paused, 'paused');
  await page.click('[data-testid="pause-clocks"]');
  await page.clock.fastForward(2_000);
  const before = await reads(page, 'o', seconds(paused) - 4, seconds(paused) - 1);
  await play(page, 'a2-c2');
  const after = seconds(await clock(page, 'o'));
  assert.ok(after >= before + 2 && after <= before + 3, `the increment is added: ${before} s, then ${after} s`);
  await page.clock.fastForward(4_000);
  await reads(page, 'x', 290, 296);
  // Closing the tab writes the running clock's time; the reload comes back paused.
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const hidden = seconds(await clock(page, 'x'));
  await page.reload();
  await readBoard(page);
  assert.equal(await page.textContent('[data-testid="pause-clocks"]'), 'Resume clocks');
  const back = seconds(await clock(page, 'x'));
  assert.ok(back >= hidden - 1 && back <= hidden, `kept: ${hidden} s when hidden, ${back} s after the reload`);
  await page.clock.fastForward(30_000);
  assert.equal(seconds(await clock(page, 'x')), back, 'paused after the reload');
  // A move resumes them. (Once the library has answered the reload: its
  // copy of the game, arriving later, draws the play page anew — see play.)
  await page.waitForTimeout(1_000);
  await play(page, 'd1-d3');
  assert.equal(await page.textContent('[data-testid="pause-clocks"]'), 'Pause clocks');
  await page.waitForSelector('[data-testid="clock-o"].running');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the clocks are large and side by side, each beside its name: at 1366 px without scrolling, on a phone the name above its clock', async () => {
  for (const [width, height] of [[1366, 850], [390, 844], [360, 740]]) {
    const page = await shared.browser.newPage({ viewport: { width, height } });
    await page.goto(`${shared.server.url}?game=forms&moves=i9xj10&clock=180%2B2&o=ai:2`);
    await readBoard(page);
    const boxes = await page.$$eval('[data-testid^="clock-"]', (clocks) =>
      clocks.map((c) => {
        const r = c.getBoundingClientRect();
        const name = c.parentElement.querySelector('.name').getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, size: parseFloat(getComputedStyle(c).fontSize), nameBottom: name.bottom, nameRight: name.right };
      }),
    );
    assert.equal(boxes.length, 2, `${width}`);
    for (const b of boxes) {
      assert.ok(b.size >= 26, `${width}: a clock's digits are large (${b.size} px)`);
      assert.ok(b.top >= 0 && b.bottom <= height, `${width}: the clock is on screen without scrolling`);
      if (width > 560) assert.ok(b.left >= b.nameRight, `${width}: beside its name`);
      else assert.ok(b.top >= b.nameBottom - 1, `${width}: under its name`);
    }
    assert.ok(boxes[1].left > boxes[0].right, `${width}: side by side, Black first`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), width, `${width}: no sideways scroll`);
    if (width === 1366) assert.equal(await page.evaluate(() => document.documentElement.scrollHeight), height, 'the page fits the window');
    await page.close();
  }
});
