// The Learn page's data, written into the build by the post-build hook:
// - `puzzles.txt`: every puzzle of data/puzzles/ (made and proven by
//   `ludoteca puzzles`), only what the page needs: under a `= SPEC` line per
//   game and options, one puzzle a line, `DIFFICULTY<TAB>POSITION<TAB>SOLUTION`.
//   A puzzle's id (its link, its progress) is not written: the page works
//   it out as the generator does (FNV-1a of "SPEC POSITION", eight hex
//   digits), and this script fails the build if that ever differs.
// - `lessons.txt`: the lessons of data/lessons/ (checked against the rules
//   by `ludoteca lessons`), without their comments; `lessons.<code>.txt`
//   each language's (i18n/<code>/lessons/, the same steps: a test of
//   ludoteca-core keeps them so).
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const GAMES = ['loa', 'ra', 'attract', 'forms'];

/** The puzzle id as `search::puzzle::file::id` makes it. */
export function puzzleId(spec, position) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(`${spec} ${position}`)) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

export async function writeLearnData(dir) {
  const puzzles = ['ludoteca-puzzles 1 shipped', '# made from data/puzzles/ by scripts/build/learn-data.mjs'];
  let count = 0;
  for (const game of GAMES) {
    let spec = null;
    for (const line of (await readFile(join(root, 'data/puzzles', `${game}.txt`), 'utf8')).split('\n')) {
      if (!line || line.startsWith('#') || line.startsWith('ludoteca-puzzles')) continue;
      const [id, lineSpec, difficulty, , position, solution] = line.split('\t');
      if (puzzleId(lineSpec, position) !== id) throw new Error(`learn-data: puzzle ${id} (${lineSpec}) does not have the id its position gives`);
      if (lineSpec !== spec) puzzles.push(`= ${(spec = lineSpec)}`);
      puzzles.push(`${difficulty}\t${position}\t${solution}`);
      count++;
    }
  }
  await writeFile(join(dir, 'puzzles.txt'), puzzles.join('\n') + '\n');
  const lessons = ['ludoteca-lessons 1'];
  for (const game of GAMES) {
    for (const line of (await readFile(join(root, 'data/lessons', `${game}.txt`), 'utf8')).split('\n')) {
      if (line.trim() && !line.startsWith('#') && !line.startsWith('ludoteca-lessons')) lessons.push(line);
    }
  }
  await writeFile(join(dir, 'lessons.txt'), lessons.join('\n') + '\n');
  // Each language's lessons (i18n/<code>/lessons/), the same steps in its words.
  const { readdir } = await import('node:fs/promises');
  for (const code of (await readdir(join(root, 'i18n'))).filter((c) => /^[a-z]{2}$/.test(c))) {
    const translated = ['ludoteca-lessons 1'];
    for (const game of GAMES) {
      for (const line of (await readFile(join(root, 'i18n', code, 'lessons', `${game}.txt`), 'utf8')).split('\n')) {
        if (line.trim() && !line.startsWith('#') && !line.startsWith('ludoteca-lessons')) translated.push(line);
      }
    }
    await writeFile(join(dir, `lessons.${code}.txt`), translated.join('\n') + '\n');
  }
  console.log(`postbuild: ${count} puzzles and ${lessons.length - 1} lesson lines written`);
}
