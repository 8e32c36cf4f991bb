// Languages (docs/i18n.md): each of the six opens from a link's `lang=` on
// every page, wholly in it, `<html lang>` right, no page scrolling sideways
// at 360 px, no page error; the Russian pages hold no English words but
// names; the pseudo-language (every text 40 % longer, accented, in ⟦…⟧)
// shows that no text was missed and none overflows; the chooser switches
// and is remembered; the browser's language is followed; axe-core is clean
// in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fixture, started } from '../helpers.mjs';

const shared = fixture();
const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const LANGS = ['de', 'es', 'fr', 'it', 'pl', 'ru'];
const texts = Object.fromEntries(
  await Promise.all(LANGS.map(async (l) => [l, JSON.parse(await readFile(resolve(ROOT, 'i18n', l, 'app.json'), 'utf8'))])),
);
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Every page a visitor reaches, and what shows it is drawn.
const PAGES = [
  ['home', '?', '.card [data-cell]'],
  ['play', '?game=loa&moves=b1-b3', '.play [data-cell]'],
  ['RA', '?game=ra', '.play [data-cell]'],
  ['rules', '?rules=loa', '.diagram [data-cell]'],
  ['my games', '?games', '.games-tools'],
  ['editor', '?edit&game=ra', '#editor-verdict'],
  ['embed', '?game=loa&moves=b1-b3&embed=1', '.embed [data-cell]'],
  ['learn', 'learn.html?', '.card'],
  ['lesson', 'learn.html?#lesson/loa', '.step iframe'],
];

async function openPage(context, query, ready) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${shared.server.url}${query}`);
  if (!query.startsWith('learn.html')) await started(page);
  await page.waitForSelector(ready, { state: 'attached' });
  await page.waitForTimeout(250);
  return { page, errors };
}

/** Words of three or more Latin letters that the page shows or says (text, labels, titles), with where. */
function latinWords(page, skip = 'none') {
  return page.evaluate((skip) => {
    const out = [];
    const seen = (text, where) => {
      // Inside ⟦…⟧ is the pseudo-language's: a text that went through a key.
      const bare = text.replace(/⟦[^⟧]*⟧/g, ' ');
      for (const w of bare.match(/[A-Za-z]{3,}/g) || []) out.push([w, where, text.slice(0, 80)]);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      // The chooser names each language in itself.
      if (!el || el.closest('script, style, [hidden], code, .notation, .move-list .move, [data-testid="place"], .lang-chooser') || el.closest(skip)) continue;
      if (el.closest('svg') && !el.closest('title, desc')) continue;
      seen(node.textContent, el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''));
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (el.closest('[hidden], .lang-chooser') || el.closest(skip)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) if (el.getAttribute(a)) seen(el.getAttribute(a), `@${a}`);
    }
    seen(document.title, 'title');
    return out;
  }, skip);
}

// Names and words that are the same in every language.
const NAMES = new Set(['Ludoteca', 'Attract', 'Forms', 'Lines', 'Action', 'LOA', 'SGF', 'JSON', 'PNG', 'SVG', 'Scrambled', 'Eggs',
  'Esc', 'Enter', 'Space', 'Tab', 'Home', 'End', 'Shift', 'Ctrl', 'Cichocki', 'Donadoni', 'Claude', 'Soucie', 'Sackson', 'Mariusz',
  'Marco', 'Jaros', 'Steven', 'Meyers', 'Alt', 'Dmitri', 'Dmitry', 'Skyba', 'Bernard', 'Gomoku', 'BGA', 'Abstract', 'Play', 'Little', 'Golem', 'iggamecenter', 'ludoteca', 'html', 'learn']);

test('every language opens from a link on every page: wholly drawn, <html lang> right, nothing sideways at 360 px, no error', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 360, height: 780 } });
  for (const lang of LANGS) {
    for (const [name, query, ready] of PAGES) {
      const [path, hash] = query.split('#');
      const { page, errors } = await openPage(context, `${path}&lang=${lang}${hash ? '#' + hash : ''}`, ready);
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang, `${lang} ${name}: <html lang>`);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(wide <= 1, `${lang} ${name}: the page scrolls sideways by ${wide} px at 360 px`);
      if (name !== 'embed') {
        const learn = await page.locator('header.top a[href="learn.html"]').first().textContent();
        assert.equal(learn, texts[lang].Learn, `${lang} ${name}: the header's Learn link`);
        // The web manifest in the language.
        const manifest = await page.evaluate(async () => {
          const href = document.querySelector('link[rel=manifest]').getAttribute('href');
          return [href, await (await fetch(href)).json()];
        });
        assert.equal(manifest[0], `manifest.${lang}.webmanifest`, `${lang} ${name}`);
        assert.equal(manifest[1].description, texts[lang]['Play Attract, Forms, RA and Lines of Action, against a friend or the computer.'], `${lang} ${name}`);
        assert.equal(manifest[1].lang, lang);
      }
      assert.deepEqual(errors, [], `${lang} ${name}`);
      await page.close();
    }
  }
  await context.close();
});

test('no English is left on the Russian pages and dialogs, besides names', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1366, height: 900 } });
  const found = [];
  for (const [name, query, ready] of PAGES) {
    const [path, hash] = query.split('#');
    const { page } = await openPage(context, `${path}&lang=ru${hash ? '#' + hash : ''}`, ready);
    found.push(...(await latinWords(page)).filter(([w]) => !NAMES.has(w)).map((f) => [name, ...f]));
    if (name === 'play') {
      await page.click('button:has-text("' + texts.ru['New game'] + '")');
      await page.waitForSelector('dialog[open]');
      found.push(...(await latinWords(page)).filter(([w]) => !NAMES.has(w)).map((f) => ['new game dialog', ...f]));
    }
    await page.close();
  }
  await context.close();
  assert.deepEqual(found, [], `English words on Russian pages:\n${found.map((f) => f.join(' | ')).join('\n')}`);
});

test('the pseudo-language: every text went through a key, and none is cut or overflows at 360 px', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 360, height: 780 } });
  const found = [];
  for (const [name, query, ready] of PAGES) {
    const [path, hash] = query.split('#');
    const { page, errors } = await openPage(context, `${path}&lang=pseudo${hash ? '#' + hash : ''}`, ready);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA', name);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(wide <= 1, `${name}: the page scrolls sideways by ${wide} px at 360 px`);
    // A text cut by its box: wider than it shows, and not meant to scroll.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('button, a, label, h1, h2, h3, th, td, p, span, summary, option, legend')]
        .filter((el) => el.offsetParent && !el.closest('.visually-hidden') && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'hidden' && getComputedStyle(el).textOverflow !== 'ellipsis')
        .map((el) => el.textContent.slice(0, 40)),
    );
    assert.deepEqual(cut, [], `${name}: texts cut`);
    // The rules pages and the lessons are data, translated as files (checked in Russian above).
    found.push(...(await latinWords(page, '.rules-text, [data-lesson]')).filter(([w]) => !NAMES.has(w)).map((f) => [name, ...f]));
    assert.deepEqual(errors, [], name);
    await page.close();
  }
  await context.close();
  assert.deepEqual(found, [], `texts that did not go through a key:\n${found.map((f) => f.join(' | ')).join('\n')}`);
});

test('the chooser switches the page at once, is remembered, and the browser\'s language is followed', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pl-PL' });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa`);
  await started(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pl', 'the browser says Polish');
  assert.equal(await page.locator('header.top a[href="learn.html"]').textContent(), texts.pl.Learn);
  await page.selectOption('select.lang-chooser', 'fr');
  await page.waitForFunction(() => document.documentElement.lang === 'fr');
  await page.waitForFunction((want) => document.querySelector('header.top a[href="learn.html"]')?.textContent === want, texts.fr.Learn);
  // The game is still there, and the choice outlives a reload and the browser's language.
  assert.ok(await page.locator('.play [data-cell]').count());
  await page.reload();
  await started(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  // Used from the keyboard, the chooser keeps the focus through the page drawn again.
  await page.focus('select.lang-chooser');
  await page.selectOption('select.lang-chooser', 'de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await page.waitForFunction(() => document.activeElement?.classList.contains('lang-chooser') && document.activeElement.value === 'de');
  // The Learn page follows the choice.
  await page.goto(`${shared.server.url}learn.html`);
  await page.waitForSelector('.card');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.locator('h1').first().textContent(), texts.de['Learn to play']);
  // Back to English from the Learn page's chooser.
  await page.selectOption('select.lang-chooser', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.waitForSelector('.card');
  assert.equal(await page.locator('h1').first().textContent(), 'Learn to play');
  await context.close();
});

test('a switch keeps the board, names its cells again and draws the rest in parts; a later choice wins; a file not had changes nothing', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${shared.server.url}?game=loa&moves=b1-b3`);
  await started(page);
  // The board's element is marked: a board drawn again would be a new one.
  await page.evaluate(() => {
    document.querySelector('svg.board').dataset.kept = 'yes';
  });
  const label = (name) => page.evaluate((name) => document.getElementById(`cell-${name}`)?.getAttribute('aria-label'), name);
  assert.equal(await label('d4'), 'd4, empty');
  await page.selectOption('select.lang-chooser', 'de');
  await page.waitForFunction((want) => [...document.querySelectorAll('.play-side .actions button')].some((b) => b.textContent === want), texts.de['Flip board']);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
  assert.equal(await page.locator('header.top a[href="learn.html"]').textContent(), texts.de.Learn);
  assert.equal(await page.evaluate(() => document.querySelector('svg.board').dataset.kept), 'yes', 'the same board');
  await page.waitForFunction((want) => document.getElementById('cell-d4')?.getAttribute('aria-label') === want, texts.de['{cell}, empty'].replace('{cell}', 'd4'));
  assert.equal(await page.locator('svg.board').getAttribute('aria-label'), texts.de['{game} board'].replace('{game}', texts.de['Lines of Action']));
  // Two choices in quick succession: the later one decides, whichever file arrives first.
  let release;
  const held = new Promise((r) => (release = r));
  await page.route(/i18n\/ru-[0-9a-f]+\.txt$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.selectOption('select.lang-chooser', 'ru');
  await page.selectOption('select.lang-chooser', 'fr');
  await page.waitForFunction((want) => document.querySelector('header.top a[href="learn.html"]')?.textContent === want, texts.fr.Learn);
  release();
  await page.waitForTimeout(500);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', 'the later choice stays');
  assert.equal(await page.locator('header.top a[href="learn.html"]').textContent(), texts.fr.Learn);
  assert.equal(await page.evaluate(() => document.querySelector('select.lang-chooser').value), 'fr');
  // A language whose file cannot be had: the page stays French and says why.
  await page.route(/i18n\/it-[0-9a-f]+\.txt$/, (route) => route.abort());
  await page.selectOption('select.lang-chooser', 'it');
  await page.waitForFunction(() => document.querySelector('select.lang-chooser').value === 'fr');
  const why = await page.getByTestId('language-problem').textContent();
  assert.ok(why.startsWith(texts.fr['The language could not be loaded ({reason}).'].split('{reason}')[0]), why);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr', '<html lang> back to the page\'s');
  assert.equal(await page.locator('header.top a[href="learn.html"]').textContent(), texts.fr.Learn);
  assert.equal(await page.evaluate(() => document.querySelector('svg.board').dataset.kept), 'yes', 'the same board throughout');
  await page.getByTestId('language-problem').getByRole('button').click();
  assert.equal(await page.getByTestId('language-problem').count(), 0, 'closed');
  // The preferences kept French too.
  await page.reload();
  await started(page);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  // The editor: its board kept, its title, panel and cells in the new language.
  await page.goto(`${shared.server.url}?edit`);
  await page.waitForSelector('#editor-verdict');
  await page.evaluate(() => {
    document.querySelector('svg.board').dataset.kept = 'yes';
  });
  await page.selectOption('select.lang-chooser', 'de');
  await page.waitForFunction((want) => document.querySelector('[data-act="start"]')?.textContent === want, texts.de['Start position']);
  assert.equal(await page.locator('.editor h1').textContent(), texts.de['Board editor']);
  assert.equal(await page.evaluate(() => document.querySelector('svg.board').dataset.kept), 'yes', "the editor's board kept");
  await page.waitForFunction((want) => document.getElementById('cell-d4')?.getAttribute('aria-label') === want, texts.de['{cell}, empty'].replace('{cell}', 'd4'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe-core finds no WCAG 2.2 A/AA violation in any language', async () => {
  const context = await shared.browser.newContext({ bypassCSP: true, viewport: { width: 1366, height: 850 } });
  for (const lang of [...LANGS, 'pseudo']) {
    for (const [name, query, ready] of PAGES.filter(([n]) => ['home', 'play', 'rules', 'my games', 'learn'].includes(n))) {
      const { page } = await openPage(context, `${query}&lang=${lang}`, ready);
      await page.evaluate(axeSource);
      const result = await page.evaluate(() =>
        window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }),
      );
      const violations = result.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      assert.deepEqual(violations, [], `${lang} ${name}`);
      await page.close();
    }
  }
  await context.close();
});

test('dates, counts and durations are written by the browser\'s Intl in the page\'s language', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa&lang=de`);
  await started(page);
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b3"]');
  await page.waitForURL(/moves=/);
  await page.waitForTimeout(400);
  await page.goto(`${shared.server.url}?games&lang=de`);
  await page.waitForSelector('.games-line:not(:empty)');
  const meta = await page.locator('.games-list li .game-meta').first().textContent();
  // German's medium date (07.12.2026): the browser's own, never 2026-12-07.
  const today = await page.evaluate(() => new Intl.DateTimeFormat('de', { dateStyle: 'medium' }).format(Date.now()));
  assert.ok(meta.includes(today), `${meta} has ${today}`);
  assert.doesNotMatch(meta, /\d{4}-\d{2}-\d{2}/);
  // A friend's time for a move in days: German's units, from Intl.
  await page.goto(`${shared.server.url}?game=loa&lang=de`);
  await started(page);
  await page.click('button:has-text("Neues Spiel")');
  await page.selectOption('#seat-o', 'friend');
  await page.waitForSelector('#friend-days');
  const days = await page.$$eval('#friend-days option', (options) => options.map((o) => o.textContent));
  const want = await page.evaluate(() => [1, 3].map((n) => new Intl.NumberFormat('de', { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(n)));
  assert.deepEqual(days.slice(1, 3), want);
  await context.close();
});

test('My games follows a switch of language: the games kept before are worded again in it', async () => {
  const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${shared.server.url}?game=loa&lang=en`);
  await started(page);
  await page.click('[data-cell="b1"]');
  await page.click('[data-cell="b3"]');
  await page.waitForURL(/moves=/);
  await page.waitForTimeout(400);
  await page.goto(`${shared.server.url}?games`);
  await page.waitForSelector('.games-list li .game-result');
  assert.equal(await page.locator('.games-list li .game-result').first().textContent(), 'White to move');
  await page.selectOption('select.lang-chooser', 'de');
  const want = texts.de['{player} to move'].replace('{player}', texts.de.White);
  await page.waitForFunction((w) => document.querySelector('.games-list li .game-result')?.textContent === w, want);
  // Found by its German words too.
  await page.fill('#filter-text', want.split(' ')[0]);
  await page.waitForFunction(() => document.querySelectorAll('.games-list li').length === 1);
  await context.close();
});
