// Ludoteca boards on any page. Add this script once, from the Ludoteca site
// you embed from:
//   <script src="https://you.github.io/ludoteca/embed.js" defer></script>
// then, where a board should be, either an element
//   <div data-ludoteca="loa" data-moves="b1-b3,a2-c2" data-ply="1"></div>
// (data-ludoteca: the game and its options, as in links; data-moves,
// data-from, data-ply: as in links; data-computer="x:3" or "o:5": the
// computer plays that side at that level; data-interactive="0": a viewer;
// data-solve="d7xd4 b2-c2 f3-e4": a challenge, the side to move to win by
// that line (the reader's moves are checked against it and answered);
// data-theme="light", "dark" or "system" (default: the reader's own);
// data-orientation="white": White at the bottom;
// data-lang="de": the board's language (en, de, es, fr, it, pl, ru; default:
// the page's own <html lang> if Ludoteca speaks it, else the reader's);
// data-width: the most pixels wide, 480 when not given), or, in Markdown,
// a plain link to a game with embed=1 in it:
//   [A Lines of Action game](https://you.github.io/ludoteca/?game=loa&moves=b1-b3&embed=1&interactive=0)
// Each becomes a frame as wide as its column allows, as tall as its board
// wants (the frame says), made only when it is scrolled near. The script
// reads nothing of the page but these elements, and the frames nothing at all.
(function () {
  'use strict';
  const script = document.currentScript;
  if (!script) return;
  const site = new URL('./', script.src);
  const frames = [];

  function address(el) {
    if (el.tagName === 'A') return el.href;
    // Written as the app writes its links: ':', ',', '=' and '/' as they are.
    const parts = [];
    const set = (key, value) => {
      if (!value) return;
      parts.push(key + '=' + encodeURIComponent(value).replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%3D/g, '=').replace(/%2F/g, '/'));
    };
    set('game', el.dataset.ludoteca);
    set('from', el.dataset.from);
    set('moves', el.dataset.moves);
    set('ply', el.dataset.ply);
    const computer = (el.dataset.computer || '').split(':');
    if (computer.length === 2 && (computer[0] === 'x' || computer[0] === 'o')) set(computer[0], 'ai:' + computer[1]);
    set('solve', (el.dataset.solve || '').trim().split(/[\s,]+/).join(','));
    set('embed', '1');
    if (el.dataset.interactive === '0') set('interactive', '0');
    if (/^(light|dark|system)$/.test(el.dataset.theme || '')) set('theme', el.dataset.theme);
    if (el.dataset.orientation === 'white') set('flip', '1');
    const lang = /^(en|de|es|fr|it|pl|ru)$/.exec(el.dataset.lang || '') || /^(en|de|es|fr|it|pl|ru)\b/.exec(document.documentElement.lang || '');
    if (lang) set('lang', lang[1]);
    return site.href + '?' + parts.join('&');
  }

  function frame(el) {
    const iframe = document.createElement('iframe');
    iframe.src = address(el);
    iframe.title = el.getAttribute('title') || el.textContent.trim() || 'A board on Ludoteca';
    iframe.loading = 'lazy';
    const width = parseInt(el.dataset.width, 10);
    iframe.style.cssText = 'display:block;border:0;width:100%;aspect-ratio:5/6';
    iframe.style.maxWidth = (width > 0 ? width : 480) + 'px';
    el.replaceWith(iframe);
    frames.push(iframe);
  }

  // A frame tells its height (sw-register.js on the Ludoteca side).
  window.addEventListener('message', function (event) {
    if (event.origin !== site.origin || !event.data || event.data.ludoteca !== 'height') return;
    const height = Number(event.data.height);
    if (!(height > 0 && height < 5000)) return;
    for (const iframe of frames) {
      if (iframe.contentWindow === event.source) {
        iframe.style.aspectRatio = 'auto';
        iframe.style.height = Math.ceil(height) + 'px';
      }
    }
  });

  function start() {
    const sameSite = (a) => a.href.startsWith(site.href) && new URL(a.href).searchParams.get('embed') === '1';
    const wanted = Array.from(document.querySelectorAll('[data-ludoteca], a[href]'))
      .filter((el) => el.tagName !== 'A' || sameSite(el));
    if (!('IntersectionObserver' in window)) { wanted.forEach(frame); return; }
    const near = new IntersectionObserver(function (entries) {
      for (const entry of entries) {
        if (entry.isIntersecting) { near.unobserve(entry.target); frame(entry.target); }
      }
    }, { rootMargin: '400px 0px' });
    wanted.forEach((el) => near.observe(el));
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
