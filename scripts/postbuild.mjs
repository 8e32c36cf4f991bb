// Trunk post-build hook (see Trunk.toml), run in the staging directory:
// 1. moves Trunk's inline start-up script into a file, so the Content
//    Security Policy can forbid inline scripts;
// 2. writes the service worker with the list of every file of this build and
//    a version made from their contents (never by hand).
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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
