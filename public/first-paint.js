// What a page shows before the app has loaded (the app's docs: docs/deploy.md,
// "First paint" and "The first board"). The served page holds the header,
// hidden; this script shows it (not in an embedded board, which has its own
// frame) and, when the address is the home page or a game at its start,
// fetches the page drawn ahead for it at build time (first-paint/<page>.html,
// drawn by the app's own code) and shows it. The first board, a small
// WebAssembly module of the rules, the session and the board's drawing
// (crates/first-board), then makes it playable while the app loads: a game's
// board, a shared game's link (which it draws itself), the home page's ways
// into a game. What is pressed before it is live is kept and pressed again
// once the first board or the app has drawn it, so no press is lost. The app
// removes the whole first paint when it starts.
(function () {
  const root = document.getElementById('first-paint');
  if (!root) return;
  const query = new URLSearchParams(location.search);
  // An embedded board (a frame, even of a full page's link) has no header.
  const framed = query.has('embed') || window.parent !== window;
  // The app cannot start (no WebAssembly, a file blocked or gone, an error
  // as it starts): never a blank page. The address, and the game in it,
  // stay as they are for the retry.
  let broken = false;
  // Whether the first board plays the board's presses itself.
  let live = false;
  const notLoading = () => {
    // (A live first board's line says whose move it is.)
    if (live) return;
    for (const note of root.querySelectorAll('.first-paint-note')) note.textContent = 'The board could not be loaded.';
  };
  const failed = (why) => {
    if (!root.isConnected || broken) return;
    broken = true;
    if (framed) root.querySelector('header')?.remove();
    root.hidden = false;
    const box = document.createElement('div');
    box.className = 'notice first-paint-failed';
    box.setAttribute('role', 'alert');
    const text = document.createElement('p');
    text.textContent = `Ludoteca could not start: ${why}. The game in this page's address is kept: try again, now or later.`;
    const retry = document.createElement('button');
    retry.textContent = 'Try again';
    retry.addEventListener('click', () => location.reload());
    box.append(text, retry);
    (document.getElementById('first-paint-page') || root).prepend(box);
    notLoading();
  };
  if (typeof WebAssembly !== 'object') failed('this browser cannot run WebAssembly');
  // (A script of the app that did not arrive; not a stylesheet or an image,
  // without which the app still starts: a missing .wasm fails its start.)
  window.addEventListener('error', (ev) => {
    const el = ev.target;
    if (el && el !== window) {
      if (el.tagName === 'SCRIPT') failed(`a file of the app did not arrive (${String(el.src).split('/').pop()})`);
      return;
    }
    failed(`an error as it started (${ev.message || 'no message'})`);
  }, true);
  window.addEventListener('unhandledrejection', (ev) => {
    failed(`an error as it started (${(ev.reason && ev.reason.message) || ev.reason || 'no message'})`);
  });
  if (framed) return;
  // The visitor's language, as the app chooses it (a link's lang=, the
  // tab's, the one chosen, the browser's; src/i18n.rs): in another than
  // English the page drawn ahead comes in it, with its header (until then
  // the English header keeps its place unseen).
  const langs = ((document.querySelector('meta[name=ludoteca-languages]') || {}).content || '').split(/\s+/).map((n) => n.slice(0, 2));
  const code = (c) => {
    const first = String(c || '').toLowerCase().split(/[-_]/)[0];
    return first === 'en' || langs.includes(first) ? first : null;
  };
  let lang = code(query.get('lang'));
  try {
    lang = lang || code(sessionStorage.getItem('ludoteca.lang-link'))
      || code((/(?:^|;)\s*lang=([a-z]{2})\b/.exec(localStorage.getItem(location.pathname.replace(/[^/]*$/, '') + 'ludoteca.prefs')) || [])[1]);
  } catch (e) { /* no storage: the browser's */ }
  lang = lang || (navigator.languages || []).map(code).find(Boolean) || 'en';
  const header = root.querySelector('header.top');
  if (lang !== 'en') {
    document.documentElement.lang = lang;
    if (header) header.style.visibility = 'hidden';
  }
  root.hidden = false;
  // (A link's language names no other page.)
  const keys = Array.from(query.keys()).filter((k) => k !== 'lang');
  const game = query.get('game') || '';
  // A game at its start: the game with its usual options, nothing played.
  const start = /^(attract|forms|ra|loa)$/.test(game) && keys.every((k) => ['game', 'o', 'seed', 'sound'].includes(k));
  // In another language, a link to a game with its usual options (its
  // moves, a position) gets that game's page drawn ahead too, for its
  // words; its board stays unseen until the first board draws the link's
  // position on it.
  const linked = !start && lang !== 'en' && /^(attract|forms|ra|loa)$/.test(game) && !query.has('edit');
  const name = keys.length === 0 ? 'home' : start || linked ? game : null;
  // A link to a game with other options (no page drawn ahead for it): in
  // another language the first board's column (it speaks English only)
  // waits unseen for the app's words; the board itself shows and plays.
  if (!name && lang !== 'en' && game && !query.has('edit')) root.classList.add('first-paint-words-later');
  const pressed = [];
  // What a press names: the app draws the same element with the same attribute.
  const target = (el) => {
    const found = el && el.closest && el.closest('[data-cell], [data-act]');
    if (!found) return null;
    return found.hasAttribute('data-cell')
      ? `.board-wrap [data-cell="${found.getAttribute('data-cell')}"]`
      : `[data-act="${found.getAttribute('data-act')}"]`;
  };
  root.addEventListener('click', (ev) => {
    const selector = target(ev.target);
    if (!selector || (live && selector.startsWith('.board-wrap'))) return;
    ev.preventDefault();
    pressed.push(selector);
    ev.target.closest('[data-cell], [data-act]').classList.add('first-paint-pressed');
  });
  // The app's start (its .wasm) waits for this gate: on the home page and a
  // game's page until the first board is live (or cannot be), so that the
  // first board's bytes have the connection to themselves; elsewhere it
  // opens at once.
  let openGate;
  window.ludotecaAppGate = new Promise((open) => (openGate = open));
  const meta = document.querySelector('meta[name="ludoteca-first-board"]');
  // The pages with a first board (the home page, a game at its start drawn
  // ahead, a link to a game with its moves, which the first board draws), as
  // the page's inline start decided (scripts/build/postbuild.mjs): there the
  // app's .wasm is not preloaded.
  const boardPage = document.documentElement.hasAttribute('data-first-board') && meta;
  if (!boardPage) openGate();
  // (A first board that never answers does not hold the app back for long.)
  else setTimeout(openGate, 10_000);
  // The first board's module and .wasm, fetched beside the page drawn ahead.
  let board = null;
  if (boardPage) {
    const js = new URL(meta.content, document.baseURI).href;
    const wasm = fetch(js.replace(/\.js$/, '_bg.wasm'));
    // (Its failure is the first board's, handled below: not the app's.)
    wasm.catch(() => {});
    board = import(js).then(async (module) => {
      await module.default({ module_or_path: wasm });
      return module;
    });
  }
  const drawn = !name && lang === 'en'
    ? Promise.resolve(false)
    : fetch(lang === 'en' ? `first-paint/${name}.html` : `first-paint/${name || 'header'}.${lang}.html`)
      .then((r) => (r.ok ? r.text() : ''))
      .then((html) => {
        const page = document.getElementById('first-paint-page');
        if (!html || !page || !root.isConnected) return false;
        // The build's own markup (never text from an address or a player).
        const drawn = document.createElement('template');
        drawn.innerHTML = html;
        const top = drawn.content.querySelector('header.top');
        if (top && header) header.replaceWith(top);
        const wrap = drawn.content.querySelector('.board-wrap');
        if (linked && wrap) wrap.style.visibility = 'hidden';
        page.append(drawn.content);
        if (!name) return false;
        if (broken) notLoading();
        // What the app sets as properties (the home page's choices).
        for (const prop of page.querySelectorAll('.first-paint-props i')) {
          const el = document.getElementById(prop.dataset.id);
          if (el) el[prop.dataset.prop] = prop.dataset.prop === 'checked' ? prop.dataset.value === 'true' : prop.dataset.value;
        }
        return true;
      })
      .catch(() => false)
      .finally(() => header && header.style.removeProperty('visibility'));
  // The first board made live on the page drawn ahead. If it cannot load,
  // the presses wait for the app.
  if (board) {
    Promise.all([drawn, board])
      .then(([, module]) => {
        if (broken || !root.isConnected || !module.take_over()) return;
        live = true;
        const wrap = root.querySelector('.board-wrap');
        if (wrap) wrap.style.removeProperty('visibility');
        // The presses kept so far, pressed again: what the first board
        // takes (a cell, a way into a game) it plays, and keeps from the
        // listener above; the rest that listener keeps again, for the app.
        replay(pressed.splice(0), root);
      })
      .catch(() => {})
      .finally(openGate);
  }
  // `queue`'s presses, in order, each on the element drawn for it inside
  // `within` (cells come a moment after the page).
  function replay(queue, within) {
    let waited = 0;
    const next = () => {
      if (queue.length === 0) return;
      const el = within.querySelector(queue[0]);
      if (!el) {
        if ((waited += 1) < 200) setTimeout(next, 50);
        return;
      }
      queue.shift();
      el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      setTimeout(next, 0);
    };
    next();
  }
  // Once the app has removed the first paint, the presses again, on the
  // elements the app draws.
  new MutationObserver((_, observer) => {
    if (root.isConnected) return;
    observer.disconnect();
    replay(pressed, document);
  }).observe(document.body, { childList: true });
})();
