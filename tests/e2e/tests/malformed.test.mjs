// A seeded run of malformed links, records and saved games against the built
// app: no page error, never a blank page, nothing from the input turned into
// HTML, and a link's legal moves kept up to the first bad one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, open, seeded, share } from '../helpers.mjs';

const shared = fixture();

// A legal Lines of Action game of 20 moves, to corrupt one move at a time.
const GAME = 'b8-d6,h3-f3,c8-d7,h2-f2,c1-e3,a7-a1,e1-c3,h5-h1,d8-b6,a2-c2,d7-b7,f3-h5,b1-a2,c2-e4,b6-d8,e4xb7,f1-g2,a4-c2,g1-h2,h5-f7'.split(',');
// Input that must stay text: it carries a marker attribute that would show if it became markup.
const INJECTIONS = ['<b data-x=1>x</b>', '"><img data-x=1 src=x>', "'><svg data-x=1 onload=alert(1)>", '%3Cb%20data-x%3D1%3E', '<script data-x=1>alert(1)</script>'];
const JUNK = ['', '_', ',', '%', '%zz', '%00', '\u202e', '😀', 'a1-a1', 'zz9', 'pass', '-', 'x'.repeat(5000), '0', '-1', '99999999999999999999'];
const SPECS = ['loa', 'attract', 'attract:size=12', 'forms:size=8', 'forms:rules=advanced,size=6', 'ra', 'ra:target=9,first=o'];
const KEYS = ['game', 'moves', 'ply', 'from', 'x', 'o', 'embed', 'interactive', 'rules', 'sound'];

function malformedLink(pick) {
  const kind = pick(5);
  const junk = () => [...JUNK, ...INJECTIONS][pick(JUNK.length + INJECTIONS.length)];
  if (kind === 0) {
    // A legal game with one move spoiled: the moves before it must be kept.
    // Junk that is only separators ('' or ',') would drop the move, not spoil it.
    const bad = 1 + pick(GAME.length - 1);
    const spoiled = junk().replace(/^,*$/, 'zz9');
    return { query: `?game=loa&moves=${[...GAME.slice(0, bad), encodeURIComponent(spoiled), ...GAME.slice(bad + 1)].join(',')}`, keep: bad };
  }
  if (kind === 1) return { query: `?game=${encodeURIComponent(junk())}&moves=${encodeURIComponent(junk())}` };
  if (kind === 2) return { query: `?game=${SPECS[pick(SPECS.length)]}&from=${encodeURIComponent(junk())}&moves=${encodeURIComponent(junk())}` };
  if (kind === 3) {
    // Random keys with random values, sometimes embedded.
    const parts = Array.from({ length: 1 + pick(5) }, () => `${KEYS[pick(KEYS.length)]}=${encodeURIComponent(junk())}`);
    return { query: `?game=${SPECS[pick(SPECS.length)]}&${parts.join('&')}` };
  }
  // Characters dropped, doubled or changed in a good link.
  const good = `?game=loa&moves=${GAME.slice(0, 6).join(',')}&ply=4&o=ai:2`;
  const chars = [...good];
  for (let i = 0; i < 1 + pick(4); i++) {
    const at = pick(chars.length);
    const op = pick(3);
    if (op === 0) chars.splice(at, 1);
    else if (op === 1) chars.splice(at, 0, chars[at]);
    else chars[at] = '=&,%_-:x'[pick(8)];
  }
  return { query: chars.join('') };
}

/** What the page shows: no error, something on screen, nothing injected. */
async function healthy(page, errors, label) {
  assert.deepEqual(errors, [], label);
  const state = await page.evaluate(() => ({
    text: document.body.innerText.trim().length,
    injected: document.querySelector('[data-x]') !== null,
    shown: document.querySelector('.board, .cards, .rules, .embed-notice') !== null,
  }));
  assert.ok(state.shown && state.text > 0, `${label}: a page is shown`);
  assert.equal(state.injected, false, `${label}: input became markup`);
}

test('a seeded run of 300 malformed links: no error, no blank page, no HTML from input, legal prefix kept', async () => {
  const pick = seeded(2026);
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await page.waitForSelector('.play [data-cell]');
  let fresh = 0;
  for (let i = 0; i < 300; i++) {
    const { query, keep } = malformedLink(pick);
    if (i % 10 === 0) {
      // Every tenth link is opened from scratch, as someone following it would.
      await page.goto(`${shared.server.url}${query}`);
      fresh++;
    } else {
      // The others through the browser's back/forward path, without reloading the app.
      await page.evaluate((q) => {
        history.pushState(null, '', q || location.pathname);
        dispatchEvent(new PopStateEvent('popstate'));
      }, query);
    }
    await page.waitForSelector('.board, .cards, .rules, .embed-notice', { state: 'attached' });
    await healthy(page, errors, query.slice(0, 120));
    if (keep !== undefined) {
      await page.waitForFunction((n) => document.querySelectorAll('.move-list .move').length === n, keep);
      assert.match(await page.textContent('.notice'), new RegExp(`Move ${keep + 1} `), query.slice(0, 120));
    }
  }
  assert.equal(fresh, 30);
  await page.close();
});

test('malformed records are refused with their line, and saved games with a notice', async () => {
  const pick = seeded(7);
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await page.waitForSelector('.play [data-cell]');
  const good = `[Game "loa"]\n[Black "human"]\n[White "ai:3"]\n\n1. ${GAME.slice(0, 2).join(' ')}\n2. ${GAME.slice(2, 4).join(' ')}\n`;
  for (let i = 0; i < 40; i++) {
    const chars = [...good];
    for (let k = 0; k < 1 + pick(6); k++) {
      const at = pick(chars.length);
      chars.splice(at, pick(3), ...(pick(2) ? INJECTIONS[pick(INJECTIONS.length)] : '"[]\n x'[pick(6)]));
    }
    await share(page, 'Import record');
    await page.fill('#record-text', chars.join(''));
    await page.click('dialog button:has-text("Import")');
    // Either the record reads (the dialog closes on a game) or the dialog says
    // which line is wrong (read as the game on screen when the header was
    // broken), or offers the games a broken text now holds.
    await page.waitForFunction(() => !document.querySelector('dialog[open]') || document.querySelector('[data-testid="import-error"]').textContent !== '');
    if (await page.$('dialog[open]')) {
      assert.match(await page.textContent('[data-testid="import-error"]'),
        /^This record cannot be read: (it names no game, and as [A-Za-z ]+ \(the game on screen\) )?line \d+: |^This text holds several games: choose one\.$/);
      await page.keyboard.press('Escape');
    }
    await healthy(page, errors, `record ${i}`);
  }
  for (let i = 0; i < 40; i++) {
    // The one saved game of builds before the library, moved into it at the next start.
    const n = pick(2) ? pick(8) : -1;
    const value = n >= 0 ? `?game=loa&moves=${GAME.slice(0, n).join(',')}${JUNK[pick(JUNK.length)]}` : INJECTIONS[pick(INJECTIONS.length)];
    await page.evaluate((v) => localStorage.setItem(`${location.pathname}ludoteca.saved-game`, v), value);
    await page.goto(shared.server.url);
    await page.waitForSelector('.cards');
    await page.waitForTimeout(n > 0 ? 0 : 400);
    if (n > 0) await page.waitForSelector('.continue li');
    await healthy(page, errors, `saved game ${value.slice(0, 60)}`);
    const [saved, aside] = await page.evaluate(() =>
      ['saved-game', 'unreadable-game'].map((k) => localStorage.getItem(`${location.pathname}ludoteca.${k}`)),
    );
    const offered = await page.$('.continue li');
    // A saved game with a move is offered (whole or in part), one that is
    // not a game is kept aside with a notice, never lost; one with no move
    // is no game to keep.
    const keptAside = aside === value && (await page.textContent('.notice')).includes('could not be read');
    assert.ok(offered || keptAside || n === 0, value.slice(0, 60));
    assert.ok(!saved, 'the old slot is emptied once its game is elsewhere');
    // The next round starts from an empty library.
    await page.evaluate(() => localStorage.removeItem(`${location.pathname}ludoteca.unreadable-game`));
    if (offered) {
      await page.click('.continue button[data-open]');
      await page.waitForSelector('.play [data-cell]');
      await healthy(page, errors, `saved game opened ${value.slice(0, 60)}`);
      await page.goto(`${shared.server.url}?games`);
      await page.waitForSelector('.games-list li');
      await page.click('.games-list button[data-delete]');
      await page.waitForFunction(() => !document.querySelector('.games-list li'));
    }
  }
  await page.close();
});
