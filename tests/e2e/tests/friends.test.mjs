// Games with a distant friend by links, as two people play them: two
// browser profiles (contexts that share no storage), Ana and Ben, each
// with their own library, exchanging only links. Every move is made on the
// page (typed in the move box) and travels in the link the sender's page
// shows; the receiver opens it (a new tab, or the tab already open: only
// the fragment changes). The games' moves are drawn from the legal moves
// the CLI lists (`ludoteca moves`, built by `cargo test`), seeded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fixture, seeded, started } from '../helpers.mjs';

const shared = fixture();
const CLI = fileURLToPath(new URL('../../../target/debug/ludoteca', import.meta.url));

/** The legal moves after `moves`, as the CLI lists them. */
function legal(spec, moves) {
  return execFileSync(CLI, ['moves', spec, ...moves]).toString().split('\n').filter(Boolean);
}

/** A page of a profile that fails the test on a page error. */
async function page(context, errors) {
  const p = await context.newPage();
  p.on('pageerror', (e) => errors.push(e.message));
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return p;
}

/** The moves a friend's link holds, counting those it leaves out (`after=`). */
function plies(link) {
  const params = new URLSearchParams(new URL(link).hash.slice(1));
  const moves = (params.get('moves') ?? '').split(',').filter(Boolean).length;
  return moves + Number((params.get('after') ?? '0').split('.')[0]);
}

/** The link `p` shows once it holds `n` moves. */
async function linkWith(p, n) {
  await p.waitForFunction(
    (n) => {
      const link = document.getElementById('friend-link')?.value ?? '';
      const params = new URLSearchParams(link.split('#')[1] ?? '');
      const moves = (params.get('moves') ?? '').split(',').filter(Boolean).length;
      return link !== '' && moves + Number((params.get('after') ?? '0').split('.')[0]) === n;
    },
    n,
    { timeout: 10_000 },
  );
  return p.inputValue('#friend-link');
}

/** Opens `link` in the tab `p` already shows (only the fragment changes). */
async function openHere(p, link) {
  await p.evaluate((hash) => {
    location.hash = hash;
  }, new URL(link).hash);
}

/** Types `mv` in the move box of `p`. */
async function play(p, mv) {
  await p.fill('#move-input', mv);
  await p.press('#move-input', 'Enter');
}

/** Ana starts a game of `kind` by link from the home page, as Black. */
async function start(p, kind, name = 'Lines of Action') {
  await p.goto(`${shared.server.url}`);
  await started(p);
  await p.click(`button[aria-label="Play a friend far away, by link: ${name}"]`);
  await p.fill('#friend-me', 'Ana');
  await p.fill('#friend-them', 'Ben');
  await p.selectOption('#friend-side', 'x');
  await p.click('button:has-text("Start and make the link")');
  await p.waitForSelector('[data-testid="friend-panel"]:not([hidden])');
}

/**
 * Ana and Ben play `spec` to its end by the rules (or, with `stopAt`, until
 * that many moves), with moves drawn by `seed`: each move made on the
 * mover's page, its link opened in the other's tab. Returns both pages and
 * the moves.
 */
async function playOut(ana, ben, spec, seed, stopAt = Infinity) {
  const pick = seeded(seed);
  const moves = [];
  const tab = { x: ana, o: ben };
  let link = await ana.inputValue('#friend-link');
  let mover = spec.startsWith('attract') ? 'o' : 'x';
  // Ben opens the first link on a browser that has never visited: a new tab.
  if (mover === 'x') {
    const mv = legal(spec, moves)[0];
    moves.push(mv);
    await play(ana, mv);
    link = await linkWith(ana, 1);
    mover = 'o';
  }
  await ben.goto(link);
  await started(ben);
  await linkWith(ben, moves.length);
  while (moves.length < stopAt) {
    const options = legal(spec, moves);
    if (options.length === 0) break;
    const mv = options[pick(options.length)];
    moves.push(mv);
    const from = tab[mover];
    const to = mover === 'x' ? ben : ana;
    await play(from, mv);
    link = await linkWith(from, moves.length);
    await openHere(to, link);
    await linkWith(to, moves.length);
    // RA: a player may move again (a stack's second step); the page says whose move.
    mover = (await to.textContent('[data-testid="friend-state"]')).startsWith('Your move') ? (mover === 'x' ? 'o' : 'x') : mover;
  }
  return moves;
}

/** The game's moves and ending as the link of `p` has them. */
async function game(p) {
  const params = new URLSearchParams((await p.inputValue('#friend-link')).split('#')[1]);
  return { moves: params.get('moves'), end: params.get('end'), id: params.get('id') };
}

/** My games' rows in `p`. */
async function myGames(p) {
  await p.goto(`${shared.server.url}?games`);
  await started(p);
  await p.waitForSelector('.games-line:not(:empty)');
  return p.$$eval('.games-list li', (rows) => rows.map((r) => r.textContent));
}

test('Ana and Ben finish a game of each of the four games by links alone; both libraries hold the same game', { timeout: 600_000 }, async () => {
  assert.ok(existsSync(CLI), `the CLI is built (cargo test): ${CLI}`);
  const errors = [];
  const anaProfile = await shared.browser.newContext();
  const benProfile = await shared.browser.newContext();
  const games = [
    ['loa', 'Lines of Action', 1, null],
    ['attract', 'Attract', 1, null],
    ['forms', 'Forms', 3, null],
    // RA: twenty moves, then Ben resigns.
    ['ra', 'RA', 1, 20],
  ];
  for (const [spec, name, seed, stopAt] of games) {
    const ana = await page(anaProfile, errors);
    const ben = await page(benProfile, errors);
    await start(ana, spec, name);
    const moves = await playOut(ana, ben, spec, seed, stopAt ?? Infinity);
    if (stopAt) {
      await ben.click('button:has-text("Resign…")');
      await ben.click('.end-confirm button:has-text("Resign")');
      const link = await ben.inputValue('#friend-link');
      assert.match(link, /&end=resign-o/);
      await openHere(ana, link);
      await ana.waitForSelector('[data-testid="game-over"]');
      assert.match(await ana.textContent('[data-testid="game-over"]'), /White resigned/);
      assert.match(await ana.textContent('.game-over h2'), /You won/);
    } else {
      await ana.waitForSelector('[data-testid="game-over"]');
      await ben.waitForSelector('[data-testid="game-over"]');
    }
    const [a, b] = [await game(ana), await game(ben)];
    assert.equal(a.moves ?? '', moves.join(','), `${spec}: Ana's game`);
    assert.deepEqual(a, b, `${spec}: the same game on both sides`);
    // Kept: a reload shows it again, from the library.
    await ben.reload();
    await started(ben);
    assert.deepEqual(await game(ben), b, `${spec}: kept by Ben`);
    await ana.close();
    await ben.close();
  }
  // My games: four finished games on each side, named by the players.
  for (const profile of [anaProfile, benProfile]) {
    const p = await page(profile, errors);
    const rows = await myGames(p);
    assert.equal(rows.length, 4, rows.join('\n'));
    for (const row of rows) assert.match(row, /Ana \(Black\) — Ben \(White\), by links|You \(Black\) — Ben|Ana \(Black\) — You/, row);
    await p.close();
  }
  assert.deepEqual(errors, []);
  await anaProfile.close();
  await benProfile.close();
});

test('a tampered, an old, a twice-opened and an offline link: each said, nothing lost', { timeout: 240_000 }, async () => {
  const errors = [];
  const anaProfile = await shared.browser.newContext();
  const benProfile = await shared.browser.newContext();
  const ana = await page(anaProfile, errors);
  const ben = await page(benProfile, errors);
  await start(ana, 'loa');
  await playOut(ana, ben, 'loa', 5, 6);
  // Six moves: Ana (Black) is to move. She moves; her link goes to Ben.
  await play(ana, legal('loa', (await game(ana)).moves.split(','))[0]);
  const seventh = await linkWith(ana, 7);
  const state = async () => ({ ...(await game(ben)), status: await ben.textContent('[data-testid="friend-state"]') });
  const refused = async (link, pattern) => {
    const before = await state();
    await openHere(ben, link);
    await ben.waitForFunction((p) => [...document.querySelectorAll('.notice')].some((n) => new RegExp(p).test(n.textContent)), pattern.source);
    const after = await state();
    assert.deepEqual({ moves: after.moves, end: after.end }, { moves: before.moves, end: before.end }, `${pattern}: unchanged`);
  };
  // A move changed in the link: replayed by the rules, refused.
  const params = new URLSearchParams(new URL(seventh).hash.slice(1));
  const moves = params.get('moves').split(',');
  await refused(seventh.replace(`moves=${moves.join(',')}`, `moves=${[...moves.slice(0, 6), 'a1-h8'].join(',')}`), /is not legal/);
  // An earlier move rewritten (a take-back, or another branch).
  const other = legal('loa', moves.slice(0, 4)).find((m) => m !== moves[4]);
  await refused(seventh.replace(`moves=${moves.join(',')}`, `moves=${[...moves.slice(0, 4), other].join(',')}`), /replaces move 5|older link/);
  // A link Ben sent himself (his own seat).
  const own = await ben.inputValue('#friend-link');
  await refused(own, /from your side/);
  // A resignation forged for Ben.
  await refused(`${seventh}&end=resign-o`, /only you can resign/);
  // The good link, opened in two tabs at once: one game, seven moves.
  const second = await page(benProfile, errors);
  await Promise.all([ben.goto(seventh), second.goto(seventh)]);
  await Promise.all([linkWith(ben, 7), linkWith(second, 7)]);
  await second.close();
  // Opened again: nothing new, nothing lost.
  await ben.goto(seventh);
  await linkWith(ben, 7);
  await ben.waitForFunction(() => /holds nothing new/.test(document.querySelector('.notice')?.textContent ?? ''));
  // An old link (move 5), opened later: said, and the game stays at move 7.
  await refused(seventh.replace(`moves=${moves.join(',')}`, `moves=${moves.slice(0, 5).join(',')}`), /older link/);
  // Offline after one visit: Ben's next link (from Ana's next move) opens in a new tab.
  await ben.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await play(ben, legal('loa', [...moves])[0]);
  const eighth = await linkWith(ben, 8);
  await openHere(ana, eighth);
  await linkWith(ana, 8);
  await play(ana, legal('loa', (await game(ana)).moves.split(','))[0]);
  const ninth = await linkWith(ana, 9);
  await benProfile.setOffline(true);
  const offline = await page(benProfile, errors);
  await offline.goto(ninth);
  await started(offline);
  await linkWith(offline, 9);
  assert.match(await offline.textContent('[data-testid="friend-state"]'), /^Your move/);
  await benProfile.setOffline(false);
  const rows = await myGames(offline);
  assert.equal(rows.length, 1, rows.join('\n'));
  assert.match(rows[0], /9 moves/);
  assert.match(rows[0], /Your move since/);
  assert.deepEqual(errors.filter((e) => !/Failed to load resource/.test(e)), []);
  await anaProfile.close();
  await benProfile.close();
});
