// Registers the service worker that keeps Ludoteca working offline, and
// offers a reload when a new version has been installed. A new version
// waits until the reload, so one page never mixes files of two versions.
// Also, in an embedded board's frame: tells the embedding page the height
// the board wants at the frame's width (embed.js sizes the frame with it).
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
  const drawn = new MutationObserver(function () {
    const bar = document.querySelector('main.embed .embed-bar');
    if (!bar || !document.querySelector('main.embed svg.board')) return;
    drawn.disconnect();
    sizes.observe(bar);
    tell();
  });
  drawn.observe(document.body, { childList: true, subtree: true });
})();
(function () {
  if (!('serviceWorker' in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', function () {
    if (reloading || !window.ludotecaUpdating) return;
    reloading = true;
    location.reload();
  });
  function offer(worker) {
    if (document.querySelector('.update-banner')) return;
    const banner = document.createElement('div');
    banner.className = 'update-banner';
    banner.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.textContent = 'A new version of Ludoteca is ready.';
    const button = document.createElement('button');
    button.textContent = 'Reload';
    button.addEventListener('click', function () {
      window.ludotecaUpdating = true;
      worker.postMessage('skip-waiting');
    });
    banner.append(text, button);
    document.body.append(banner);
  }
  navigator.serviceWorker.register('./sw.js').then(function (registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', function () {
      const worker = registration.installing;
      if (!worker) return;
      worker.addEventListener('statechange', function () {
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }).catch(function () { /* No offline support in this browser: the app still works. */ });
})();
