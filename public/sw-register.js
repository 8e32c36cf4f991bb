// Registers the service worker that keeps Ludoteca working offline, and
// offers a reload when a new version has been installed. A new version
// waits until the reload, so one page never mixes files of two versions.
// In an embedded board's frame, the frame's own script (its height for
// the embedding page, swipes on a viewer): loaded only there. And the
// styles the first board does not need (pages.css: linked as a print
// sheet, which the browser fetches without holding up the first board)
// applied as soon as they have arrived — never before, which would make
// the first board wait for them.
(function () {
  const later = document.getElementById('pages-css');
  if (!later) return;
  const apply = function () { later.media = 'all'; };
  if (later.sheet) apply();
  else later.addEventListener('load', apply);
})();
if (window.parent !== window) {
  const frame = document.createElement('script');
  frame.src = 'embed-frame.js';
  document.head.append(frame);
}
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
