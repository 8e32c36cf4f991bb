// The Learn page (learn.html): a lesson per game — short steps, each a
// position and one goal met with one move — and puzzles proven by
// Ludoteca's own search. The board is the app itself, in a frame, as a
// challenge (`solve=`): the app checks every move by the rules and answers
// from the solution; its frame tells this page its status line
// (embed-frame.js), by which the page follows a step or a puzzle. Data
// (lessons.txt, puzzles.txt) is fetched here, never compiled into the app;
// the service worker keeps it for offline use. Progress stays in this
// browser (localStorage, `ludoteca.learn`, versioned). Everything the page
// writes is text (textContent), never markup.
(function () {
  'use strict';

  // ---- Language ------------------------------------------------------------
  // As the app: a link's ?lang= (kept for the tab), the player's choice (the
  // app's preferences, `lang=`), the browser's languages, else English. Each
  // language's texts are a file the build names in a <meta>; a text is its
  // English, looked up there (`t`, `tn` for a count, placeholders named).
  const LANGS = { en: 'English', de: 'Deutsch', es: 'Espa\u00f1ol', fr: 'Fran\u00e7ais', it: 'Italiano', pl: 'Polski', ru: '\u0420\u0443\u0441\u0441\u043a\u0438\u0439' };
  const files = dict0();
  for (const name of ((document.querySelector('meta[name=ludoteca-languages]') || {}).content || '').split(/\s+/)) {
    if (/^[a-z]{2}-[0-9a-f]+$/.test(name)) files[name.slice(0, 2)] = 'i18n/' + name + '.txt';
  }
  function dict0() { return Object.create(null); }
  /**
   * A language's packed texts (ludoteca_core::i18n::file): records split by
   * U+001E after the header, fields by U+001F, `key text` or `key category
   * form category form…`. Anything else: no texts (English stays).
   */
  function unpack(packed) {
    const out = dict0();
    const records = packed.split('\u001e');
    if (records[0] !== 'ludoteca-texts 1') return out;
    for (const record of records.slice(1)) {
      const f = record.split('\u001f');
      if (f.length === 2) out[f[0]] = f[1];
      else if (f.length > 2 && f.length % 2 === 1) {
        const forms = dict0();
        for (let i = 1; i < f.length; i += 2) forms[f[i]] = f[i + 1];
        out[f[0]] = forms;
      }
    }
    return out;
  }
  // The app's preferences, under this site's folder as the app keeps them
  // (`web::load`: `/ludoteca/ludoteca.prefs`), or the unscoped key of older builds.
  const PREFS = location.pathname.replace(/[^/]*$/, '') + 'ludoteca.prefs';
  function storedPrefs() {
    try { return localStorage.getItem(PREFS) || localStorage.getItem('ludoteca.prefs') || ''; } catch (e) { return ''; }
  }
  function wantedLang() {
    const code = (c) => {
      const first = String(c || '').toLowerCase().split(/[-_]/)[0];
      return first === 'pseudo' || String(c).toLowerCase() === 'en-xa' ? 'pseudo' : (first in LANGS ? first : null);
    };
    let session = null;
    try { session = sessionStorage; } catch (e) { /* none */ }
    const link = code(new URLSearchParams(location.search).get('lang'));
    if (link && session) try { session.setItem('ludoteca.lang-link', link); } catch (e) { /* full */ }
    const kept = session ? code(session.getItem('ludoteca.lang-link')) : null;
    const chosen = /(?:^|;)\s*lang=([a-z]{2})\b/.exec(storedPrefs());
    return link || kept || (chosen && code(chosen[1])) || (navigator.languages || []).map(code).find((c) => c && c !== 'pseudo') || 'en';
  }
  const lang = wantedLang();
  let texts = dict0();
  let plural = new Intl.PluralRules('en');
  // A count as the language writes it (1,234; 1.234; 1 234).
  let numbers = new Intl.NumberFormat('en');
  const fill = (text, values) => text.replace(/\{([A-Za-z0-9_]+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));
  const ACCENTS = { a: '\u00e1', c: '\u00e7', e: '\u00e9', i: '\u00ee', n: '\u00f1', o: '\u00f6', s: '\u0161', u: '\u00fc', y: '\u00fd', A: '\u00c5', C: '\u00c7', E: '\u00c9', I: '\u00ce', N: '\u00d1', O: '\u00d6', S: '\u0160', U: '\u00db' };
  /** The tests' pseudo-language, as the app makes it (ludoteca_core::i18n). */
  function stretch(english) {
    let inside = false;
    let letters = 0;
    let out = '\u27e6';
    for (const c of english) {
      if (c === '{') inside = true;
      if (c === '}') inside = false;
      out += inside ? c : (ACCENTS[c] || c);
      if (!inside && /\p{L}/u.test(c)) letters++;
    }
    for (let i = 0; i < Math.ceil((letters * 2) / 5); i++) out += i % 6 === 5 ? ' ' : '~';
    return out + '\u27e7';
  }
  /** `english` in the page's language, with its named values. */
  function t(english, values) {
    const text = lang === 'pseudo' ? stretch(english) : typeof texts[english] === 'string' ? texts[english] : english;
    return fill(text, values);
  }
  /** The form of `one`/`other` for the count `n`, by the language's plural rules. */
  function tn(n, one, other, values) {
    const forms = texts[one + '|' + other];
    let text = n === 1 ? one : other;
    if (lang === 'pseudo') text = stretch(text);
    else if (forms && typeof forms === 'object') text = forms[plural.select(n)] || forms.other || text;
    return fill(text, Object.assign({ n: numbers.format(n) }, values));
  }
  /** Fetches the language's texts (English needs none); English stays if they cannot be had. */
  function loadLanguage() {
    document.documentElement.lang = lang === 'pseudo' ? 'en-XA' : lang;
    if (!files[lang]) return Promise.resolve();
    const manifest = document.querySelector('link[rel=manifest]');
    if (manifest) manifest.setAttribute('href', 'manifest.' + lang + '.webmanifest');
    plural = new Intl.PluralRules(lang);
    numbers = new Intl.NumberFormat(lang);
    return fetch(files[lang]).then((r) => (r.ok ? r.text() : '')).then((packed) => {
      texts = unpack(packed);
    }, () => {});
  }
  /** The chooser in the header: a choice is kept in the app's preferences, and the page loads again in it. */
  function chooser() {
    const header = document.querySelector('header.top');
    if (!header || header.querySelector('.lang-chooser')) return;
    const select = el('select', { class: 'lang-chooser', 'aria-label': t('Language') },
      Object.entries(LANGS).map(([code, name]) => el('option', { value: code, lang: code, selected: code === lang }, name)));
    select.addEventListener('change', function () {
      try {
        const prefs = storedPrefs().split(';').filter((p) => p && !/^\s*lang=/.test(p));
        prefs.push('lang=' + select.value);
        localStorage.setItem(PREFS, prefs.join(';'));
        sessionStorage.removeItem('ludoteca.lang-link');
      } catch (e) { /* no storage: this visit only */ }
      const url = new URL(location.href);
      url.searchParams.set('lang', select.value);
      location.replace(url.href);
    });
    header.append(select);
  }
  /** The header's words, written by the build in English. */
  function translateHeader() {
    const header = document.querySelector('header.top');
    if (!header) return;
    for (const a of header.querySelectorAll('a.games-link')) a.textContent = t(a.textContent);
    const nav = header.querySelector('nav');
    if (nav) nav.setAttribute('aria-label', t(nav.getAttribute('aria-label') || ''));
    for (const a of header.querySelectorAll('nav a')) a.textContent = t(a.textContent);
    const label = header.querySelector('.nav-label');
    if (label) label.textContent = t(label.textContent);
    // The page's own tabs, written in English in learn.html.
    const tabs = document.querySelector('.learn-nav');
    if (tabs) {
      tabs.setAttribute('aria-label', t('Learn'));
      for (const a of tabs.querySelectorAll('a')) a.textContent = a.dataset.nav === 'puzzles' ? t('Puzzles') : t('Lessons');
    }
    const loading = document.querySelector('#learn .muted');
    if (loading) loading.textContent = t('Loading the lessons\u2026');
  }

  const GAMES = [
    { id: 'attract', name: 'Attract' },
    { id: 'forms', name: 'Forms' },
    { id: 'ra', name: 'RA' },
    { id: 'loa', name: 'Lines of Action' },
  ];
  const gameName = (id) => t((GAMES.find((g) => g.id === id) || { name: id }).name);
  const main = document.getElementById('learn');

  // ---- Progress ----------------------------------------------------------
  // {v: 2, steps: {game: [step numbers done]}, solved: {id: 1}, failed: {id: 1},
  //  rated: {id: 1}, streak, best, rating: {game: {r, rd, vol, n}}}. Version 1 had a level
  //  (1..5) per game instead of a rating, and `run`: its level becomes a
  //  starting rating. A newer version's progress is read, never written.
  const KEY = 'ludoteca.learn';
  const VERSION = 2;
  let note = '';
  let readOnly = false;

  // Maps keyed by what an address or a stored copy names (a game, a puzzle):
  // without a prototype, so `constructor` or `__proto__` is no key of theirs.
  const dict = () => Object.create(null);

  function fresh() {
    return { v: VERSION, steps: dict(), solved: dict(), failed: dict(), rated: dict(), streak: 0, best: 0, rating: dict() };
  }

  // ---- Puzzle ratings: Glicko-2 (Glickman, 2012) -------------------------
  // A player's rating in each game, kept in the browser, moves after every
  // puzzle against the puzzle's rating, which its proven difficulty sets
  // (1 of 5: 1300, … 5 of 5: 2100; a puzzle's rating does not move: there is
  // no server to gather everyone's results). The next puzzle is the
  // unsolved one nearest the player's rating.
  const SCALE = 173.7178;
  const TAU = 0.5;
  const START = { r: 1500, rd: 350, vol: 0.06, n: 0 };
  const puzzleRating = (difficulty) => 1100 + 200 * difficulty;
  const PUZZLE_RD = 80;

  /**
   * A Glicko-2 rating period: `player` {r, rd, vol} after `results`, each
   * {r, rd, score} (1 a win, 0 a loss): the new {r, rd, vol}.
   */
  function rate(player, results) {
    const mu = (player.r - 1500) / SCALE;
    const phi = player.rd / SCALE;
    const g = (p) => 1 / Math.sqrt(1 + (3 * p * p) / (Math.PI * Math.PI));
    const e = (m, mj, pj) => 1 / (1 + Math.exp(-g(pj) * (m - mj)));
    if (results.length === 0) {
      return { r: player.r, rd: Math.min(350, SCALE * Math.sqrt(phi * phi + player.vol * player.vol)), vol: player.vol };
    }
    let vInv = 0;
    let sum = 0;
    for (const o of results) {
      const mj = (o.r - 1500) / SCALE;
      const pj = o.rd / SCALE;
      const ej = e(mu, mj, pj);
      vInv += g(pj) * g(pj) * ej * (1 - ej);
      sum += g(pj) * (o.score - ej);
    }
    const v = 1 / vInv;
    const delta = v * sum;
    // The new volatility: the root of f by the Illinois algorithm.
    const a = Math.log(player.vol * player.vol);
    const f = (x) => {
      const ex = Math.exp(x);
      return (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (TAU * TAU);
    };
    let A = a;
    let B;
    if (delta * delta > phi * phi + v) {
      B = Math.log(delta * delta - phi * phi - v);
    } else {
      let k = 1;
      while (f(a - k * TAU) < 0) k += 1;
      B = a - k * TAU;
    }
    let fA = f(A);
    let fB = f(B);
    for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
      const C = A + ((A - B) * fA) / (fB - fA);
      const fC = f(C);
      if (fC * fB <= 0) {
        A = B;
        fA = fB;
      } else {
        fA /= 2;
      }
      B = C;
      fB = fC;
    }
    const vol = Math.exp(A / 2);
    const phiStar = Math.sqrt(phi * phi + vol * vol);
    const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
    const muNew = mu + phiNew * phiNew * sum;
    return { r: SCALE * muNew + 1500, rd: SCALE * phiNew, vol: vol };
  }
  // For the browser tests (the published example) and the curious: the rating function alone.
  window.ludotecaLearn = Object.freeze({ rate: rate });

  /** The player's rating in `game`. */
  const ratingOf = (game) => progress.rating[game] || START;

  /** Reads the stored progress; anything it cannot use is said, never dropped. */
  function load() {
    let raw = null;
    try {
      raw = localStorage.getItem(KEY);
    } catch (e) {
      readOnly = true;
      note = t('This browser does not let the page keep your progress (storage is off): it lasts until you leave.');
      return fresh();
    }
    if (raw === null) return fresh();
    let data;
    try {
      data = JSON.parse(raw);
      if (!data || typeof data !== 'object' || typeof data.v !== 'number') throw new Error('no version');
    } catch (e) {
      // Kept aside, not lost: a later version may read it.
      try { localStorage.setItem(KEY + '.unreadable', raw); } catch (e2) { /* full: it stays where it is */ }
      note = t('Your saved progress could not be read; it was set aside (as {key}) and you start afresh.', { key: KEY + '.unreadable' });
      return fresh();
    }
    if (data.v > VERSION) {
      readOnly = true;
      note = t('Your progress was saved by a newer version of Ludoteca. Reload the page to update; until then nothing is saved here.');
    }
    return normal(data);
  }

  /** Every field in its type (a stored value from an older or damaged copy). */
  function normal(data) {
    const out = fresh();
    const map = (x) => (x && typeof x === 'object' && !Array.isArray(x) ? x : {});
    for (const [game, list] of Object.entries(map(data.steps))) {
      if (Array.isArray(list)) out.steps[game] = list.filter((n) => Number.isInteger(n) && n >= 0);
    }
    for (const name of ['solved', 'failed', 'rated']) {
      for (const [k, v] of Object.entries(map(data[name]))) if (typeof v === 'number') out[name][k] = v;
    }
    const finite = (x) => typeof x === 'number' && Number.isFinite(x);
    for (const [game, r] of Object.entries(map(data.rating))) {
      if (r && finite(r.r) && finite(r.rd) && finite(r.vol) && r.rd > 0 && r.vol > 0) {
        out.rating[game] = { r: r.r, rd: Math.min(350, r.rd), vol: r.vol, n: Number.isInteger(r.n) ? r.n : 0 };
      }
    }
    // Version 1's levels (1..5) become a starting rating, at the puzzles' scale.
    for (const [game, level] of Object.entries(map(data.level))) {
      if (!out.rating[game] && Number.isInteger(level) && level >= 1 && level <= 5) {
        out.rating[game] = { r: puzzleRating(level), rd: 200, vol: 0.06, n: 0 };
      }
    }
    out.streak = Number.isInteger(data.streak) ? data.streak : 0;
    out.best = Number.isInteger(data.best) ? data.best : 0;
    return out;
  }

  /** What another tab saved, joined with ours: nothing done is ever undone. */
  function merge(ours, theirs) {
    for (const [game, list] of Object.entries(theirs.steps)) {
      ours.steps[game] = Array.from(new Set([...(ours.steps[game] || []), ...list])).sort((a, b) => a - b);
    }
    Object.assign(ours.solved, theirs.solved, ours.solved);
    Object.assign(ours.failed, theirs.failed, ours.failed);
    Object.assign(ours.rated, theirs.rated, ours.rated);
    // A rating: the one that has seen more puzzles.
    for (const [game, r] of Object.entries(theirs.rating)) {
      if (!ours.rating[game] || r.n > ours.rating[game].n) ours.rating[game] = r;
    }
    ours.best = Math.max(ours.best, theirs.best);
    return ours;
  }

  let progress = load();

  function save() {
    const full = t('Your progress could not be saved: the browser\u2019s storage is full. It is kept while this page is open.');
    if (readOnly) return;
    try {
      const raw = localStorage.getItem(KEY);
      if (raw) {
        const theirs = JSON.parse(raw);
        if (theirs && theirs.v > VERSION) {
          readOnly = true;
          note = t('A newer version of Ludoteca is open in another tab. Reload the page to update; until then nothing is saved here.');
          showNote();
          return;
        }
        if (theirs && theirs.v === VERSION) merge(progress, normal(theirs));
      }
      localStorage.setItem(KEY, JSON.stringify(progress));
      if (note === full) {
        note = '';
        showNote();
      }
    } catch (e) {
      note = full;
      showNote();
    }
  }

  // Another tab's progress: joined in, and the page shown again (not the board).
  window.addEventListener('storage', function (event) {
    if (event.key !== KEY || !event.newValue) return;
    try {
      const theirs = JSON.parse(event.newValue);
      if (theirs && theirs.v === VERSION) {
        merge(progress, normal(theirs));
        // The Learn page's counts follow; a lesson or a puzzle shown is left as it is.
        if (!location.hash || location.hash === '#') home();
      }
    } catch (e) { /* another tab wrote something unreadable: ours stays */ }
  });

  // ---- Data --------------------------------------------------------------
  const cache = dict();
  function fetchText(name) {
    if (!cache[name]) {
      cache[name] = fetch(name).then(function (response) {
        if (!response.ok) throw new Error(name + ': ' + response.status + ' ' + response.statusText);
        return response.text();
      });
      cache[name].catch(function () { delete cache[name]; });
    }
    return cache[name];
  }

  /** lessons.txt: {game: {title, intro, steps: [{spec, position, goal, accept, task, hint, done, section}]}} */
  function readLessons(text) {
    const lines = text.split('\n');
    if (lines[0].trim() !== 'ludoteca-lessons 1') throw new Error('lessons.txt is not a lessons file this page reads');
    const out = dict();
    let lesson = null;
    for (const line of lines.slice(1)) {
      const f = line.split('\t');
      if (f[0] === 'lesson' && f.length === 4) out[f[1]] = lesson = { game: f[1], title: f[2], intro: f[3], steps: [] };
      else if (f[0] === 'step' && f.length === 9 && lesson) {
        lesson.steps.push({ spec: f[1], position: f[2], goal: f[3], accept: f[4], task: f[5], hint: f[6], done: f[7], section: f[8] });
      }
    }
    return out;
  }

  /** The puzzle id as Ludoteca's generator makes it (FNV-1a of "SPEC POSITION"). */
  function puzzleId(spec, position) {
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(spec + ' ' + position)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    return hash.toString(16).padStart(8, '0');
  }

  /** puzzles.txt: [{id, game, spec, difficulty, position, line: [moves]}] */
  function readPuzzles(text) {
    const lines = text.split('\n');
    if (!lines[0].startsWith('ludoteca-puzzles 1')) throw new Error('puzzles.txt is not a puzzle file this page reads');
    const out = [];
    let spec = null;
    for (const line of lines.slice(1)) {
      if (line.startsWith('= ')) spec = line.slice(2);
      else if (spec && line && !line.startsWith('#')) {
        const [difficulty, position, solution] = line.split('\t');
        if (!solution) continue;
        out.push({
          id: puzzleId(spec, position), game: spec.split(':')[0], spec: spec,
          difficulty: Number(difficulty), position: position, line: solution.split(' '),
        });
      }
    }
    return out;
  }

  // The data of the page the address names now: when it arrives after the
  // player has gone to another page (the address changed meanwhile), it is
  // not drawn, neither page nor failure, over the page shown.
  let routeNo = 0;
  function forThisPage(promise) {
    const mine = routeNo;
    const stale = () => new Promise(() => {});
    return promise.then((value) => (mine === routeNo ? value : stale()), (e) => (mine === routeNo ? Promise.reject(e) : stale()));
  }
  const lessons = () => forThisPage(fetchText(files[lang] ? 'lessons.' + lang + '.txt' : 'lessons.txt').then(readLessons));
  const puzzles = () => forThisPage(fetchText('puzzles.txt').then(readPuzzles));

  // ---- Elements ----------------------------------------------------------
  /** An element with attributes and children (strings become text). */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === false || v === null || v === undefined) continue;
      if (k === 'onclick') node.addEventListener('click', v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (const child of children.flat()) {
      if (child !== null && child !== undefined && child !== false) node.append(child);
    }
    return node;
  }

  // Brings the line after a move and its way on into view: below a tall
  // board they would start under the fold.
  function reveal(element) {
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollIntoView({ block: 'nearest', behavior: still ? 'auto' : 'smooth' });
  }

  function show(title, ...children) {
    document.title = t('{page} — Ludoteca', { page: title });
    main.replaceChildren(el('p', { class: 'note notice', role: 'alert', hidden: !note }, note), ...children);
    for (const link of document.querySelectorAll('[data-nav]')) {
      const here = (location.hash.startsWith('#puzzle') ? 'puzzles' : 'home') === link.dataset.nav;
      if (here) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  }

  function showNote() {
    const p = main.querySelector('.note');
    if (p) {
      p.textContent = note;
      p.hidden = !note;
    }
  }

  function failed(what, error) {
    show(t('Learn'), el('h1', {}, t('Learn')), el('p', { class: 'note notice', role: 'alert' },
      what === 'lessons' ? t('The lessons could not be loaded ({reason}). Try again when you are online.', { reason: error.message })
        : t('The puzzles could not be loaded ({reason}). Try again when you are online.', { reason: error.message })));
  }

  /** A rules page heading's id, as the app writes it (`markup::rules::anchor`): ASCII letters and digits lowered, other ASCII a dash, other scripts as they are. */
  function anchor(heading) {
    return heading.replace(/[\u0000-\u007f]/g, (c) => (/[A-Za-z0-9]/.test(c) ? c.toLowerCase() : '-'));
  }

  /** An app address: its parameters written as the app writes its links (`:`, `,`, `=` and `/` as they are). */
  function appAddress(params) {
    const enc = (s) => encodeURIComponent(s).replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%3D/g, '=').replace(/%2F/g, '/');
    return './?' + params.map(([key, value]) => key + '=' + enc(value)).join('&');
  }

  /** The address of the app showing a challenge: its board, in a frame. */
  function boardAddress(spec, position, solve) {
    const params = [['game', spec], ['from', position], ['solve', solve], ['embed', '1']];
    // The board speaks the page's language.
    if (lang !== 'en') params.push(['lang', lang === 'pseudo' ? 'pseudo' : lang]);
    return appAddress(params);
  }

  // The board's frame, its height and its status line (embed-frame.js).
  let frame = null;
  let onStatus = null;
  window.addEventListener('message', function (event) {
    if (!frame || event.source !== frame.contentWindow || event.origin !== location.origin || !event.data) return;
    if (event.data.ludoteca === 'height') {
      const height = Number(event.data.height);
      if (height > 0 && height < 5000) {
        frame.style.aspectRatio = 'auto';
        frame.style.height = Math.ceil(height) + 'px';
      }
    } else if (event.data.ludoteca === 'status' && onStatus) {
      onStatus(String(event.data.mark || ''));
    }
  });

  function board(address, title, handler) {
    frame = el('iframe', { src: address, title: title, class: 'board-frame' });
    onStatus = handler;
    return frame;
  }

  /** Where the board's challenge stands, from its mark (the app's `Session::challenge_mark`, in no language): solved, the solution shown, a refused move, a hint. */
  function reading(mark) {
    const wrong = /^wrong (\S+)$/.exec(mark);
    return { solved: mark === 'solved', shown: mark === 'shown', wrong: wrong ? wrong[1] : null, hint: mark === 'hint' };
  }

  // ---- Pages -------------------------------------------------------------
  function home() {
    Promise.all([lessons(), puzzles()]).then(function ([all, found]) {
      const cards = GAMES.map(function (g) {
        const lesson = all[g.id];
        const steps = lesson ? lesson.steps.length : 0;
        const done = (progress.steps[g.id] || []).filter((n) => n < steps).length;
        const mine = found.filter((p) => p.game === g.id);
        const solved = mine.filter((p) => progress.solved[p.id]).length;
        const verb = done === 0 ? t('Start the lesson') : done < steps ? t('Go on with the lesson') : t('Go through it again');
        return el('article', { class: 'card', 'data-game': g.id },
          el('h2', {}, gameName(g.id)),
          el('p', { 'data-lesson': '' }, lesson ? lesson.intro : ''),
          el('p', { class: 'muted', 'data-count': 'lesson' }, tn(steps, '{done} of {n} step done', '{done} of {n} steps done', { done: done })),
          el('p', { class: 'actions' },
            el('a', { class: 'button primary', href: '#lesson/' + g.id }, verb),
            el('a', { class: 'button', href: '#puzzles/' + g.id }, t('Puzzles')),
            el('a', { class: 'link', href: './?rules=' + g.id }, t('Rules'))),
          el('p', { class: 'muted', 'data-count': 'puzzles' }, tn(mine.length, '{solved} of {n} puzzle solved', '{solved} of {n} puzzles solved', { solved: solved })));
      });
      show(t('Learn'),
        el('h1', {}, t('Learn to play')),
        el('p', { class: 'lede' }, t('Each game in a few minutes: short steps on a real board, each with one thing to do. Then puzzles, every one proven by Ludoteca\u2019s own search to have exactly one winning first move.')),
        el('div', { class: 'cards' }, cards));
    }, (e) => failed('lessons', e));
  }

  function lesson(game, wanted) {
    lessons().then(function (all) {
      const lesson = all[game];
      if (!lesson) {
        show(t('Learn'), el('h1', {}, t('Learn')), el('p', { class: 'note notice', role: 'alert' }, t('There is no lesson for \u201c{game}\u201d.', { game: game })), el('a', { href: '#' }, t('All lessons')));
        return;
      }
      const done = new Set(progress.steps[game] || []);
      let at = Number.isInteger(wanted) && wanted >= 0 && wanted < lesson.steps.length ? wanted : lesson.steps.findIndex((_, i) => !done.has(i));
      if (at < 0) return finished(lesson);
      const step = lesson.steps[at];
      const feedback = el('p', { class: 'feedback', role: 'status', 'aria-live': 'polite' });
      const next = el('a', { class: 'button primary', href: at + 1 < lesson.steps.length ? '#lesson/' + game + '/' + (at + 1) : '#lesson/' + game + '/done', hidden: true }, at + 1 < lesson.steps.length ? t('Next step') : t('Finish'));
      const steps = el('ol', { class: 'steps', 'aria-label': t('Steps') }, lesson.steps.map((s, i) =>
        el('li', {}, el('a', {
          href: '#lesson/' + game + '/' + i, class: done.has(i) ? 'done' : '', 'aria-current': i === at ? 'step' : false,
          'aria-label': done.has(i) ? t('Step {n}, done', { n: i + 1 }) : t('Step {n}', { n: i + 1 }),
        }, String(i + 1)))));
      const frameTitle = t('Board for step {n}: {task}', { n: at + 1, task: step.task });
      const solve = step.accept;
      show(lesson.title,
        el('p', { class: 'crumbs' }, el('a', { href: '#' }, t('Learn')), ' \u203a ', gameName(game)),
        el('h1', { 'data-lesson': '' }, lesson.title),
        steps,
        el('section', { class: 'step', 'aria-labelledby': 'task' },
          el('p', { class: 'muted' }, t('Step {n} of {count}', { n: at + 1, count: lesson.steps.length })),
          el('h2', { id: 'task', 'data-lesson': '' }, step.task),
          board(boardAddress(step.spec, step.position, solve), frameTitle, function (mark) {
            const r = reading(mark);
            if (r.solved || r.shown) {
              feedback.textContent = (r.shown ? t('This was the move.') : t('Right.')) + ' ' + step.done;
              feedback.className = 'feedback good';
              next.hidden = false;
              reveal(next);
              if (r.solved && !done.has(at)) {
                done.add(at);
                progress.steps[game] = Array.from(done).sort((a, b) => a - b);
                save();
                steps.children[at].firstChild.classList.add('done');
              }
            } else if (r.wrong) {
              feedback.textContent = t('Not {move}.', { move: r.wrong }) + ' ' + step.hint;
              feedback.className = 'feedback';
            }
          }),
          feedback,
          el('p', { class: 'actions' }, next,
            el('a', { class: 'link', href: './?rules=' + game + '#' + anchor(step.section) }, t('Rules: {section}', { section: step.section })))));
    }, (e) => failed('lessons', e));
  }

  function finished(lesson) {
    const spec = lesson.steps.length ? lesson.steps[lesson.steps.length - 1].spec.split(':')[0] : lesson.game;
    show(lesson.title,
      el('p', { class: 'crumbs' }, el('a', { href: '#' }, t('Learn')), ' \u203a ', gameName(lesson.game)),
      el('h1', {}, t('You know how to play {game}', { game: gameName(lesson.game) })),
      el('p', { class: 'lede' }, t('Every rule, on the board. Now play a game against the computer at its gentlest level, or sharpen your eye on puzzles.')),
      el('p', { class: 'actions' },
        el('a', { class: 'button primary', href: './?game=' + spec + '&x=ai:1' }, t('Play the computer')),
        el('a', { class: 'button', href: '#puzzles/' + lesson.game }, t('Puzzles')),
        el('a', { class: 'link', href: '#lesson/' + lesson.game + '/0' }, t('Go through the lesson again'))));
  }

  // ---- Puzzles -----------------------------------------------------------
  /** The next puzzle of `game`: an unsolved one of the difficulty chosen, or nearest the player's rating. */
  const seen = new Set();
  function pick(all, game, chosen) {
    const mine = all.filter((p) => p.game === game);
    const target = chosen ? puzzleRating(chosen) : ratingOf(game).r;
    // Not solved yet, and not shown in this visit (a skipped or failed one comes back later).
    const unseen = mine.filter((p) => !progress.solved[p.id] && !seen.has(p.id));
    const open = unseen.length ? unseen : mine.filter((p) => !progress.solved[p.id]);
    const pool = open.length ? open : mine;
    let best = null;
    for (const p of pool) {
      const distance = Math.abs(puzzleRating(p.difficulty) - target);
      if (!best || distance < best.distance) best = { p: p, distance: distance };
    }
    return best && best.p;
  }

  function puzzlePage(game, id) {
    puzzles().then(function (all) {
      let puzzle = id ? all.find((p) => p.id === id) : null;
      if (id && !puzzle) {
        show(t('Puzzles'), el('h1', {}, t('Puzzles')), el('p', { class: 'note notice', role: 'alert' }, t('There is no puzzle \u201c{id}\u201d here (it may come from another version of Ludoteca).', { id: id })), el('a', { href: '#puzzles' }, t('All puzzles')));
        return;
      }
      if (!game) game = puzzle ? puzzle.game : null;
      if (!game || !GAMES.some((g) => g.id === game)) {
        show(t('Puzzles'), el('h1', {}, t('Puzzles')),
          el('p', { class: 'lede' }, t('Positions from games of Ludoteca\u2019s engines where the side to move wins by force — and only one first move wins. Every one proven by our solver.')),
          el('ul', { class: 'games' }, GAMES.map((g) => {
            const mine = all.filter((p) => p.game === g.id);
            const solved = mine.filter((p) => progress.solved[p.id]).length;
            return el('li', {}, el('a', { class: 'button', href: '#puzzles/' + g.id }, gameName(g.id)), ' ', el('span', { class: 'muted' }, tn(mine.length, '{solved} of {n} solved', '{solved} of {n} solved', { solved: solved })));
          })));
        return;
      }
      const chosen = Number(sessionStorage.getItem('ludoteca.learn.difficulty') || 0) || 0;
      if (!puzzle) puzzle = pick(all, game, chosen);
      const mine = all.filter((p) => p.game === game);
      const stats = el('p', { class: 'stats', 'data-testid': 'stats' });
      const writeStats = function () {
        const solved = mine.filter((p) => progress.solved[p.id]).length;
        const rating = ratingOf(game);
        const values = { solved: solved, streak: progress.streak, best: progress.best, rating: Math.round(rating.r), margin: Math.round(2 * rating.rd) };
        stats.textContent = tn(mine.length, '{solved} of {n} solved', '{solved} of {n} solved', values) + ' \u00b7 ' +
          (rating.rd > 110 ? t('streak {streak} \u00b7 best {best} \u00b7 your rating {rating} \u00b1{margin} (provisional)', values)
            : t('streak {streak} \u00b7 best {best} \u00b7 your rating {rating} \u00b1{margin}', values));
      };
      writeStats();
      const feedback = el('p', { class: 'feedback', role: 'status', 'aria-live': 'polite' });
      const why = el('a', { class: 'link', hidden: true, target: '_blank', rel: 'noopener' }, t('See how it is refuted'));
      let hinted = false; // a hint was asked for
      let missed = false; // a move that does not win was tried
      let over = false;
      const moves = Math.ceil(puzzle.line.length / 2);
      const select = el('select', { id: 'difficulty' },
        el('option', { value: '0' }, t('Adapts to you')),
        [1, 2, 3, 4, 5].map((n) => el('option', { value: String(n) }, t('Difficulty {n}', { n: n }))));
      select.value = String(chosen);
      select.addEventListener('change', function () {
        try { sessionStorage.setItem('ludoteca.learn.difficulty', select.value); } catch (e) { /* kept for this page only */ }
        location.hash = '#puzzles/' + game;
        puzzlePage(game, null);
      });
      // The position's second field is the side to move, in every game.
      const learner = puzzle.position.split('_')[1] === 'x' ? 'Black' : 'White';
      seen.add(puzzle.id);
      const link = new URL('learn.html#puzzle/' + puzzle.id, location.href).href;
      show(t('{game} puzzles', { game: gameName(game) }),
        el('p', { class: 'crumbs' }, el('a', { href: '#puzzles' }, t('Puzzles')), ' \u203a ', gameName(game)),
        el('h1', {}, t('{game} puzzles', { game: gameName(game) })),
        el('p', { class: 'controls' }, el('label', { for: 'difficulty' }, t('Puzzles:')), ' ', select),
        stats,
        el('section', { class: 'step', 'aria-labelledby': 'task' },
          el('h2', { id: 'task' }, tn(moves, 'Find the win in {n} move', 'Find the win in {n} moves')),
          el('p', { class: 'muted' }, t('Difficulty {n} of 5 \u00b7 puzzle', { n: puzzle.difficulty }) + ' ', el('a', { href: '#puzzle/' + puzzle.id }, puzzle.id)),
          board(boardAddress(puzzle.spec, puzzle.position, puzzle.line.join(',')), t('Puzzle {id}', { id: puzzle.id }), function (mark) {
            const r = reading(mark);
            if (r.hint) hinted = true;
            if ((r.solved || r.shown) && !over) {
              over = true;
              const clean = r.solved && !hinted && !missed;
              if (clean) {
                progress.solved[puzzle.id] = 1;
                progress.streak += 1;
                progress.best = Math.max(progress.best, progress.streak);
              } else {
                if (r.solved) progress.solved[puzzle.id] = 1;
                else progress.failed[puzzle.id] = 1;
                progress.streak = 0;
              }
              // A clean solve wins against the puzzle's rating; a hint, a
              // wrong try or the solution shown loses (a puzzle seen once
              // counts once).
              const before = ratingOf(game);
              const counted = !progress.rated[puzzle.id];
              if (counted) {
                progress.rated[puzzle.id] = 1;
                const after = rate(before, [{ r: puzzleRating(puzzle.difficulty), rd: PUZZLE_RD, score: clean ? 1 : 0 }]);
                progress.rating[game] = { r: after.r, rd: after.rd, vol: after.vol, n: before.n + 1 };
              }
              const change = Math.round(ratingOf(game).r) - Math.round(before.r);
              const moved = counted ? ' ' + t('Rating {rating} ({change}).', { rating: Math.round(ratingOf(game).r), change: (change >= 0 ? '+' : '\u2212') + Math.abs(change) }) : '';
              save();
              writeStats();
              feedback.textContent = (clean ? t('Solved! Streak: {streak}.', { streak: progress.streak })
                : !r.solved ? t('That is the solution. The next one will be nearer your rating.')
                : hinted ? t('Solved, with a hint. The streak starts again.')
                : t('Solved, after a wrong try. The streak starts again.')) + moved;
              feedback.className = clean ? 'feedback good' : 'feedback';
              reveal(feedback.nextElementSibling);
            } else if (r.wrong && !over) {
              missed = true;
              feedback.textContent = t('{move} does not win: try another move, or ask for a hint.', { move: r.wrong });
              feedback.className = 'feedback';
              // The refutation: the wrong move played in the app, the computer answering.
              const opponent = learner === 'Black' ? 'o' : 'x';
              why.href = appAddress([['game', puzzle.spec], ['from', puzzle.position], ['moves', r.wrong], [opponent, 'ai:5']]);
              why.hidden = false;
            }
          }),
          feedback,
          el('p', { class: 'actions' },
            el('a', { class: 'button primary', href: '#puzzles/' + game + '/next', 'data-next': '' }, t('Next puzzle')),
            why,
            el('button', { type: 'button', class: 'link', onclick: function (event) {
              const button = event.currentTarget;
              navigator.clipboard.writeText(link).then(() => { button.textContent = t('Link copied'); }, () => { button.textContent = link; });
            } }, t('Copy this puzzle\u2019s link')))));
    }, (e) => failed('puzzles', e));
  }

  // ---- Routes: #, #lesson/GAME[/STEP|/done], #puzzles[/GAME[/next]], #puzzle/ID
  function route() {
    routeNo += 1;
    const parts = location.hash.replace(/^#/, '').split('/');
    frame = null;
    onStatus = null;
    if (parts[0] === 'lesson' && parts[1]) {
      if (parts[2] === 'done') lessons().then((all) => (all[parts[1]] ? finished(all[parts[1]]) : lesson(parts[1])), (e) => failed('lessons', e));
      else lesson(parts[1], parts[2] === undefined ? null : Number(parts[2]));
    } else if (parts[0] === 'puzzles') {
      if (parts[2] === 'next') {
        history.replaceState(null, '', '#puzzles/' + parts[1]);
      }
      puzzlePage(parts[1] || null, null);
    } else if (parts[0] === 'puzzle' && parts[1]) {
      puzzlePage(null, parts[1]);
    } else {
      home();
    }
    main.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }

  // The theme the player chose in the app (its preferences), as the app does.
  try {
    const prefs = storedPrefs();
    const theme = /(?:^|;)\s*theme=(light|dark)\b/.exec(prefs);
    if (theme) document.documentElement.dataset.theme = theme[1];
  } catch (e) { /* no storage: the system's theme */ }

  window.addEventListener('hashchange', route);
  loadLanguage().then(function () {
    translateHeader();
    chooser();
    route();
  });
})();
