// Runs one Worker bundle on workerd through miniflare, on 127.0.0.1, in a Node 22 process of its own (miniflare's
// engines ask for it): `node workerd-host.mjs <runtimes dir> <config json>` (config: {workers: [{name, scriptPath, compatibilityDate,
// compatibilityFlags, bindings, routes}], upstream}). Prints `ready <url> <ms>` (the time from
// the start to the first answer of /healthz), then serves until stdin closes. A line `upstream <url>` on stdin
// restarts it with that upstream: the Host header the Worker sees, as on its deployed hostname.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';

const [runtimes, configJson] = process.argv.slice(2);
const { Miniflare } = createRequire(join(runtimes, 'package.json'))('miniflare');
const config = JSON.parse(configJson);
// Each Worker answers the Host names of its routes; the first answers any other.
const options = (port, upstream) => ({
  workers: config.workers.map((w) => ({
    name: w.name,
    modules: true,
    scriptPath: w.scriptPath,
    // Module names are taken relative to this folder, which must hold the bundle.
    modulesRoot: dirname(w.scriptPath),
    compatibilityDate: w.compatibilityDate,
    compatibilityFlags: w.compatibilityFlags,
    bindings: w.bindings ?? {},
    routes: w.routes ?? [],
  })),
  host: '127.0.0.1',
  port,
  ...(upstream && { upstream }),
});
const started = performance.now();
const mf = new Miniflare(options(0, config.upstream));
const url = await mf.ready;
const probe = await fetch(new URL('/healthz', url));
await probe.arrayBuffer();
console.log(`ready ${url.href} ${Math.round(performance.now() - started)}`);

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  const [command, value] = line.trim().split(/\s+/);
  if (command !== 'upstream') return;
  await mf.setOptions(options(Number(url.port), value));
  console.log(`ready ${(await mf.ready).href} 0`);
});
lines.on('close', async () => {
  await mf.dispose();
  process.exit(0);
});
