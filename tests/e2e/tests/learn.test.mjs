// The Learn page (learn.html): one lesson step completed in each game (the
// move played on the app's board in its frame, the page's line after
// success, the step kept), a wrong try answered with the step's hint; a
// puzzle solved (streak, kept across a reload), one failed and its solution
// shown, a wrong move with its refutation offered; progress under real
// conditions (two tabs, a full storage, a newer version's data); offline
// after one visit; axe-core on every view; the ways in from the app.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DIST, fixture } from '../helpers.mjs';

const shared = fixture();
const run = promisify(execFile);
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The shipped lessons, as the page reads them: {game: [{spec, position, accept, hint, done, …}]}. */
async function lessons() {
  const out = {};
  let game = null;
  for (const line of (await readFile(join(DIST, 'lessons.txt'), 'utf8')).split('\n')) {
    const f = line.split('\t');
    if (f[0] === 'lesson') out[(game = f[1])] = [];
    if (f[0] === 'step') out[game].push({ spec: f[1], position: f[2], accept: f[4].split('|'), task: f[5], hint: f[6], done: f[7], section: f[8] });
  }
  return out;
}

/** A move's cells: [from or null, to]. */
function cells(move) {
  const m = /^(?:\d)?([a-z]+\d+)?[-x]?([a-z]+\d+)$/.exec(move);
  return m ? [m[1] || null, m[2]] : [null, null];
}

/** The board's frame on the page, once its board is drawn. */
async function board(page) {
  const frame = await (await page.waitForSelector('iframe.board-frame', { state: 'attached' })).contentFrame();
  await frame.waitForSelector('[data-cell]', { state: 'attached' });
  await frame.waitForSelector('main.embed .embed-actions.challenge', { state: 'attached' });
  return frame;
}

/** Plays `move` in the frame: Hint selects the piece (and its stones in RA), the target cell plays it. */
async function play(frame, move) {
  const [from, to] = cells(move);
  if (from) {
    await frame.click('button:has-text("Hint")');
    await frame.waitForFunction(() => document.querySelector('[data-testid="status"]').textContent.startsWith('Hint:'));
  }
  await frame.click(`[data-cell="${to}"]`);
}

async function axe(page) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
  );
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
}

/** Opens a Learn page afresh (a new document, not a hash change on the old one). */
async function visit(page, hash) {
  await page.goto('about:blank');
  await page.goto(`${shared.server.url}learn.html${hash}`);
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('ludoteca.learn') || 'null'));

test('every lesson step of every game: the goal met on the board, the line after success, the step kept; a wrong try gets the hint', async () => {
  const all = await lessons();
  assert.deepEqual(Object.keys(all).sort(), ['attract', 'forms', 'loa', 'ra']);
  const context = await shared.browser.newContext({ viewport: { width: 390, height: 900 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${shared.server.url}learn.html`);
  await page.waitForSelector('.card[data-game="attract"]');
  assert.deepEqual(await axe(page), []);
  // Every step of every lesson, its first accepted move played as a learner would.
  for (const game of ['attract', 'forms', 'ra', 'loa']) {
    for (const [i, step] of all[game].entries()) {
      await visit(page, `#lesson/${game}/${i}`);
      assert.equal(await page.textContent('#task'), step.task);
      const frame = await board(page);
      await play(frame, step.accept[0]);
      await page.waitForSelector('.feedback.good');
      assert.equal(await page.textContent('.feedback'), `Right. ${step.done}`, `${game} step ${i + 1}`);
      assert.ok(await page.isVisible(i + 1 < all[game].length ? 'a:has-text("Next step")' : 'a:has-text("Finish")'));
      assert.ok(await page.$(`.steps li:nth-child(${i + 1}) a.done`), `${game}: step ${i + 1} marked done`);
    }
    assert.deepEqual((await stored(page)).steps[game], all[game].map((_, i) => i));
  }
  assert.deepEqual(await axe(page), []);
  // A wrong try (a legal move the goal does not accept, from the rules): the step's hint.
  const step = all.loa[0];
  const { stdout } = await run('cargo', ['run', '-q', '--offline', '-p', 'cli', '--', 'moves', step.spec, '--from', step.position]);
  const wrong = stdout.split('\n').find((m) => m && !step.accept.includes(m));
  await visit(page, `#lesson/loa/0`);
  const frame = await board(page);
  const [from, to] = cells(wrong);
  await frame.click(`[data-cell="${from}"]`);
  await frame.click(`[data-cell="${to}"]`);
  await page.waitForFunction((w) => document.querySelector('.feedback').textContent.startsWith(`Not ${w}.`), wrong);
  assert.equal(await page.textContent('.feedback'), `Not ${wrong}. ${step.hint}`);
  // Back on the Learn page the counts show the steps done.
  await page.goto(`${shared.server.url}learn.html`);
  await page.waitForSelector('.card[data-game="ra"] [data-count="lesson"]');
  assert.equal(await page.textContent('.card[data-game="ra"] [data-count="lesson"]'), `${all.ra.length} of ${all.ra.length} steps done`);
  assert.equal(await page.textContent('.card[data-game="ra"] a.primary'), 'Go through it again');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Plays a puzzle's whole line in `frame`, waiting for each answer. */
async function solve(frame, line) {
  for (let i = 0; i < line.length; i += 2) {
    const [from, to] = cells(line[i]);
    await frame.click(`[data-cell="${from}"]`);
    await frame.click(`[data-cell="${to}"]`);
    if (i + 1 < line.length) {
      await frame.waitForFunction((m) => document.querySelector('[data-testid="place"]').textContent.endsWith(m), line[i + 1]);
    }
  }
}

/** Whether `selector`'s element lies wholly inside the viewport. */
const inView = (page, selector) => page.$eval(selector, (e) => {
  const r = e.getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight;
});

test("after a right move the lesson's line and its Next step are in view, at 1366 × 850 and 390 × 844", async () => {
  const all = await lessons();
  for (const [width, height] of [[1366, 850], [390, 844]]) {
    const context = await shared.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    for (const [game, i] of [['loa', 0], ['forms', 2], ['ra', 1]]) {
      await visit(page, `#lesson/${game}/${i}`);
      await play(await board(page), all[game][i].accept[0]);
      await page.waitForSelector('.feedback.good');
      // Its way on, once the page has scrolled to it (smoothly).
      await page.waitForFunction(() => {
        const next = [...document.querySelectorAll('a.button.primary')].find((a) => !a.hidden && /Next step|Finish/.test(a.textContent));
        const r = next.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight;
      }, null, { timeout: 3000 });
      assert.ok(await inView(page, '.feedback'), `${game} ${i} at ${width} px: the line after the move`);
    }
    await context.close();
  }
});

test('puzzles: one solved (streak, kept after a reload), a wrong move with its refutation offered, one given up', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await visit(page, `#puzzles/loa`);
  let frame = await board(page);
  assert.match(await page.textContent('[data-testid="stats"]'), /^0 of 80 solved · streak 0 · best 0 · your rating 1500 ±700 \(provisional\)$/);
  assert.deepEqual(await axe(page), []);
  const src = new URL(await page.getAttribute('iframe.board-frame', 'src'), page.url());
  // The page works the puzzle's id out itself (puzzles.txt leaves it out): the generator's.
  const made = (await readFile(new URL('../../../data/puzzles/loa.txt', import.meta.url), 'utf8')).split('\n').map((l) => l.split('\t'));
  const shown = made.find((f) => f[4] === src.searchParams.get('from'));
  assert.equal(await page.textContent('.step .muted a'), shown[0]);
  await solve(frame, src.searchParams.get('solve').split(','));
  await page.waitForSelector('.feedback.good');
  // A clean solve raises the rating (Glicko-2, against the puzzle's rating).
  const won = (await page.textContent('.feedback')).match(/^Solved! Streak: 1\. Rating (\d+) \(\+(\d+)\)\.$/);
  assert.ok(won && Number(won[1]) > 1500 && Number(won[1]) - 1500 === Number(won[2]), await page.textContent('.feedback'));
  assert.match(await page.textContent('[data-testid="stats"]'), new RegExp(`^1 of 80 solved · streak 1 · best 1 · your rating ${won[1]} ±\\d+ \\(provisional\\)$`));
  // Kept: a reload shows the same.
  await page.reload();
  await board(page);
  assert.match(await page.textContent('[data-testid="stats"]'), /^1 of 80 solved · streak 1 · best 1/);
  // Next: another puzzle; a wrong move is named, with the refutation on request.
  const first = src.searchParams.get('from');
  await page.click('a:has-text("Next puzzle")');
  await page.waitForFunction((f) => !document.querySelector('iframe.board-frame').src.includes(encodeURIComponent(f).replace(/%2F/g, '/')), first);
  frame = await board(page);
  const next = new URL(await page.getAttribute('iframe.board-frame', 'src'), page.url());
  const { stdout } = await run('cargo', ['run', '-q', '--offline', '-p', 'cli', '--', 'moves', 'loa', '--from', next.searchParams.get('from')]);
  const solution = next.searchParams.get('solve').split(',');
  // A move that does not win at once either (the frame accepts those).
  let wrong = null;
  for (const m of stdout.split('\n').filter((m) => m && m !== solution[0])) {
    const { stdout: after } = await run('cargo', ['run', '-q', '--offline', '-p', 'cli', '--', 'play', 'loa', '--from', next.searchParams.get('from'), m]);
    if (!/wins/.test(after)) { wrong = m; break; }
  }
  const [from, to] = cells(wrong);
  await frame.click(`[data-cell="${from}"]`);
  await frame.click(`[data-cell="${to}"]`);
  await page.waitForFunction((w) => document.querySelector('.feedback').textContent.startsWith(w), wrong);
  assert.equal(await page.textContent('.feedback'), `${wrong} does not win: try another move, or ask for a hint.`);
  const why = new URL(await page.getAttribute('a:has-text("See how it is refuted")', 'href'), page.url());
  assert.equal(why.searchParams.get('moves'), wrong);
  assert.ok(why.searchParams.get('x') === 'ai:5' || why.searchParams.get('o') === 'ai:5', 'the computer answers the wrong move');
  // Solved after the wrong try, without a hint: said so, not "with a hint".
  await solve(frame, solution);
  await page.waitForFunction(() => document.querySelector('.feedback').textContent.startsWith('Solved'));
  // Solved after a wrong try: a loss for the rating.
  const lost = (await page.textContent('.feedback')).match(/^Solved, after a wrong try\. The streak starts again\. Rating (\d+) \(\u2212(\d+)\)\.$/);
  assert.ok(lost && Number(lost[1]) < Number(won[1]), await page.textContent('.feedback'));
  assert.match(await page.textContent('[data-testid="stats"]'), /^2 of 80 solved · streak 0 · best 1/);
  // Given up: the solution shown, the streak over.
  const second = next.searchParams.get('from');
  await page.click('a:has-text("Next puzzle")');
  await page.waitForFunction((f) => !document.querySelector('iframe.board-frame').src.includes(encodeURIComponent(f).replace(/%2F/g, '/')), second);
  frame = await board(page);
  await frame.click('button:has-text("Solution")');
  await page.waitForFunction(() => document.querySelector('.feedback').textContent.startsWith('That is the solution'));
  assert.match(await page.textContent('[data-testid="stats"]'), /^2 of 80 solved · streak 0 · best 1/);
  // A puzzle's own link opens it.
  const id = await page.textContent('.step .muted a');
  await visit(page, `#puzzle/${id}`);
  await board(page);
  assert.equal(await page.textContent('.step .muted a'), id);
  await visit(page, `#puzzle/00000000`);
  await page.waitForSelector('.note:has-text("There is no puzzle")');
  await context.close();
});

test('progress under real conditions: two tabs, a full storage, a newer version, a damaged copy; offline after one visit', async () => {
  const all = await lessons();
  const context = await shared.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const home = await context.newPage();
  await home.goto(`${shared.server.url}learn.html`);
  await home.waitForSelector('.card[data-game="forms"]');
  // Another tab completes a step: this one's counts follow, nothing lost.
  const tab = await context.newPage();
  await visit(tab, `#lesson/forms/0`);
  await play(await board(tab), all.forms[0].accept[0]);
  await tab.waitForSelector('.feedback.good');
  await home.waitForFunction(() => /^1 of/.test(document.querySelector('.card[data-game="forms"] [data-count="lesson"]').textContent));
  await visit(tab, `#lesson/attract/0`);
  await home.evaluate(() => {
    // This tab saves its own step later: both are kept.
    const data = JSON.parse(localStorage.getItem('ludoteca.learn'));
    data.steps.loa = [2];
    localStorage.setItem('ludoteca.learn', JSON.stringify(data));
  });
  await play(await board(tab), all.attract[0].accept[0]);
  await tab.waitForSelector('.feedback.good');
  assert.deepEqual((await stored(tab)).steps, { forms: [0], loa: [2], attract: [0] });
  // The service worker has the data: lessons and puzzles open offline.
  await tab.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  await visit(tab, `#puzzles/ra`);
  await board(tab);
  await visit(tab, `#lesson/ra/1`);
  await board(tab);
  await context.setOffline(false);
  await context.close();

  // A full storage: said, and the progress kept while the page is open.
  const full = await shared.browser.newContext();
  await full.addInitScript(() => {
    Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };
  });
  const page = await full.newPage();
  await visit(page, `#lesson/loa/0`);
  await play(await board(page), all.loa[0].accept[0]);
  await page.waitForSelector('.note:has-text("storage is full")');
  assert.ok(await page.$('.steps li:first-child a.done'));
  await full.close();

  // A newer version's progress: read, never overwritten; a damaged copy set aside.
  const newer = await shared.browser.newContext();
  const later = JSON.stringify({ v: 3, steps: { loa: [0, 1] }, solved: {}, failed: {}, streak: 3, best: 3, rating: {}, more: 'x' });
  await newer.addInitScript((value) => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('set')) return;
    localStorage.setItem('ludoteca.learn', value);
    sessionStorage.setItem('set', '1');
  }, later);
  const p2 = await newer.newPage();
  await visit(p2, `#lesson/loa/2`);
  await p2.waitForSelector('.note:has-text("newer version")');
  await play(await board(p2), all.loa[2].accept[0]);
  await p2.waitForSelector('.feedback.good');
  assert.equal(await p2.evaluate(() => localStorage.getItem('ludoteca.learn')), later);
  await p2.evaluate(() => localStorage.setItem('ludoteca.learn', '{not json'));
  await p2.goto(`${shared.server.url}learn.html`);
  await p2.reload();
  await p2.waitForSelector('.note:has-text("set aside")');
  assert.equal(await p2.evaluate(() => localStorage.getItem('ludoteca.learn.unreadable')), '{not json');
  await newer.close();
});

test('the ways in: the header, the rules pages and the finished lesson', async () => {
  const page = await shared.browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${shared.server.url}?rules=attract`);
  await page.waitForSelector('.rules a:has-text("Learn by playing")');
  await page.click('.rules a:has-text("Learn by playing")');
  await page.waitForSelector('#task');
  assert.match(page.url(), /learn\.html#lesson\/attract$/);
  await page.goto(shared.server.url);
  await page.click('header a:has-text("Learn")');
  await page.waitForSelector('.card[data-game="loa"]');
  // One header on every page: the app's, its Learn link this page's own;
  // Lessons and Puzzles are the page's tabs under it.
  assert.deepEqual(
    await page.$$eval('header.top a', (links) => links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])),
    [
      ['Ludoteca', './', null], ['My games', '?games', null], ['Learn', 'learn.html', 'page'],
      ['Attract', '?rules=attract', null], ['Forms', '?rules=forms', null], ['RA', '?rules=ra', null], ['Lines of Action', '?rules=loa', null],
    ],
  );
  assert.equal(await page.getAttribute('.learn-nav a[data-nav="home"]', 'aria-current'), 'page');
  await page.click('.learn-nav a:has-text("Puzzles")');
  await page.waitForFunction(() => document.querySelector('.learn-nav a[data-nav="puzzles"]').getAttribute('aria-current') === 'page');
  await page.click('header a:has-text("My games")');
  await page.waitForURL(/\?games$/);
  await page.goBack();
  await page.goBack();
  await page.waitForSelector('.card[data-game="loa"]');
  // A step's link opens the rules page at the section it teaches.
  const all = await lessons();
  const step = all.ra.findIndex((s) => s.section === 'Scoring');
  await visit(page, `#lesson/ra/${step}`);
  await page.click('a:has-text("Rules: Scoring")');
  await page.waitForSelector('h2#scoring');
  assert.match(page.url(), /\?rules=ra#scoring$/);
  await page.waitForFunction(() => Math.abs(document.getElementById('scoring').getBoundingClientRect().top) < 2);
  await visit(page, `#lesson/loa/done`);
  await page.waitForSelector('h1:has-text("You know how to play Lines of Action")');
  assert.deepEqual(await axe(page), []);
  await page.close();
});

test("addresses that name an object's own words (constructor, __proto__, toString) are no lesson or puzzle, said so", async () => {
  const page = await shared.browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    await page.goto(`${shared.server.url}learn.html#lesson/${word}`);
    await page.waitForSelector(`.notice:has-text("There is no lesson for")`);
    await page.goto(`${shared.server.url}learn.html#lesson/${word}/done`);
    await page.waitForSelector(`.notice:has-text("There is no lesson for")`);
    await page.goto(`${shared.server.url}learn.html#puzzles/${word}`);
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('main').textContent));
    await page.goto(`${shared.server.url}learn.html#puzzle/${word}`);
    await page.waitForFunction(() => !/Loading/.test(document.querySelector('main').textContent));
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('puzzle ratings: Glicko-2 as published, and an earlier version\'s level becomes a starting rating', async () => {
  const context = await shared.browser.newContext();
  // Version 1 of the progress: a level per game.
  await context.addInitScript(() => {
    if (location.protocol !== 'http:' || sessionStorage.getItem('set')) return;
    localStorage.setItem('ludoteca.learn', JSON.stringify({ v: 1, steps: {}, solved: {}, failed: {}, streak: 2, best: 4, level: { loa: 4 }, run: { loa: 1 } }));
    sessionStorage.setItem('set', '1');
  });
  const page = await context.newPage();
  await visit(page, '#puzzles/loa');
  await board(page);
  assert.match(await page.textContent('[data-testid="stats"]'), /streak 2 · best 4 · your rating 1900 ±400 \(provisional\)$/);
  // Glickman's example (a player of 1500, RD 200, volatility 0.06 against
  // 1400/30 won, 1550/100 lost, 1700/300 lost): 1464.06, RD 151.52, 0.05999.
  const r = await page.evaluate(() => window.ludotecaLearn.rate({ r: 1500, rd: 200, vol: 0.06 }, [
    { r: 1400, rd: 30, score: 1 }, { r: 1550, rd: 100, score: 0 }, { r: 1700, rd: 300, score: 0 },
  ]));
  assert.ok(Math.abs(r.r - 1464.06) < 0.05 && Math.abs(r.rd - 151.52) < 0.05 && Math.abs(r.vol - 0.05999) < 0.00001, JSON.stringify(r));
  // The puzzle shown is the one nearest the rating: difficulty 4 (1900).
  assert.match(await page.textContent('.step .muted'), /^Difficulty 4 of 5/);
  await context.close();
});
