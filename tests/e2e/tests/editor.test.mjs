// The board editor in each game: opened from a game (Edit position) or the
// home page, pieces placed and taken away by presses, dragged from the
// palette onto the board, moved by drags and
// dragged off the board, set up by keyboard, the rules' verdict beside the
// board, position text typed in, the link kept in the address bar (a
// reload keeps the arrangement), and the ways on: play from here against
// a friend or the computer, and analyse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, readBoard, share } from '../helpers.mjs';

const shared = fixture();

const verdict = (page) => page.textContent('#editor-verdict');
const text = (page) => page.inputValue('#editor-position');
const cell = (page, name) => page.click(`.editor [data-cell="${name}"]`);
const tool = (page, code) => page.click(`#tool-${code}`);

async function centre(page, name) {
  return page.$eval(`.editor [data-cell="${name}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
}

async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

test('Lines of Action: Edit position from a game, drag a piece from the palette and on the board, drag one off, play a friend from there', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  await share(page, 'Edit position');
  await page.waitForURL(/\?edit&game=loa&from=1xxxxxx1\/o6o\/o6o\/o6o\/o6o\/ox5o\/o6o\/2xxxxx1_o$/);
  await page.waitForSelector('#editor-verdict');
  assert.equal(await verdict(page), 'White to move');
  assert.equal(await text(page), '1xxxxxx1/o6o/o6o/o6o/o6o/ox5o/o6o/2xxxxx1 o');
  await tool(page, 'move');
  await drag(page, await centre(page, 'b3'), await centre(page, 'd4'));
  assert.equal((await readBoard(page)).d4, 'd4, black stone');
  assert.equal((await readBoard(page)).b3, 'b3, empty');
  // A white piece dragged from the palette onto e5: placed there, the
  // palette's white piece in hand; a press on the palette alone only chooses.
  const white = await page.$eval('#tool-o1', (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await drag(page, white, await centre(page, 'e5'));
  assert.equal((await readBoard(page)).e5, 'e5, white stone');
  assert.equal(await page.getAttribute('#tool-o1', 'aria-pressed'), 'true');
  assert.equal(await text(page), '1xxxxxx1/o6o/o6o/o3o2o/o2x3o/o6o/o6o/2xxxxx1 o');
  await cell(page, 'e5');
  assert.equal((await readBoard(page)).e5, 'e5, empty', 'the same piece pressed again: taken away');
  await tool(page, 'move');
  // Off the board: taken away.
  const box = await page.$eval('.editor .board', (e) => e.getBoundingClientRect().toJSON());
  await drag(page, await centre(page, 'd4'), { x: box.x + box.width + 60, y: box.y + 20 });
  assert.equal((await readBoard(page)).d4, 'd4, empty');
  assert.match(await page.textContent('[data-testid="selection-news"]'), /d4 taken off the board/);
  assert.equal(await text(page), '1xxxxxx1/o6o/o6o/o6o/o6o/o6o/o6o/2xxxxx1 o');
  await page.waitForURL(/from=1xxxxxx1\/o6o\/o6o\/o6o\/o6o\/o6o\/o6o\/2xxxxx1_o/);
  await page.click('#go-friend');
  await page.waitForURL(/\?game=loa&from=1xxxxxx1\/o6o\/o6o\/o6o\/o6o\/o6o\/o6o\/2xxxxx1_o$/);
  await page.click('[data-cell="a7"]');
  await page.click('[data-cell="c7"]');
  await page.waitForURL(/moves=a7-c7/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the editor's menus are wide enough to read at 1024 and 1366 px", async () => {
  for (const width of [1024, 1366]) {
    for (const game of ['loa', 'ra', 'forms']) {
      const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=${game}`, { width, height: 850 });
      await page.waitForSelector('#editor-verdict');
      const widths = await page.$$eval('.editor-side select', (s) => s.map((x) => [x.id, Math.round(x.getBoundingClientRect().width)]));
      assert.ok(widths.length >= 2, `${game}: ${JSON.stringify(widths)}`);
      for (const [id, w] of widths) assert.ok(w >= 120, `${game} at ${width} px: #${id} is ${w} px wide`);
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
});

test('Forms: the rules judge the arrangement, in their words, and a link keeps even one they refuse', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=forms:size=4`);
  await page.waitForSelector('#editor-verdict');
  assert.equal(await verdict(page), 'Black to move');
  await page.click('[data-act="clear"]');
  await cell(page, 'a1');
  assert.equal(await verdict(page), 'Not a position yet: the player who moved last has no stones.');
  await cell(page, 'c3');
  await tool(page, 'o1');
  await cell(page, 'b1');
  assert.match(await verdict(page), /^Not a position yet: .*connected/);
  assert.ok(await page.isDisabled('#go-friend'));
  assert.match(await page.getAttribute('#go-friend', 'title'), /^Not a position yet/);
  // A reload keeps the arrangement, refused or not.
  await page.reload();
  await page.waitForSelector('#editor-verdict');
  assert.equal(await text(page), '4/2x1/4/xo2 x');
  assert.match(await verdict(page), /connected/);
  await tool(page, 'x1');
  await cell(page, 'c3'); // the same piece again: taken away
  assert.equal(await verdict(page), 'Black to move');
  // Other rules keep the board; the verdict is the advanced rules'.
  await page.selectOption('#option-rules', 'advanced');
  await page.waitForURL(/game=forms:rules=advanced,size=4&from=4\/4\/4\/xo2_x/);
  assert.equal(await text(page), '4/4/4/xo2 x');
  // Typed text sets the board up; text laid out wrongly says why.
  await page.fill('#editor-position', '4/4/1xo1/1ox1 o');
  await page.press('#editor-position', 'Enter');
  assert.equal((await readBoard(page)).b2, 'b2, black stone');
  assert.equal(await verdict(page), 'White to move');
  await page.fill('#editor-position', '5/4 x');
  await page.press('#editor-position', 'Enter');
  assert.match(await page.textContent('#editor-position-error'), /This text cannot be set up: .*rows/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Forms 4x4: Analyse opens the position with the analysis on, solved', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=forms:size=4&from=4/4/1xo1/1ox1_o`);
  await page.waitForSelector('#editor-verdict');
  await page.click('#go-analyse');
  await page.waitForURL(/\?game=forms:size=4&from=4\/4\/1xo1\/1ox1_o/);
  const analysis = await page.waitForSelector('[data-testid="analysis"]', { timeout: 30_000 });
  await page.waitForFunction(() => /wins|draw/i.test(document.querySelector('[data-testid="analysis"]')?.textContent ?? ''), null, { timeout: 30_000 });
  assert.match(await analysis.textContent(), /(proven|perfect play)/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Solve: the exact result by the solver alone, with the positions it searched, Lines of Action 5×5 included; RA says why not', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=forms:size=4&from=xooo/oooo/xxxx/1xxx_o`);
  await page.waitForSelector('#editor-verdict');
  await page.click('#go-solve');
  await page.waitForURL(/\?game=forms:size=4&from=/);
  await page.waitForFunction(() => /solved · [\d,]+ positions/.test(document.querySelector('.analysis')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.match(await page.textContent('[data-testid="analysis"]'), /(proven|perfect play)/);
  const positions = Number((await page.textContent('.analysis .small')).match(/([\d,]+) positions/)[1].replace(/,/g, ''));
  assert.ok(positions > 0, 'the positions searched');
  // Lines of Action 5 × 5, two moves in: proven too.
  await page.goto(`${shared.server.url}?edit&game=loa:size=5&from=1xxx1/o3o/3xo/o4/1x1x1_x`);
  await page.waitForSelector('#editor-verdict');
  await page.click('#go-solve');
  await page.waitForURL(/\?game=loa:size=5&from=/);
  await page.waitForFunction(() => /solved · [\d,]+ positions/.test(document.querySelector('.analysis')?.textContent ?? ''), null, { timeout: 60_000 });
  // RA: the solver here does not prove it, and says so.
  await page.goto(`${shared.server.url}?edit&game=ra`);
  await page.waitForSelector('#editor-verdict');
  await page.click('#go-solve');
  await page.waitForSelector('.notice:has-text("The solver here proves Forms, Attract and Lines of Action positions")', { timeout: 30_000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('RA: stacks of each height, the score and the match, then the computer answers from there', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=ra`);
  await page.waitForSelector('#editor-verdict');
  await page.click('[data-act="clear"]');
  await tool(page, 'x2');
  await cell(page, 'g7');
  await tool(page, 'o3');
  await cell(page, 'c5');
  assert.equal((await readBoard(page)).g7, 'g7, black stack of 2');
  await page.fill('#editor-score-x', '4');
  await page.press('#editor-score-x', 'Tab');
  assert.equal(await verdict(page), 'Not a position yet: a score of 4-0 takes more than 0 finished matches (a match gives at most 6 points).');
  await page.fill('#editor-match', '2');
  await page.press('#editor-match', 'Tab');
  assert.equal(await verdict(page), 'Black to move');
  assert.equal(await text(page), 'o3c5/x2g7 x 4-0 2 x');
  await page.click('#go-computer');
  await page.waitForURL(/\?game=ra&from=o3c5\/x2g7_x_4-0_2_x.*o=ai:/);
  await page.click('[data-cell="g7"]');
  await page.waitForSelector('[data-target]');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Attract: set up by keyboard alone, from the home page', async () => {
  const { page, errors } = await open(shared.browser, shared.server.url);
  await page.click('a:has-text("Board editor")');
  await page.waitForURL(/\?edit&game=loa/);
  await page.selectOption('#editor-game', 'attract');
  await page.waitForURL(/\?edit&game=attract&from=8\/8\/8\/8\/8\/8\/8\/8_o/);
  assert.equal(await verdict(page), 'White to move');
  // The white stone from the palette, by keys; then the board by Tab, arrows and Enter.
  await page.focus('#tool-o1');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#tool-o1', 'aria-pressed'), 'true');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  const placed = Object.entries(await readBoard(page)).filter(([, label]) => label.includes('white stone'));
  assert.equal(placed.length, 1, 'one white stone placed by Enter');
  assert.match(await page.textContent('[data-testid="selection-news"]'), /White stone on /);
  assert.match(await verdict(page), /with 1 white and 0 black stones it is black's move/);
  await page.check('#editor-side-x');
  assert.equal(await verdict(page), 'Black to move');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an editor link whose position does not read opens the start, and says why', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?edit&game=loa&from=<b>9/8_x`);
  await page.waitForSelector('#editor-verdict');
  assert.match(await page.textContent('.notice'), /The link's position cannot be set up \(.*\); showing the start\./);
  assert.equal(await page.$$eval('.editor b', (b) => b.length), 0, 'no markup from the link');
  assert.equal(await verdict(page), 'Black to move');
  await page.waitForURL(/from=1xxxxxx1\//);
  assert.deepEqual(errors, []);
  await page.close();
});
