// The script of an embedded board's frame (sw-register.js loads it only
// inside a frame): tells the embedding page the height the board wants at
// the frame's width (embed.js sizes the frame with it), and lets a viewer
// step through its game with a swipe. It reads nothing of the parent page.
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
  // Once the board is drawn, only a change of size asks again (not every move).
  const sizes = new ResizeObserver(tell);
  sizes.observe(document.documentElement);
  // This script may come before the board is drawn or after.
  function ready() {
    const bar = document.querySelector('main.embed .embed-bar');
    if (!bar || !document.querySelector('main.embed svg.board')) return false;
    sizes.observe(bar);
    tell();
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
