// The platforms' budgets, for the weather example and a 500-tool manifest generated for every target: the bundle of
// each entry (esbuild, as the platforms' tools make it), the start-up to the first answer on workerd and the Lambda
// handler's cold path, and the per-call p50 of tools/call on each runtime beside the node entry's. Also runnable
// alone: `node --import tsx bench/platforms.mjs`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { stringify } from 'yaml';
import { lambdaContext, toEvent, toResponse } from '../test/support/lambda-events.ts';
import { bundleEntry } from '../test/support/platform-bundle.ts';
import { weatherProject } from '../test/support/platform-projects.ts';
import { ensurePlatformRuntimes, runtimeBin } from '../test/support/platform-runtimes.ts';
import { freePort, startServerProcess } from '../test/support/process-server.ts';
import { generateProject } from '../test/support/project.ts';
import { ensureGeneratedDeps, linkDeps } from '../test/support/generated-deps.ts';
import { startWorkerd } from '../test/support/workerd.ts';
import { fmtMs, median, percentile, ROOT, TIMED_ENV } from './lib.mjs';
import { makeManifest } from './make-manifest.mjs';

const TARGETS = ['workers', 'deno', 'bun', 'vercel', 'lambda'];
const ALL = ['node', ...TARGETS];
/** The platforms' own limits, and what mcp-gen holds itself to below them. */
export const PLATFORM_BUDGETS = {
  // Workers: 3 MB compressed on the free plan (10 MB paid); 1 s of CPU to start.
  workersGzipBytes: 3 * 1024 * 1024,
  workersStartupMs: 1000,
  // Lambda: a cold start the client waits through; API Gateway gives up after 30 s, we hold the handler to 1 s.
  lambdaColdMs: 1000,
};
const CALLS = Number(process.env.BENCH_PLATFORM_CALLS ?? 60);

export async function benchPlatforms(work) {
  // The servers' info lines (one per call) would bury the table.
  process.env.LOG_LEVEL ??= 'warn';
  ensureGeneratedDeps();
  ensurePlatformRuntimes();
  const weather = weatherProject().dir;
  const big = bigProject(work);
  const out = { bundles: [], workerd: [], lambdaCold: [], p50: [] };
  for (const [name, dir] of [
    ['weather', weather],
    ['500 tools', big],
  ]) {
    const row = { project: name };
    for (const target of TARGETS) {
      const bundle = await bundleEntry(dir, target);
      row[target] = { bytes: bundle.bytes, gzip: gzipSync(readFileSync(bundle.file)).length, file: bundle.file };
    }
    out.bundles.push(row);
    out.workerd.push({ project: name, ...(await workerdStartup(row.workers.file)) });
    out.lambdaCold.push({ project: name, ms: lambdaCold(row.lambda.file) });
  }
  out.p50 = await perCall(weather, out.bundles[0]);
  return out;
}

/** 500 tools (the generation bench's synthetic manifest), listing every target. Handlers stay stubs. */
function bigProject(work) {
  const manifest = makeManifest(500);
  const dir = generateProject(
    stringify({ ...manifest, targets: ALL }, { aliasDuplicateObjects: false, lineWidth: 0 }),
    join(work, 'platforms-500'),
  );
  linkDeps(dir);
  return dir;
}

/** workerd through miniflare: spawn to the first answer, then the first tools/list, and the module's evaluation in V8. */
async function workerdStartup(file) {
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const workerd = await startWorkerd([
      { name: 'bench', scriptPath: file, compatibilityDate: '2026-07-28', compatibilityFlags: ['nodejs_compat'] },
    ]);
    const started = performance.now();
    const client = await connect(new URL('/mcp', workerd.url).href);
    await client.listTools();
    const firstList = performance.now() - started;
    await client.close();
    await workerd.stop();
    runs.push({ readyMs: workerd.startupMs, firstListMs: firstList });
  }
  return {
    readyMs: median(runs.map((r) => r.readyMs)),
    firstListMs: median(runs.map((r) => r.firstListMs)),
    evaluateMs: evaluateMs(file),
  };
}

/** Importing a bundle in a fresh Node: V8 evaluating the module, the share of a cold start its size and top level cost. */
function evaluateMs(file) {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const times = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: TIMED_ENV });
    times.push(Number(r.stdout.trim().split('\n').at(-1)));
  }
  return median(times);
}

/** Lambda's cold path in a fresh Node: importing the handler's bundle and answering a first tools/list event. */
function lambdaCold(file) {
  const script = `
    const { toEvent, lambdaContext } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'test/support/lambda-events.ts')).href)});
    const request = new Request('https://abc.lambda-url.eu-west-1.on.aws/mcp', { method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'b', version: '1' } } }) });
    const event = await toEvent(request, 'function-url');
    const t = performance.now();
    const { handler } = await import(${JSON.stringify(pathToFileURL(file).href)});
    const result = await handler(event, lambdaContext());
    if (result.statusCode !== 200) throw new Error('status ' + result.statusCode);
    console.log(performance.now() - t);`;
  const times = [];
  for (let i = 0; i < 3; i++) {
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: TIMED_ENV,
      cwd: ROOT,
    });
    if (r.status !== 0) throw new Error(`lambda cold path failed:\n${r.stderr}`);
    times.push(Number(r.stdout.trim().split('\n').at(-1)));
  }
  return median(times);
}

function connect(url, fetch) {
  const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  return client.connect(new StreamableHTTPClientTransport(new URL(url), fetch ? { fetch } : {})).then(() => client);
}

async function p50Of(url, fetch) {
  const client = await connect(url, fetch);
  const call = () => client.callTool({ name: 'get_forecast', arguments: { city: 'Paris', days: 3 } });
  for (let i = 0; i < 10; i++) await call();
  const times = [];
  for (let i = 0; i < CALLS; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  await client.close();
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** tools/call p50 on each runtime: node, deno, bun and workerd over loopback sockets; Lambda and Vercel in process. */
async function perCall(dir, bundles) {
  const rows = [];
  const socket = async (runtime, start) => {
    const server = await start();
    try {
      rows.push({ runtime, via: 'socket', ...(await p50Of(server.url)) });
    } finally {
      await server.stop();
    }
  };
  const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts;
  const fromScript = async (runtime) => {
    const port = await freePort();
    const [, ...args] = scripts[`start:${runtime}`]
      .replace(/^npm run build && /, '')
      .replace('--port 3000', `--port ${port}`)
      .split(' ');
    return startServerProcess(runtimeBin(runtime), args, { cwd: dir, port, env: { MCP_PORT: String(port) } });
  };
  await socket('node', async () => {
    const port = await freePort();
    return startServerProcess(process.execPath, ['dist/main.js', '--transport', 'http', '--port', String(port)], { cwd: dir, port });
  });
  await socket('deno', () => fromScript('deno'));
  await socket('bun', () => fromScript('bun'));
  await socket('workerd', async () => {
    const w = await startWorkerd([
      { name: 'bench', scriptPath: bundles.workers.file, compatibilityDate: '2026-07-28', compatibilityFlags: ['nodejs_compat'] },
    ]);
    return { url: new URL('/mcp', w.url).href, stop: () => w.stop() };
  });
  const { handler } = await import(pathToFileURL(join(dir, 'dist', 'generated', 'lambda.gen.js')).href);
  const lambdaFetch = async (input, init) =>
    toResponse(await handler(await toEvent(new Request(input, init), 'function-url'), lambdaContext()));
  rows.push({ runtime: 'lambda handler', via: 'in process', ...(await p50Of('https://abc.lambda-url.eu-west-1.on.aws/mcp', lambdaFetch)) });
  const vercel = (await import(pathToFileURL(join(dir, 'api', 'mcp.js')).href)).default;
  const vercelFetch = (input, init) => {
    const request = new Request(input, init);
    request.headers.set('host', 'weather.vercel.app');
    return vercel.fetch(request);
  };
  rows.push({ runtime: 'vercel function', via: 'in process', ...(await p50Of('https://weather.vercel.app/mcp', vercelFetch)) });
  return rows;
}

const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;

export function renderPlatforms(r) {
  const b = PLATFORM_BUDGETS;
  const lines = [
    '| bundle (esbuild, minified) | workers | deno | bun | vercel | lambda |',
    '|---|---:|---:|---:|---:|---:|',
    ...r.bundles.map((row) => `| ${row.project} | ${TARGETS.map((t) => `${kb(row[t].bytes)} (${kb(row[t].gzip)} gz)`).join(' | ')} |`),
    `budget: a Worker's upload under ${kb(b.workersGzipBytes)} compressed (free plan)`,
    '',
    '| start-up | workerd: spawn to first answer | first tools/list | module evaluation (V8) | budget (Workers start-up CPU) | Lambda cold path (import + first event) | budget |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...r.workerd.map(
      (w, i) =>
        `| ${w.project} | ${fmtMs(w.readyMs)} | ${fmtMs(w.firstListMs)} | ${fmtMs(w.evaluateMs)} | ${fmtMs(b.workersStartupMs)} | ${fmtMs(r.lambdaCold[i].ms)} | ${fmtMs(b.lambdaColdMs)} |`,
    ),
    '',
    '| tools/call get_forecast (weather) | via | p50 | p99 | p50 vs node |',
    '|---|---|---:|---:|---:|',
  ];
  const node = r.p50.find((row) => row.runtime === 'node');
  for (const row of r.p50)
    lines.push(
      `| ${row.runtime} | ${row.via} | ${row.p50.toFixed(2)} ms | ${row.p99.toFixed(2)} ms | ${((row.p50 / node.p50) * 100).toFixed(0)}% |`,
    );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { mkdirSync, rmSync } = await import('node:fs');
  const work = join(ROOT, 'bench', '.work');
  rmSync(join(work, 'platforms-500'), { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const result = await benchPlatforms(work);
  writeFileSync(join(work, 'platforms.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(renderPlatforms(result));
}
