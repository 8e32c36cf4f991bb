// The script of an embedded board's frame (sw-register.js loads it only
// inside a frame): tells the embedding page the height the board wants at
// the frame's width (embed.js sizes the frame with it) and the board's
// status line when it changes (the Learn page follows a challenge by it:
// solved, a move refused, a hint), shows a large board compact in a narrow
// frame, and lets a viewer step through its game with a swipe. It reads
// nothing of the parent page.
(function () {
  if (window.parent === window) return;
  let told = 0;
  function tell() {
    const main = document.querySelector('main.embed');
    const board = main && main.querySelector('.embed-board');
    const svg = board && board.querySelector('svg.board');
    if (!svg || !svg.viewBox.baseVal.width) return;
    const box = svg.viewBox.baseVal;
    const style = getComputedStyle(main);
    const width = main.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    // Everything but the board, plus the board at the frame's full width.
    const height = Math.ceil(main.offsetHeight - board.offsetHeight + width * box.height / box.width);
    if (Math.abs(height - told) > 1) {
      told = height;
      window.parent.postMessage({ ludoteca: 'height', height: height }, '*');
    }
  }
  // A large board in a narrow frame, whose coordinates would be too small
  // to read (under 7 pixels), is shown compact: without its band of
  // coordinates, so its cells take the whole width; a wider frame shows
  // them again. Only the drawing's frame is cut, never a cell.
  // The board may be in the document before its layers are drawn: then
  // their arrival asks again (an observer of the document's changes, which
  // a frame out of view still gets, where it may get no animation frame).
  let waiting = null;
  function fit() {
    const main = document.querySelector('main.embed');
    const svg = main && main.querySelector('svg.board');
    const coords = svg && svg.querySelector('.coords');
    const cells = svg && svg.querySelector('.layer-cells');
    if (!coords || !cells || !svg.clientWidth) {
      if (svg && !waiting) {
        waiting = new MutationObserver(fit);
        waiting.observe(svg, { childList: true, subtree: true });
      }
      return;
    }
    if (waiting) {
      waiting.disconnect();
      waiting = null;
    }
    const full = svg.dataset.full && svg.getAttribute('viewBox') === svg.dataset.cut ? svg.dataset.full : svg.getAttribute('viewBox');
    const width = Number(full.split(' ')[2]);
    const small = Number(coords.getAttribute('font-size')) * svg.clientWidth / width < 7;
    const box = cells.getBBox();
    const cut = [box.x, box.y, box.width, box.height].map((n) => Math.round(n * 10) / 10).join(' ');
    svg.dataset.full = full;
    svg.dataset.cut = cut;
    const want = small ? cut : full;
    if (svg.getAttribute('viewBox') !== want) svg.setAttribute('viewBox', want);
    main.classList.toggle('compact', small);
  }
  let said = '';
  function status() {
    const line = document.querySelector('main.embed [data-testid="status"]');
    const text = line ? line.textContent : '';
    // `mark`: where a challenge stands, in no language (Session::challenge_mark).
    const mark = (line && line.dataset.challenge) || '';
    if (text && text + mark !== said) {
      said = text + mark;
      window.parent.postMessage({ ludoteca: 'status', text: text, mark: mark }, '*');
    }
  }
  function tellAndFit() {
    fit();
    tell();
  }
  // Once the board is drawn, only a change of size asks again (not every move).
  const sizes = new ResizeObserver(tellAndFit);
  sizes.observe(document.documentElement);
  // This script may come before the board is drawn or after.
  function ready() {
    const bar = document.querySelector('main.embed .embed-bar');
    const svg = document.querySelector('main.embed svg.board');
    if (!bar || !svg) return false;
    sizes.observe(bar);
    // Another game's board gets its own drawing back from the app: fit again.
    new MutationObserver(fit).observe(svg, { attributes: true, attributeFilter: ['viewBox'] });
    const line = document.querySelector('main.embed [data-testid="status"]');
    if (line) new MutationObserver(status).observe(line, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['data-challenge'] });
    status();
    tellAndFit();
    return true;
  }
  if (!ready()) {
    const drawn = new MutationObserver(function () {
      if (ready()) drawn.disconnect();
    });
    drawn.observe(document.body, { childList: true, subtree: true });
  }
  // A viewer steps through its game by swiping: to the left the next move,
  // to the right the previous (a board that takes moves keeps its drags).
  if (new URLSearchParams(location.search).get('interactive') !== '0') return;
  let start = null;
  document.addEventListener('touchstart', function (event) {
    start = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY } : null;
  }, { passive: true });
  document.addEventListener('touchend', function (event) {
    const from = start;
    start = null;
    const touch = event.changedTouches[0];
    if (!from || !touch) return;
    const dx = touch.clientX - from.x;
    const dy = touch.clientY - from.y;
    if (Math.abs(dx) < 40 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const button = document.querySelector(dx < 0 ? 'main.embed button[aria-label="Next move"]' : 'main.embed button[aria-label="Previous move"]');
    if (button && !button.disabled) button.click();
  }, { passive: true });
})();
