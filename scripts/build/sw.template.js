// Ludoteca's service worker, written by scripts/build/postbuild.mjs at build time:
// VERSION and FILES below are filled in from the build itself.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = `ludoteca-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' })))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) => Promise.all(keys.filter((k) => k.startsWith('ludoteca-') && k !== CACHE).map((k) => caches.delete(k)))),
  );
});

// A new version waits until the page asks it to take over (the reload offer).
self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const scope = new URL(self.registration.scope);
    let path = url.pathname.startsWith(scope.pathname) ? url.pathname.slice(scope.pathname.length) : url.pathname;
    if (request.mode === 'navigate' && (path === '' || !FILES.includes(`./${path}`))) path = 'index.html';
    const cached = await cache.match(new URL(path, scope).href);
    return cached || fetch(request);
  })());
});
