// Trunk post-build hook (see Trunk.toml), run in the staging directory:
// 1. moves Trunk's inline start-up script into a file, so the Content
//    Security Policy allows no inline script but the one (4) it names by hash;
// 2. minifies the stylesheets (comments and spaces out; Trunk's own minifier
//    would also minify wasm-bindgen's JavaScript, which breaks it), and
//    wasm-bindgen's JavaScript with terser (tools/), and updates their
//    integrity hashes in the page;
// 3. shortens the names wasm-bindgen gives the imports of each .wasm
//    (`__wbg_body_5f971cbc6950ca4f` becomes `a`), in the .wasm and its glue
//    alike: their hashes do not compress, and there are two hundred;
// 4. makes the app's start wait for the gate the page's first script opens
//    (on the home page and a game's page once the first board is live,
//    elsewhere at once), and preloads the app's .wasm only on the other
//    pages, decided by one inline script allowed by its hash; makes the
//    worker's loader call wasm-bindgen's init as it asks (no deprecation
//    warning);
//    The first board's module (crates/first-board) gets a content hash in
//    its name too, and a <meta> that names it;
// 5. writes the Learn page's data (learn-data.mjs), and the first paint:
//    the header into the page's body (and, shown, into learn.html: one
//    header on every page) and the pages drawn ahead into first-paint/, by
//    the native `ludoteca first-paint` (the app's own drawing code; built
//    by cargo on the first run);
// 6. writes each language but English (i18n/<code>/): its pages drawn
//    ahead (first-paint/<page>.<code>.html, the header with each, and
//    first-paint/header.<code>.html), its texts as
//    i18n/<code>-<hash>.txt (packed for browsers, the hash of its contents in
//    its name), named to the pages by a <meta name="ludoteca-languages">
//    (`content="de-1a2b3c4d es-…"`),
//    its rules pages as rules.<code>.txt and its web manifest as
//    manifest.<code>.webmanifest (its lessons: learn-data.mjs);
// 7. writes the service worker with the list of every file of this build and
//    a version made from their contents (never by hand).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from '../../tools/node_modules/terser/main.js';
import { writeLearnData } from './learn-data.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk hook');
const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);

for (const page of ['index.html']) {
  const file = join(dir, page);
  let html = await readFile(file, 'utf8');
  html = html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_, trunkCode) => {
    // The app's start waits for the page's first script to open its gate:
    // at once, or on a game's page once the first board is live, so that
    // the first board's bytes are not shared with the app's (public/first-paint.js).
    // The app's JavaScript is imported after the gate too (its .wasm
    // fetched beside it): a page with a first board does not need it
    // before the board answers a press.
    const imported = trunkCode.match(/^\s*import init, \* as bindings from '(\.\/app-[0-9a-f]+\.js)';\n/m);
    const code = imported && trunkCode
      .replace(imported[0], '')
      .replace(
        /^(\s*)const wasm = await init\(\{ module_or_path: ('[^']+_bg\.wasm') \}\);/m,
        `$1await window.ludotecaAppGate;\n$1const fetched = fetch($2);\n$1const bindings = await import('${imported[1]}');\n$1const wasm = await bindings.default({ module_or_path: fetched });`,
      );
    if (!code || !code.includes('bindings.default(')) throw new Error('Trunk\'s start-up script no longer reads as expected: ' + trunkCode);
    const name = `init-${hash(code)}.js`;
    writeFile(join(dir, name), code.trim() + '\n');
    return `<script type="module" src="./${name}"></script>`;
  });
  if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) throw new Error(`${page} still has an inline script`);
  await writeFile(file, html);
}

/** Comments and needless spaces out of CSS; strings and url() keep theirs. */
function minifyCss(css) {
  const kept = [];
  const keep = (m) => `\u0000${kept.push(m) - 1}\u0000`;
  // Comments first: their words may hold quotes (an apostrophe), which must not open a string.
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|url\([^)]*\)/g, keep)
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':') // (a space before a colon means something in a selector; after it, never)
    .replace(/;}/g, '}')
    .trim()
    .replace(/\u0000(\d+)\u0000/g, (_, i) => kept[Number(i)]);
}

{
  const page = join(dir, 'index.html');
  let html = await readFile(page, 'utf8');
  for (const name of (await readdir(dir)).filter((f) => f.endsWith('.css'))) {
    const file = join(dir, name);
    const css = minifyCss(await readFile(file, 'utf8'));
    await writeFile(file, css + '\n');
    const sri = `sha384-${createHash('sha384').update(css + '\n').digest('base64')}`;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(new RegExp(`(href="\\./${escaped}" integrity=")[^"]*"`), `$1${sri}"`);
  }
  // wasm-bindgen's glue: the app's is an ES module, the worker's a classic
  // script whose global `wasm_bindgen` the loader calls (top-level names
  // kept); and the plain scripts of the site (the service worker's
  // registration, the embeds' and the Learn page's), classic scripts too.
  const plain = ['sw-register.js', 'first-paint.js', 'embed-frame.js', 'embed.js', 'learn.js'];
  const scripts = ['search_worker.js', 'first_board.js', ...plain];
  const glue = (await readdir(dir)).filter((f) => /^app-[0-9a-f]+\.js$/.test(f) || scripts.includes(f));
  for (const name of glue) {
    const file = join(dir, name);
    const module = name.startsWith('app-') || name === 'first_board.js';
    let source = await readFile(file, 'utf8');
    if (module) source = withoutStreamClasses(source);
    const wasmName = name.replace(/\.js$/, '_bg.wasm');
    if (!plain.includes(name)) {
      const wasmFile = join(dir, wasmName);
      const renamed = shortImportNames(await readFile(wasmFile), source);
      source = renamed.js;
      await writeFile(wasmFile, renamed.wasm);
      const sri = `sha384-${createHash('sha384').update(renamed.wasm).digest('base64')}`;
      const escaped = wasmName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      html = html.replace(new RegExp(`(href="\\./${escaped}" crossorigin="anonymous" integrity=")[^"]*"`), `$1${sri}"`);
    }
    const { code } = await minify(source, { module, ecma: 2020, compress: { passes: 3 }, mangle: true });
    await writeFile(file, code + '\n');
    const sri = `sha384-${createHash('sha384').update(code + '\n').digest('base64')}`;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(new RegExp(`(href="\\./${escaped}" crossorigin="anonymous" integrity=")[^"]*"`), `$1${sri}"`);
  }
  // The app's .wasm is preloaded only where no first board comes first:
  // one small inline script, allowed by its hash in the Content Security
  // Policy, decides as the page is read (a file would cost a round trip)
  // and marks the pages that get a first board for the page's first script
  // (public/first-paint.js): the home page and a game's link, not in a
  // frame, not the editor. There the app's start waits for the first board
  // (its gate, above), so the first board has the connection to itself.
  const preload = html.match(/<link rel="preload" href="\.\/(app-[0-9a-f]+_bg\.wasm)"[^>]*>/);
  if (!preload) throw new Error('index.html has no preload of the app\'s .wasm to replace');
  // Its JavaScript likewise (the start script imports it after the gate).
  const modulePreload = html.match(/<link rel="modulepreload" href="\.\/(app-[0-9a-f]+\.js)"[^>]*>/);
  if (!modulePreload) throw new Error('index.html has no module preload of the app\'s JavaScript to replace');
  const decide = [
    '(()=>{const q=new URLSearchParams(location.search),d=document.documentElement;',
    "if(!(q.has('embed')||parent!==window)&&typeof WebAssembly=='object'&&([...q.keys()].every(k=>k=='lang')||q.has('game')&&!q.has('edit'))){d.dataset.firstBoard='';return}",
    "const a=(r,h,t)=>{const l=document.createElement('link');l.rel=r;l.crossOrigin='anonymous';l.href=h;if(t){l.as='fetch';l.type=t}document.head.append(l)};",
    `a('modulepreload','./${modulePreload[1]}');a('preload','./${preload[1]}','application/wasm')})()`,
  ].join('');
  const cspHash = `'sha256-${createHash('sha256').update(decide).digest('base64')}'`;
  html = html.replace(preload[0], '').replace(modulePreload[0], '');
  const withCsp = html.replace("script-src 'self' 'wasm-unsafe-eval'", `script-src 'self' ${cspHash} 'wasm-unsafe-eval'`);
  if (withCsp === html) throw new Error('index.html\'s Content Security Policy no longer reads as expected');
  // Before the stylesheet: an inline script after one waits for it to load.
  html = withCsp.replace(/(<base href="[^"]*" \/>)/, `$1\n    <script>${decide}</script>`);
  if (!html.includes(decide)) throw new Error('index.html has no <base> to put the decision after');
  await writeFile(page, html);
  // Trunk's worker loader calls wasm-bindgen's init with a bare path, which
  // wasm-bindgen reports as deprecated in the worker's console: pass the object.
  const loader = join(dir, 'search_worker_loader.js');
  const shim = await readFile(loader, 'utf8');
  const fixed = shim.replace(/wasm_bindgen\(("[^"]+\.wasm")\)/, 'wasm_bindgen({module_or_path:$1})');
  if (fixed === shim) throw new Error('the worker loader no longer reads as expected: ' + shim);
  // The worker's files get content hashes in their names, so that a tab
  // left open on an old version never loads a newer worker (or the other
  // way round): the page reads the loader's name from a <meta> of its own
  // index.html (src/worker/client.rs).
  const js = await readFile(join(dir, 'search_worker.js'));
  const wasmBytes = await readFile(join(dir, 'search_worker_bg.wasm'));
  const hash = createHash('sha256').update(js).update(wasmBytes).digest('hex').slice(0, 16);
  const named = {
    js: `search_worker-${hash}.js`,
    wasm: `search_worker-${hash}_bg.wasm`,
    loader: `search_worker_loader-${hash}.js`,
  };
  const hashedLoader = fixed.replace('"./search_worker.js"', `"./${named.js}"`).replace('"./search_worker_bg.wasm"', `"./${named.wasm}"`);
  if (!hashedLoader.includes(named.js) || !hashedLoader.includes(named.wasm)) {
    throw new Error('the worker loader does not name the worker files as expected: ' + fixed);
  }
  await rename(join(dir, 'search_worker.js'), join(dir, named.js));
  await rename(join(dir, 'search_worker_bg.wasm'), join(dir, named.wasm));
  await writeFile(join(dir, named.loader), hashedLoader);
  await unlink(loader);
  const withMeta = html.replace('<meta name="description"', `<meta name="ludoteca-worker" content="./${named.loader}" />\n    <meta name="description"`);
  if (withMeta === html) throw new Error('index.html has no description <meta> to put the worker\'s name beside');
  // The first board's files get content hashes the same way; the page's
  // first script imports the module its own index.html names.
  const boardJs = await readFile(join(dir, 'first_board.js'), 'utf8');
  const boardWasm = await readFile(join(dir, 'first_board_bg.wasm'));
  const boardHash = createHash('sha256').update(boardJs).update(boardWasm).digest('hex').slice(0, 16);
  const board = { js: `first_board-${boardHash}.js`, wasm: `first_board-${boardHash}_bg.wasm` };
  const boardGlue = boardJs.replace(/(["'])first_board_bg\.wasm\1/, `$1${board.wasm}$1`);
  if (boardGlue === boardJs) throw new Error('the first board\'s glue does not name its .wasm as expected');
  await writeFile(join(dir, board.js), boardGlue);
  await unlink(join(dir, 'first_board.js'));
  await rename(join(dir, 'first_board_bg.wasm'), join(dir, board.wasm));
  const withBoard = withMeta.replace('<meta name="description"', `<meta name="ludoteca-first-board" content="./${board.js}" />\n    <meta name="description"`);
  await writeFile(page, withBoard);
}

/**
 * wasm-bindgen exports three stream adapter classes (IntoUnderlying…) that
 * Leptos's server functions would use; this app has none, and index.html's
 * wasm-opt pass already removed their functions from the .wasm. The classes,
 * their `Symbol.dispose` lines and their finalization registries go too.
 */
function withoutStreamClasses(js) {
  const out = js
    .replace(/^export class IntoUnderlying\w+ \{[\s\S]*?^if \(Symbol\.dispose\) IntoUnderlying\w+\.prototype\[Symbol\.dispose\] = [^;\n]*;\n/gm, '')
    .replace(/^const IntoUnderlying\w+Finalization = [\s\S]*?;\n/gm, '');
  if (/IntoUnderlying/.test(out)) {
    console.warn('postbuild: wasm-bindgen wrote the stream classes differently; they stay');
    return js;
  }
  return out;
}

/**
 * Renames every import of `wasm` (a .wasm file's bytes) that its glue `js`
 * names, to a short name, in both; returns both. Only the import section of
 * the .wasm changes: nothing else in it refers to imports by name.
 */
function shortImportNames(wasm, js) {
  const readLeb = (at) => {
    let value = 0, shift = 0, byte;
    do {
      byte = wasm[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return [value, at];
  };
  const leb = (n) => {
    const out = [];
    do {
      let byte = n % 128;
      n = Math.floor(n / 128);
      if (n > 0) byte |= 0x80;
      out.push(byte);
    } while (n > 0);
    return out;
  };
  const short = (i) => {
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let name = '';
    do {
      name = letters[i % 52] + name;
      i = Math.floor(i / 52) - 1;
    } while (i >= 0);
    return `$${name}`;
  };
  const text = new TextDecoder();
  const utf8 = new TextEncoder();
  let at = 8;
  while (at < wasm.length) {
    const id = wasm[at];
    const [size, body] = readLeb(at + 1);
    const end = body + size;
    if (id !== 2) {
      at = end;
      continue;
    }
    // The import section: count, then per import module, name, kind and type.
    let [count, p] = readLeb(body);
    const out = leb(count);
    let renamed = 0;
    while (count-- > 0) {
      const [moduleLength, m] = readLeb(p);
      const [nameLength, n] = readLeb(m + moduleLength);
      const name = text.decode(wasm.subarray(n, n + nameLength));
      // The kind and its description run to the next import: copy them as they are.
      let q = n + nameLength;
      const kind = wasm[q++];
      // Limits: flags, the minimum, and the maximum if flag 1 is set.
      const limits = (r) => (wasm[r] & 1 ? readLeb(readLeb(r + 1)[1])[1] : readLeb(r + 1)[1]);
      if (kind === 0) q = readLeb(q)[1];
      else if (kind === 1) q = limits(q + 1);
      else if (kind === 2) q = limits(q);
      else if (kind === 3) q += 2;
      else throw new Error(`postbuild: import kind ${kind} in the .wasm`);
      const word = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`, 'g');
      let newName = name;
      if (name.length > 8 && word.test(js)) {
        newName = short(renamed++);
        js = js.replace(word, newName);
      }
      out.push(...wasm.subarray(p, m + moduleLength), ...leb(utf8.encode(newName).length), ...utf8.encode(newName));
      out.push(...wasm.subarray(n + nameLength, q));
      p = q;
    }
    const section = Uint8Array.from([2, ...leb(out.length), ...out]);
    const result = new Uint8Array(at + section.length + wasm.length - end);
    result.set(wasm.subarray(0, at));
    result.set(section, at);
    result.set(wasm.subarray(end), at + section.length);
    console.log(`postbuild: ${renamed} imports renamed in ${js.length} bytes of glue`);
    return { wasm: result, js };
  }
  return { wasm, js };
}

async function files(root) {
  const out = [];
  for (const entry of await readdir(root)) {
    const path = join(root, entry);
    if ((await stat(path)).isDirectory()) out.push(...(await files(path)));
    else out.push(path);
  }
  return out;
}

/** `ludoteca first-paint` into first-paint/ with `more` arguments; its output. */
function firstPaint(more) {
  // A native build, as `cargo test` makes it (the same cache): without the
  // WebAssembly build's flags, which Trunk passes on to this hook.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(RUSTFLAGS|RUSTC_BOOTSTRAP|CARGO_UNSTABLE_|CARGO_PROFILE_|CARGO_BUILD_|CARGO_ENCODED_RUSTFLAGS)/.test(k)),
  );
  return execFileSync(
    'cargo',
    ['run', '--quiet', '--locked', '--offline', '-p', 'cli', '--', 'first-paint', join(dir, 'first-paint'), ...more],
    { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 },
  );
}

// The first paint: the header in the page, the pages drawn ahead beside it.
{
  const page = join(dir, 'index.html');
  const html = await readFile(page, 'utf8');
  const header = firstPaint([]);
  if (!header.startsWith('<div id="first-paint"')) throw new Error('postbuild: ludoteca first-paint wrote no header');
  if (!html.includes('<body></body>')) throw new Error('postbuild: index.html has no empty <body> for the first paint');
  await writeFile(page, html.replace('<body></body>', `<body>${header}</body>`));
  // The Learn page gets the same header, shown, its Learn link the page's own.
  const top = header.match(/<header class="top">[\s\S]*?<\/header>/);
  const learnPage = join(dir, 'learn.html');
  const learnHtml = await readFile(learnPage, 'utf8');
  const marker = /<!-- The build writes the app's header here[^>]*-->/;
  if (!top || !marker.test(learnHtml)) throw new Error('postbuild: no header for the Learn page, or no place for it');
  const learnTop = top[0].replace('href="learn.html">', 'href="learn.html" aria-current="page">');
  if (learnTop === top[0]) throw new Error('postbuild: the header has no Learn link to mark');
  await writeFile(learnPage, learnHtml.replace(marker, learnTop));
}

// The Learn page's puzzles and lessons, from data/, and its link to the
// app's stylesheet by the name this build gave it (before the list).
await writeLearnData(dir);
{
  const css = (await readdir(dir)).find((f) => /^main-[0-9a-f]+\.css$/.test(f));
  const page = join(dir, 'learn.html');
  const html = await readFile(page, 'utf8');
  if (!css || !html.includes('href="main.css"')) throw new Error('postbuild: learn.html cannot link the app\'s stylesheet');
  await writeFile(page, html.replace('href="main.css"', `href="${css}"`));
}

// The languages: each one's texts under a hashed name, which the pages
// (the app's and the Learn page) learn from a <meta>; its rules pages.
{
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const named = [];
  const { mkdir, copyFile } = await import('node:fs/promises');
  await mkdir(join(dir, 'i18n'), { recursive: true });
  for (const code of (await readdir(join(root, 'i18n'))).filter((c) => /^[a-z]{2}$/.test(c)).sort()) {
    const from = join(root, 'i18n', code);
    const texts = JSON.parse(await readFile(join(from, 'app.json'), 'utf8'));
    // The pages drawn ahead in the language (first-paint/<page>.<code>.html,
    // each with its header; header.<code>.html), their plurals by Intl; and
    // its texts packed for browsers (ludoteca_core::i18n::file).
    const rule = new Intl.PluralRules(code);
    const plurals = Array.from({ length: 1000 }, (_, n) => rule.select(n)).join(',');
    const packedAt = join(dir, 'i18n', `${code}.packed`);
    firstPaint(['--lang', code, '--texts', join(from, 'app.json'), '--plurals', plurals, '--packed', packedAt]);
    const packed = await readFile(packedAt, 'utf8');
    await unlink(packedAt);
    // Eight hex digits tell this file from its other versions.
    const name = `${code}-${hash(packed).slice(0, 8)}`;
    await writeFile(join(dir, 'i18n', `${name}.txt`), packed);
    await copyFile(join(from, 'rules.txt'), join(dir, `rules.${code}.txt`));
    named.push(name);
    // The web manifest in the language (its description; the name is Ludoteca's).
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.webmanifest'), 'utf8'));
    const translated = texts[manifest.description];
    if (typeof translated !== 'string') throw new Error(`postbuild: ${code} has no text for the manifest's description`);
    await writeFile(join(dir, `manifest.${code}.webmanifest`), JSON.stringify({ ...manifest, description: translated, lang: code }, null, 2) + '\n');
  }
  const meta = `<meta name="ludoteca-languages" content="${named.join(' ')}" />`;
  for (const page of ['index.html', 'learn.html']) {
    const file = join(dir, page);
    const html = await readFile(file, 'utf8');
    if (!html.includes('</head>')) throw new Error(`postbuild: ${page} has no </head> for the languages`);
    await writeFile(file, html.replace('</head>', `${meta}\n</head>`));
  }
  console.log(`postbuild: ${named.length} languages written`);
}

// Let the init scripts land before listing.
await new Promise((ok) => setTimeout(ok, 50));
const all = (await files(dir)).filter((f) => !f.endsWith('sw.js')).sort();
const digest = createHash('sha256');
for (const f of all) digest.update(relative(dir, f)).update(await readFile(f));
const version = digest.digest('hex').slice(0, 16);
const list = all.map((f) => `./${relative(dir, f).split('\\').join('/')}`);
const template = await readFile(fileURLToPath(new URL('./sw.template.js', import.meta.url)), 'utf8');
await writeFile(join(dir, 'sw.js'), template.replace('__VERSION__', version).replace('__FILES__', JSON.stringify(list, null, 2)));
console.log(`postbuild: ${list.length} files precached, version ${version}`);
