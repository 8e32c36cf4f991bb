// Search speed in the browser worker against the native CLI, on the same
// position and node budget: `node tests/e2e/bench/bench-worker.mjs [SPEC] [NODES]`
// after a release build. Prints both figures and their ratio.
import { execFileSync } from 'node:child_process';
import { launch, serve } from '../helpers.mjs';

const [spec = 'loa', nodes = '2000000'] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(await page.evaluate(([spec, nodes]) => new Promise((resolve, reject) => {
      // The worker protocol's postcard bytes, written and read by hand for the
      // two messages used here (the layout is checked by a native test).
      const varint = (n) => {
        const out = [];
        let v = BigInt(n);
        do {
          let byte = Number(v & 0x7fn);
          v >>= 7n;
          if (v) byte |= 0x80;
          out.push(byte);
        } while (v);
        return out;
      };
      const read = (bytes, at) => {
        let v = 0n, shift = 0n, b;
        do {
          b = bytes[at++];
          v |= BigInt(b & 0x7f) << shift;
          shift += 7n;
        } while (b & 0x80);
        return [Number(v), at];
      };
      const name = [...new TextEncoder().encode(spec)];
      const bench = new Uint8Array([1, ...varint(1), ...varint(name.length), ...name, ...varint(nodes)]);
      const worker = new Worker(document.querySelector('meta[name=ludoteca-worker]').content);
      worker.onerror = (e) => reject(new Error(e.message));
      worker.onmessage = (e) => {
        const bytes = new Uint8Array(e.data);
        if (bytes[0] === 0) worker.postMessage(bench); // Ready
        if (bytes[0] === 3) { // Bench { id, nodes, elapsed_ms }
          const [, afterId] = read(bytes, 1);
          const [count, afterNodes] = read(bytes, afterId);
          const elapsed = new DataView(bytes.buffer, bytes.byteOffset + afterNodes, 8).getFloat64(0, true);
          worker.terminate();
          resolve({ nodes: count, elapsed_ms: elapsed });
        }
        if (bytes[0] === 4) reject(new Error('the worker refused the request'));
      };
    }), [spec, nodes]));
  }
  const best = runs.reduce((a, b) => (a.nodes / a.elapsed_ms > b.nodes / b.elapsed_ms ? a : b));
  const browserNps = best.nodes / (best.elapsed_ms / 1000);
  const out = execFileSync('target/release/ludoteca', ['bench', spec, '--nodes', nodes], { encoding: 'utf8' });
  const first = out.split('\n').find((l) => l.startsWith('position 1'));
  const nativeNps = Number(/nps (\d+)/.exec(first)[1]);
  console.log(`browser worker: ${best.nodes} nodes in ${best.elapsed_ms.toFixed(0)} ms = ${browserNps.toFixed(0)} nodes/s (best of 3)`);
  console.log(`native:         ${first}`);
  console.log(`ratio browser/native: ${(browserNps / nativeNps).toFixed(2)}`);
} finally {
  await browser.close();
  await server.close();
}
