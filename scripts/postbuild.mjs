// Trunk post-build hook (see Trunk.toml), run in the staging directory:
// 1. moves Trunk's inline start-up script into a file, so the Content
//    Security Policy can forbid inline scripts;
// 2. minifies the stylesheets (comments and spaces out; Trunk's own minifier
//    would also minify wasm-bindgen's JavaScript, which breaks it), and
//    wasm-bindgen's JavaScript with terser (tools/), and updates their
//    integrity hashes in the page;
// 3. writes the service worker with the list of every file of this build and
//    a version made from their contents (never by hand).
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from '../tools/node_modules/terser/main.js';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) throw new Error('TRUNK_STAGING_DIR is not set: run this as a Trunk hook');
const hash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 16);

for (const page of ['index.html']) {
  const file = join(dir, page);
  let html = await readFile(file, 'utf8');
  html = html.replace(/<script type="module">([\s\S]*?)<\/script>/g, (_, code) => {
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
  // kept); and the service worker's registration, a classic script too.
  const scripts = ['search_worker.js', 'sw-register.js'];
  const glue = (await readdir(dir)).filter((f) => /^app-[0-9a-f]+\.js$/.test(f) || scripts.includes(f));
  for (const name of glue) {
    const file = join(dir, name);
    const module = name.startsWith('app-');
    let source = await readFile(file, 'utf8');
    if (module) source = withoutStreamClasses(source);
    const { code } = await minify(source, { module, ecma: 2020, compress: { passes: 3 }, mangle: true });
    await writeFile(file, code + '\n');
    const sri = `sha384-${createHash('sha384').update(code + '\n').digest('base64')}`;
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    html = html.replace(new RegExp(`(href="\\./${escaped}" crossorigin="anonymous" integrity=")[^"]*"`), `$1${sri}"`);
  }
  await writeFile(page, html);
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

async function files(root) {
  const out = [];
  for (const entry of await readdir(root)) {
    const path = join(root, entry);
    if ((await stat(path)).isDirectory()) out.push(...(await files(path)));
    else out.push(path);
  }
  return out;
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
