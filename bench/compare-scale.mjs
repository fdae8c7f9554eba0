// What sharing state costs: the echo server over Streamable HTTP with the memory store, with the Redis store (one
// replica), and as three replicas behind nginx sharing a redis-server; tools/call p50/p99 and throughput in both
// eras. Needs redis-server and nginx (Debian packages); skipped without them. Run alone:
//   npm run build && node --import tsx bench/compare-scale.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { binary, freePort, Nginx, RedisServer, Replica } from '../test/support/scale-cluster.ts';
import { CLI, median, percentile, ROOT } from './lib.mjs';

function project(work, deps, name, extra) {
  const dir = join(work, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'mcp.yaml'),
    `${readFileSync(join(ROOT, 'bench', 'servers', 'echo.yaml'), 'utf8')}transports: {stdio: false, http: true}\n${extra}`,
  );
  execFileSync(process.execPath, [CLI, 'generate', '-m', join(dir, 'mcp.yaml'), '--no-check', '-q']);
  copyFileSync(join(ROOT, 'bench', 'servers', 'echo-handler.ts'), join(dir, 'src', 'handlers', 'tools', 'echo.ts'));
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(deps, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(process.execPath, [join(deps, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir]);
  return dir;
}

// One client makes 2,200 calls here. Node's fetch (undici) takes each request's abort listener off the transport's
// AbortSignal only when the request is garbage-collected, and caps that signal at 1,500 listeners before it warns:
// thousands of "possible EventTarget memory leak" lines about this client, none about the servers measured. That one
// warning is dropped; every other warning is printed as before.
process.removeAllListeners('warning');
process.on('warning', (warning) => {
  if (warning.name === 'MaxListenersExceededWarning' && /abort listeners added to \[AbortSignal\]/.test(warning.message)) return;
  console.error(`(node:${process.pid}) ${warning.name}: ${warning.message}`);
});

async function measure(url, era, { sequential = 400, concurrent = 1500 } = {}) {
  const client = new Client({ name: 'bench', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  const call = () => client.callTool({ name: 'echo', arguments: { text: 'hello' } });
  try {
    for (let i = 0; i < 300; i++) await call();
    const latencies = [];
    for (let i = 0; i < sequential; i++) {
      const t = performance.now();
      await call();
      latencies.push(performance.now() - t);
    }
    const t0 = performance.now();
    let left = concurrent;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (left-- > 0) await call();
      }),
    );
    return { p50: median(latencies), p99: percentile(latencies, 99), rps16: concurrent / ((performance.now() - t0) / 1000) };
  } finally {
    await client.close();
  }
}

const mergeRuns = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));

/** Medians over `rounds`, the three setups alternating within each round. */
export async function compareScale(work, deps, { rounds = 3 } = {}) {
  if (!binary('redis-server') || !binary('nginx')) return undefined;
  const memoryDir = project(work, deps, 'scale-memory', '');
  const redisDir = project(work, deps, 'scale-redis', 'scale: {store: redis}\n');
  const redis = new RedisServer(await freePort(), join(work, 'scale-redis-data'));
  await redis.start();
  const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: 'bench-request-state-key-0123456789abcdef' };
  const memory = new Replica(memoryDir, await freePort(), 'memory', {});
  const single = new Replica(redisDir, await freePort(), 'single', env);
  const three = await Promise.all([1, 2, 3].map(async (n) => new Replica(redisDir, await freePort(), `r${n}`, env)));
  const all = [memory, single, ...three];
  await Promise.all(all.map((r) => r.start()));
  const nginx = new Nginx(
    await freePort(),
    join(work, 'scale-nginx'),
    three.map((r) => r.port),
  );
  await nginx.start();
  const setups = { memory: memory.url, redis: single.url, nginx3: nginx.url };
  const runs = Object.fromEntries(Object.keys(setups).flatMap((s) => ['legacy', 'modern'].map((era) => [`${s}/${era}`, []])));
  try {
    for (let r = 0; r < rounds; r++) {
      const order = Object.keys(setups);
      if (r % 2) order.reverse();
      for (const setup of order) for (const era of ['modern', 'legacy']) runs[`${setup}/${era}`].push(await measure(setups[setup], era));
    }
  } finally {
    await nginx.stop();
    await Promise.all(all.map((r) => r.stop()));
    await redis.stop();
  }
  return Object.fromEntries(Object.entries(runs).map(([k, v]) => [k, mergeRuns(v)]));
}

export function renderScale(scale) {
  if (!scale) return 'scale: skipped (redis-server or nginx not installed)';
  const lines = [
    '| Streamable HTTP, echo tool | era | p50 | p99 | throughput, 16 in flight | p50 vs memory |',
    '|---|---|---:|---:|---:|---:|',
  ];
  const names = {
    memory: 'one replica, memory store',
    redis: 'one replica, Redis store',
    nginx3: 'three replicas behind nginx, Redis store',
  };
  for (const era of ['modern', 'legacy']) {
    for (const setup of ['memory', 'redis', 'nginx3']) {
      const m = scale[`${setup}/${era}`];
      const base = scale[`memory/${era}`];
      lines.push(
        `| ${names[setup]} | ${era === 'modern' ? '2026-07-28' : '2025-11-25'} | ${m.p50.toFixed(2)} ms | ${m.p99.toFixed(2)} ms | ${m.rps16.toFixed(0)} rps | ${((m.p50 / base.p50) * 100).toFixed(0)}% |`,
      );
    }
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ensureGeneratedDeps } = await import('../test/support/generated-deps.ts');
  const work = join(tmpdir(), 'mcp-gen-bench-scale');
  mkdirSync(work, { recursive: true });
  console.log(renderScale(await compareScale(work, ensureGeneratedDeps())));
}
