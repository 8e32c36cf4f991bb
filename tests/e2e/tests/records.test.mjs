// Records from the world: move lists as web pages write them (no header,
// numbers glued to moves, marks, a result), several games in one paste,
// a dropped file, and SGF's game information and resignations, shown and
// written back out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fixture, open, readBoard, share } from '../helpers.mjs';

const shared = fixture();

async function importText(page, text) {
  await share(page, 'Import record');
  await page.fill('#record-text', text);
  await page.click('.dialog button:has-text("Import")');
}

const notices = (page) => page.$$eval('.notice', (els) => els.map((e) => e.textContent).join('\n'));

test('a move list pasted from a web page opens on the game on screen, with its marks and result', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await importText(page, '1.c8-c6 1... h4-f2!? 2. B1-B3 {solid} 2... a7-c7?? 3. c1-a3! 1-0');
  await page.waitForURL(/game=loa&moves=c8-c6,h4-f2,b1-b3,a7-c7,c1xa3&end=resign-o/);
  await readBoard(page);
  assert.match(await notices(page), /The record names no game: it is read as Lines of Action, the game on screen\./);
  assert.match(await notices(page), /"1-0" but not why/);
  const list = await page.textContent('.move-list');
  assert.match(list, /h4-f2!\? interesting move/);
  assert.match(list, /a7-c7\?\? blunder/);
  assert.match(list, /solid/);
  assert.match(await page.textContent('.move-list li.result'), /Black wins: White resigned/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a move list of another game is read as the game its moves fit, and said', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=ra`);
  await readBoard(page);
  await importText(page, '1. b1-b3 a2-c2');
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2/);
  await readBoard(page);
  assert.match(await notices(page), /not legal in RA: it is read as Lines of Action, whose rules they fit/);
  // A move that fits no game: the reason names the move, and the dialog stays.
  await importText(page, '1. b1-b3 a2-c2 2. b3-b9');
  await page.waitForSelector('[data-testid="import-error"]:not(:empty)');
  assert.match(await page.textContent('[data-testid="import-error"]'), /as Lines of Action \(the game on screen\) line 1: move 3 "b3-b9"/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a broken SGF file keeps the dialog open with its reason, and the game on screen', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa&moves=b1-b3`);
  await readBoard(page);
  await importText(page, '(;GM[9]FF[4];W[a2-c2];B[b1-b3])');
  await page.waitForSelector('[data-testid="import-error"]:not(:empty)');
  assert.match(
    await page.textContent('[data-testid="import-error"]'),
    /This SGF file cannot be read: its first move, W\[a2-c2\], cannot be used \(it is Black's turn\)/,
  );
  assert.equal(await page.isVisible('#record-text'), true, 'the dialog stays open');
  assert.match(page.url(), /game=loa&moves=b1-b3/, 'the game on screen stays');
  assert.equal((await readBoard(page)).b3, 'b3, black stone');
  assert.deepEqual(errors, []);
  await page.close();
});

test('an SGF file of Scrambled Eggs drawn the other way round opens on its board, and says so', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await importText(page, '(;GM[9]FF[4]SZ[8]SU[Scrambled-Eggs];B[c1-c3];W[b1-b3])');
  await page.waitForURL(/game=loa:start=scrambled-mirrored&moves=c1-c3,b1-b3/);
  const board = await readBoard(page);
  assert.equal(board.b3, 'b3, white stone');
  assert.equal(board.a2, 'a2, black stone');
  assert.match(await page.textContent('.play'), /White on b1 and Black on a2/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a paste of several games offers them, and the one chosen opens', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await importText(page, '1. b1-b3 a2-c2 1-0\n\n[Game "loa"]\n[BlackName "Kim"]\n[WhiteName "Lee"]\n[Event "Club night"]\n\n1. c1-c3 h2-f2 0-1\n');
  await page.waitForSelector('[data-testid="import-choices"] button');
  assert.equal(await page.textContent('[data-testid="import-error"]'), 'This text holds several games: choose one.');
  const labels = await page.$$eval('[data-testid="import-choices"] button', (b) => b.map((x) => x.textContent));
  assert.deepEqual(labels, [
    'Game 1: Lines of Action, b1-b3 a2-c2 … (2 moves)',
    'Game 2: Lines of Action, Kim – Lee · Club night (2 moves)',
  ]);
  await page.click('[data-testid="import-choices"] button:has-text("Game 2")');
  await page.waitForURL(/game=loa&moves=c1-c3,h2-f2&end=resign-x/);
  await page.waitForSelector('.move-list .game-info');
  assert.equal(await page.textContent('.move-list .game-info'), 'Kim – Lee · Club night');
  assert.equal(await page.$('dialog[open]'), null, 'the dialog closed');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file dropped on the page is read like a chosen one', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['(;GM[9]PB[Ann];B[b1-b3];W[a2-c2])'], 'game.sgf', { type: 'application/x-go-sgf' }));
    document.querySelector('.play').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2/);
  await page.waitForSelector('.move-list .game-info');
  assert.equal(await page.textContent('.move-list .game-info'), 'Ann (Black)');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a file that is not UTF-8 is read as Latin-1 (an older SGF file), and binary junk is refused at once', async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  // "José" in ISO-8859-1: é is the one byte 0xE9, not UTF-8.
  await page.evaluate(() => {
    const bytes = [...'(;GM[9]CA[ISO-8859-1]PB[Jos'].map((c) => c.charCodeAt(0)).concat([0xe9], [...'];B[b1-b3])'].map((c) => c.charCodeAt(0)));
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(bytes)], 'old.sgf', { type: 'application/x-go-sgf' }));
    document.querySelector('.play').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForSelector('.move-list .game-info');
  assert.equal(await page.textContent('.move-list .game-info'), 'José (Black)');
  // 160,000 bytes of 0xFF: each a character of its own, not U+FFFD (whose
  // long runs took the browser seconds to draw in the import box).
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(160_000).fill(0xff)], 'junk.bin'));
    document.querySelector('.play').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForSelector('.dialog textarea');
  await page.waitForFunction(() => /cannot be read/.test(document.querySelector('.dialog')?.textContent ?? ''), null, { timeout: 20_000 });
  const box = await page.$eval('.dialog textarea', (t) => ({ length: t.value.length, replacement: t.value.includes('\uFFFD') }));
  assert.deepEqual(box, { length: 160_000, replacement: false });
  assert.deepEqual(errors, []);
  await page.close();
});

test("SGF's players, event and resignation come in, show, and go out again", async () => {
  const { page, errors } = await open(shared.browser, `${shared.server.url}?game=loa`);
  await readBoard(page);
  await importText(page, '(;FF[4]GM[9]PB[Ann]PW[Bob]EV[Club night]RO[3]DT[2024-05-01]C[A long game];B[b1-b3];W[a2-c2]TE[1];B[resign])');
  await page.waitForURL(/game=loa&moves=b1-b3,a2-c2&end=resign-x/);
  await readBoard(page);
  assert.equal(await page.textContent('.move-list .game-info'), 'Ann – Bob · Club night, round 3 · 2024-05-01');
  assert.equal(await page.textContent('.move-list .game-comment'), 'A long game');
  // The names stand for the seats' words above the board too.
  assert.match(await page.textContent('[data-testid="players"]'), /Ann \(Black\) — Bob \(White\)/);
  assert.match(await page.textContent('[data-testid="status"]'), /White wins: Black resigned/);
  assert.match(await page.textContent('.move-list'), /a2-c2! good move/);
  const [record] = await Promise.all([page.waitForEvent('download'), share(page, 'Export record')]);
  const text = await readFile(await record.path(), 'utf8');
  assert.match(text, /\[BlackName "Ann"\]\n\[WhiteName "Bob"\]\n\[Event "Club night"\]\n\[Date "2024-05-01"\]\n\[Round "3"\]\n\[Comment "A long game"\]/);
  assert.match(text, /\[Ending "resign-x"\]/);
  assert.match(text, /1\. b1-b3 a2-c2!/);
  const [sgf] = await Promise.all([page.waitForEvent('download'), share(page, 'SGF')]);
  const out = await readFile(await sgf.path(), 'utf8');
  assert.match(out, /PB\[Ann\]PW\[Bob\]EV\[Club night\]DT\[2024-05-01\]RO\[3\]C\[A long game\]/);
  assert.match(out, /RE\[W\+R\]/);
  assert.match(out, /;W\[a2-c2\]TE\[1\]/);
  // A reload keeps it all: the game's information is kept with the game.
  await page.reload();
  await page.waitForSelector('.move-list .game-info');
  assert.equal(await page.textContent('.move-list .game-info'), 'Ann – Bob · Club night, round 3 · 2024-05-01');
  assert.deepEqual(errors, []);
  await page.close();
});
