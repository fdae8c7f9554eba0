// Load test of a generated Streamable HTTP server: `clients` SDK clients (half 2025-era sessions, half 2026-07-28)
// call a tool back to back for `seconds`, and every failed call counts as an error. Loopback only and bounded in
// clients, time and total requests, so it can never be pointed at someone else's server or run away.
//
//   node bench/load-http.mjs [--clients 50] [--seconds 30]
//
// builds the echo server of bench/servers, starts it on a free 127.0.0.1 port and prints the figures;
// `npm run bench` imports loadTest.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CLI, percentile, ROOT } from './lib.mjs';

export const LIMITS = { clients: 200, seconds: 120, requests: 2_000_000 };

/**
 * Holds `clients` concurrent clients against `url` for `seconds`. Resolves to the number of completed calls, the
 * failed ones, and the median and 99th-percentile latency in milliseconds.
 */
export async function loadTest({ url, clients = 50, seconds = 30, tool = { name: 'echo', arguments: { text: 'hello' } } }) {
  const target = new URL(url);
  if (target.protocol !== 'http:' || target.hostname !== '127.0.0.1')
    throw new Error(`loadTest targets http://127.0.0.1 only, not ${target.origin}`);
  if (!(Number.isInteger(clients) && clients >= 1 && clients <= LIMITS.clients)) throw new Error(`clients must be 1..${LIMITS.clients}`);
  if (!(seconds > 0 && seconds <= LIMITS.seconds)) throw new Error(`seconds must be in (0, ${LIMITS.seconds}]`);

  const connected = await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      const client = new Client({ name: `load-${i}`, version: '1.0.0' }, i % 2 ? { versionNegotiation: { mode: 'auto' } } : {});
      await client.connect(new StreamableHTTPClientTransport(target));
      return client;
    }),
  );
  const latencies = [];
  const failures = [];
  let issued = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    connected.map(async (client) => {
      while (performance.now() < deadline && issued < LIMITS.requests) {
        issued++;
        const started = performance.now();
        try {
          const result = await client.callTool(tool);
          if (result.isError) throw new Error(`tool error: ${JSON.stringify(result.content).slice(0, 200)}`);
          latencies.push(performance.now() - started);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
        }
      }
    }),
  );
  await Promise.allSettled(connected.map((client) => client.close()));
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    requests: latencies.length + failures.length,
    errors: failures.length,
    p50: latencies.length ? round(percentile(latencies, 50)) : null,
    p99: latencies.length ? round(percentile(latencies, 99)) : null,
    rps: Math.round((latencies.length + failures.length) / seconds),
    clients,
    seconds,
    ...(failures.length ? { firstErrors: [...new Set(failures)].slice(0, 5) } : {}),
  };
}

/** The echo server of bench/servers, generated and built in `work` against the shared dependency install. */
export function prepareEchoServer(work) {
  const deps = spawnSync(
    process.execPath,
    ['--import', 'tsx', '-e', "import('./test/support/generated-deps.ts').then((m) => console.log(m.ensureGeneratedDeps()))"],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (deps.status !== 0) throw new Error(`cannot install the generated projects' dependencies:\n${deps.stderr}`);
  const depsDir = deps.stdout.trim().split('\n').at(-1);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  copyFileSync(join(ROOT, 'bench', 'servers', 'echo.yaml'), join(work, 'mcp.yaml'));
  execFileSync(process.execPath, [CLI, 'generate', '-m', join(work, 'mcp.yaml'), '--no-check', '-q']);
  copyFileSync(join(ROOT, 'bench', 'servers', 'echo-handler.ts'), join(work, 'src', 'handlers', 'tools', 'echo.ts'));
  if (!existsSync(join(work, 'node_modules'))) symlinkSync(join(depsDir, 'node_modules'), join(work, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(depsDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', work]);
  return join(work, 'dist', 'main.js');
}

/** Starts a built server on a free loopback port; resolves once it prints its URL. */
export function startServer(main) {
  const child = spawn(process.execPath, [main, '--transport', 'http', '--host', '127.0.0.1', '--port', '0'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 20_000);
    child.stderr.on('data', (chunk) => {
      err += chunk;
      const m = /(http:\/\/127\.0\.0\.1:\d+[^\s"]*)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      resolve({
        url: m[1],
        stop: () =>
          new Promise((done) => (child.exitCode !== null ? done(child.exitCode) : (child.once('exit', done), child.kill('SIGTERM')))),
      });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${err}`)));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { clients: { type: 'string', default: '50' }, seconds: { type: 'string', default: '30' } } });
  const main = prepareEchoServer(join(ROOT, 'bench', '.work', 'load-http'));
  const server = await startServer(main);
  try {
    const figures = await loadTest({ url: server.url, clients: Number(values.clients), seconds: Number(values.seconds) });
    console.log(JSON.stringify(figures, null, 2));
    process.exitCode = figures.errors === 0 ? 0 : 1;
  } finally {
    await server.stop();
  }
}
