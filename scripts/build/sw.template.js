// Ludoteca's service worker, written by scripts/build/postbuild.mjs at build time:
// VERSION and FILES below are filled in from the build itself.
const VERSION = '__VERSION__';
const FILES = __FILES__;
// The cache is this deployment's: two sites on one origin (forks at
// user.github.io/a/ and /b/) each keep and clear their own.
const SCOPE = self.registration.scope;
const CACHE = `ludoteca ${SCOPE} ${VERSION}`;

// A language's files (its texts, rules pages, lessons and pages drawn
// ahead) are kept once that language is used, not ahead: an English
// visitor downloads none.
const LANGUAGE = /^\.\/(?:i18n\/([a-z]{2})-[0-9a-f]+\.txt|(?:rules|lessons|first-paint\/[a-z]+)\.([a-z]{2})\.(?:txt|html))$/;
const languageOf = (file) => {
  const m = LANGUAGE.exec(file);
  return m && (m[1] || m[2]);
};

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // The languages an earlier version of this site kept are kept again, so
    // a new deployment does not take a player's language away offline.
    const used = new Set();
    for (const name of await caches.keys()) {
      if (!name.startsWith(`ludoteca ${SCOPE} `) || name === CACHE) continue;
      for (const request of await (await caches.open(name)).keys()) {
        const code = languageOf('./' + request.url.slice(SCOPE.length));
        if (code) used.add(code);
      }
    }
    const wanted = FILES.filter((f) => !languageOf(f) || used.has(languageOf(f)));
    await cache.addAll(wanted.map((f) => new Request(f, { cache: 'reload' })));
  })());
});

// Whether an unscoped cache of a build before 2026-12-04 (`ludoteca-VERSION`)
// holds this deployment's files: only those are ours to delete.
async function oursUnscoped(name) {
  if (!/^ludoteca-[^ ]+$/.test(name)) return false;
  const requests = await (await caches.open(name)).keys();
  return requests.length > 0 && requests.every((r) => r.url.startsWith(SCOPE));
}

// The version before this one stays: a tab still open on it (another tab
// took this version) keeps its files — its search worker above all, whose
// old name the server no longer has — until it reloads. Older ones go.
// (`caches.keys()` lists caches in the order they were made.)
self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const ours = (await caches.keys()).filter((name) => name.startsWith(`ludoteca ${SCOPE} `) && name !== CACHE);
    const previous = ours[ours.length - 1];
    for (const name of await caches.keys()) {
      const older = ours.includes(name) && name !== previous;
      if (older || (await oursUnscoped(name))) await caches.delete(name);
    }
  })());
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
    const cached = (await cache.match(new URL(path, scope).href)) || (await caches.match(request));
    if (cached) return cached;
    const response = await fetch(request);
    // A language's file, fetched when chosen, is kept for offline use.
    if (response.ok && languageOf(`./${path}`) && FILES.includes(`./${path}`)) await cache.put(new URL(path, scope).href, response.clone());
    return response;
  })());
});
