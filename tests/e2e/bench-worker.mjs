// Search speed in the browser worker against the native CLI, on the same
// position and node budget: `node tests/e2e/bench-worker.mjs [SPEC] [NODES]`
// after a release build. Prints both figures and their ratio.
import { execFileSync } from 'node:child_process';
import { launch, serve } from './helpers.mjs';

const [spec = 'loa', nodes = '2000000'] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    runs.push(await page.evaluate(([spec, nodes]) => new Promise((resolve, reject) => {
      const worker = new Worker('./search_worker_loader.js');
      worker.onerror = (e) => reject(new Error(e.message));
      worker.onmessage = (e) => {
        const msg = JSON.parse(e.data);
        if (msg.Ready) worker.postMessage(JSON.stringify({ Bench: { id: 1, spec, nodes: Number(nodes) } }));
        if (msg.Bench) { worker.terminate(); resolve(msg.Bench); }
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
