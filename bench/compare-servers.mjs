// The generated server against a hand-written SDK v2 server with the same tool, measured in the same run with the
// two alternating: cold start to the first tools/list over stdio, and tools/call latency and throughput over stdio
// and Streamable HTTP (sequential, and 16 requests in flight).
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { CLI, median, percentile, ROOT } from './lib.mjs';

function link(dir, deps) {
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(deps, 'node_modules'), join(dir, 'node_modules'), 'dir');
}

export function prepareServers(work, deps) {
  const tsc = join(deps, 'node_modules', 'typescript', 'bin', 'tsc');
  const hand = join(work, 'hand');
  rmSync(hand, { recursive: true, force: true });
  mkdirSync(hand, { recursive: true });
  for (const f of ['hand-written.ts', 'tsconfig.json']) copyFileSync(join(ROOT, 'bench', 'servers', f), join(hand, f));
  link(hand, deps);
  execFileSync(process.execPath, [tsc, '-p', hand]);
  const gen = join(work, 'gen');
  rmSync(gen, { recursive: true, force: true });
  mkdirSync(gen, { recursive: true });
  copyFileSync(join(ROOT, 'bench', 'servers', 'echo.yaml'), join(gen, 'mcp.yaml'));
  execFileSync(process.execPath, [CLI, 'generate', '-m', join(gen, 'mcp.yaml'), '--no-check', '-q']);
  copyFileSync(join(ROOT, 'bench', 'servers', 'echo-handler.ts'), join(gen, 'src', 'handlers', 'tools', 'echo.ts'));
  link(gen, deps);
  execFileSync(process.execPath, [tsc, '-p', gen]);
  return {
    generated: { stdio: [join(gen, 'dist', 'main.js')], http: [join(gen, 'dist', 'main.js'), '--transport', 'http', '--port', '0'] },
    hand: { stdio: [join(hand, 'dist', 'hand-written.js')], http: [join(hand, 'dist', 'hand-written.js'), 'http'] },
  };
}

async function stdioClient(args) {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: 'ignore' }));
  return client;
}

async function coldStart(args) {
  const start = performance.now();
  const client = await stdioClient(args);
  await client.listTools();
  const ms = performance.now() - start;
  await client.close();
  return ms;
}

async function calls(client, { sequential, concurrent }) {
  const call = () => client.callTool({ name: 'echo', arguments: { text: 'hello' } });
  // Warm both servers' JIT before measuring: the first calls are compiled, not served.
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
  return {
    p50: median(latencies),
    p99: percentile(latencies, 99),
    seqRps: sequential / (latencies.reduce((a, b) => a + b, 0) / 1000),
    rps16: concurrent / ((performance.now() - t0) / 1000),
  };
}

function startHttp(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
      const m = /(http:\/\/[^\s"]+)/.exec(err);
      if (m)
        resolve({
          url: m[1],
          stop: () =>
            new Promise((r) => {
              child.once('exit', r);
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

async function stdioRun(args, load) {
  const client = await stdioClient(args);
  try {
    return await calls(client, load);
  } finally {
    await client.close();
  }
}

async function httpRun(args, load) {
  const server = await startHttp(args);
  const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  try {
    return await calls(client, load);
  } finally {
    await client.close();
    await server.stop();
  }
}

const mergeRuns = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));

/** Alternates generated and hand-written (swapping who goes first each round) and returns medians per metric. */
export async function compareServers(servers, { rounds = 5, coldStarts = 10 } = {}) {
  const out = { generated: { cold: [], stdio: [], http: [] }, hand: { cold: [], stdio: [], http: [] } };
  for (let i = 0; i < coldStarts; i++) {
    for (const who of i % 2 ? ['hand', 'generated'] : ['generated', 'hand']) out[who].cold.push(await coldStart(servers[who].stdio));
  }
  for (let r = 0; r < rounds; r++) {
    for (const who of r % 2 ? ['hand', 'generated'] : ['generated', 'hand']) {
      out[who].stdio.push(await stdioRun(servers[who].stdio, { sequential: 1000, concurrent: 3000 }));
      out[who].http.push(await httpRun(servers[who].http, { sequential: 400, concurrent: 1500 }));
    }
  }
  const summary = (who) => ({ coldStartMs: median(out[who].cold), stdio: mergeRuns(out[who].stdio), http: mergeRuns(out[who].http) });
  return { generated: summary('generated'), hand: summary('hand') };
}
