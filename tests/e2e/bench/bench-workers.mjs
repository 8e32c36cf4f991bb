// The browser's computer with several workers against itself with one, played
// in the real page: `node tests/e2e/bench/bench-workers.mjs [SPEC] [GAMES] [LEVEL]
// [SEED] [CORES_A] [CORES_B]` after a release build (defaults: loa 40 4 2026
// 3 2). Each side is its own page, told through the DevTools protocol that
// the machine has CORES cores (the page keeps one: 3 gives the computer two
// workers, 2 gives it one). A page plays its side as `ai:LEVEL` and the other
// side as a person, whose moves the script types in from the other page, so
// each side's search is exactly what a player gets. Only the side to move
// thinks, so each has the machine to itself. Pairs of games share a random
// opening of OPENING plies (environment, default 4: the legal moves come
// from `target/release/ludoteca moves`), A taking Black in the first game of
// a pair and White in the second. Prints a line per game and A's score with
// its Elo difference (Wilson 95% interval, as `ludoteca match` prints it),
// the workers each side started and each side's longest main-thread task
// (opening the page apart from playing: 0 is none over 50 ms).
import { execFileSync } from 'node:child_process';
import { launch, seeded, serve } from '../helpers.mjs';

const [spec = 'loa', games = '40', level = '4', seed = '2026', coresA = '3', coresB = '2'] = process.argv.slice(2);
const openingPlies = Number(process.env.OPENING ?? 4);
const cli = process.env.LUDOTECA ?? 'target/release/ludoteca';
// The native match's caps: a game still going after them is a draw.
const plyCap = (() => {
  const size = Number(/size=(\d+)/.exec(spec)?.[1] ?? (spec.startsWith('attract') ? 8 : 18));
  if (spec.startsWith('loa')) return 400;
  if (spec.startsWith('ra')) return 1000;
  return size * size;
})();

const legalMoves = (moves) =>
  execFileSync(cli, ['moves', spec, ...moves], { encoding: 'utf8' }).split('\n').filter(Boolean);

function opening(pair) {
  const pick = seeded(Number(seed) * 7919 + pair);
  for (let attempt = 0; attempt < 100; attempt++) {
    const moves = [];
    while (moves.length < openingPlies) {
      const legal = legalMoves(moves);
      if (legal.length === 0) break;
      moves.push(legal[pick(legal.length)]);
    }
    if (moves.length === openingPlies && legalMoves(moves).length > 0) return moves;
  }
  throw new Error(`no opening of ${openingPlies} plies found for pair ${pair}`);
}

/** A page that plays `colour` (x or o) as the computer on a machine of `cores` cores. */
async function side(browser, server, cores, colour, moves) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setHardwareConcurrencyOverride', { hardwareConcurrency: Number(cores) });
  const state = { workers: 0, errors: [] };
  page.on('worker', () => (state.workers += 1));
  page.on('pageerror', (e) => state.errors.push(e.message));
  // Opening the page (compiling and starting the app) is one long task that
  // bench-responsiveness.mjs measures; the tasks of the game are counted
  // from the moment the board is there.
  await page.addInitScript(() => {
    window.longest = { opening: 0, playing: 0 };
    window.ready = Infinity;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const phase = e.startTime >= window.ready ? 'playing' : 'opening';
        window.longest[phase] = Math.max(window.longest[phase], e.duration);
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  const query = `?game=${spec}${moves.length ? `&moves=${moves.join(',')}` : ''}&${colour}=ai:${level}`;
  await page.goto(`${server.url}${query}`);
  await page.waitForSelector('[data-cell]');
  await page.evaluate(() => (window.ready = performance.now()));
  return { page, context, state };
}

const count = (page) => page.$$eval('.move-list .move', (m) => m.length);
const over = (page) => page.$('.status.over').then(Boolean);

/** Waits until `page` has more than `n` moves or its game is over. */
const moved = (page, n) =>
  page
    .waitForFunction(
      (n) => document.querySelectorAll('.move-list .move').length > n || document.querySelector('.status.over'),
      n,
      { timeout: 120_000, polling: 50 },
    )
    .then(() => page);

async function play(browser, server, index) {
  const moves = opening(Math.floor(index / 2));
  const aColour = index % 2 === 0 ? 'x' : 'o';
  const bColour = aColour === 'x' ? 'o' : 'x';
  // The page not to move loads first, so that loading it takes nothing from
  // the other's first search.
  const toMove = /^to-move: (\w)/m.exec(execFileSync(cli, ['play', spec, ...moves], { encoding: 'utf8' }))?.[1];
  let a, b;
  if (toMove === aColour) {
    b = await side(browser, server, coresB, bColour, moves);
    a = await side(browser, server, coresA, aColour, moves);
  } else {
    a = await side(browser, server, coresA, aColour, moves);
    b = await side(browser, server, coresB, bColour, moves);
  }
  try {
    let n = moves.length;
    while (!(await over(a.page)) && !(await over(b.page)) && n < moves.length + plyCap) {
      const mover = await Promise.race([moved(a.page, n), moved(b.page, n)]);
      if (await over(mover)) break;
      const other = mover === a.page ? b.page : a.page;
      const text = await mover.$$eval('.move-list .move', (m, n) => m[n].textContent.trim(), n);
      await other.fill('#move-input', text);
      await other.press('#move-input', 'Enter');
      await other.waitForFunction((n) => document.querySelectorAll('.move-list .move').length > n, n, { timeout: 5_000 }).catch(async () => {
        const notice = await other.textContent('[data-testid="status"]').catch(() => '');
        throw new Error(`game ${index + 1}: the other page refused move ${n + 1} "${text}" (${notice})`);
      });
      n += 1;
    }
    // The page that made the last move knows the result (it is not typed into the other).
    const ended = (await over(a.page)) ? a.page : (await over(b.page)) ? b.page : null;
    const status = ended ? (await ended.textContent('[data-testid="status"]')).trim() : `no result after ${plyCap} plies: a draw`;
    const winner = ended && /\b(Black|White) wins\b/.exec(status)?.[1];
    const aName = aColour === 'x' ? 'Black' : 'White';
    const result = !winner ? 'draw' : winner === aName ? 'win' : 'loss';
    const longest = [await a.page.evaluate(() => window.longest), await b.page.evaluate(() => window.longest)];
    const errors = [...a.state.errors, ...b.state.errors];
    if (errors.length) throw new Error(`game ${index + 1}: page errors: ${errors.join('; ')}`);
    return { result, plies: await count(ended ?? a.page), status, workers: [a.state.workers, b.state.workers], longest };
  } finally {
    await a.context.close();
    await b.context.close();
  }
}

function elo(score) {
  if (score <= 1e-9) return -Infinity;
  if (score >= 1 - 1e-9) return Infinity;
  return -400 * Math.log10(1 / score - 1);
}
const signed = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(x))}` : x > 0 ? '+inf' : '−inf');

const server = await serve();
const browser = await launch();
const tally = { win: 0, draw: 0, loss: 0 };
const workers = [0, 0];
const longest = [0, 1].map(() => ({ opening: 0, playing: 0 }));
try {
  console.log(`${spec}: A = level ${level} on ${coresA} cores, B = level ${level} on ${coresB} cores, ${games} games, seed ${seed}`);
  for (let i = 0; i < Number(games); i++) {
    const started = Date.now();
    const g = await play(browser, server, i);
    tally[g.result] += 1;
    for (const s of [0, 1]) {
      workers[s] = Math.max(workers[s], g.workers[s]);
      for (const phase of ['opening', 'playing']) longest[s][phase] = Math.max(longest[s][phase], g.longest[s][phase]);
    }
    console.log(
      `game ${i + 1} of ${games}: ${g.result} for A (A ${i % 2 === 0 ? 'Black' : 'White'}, ${g.plies} plies, ${Math.round((Date.now() - started) / 1000)} s: ${g.status}; workers A ${g.workers[0]}, B ${g.workers[1]})`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
const n = tally.win + tally.draw + tally.loss;
const s = (tally.win + tally.draw / 2) / n;
const z = 1.96;
const centre = (s + (z * z) / (2 * n)) / (1 + (z * z) / n);
const half = (z * Math.sqrt((s * (1 - s)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
console.log(`games ${n} for A: wins ${tally.win} draws ${tally.draw} losses ${tally.loss} score ${(s * 100).toFixed(1)}%`);
console.log(`elo ${signed(elo(s))} (95% interval ${signed(elo(centre - half))} to ${signed(elo(centre + half))})`);
console.log(`workers started per game: A at most ${workers[0]}, B at most ${workers[1]}`);
for (const phase of ['opening', 'playing'])
  console.log(`longest main-thread task ${phase}: A ${Math.round(longest[0][phase])} ms, B ${Math.round(longest[1][phase])} ms`);
