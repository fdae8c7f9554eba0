// Load that costs the client little, so the server's cost is what is measured: one tools/call recorded from a real
// SDK client (headers, session and body as it sends them) and replayed over keep-alive connections with fresh ids;
// stdio driven with raw JSON-RPC lines. Also the server process's CPU time and peak RSS, read from /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { percentile, TIMED_ENV } from './lib.mjs';

const TOOL = { name: 'echo', arguments: { text: 'hello' } };
const CLIENT_INFO = { name: 'bench', version: '1.0.0' };

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The process's peak resident set size, MB. */
export function peakRssMb(pid) {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return kb ? Number(kb[1]) / 1024 : Number.NaN;
}

/** Resolves once `child` has exited, after `end` asked it to (at once when it already has). */
function stopChild(child, end) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    end();
  });
}

/** Starts `args` with node; resolves once it prints its URL on stderr. */
export function startHttp(args, env = TIMED_ENV) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr.on('data', (c) => {
      err += c;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/[^\s"]*)/.exec(err);
      if (m)
        resolve({
          url: m[1],
          pid: child.pid,
          stop: () => stopChild(child, () => child.kill('SIGTERM')),
        });
    });
    child.once('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
  });
}

/**
 * An SDK client connected to `url` in `era` ('2025': the initialize handshake and a session where the server keeps
 * one; '2026': versionNegotiation auto), and the tools/call request it sent, as sent.
 */
export async function recordCall(url, era) {
  let recorded;
  const capture = async (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    if (body?.includes('"tools/call"')) recorded = { headers: Object.fromEntries(new Headers(init.headers)), body: JSON.parse(body) };
    return fetch(input, init);
  };
  const client = new Client(CLIENT_INFO, era === '2026' ? { versionNegotiation: { mode: 'auto' } } : {});
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: capture }));
  const result = await client.callTool(TOOL);
  if (result.isError || !recorded) throw new Error(`no tools/call recorded: ${JSON.stringify(result)}`);
  return { client, call: { url: new URL(url), ...recorded } };
}

/** Replays `call` on `connections` keep-alive connections for `seconds` (after `warmSeconds`): rps, p50, p99. */
export async function replay(call, { connections, seconds, warmSeconds = 0.5, pid }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let id = 1_000_000;
  const one = () =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ ...call.body, id: id++ });
      const req = request(
        {
          host: call.url.hostname,
          port: call.url.port,
          path: call.url.pathname,
          method: 'POST',
          agent,
          headers: { ...call.headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res
            .setEncoding('utf8')
            .on('data', (c) => (text += c))
            .on('end', () => {
              if (res.statusCode !== 200 || !text.includes('"hello"') || text.includes('"isError":true'))
                reject(new Error(`bad answer ${res.statusCode}: ${text.slice(0, 300)}`));
              else resolve();
            });
        },
      );
      req.once('error', reject).end(body);
    });
  const run = (ms, latencies) => saturate(connections, one, ms, latencies);
  await run(warmSeconds * 1000);
  const latencies = [];
  const cpu0 = pid ? cpuSeconds(pid) : 0;
  const t0 = performance.now();
  const done = await run(seconds * 1000, latencies);
  const elapsed = (performance.now() - t0) / 1000;
  const cpuUs = pid ? ((cpuSeconds(pid) - cpu0) * 1e6) / done : undefined;
  agent.destroy();
  return { rps: done / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUs };
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: CLIENT_INFO },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
const lines = (...messages) => messages.map((m) => `${JSON.stringify(m)}\n`).join('');

/** A stdio server speaking raw lines: `send(message)`, and `next(id)` resolving with the answer to `id`. */
function stdioPeer(args, env) {
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'], env });
  const waiting = new Map();
  let buffer = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
      nl = buffer.indexOf('\n');
    }
  });
  return {
    child,
    write: (text) => child.stdin.write(text),
    next: (id) => new Promise((resolve) => waiting.set(id, resolve)),
    stop: () =>
      stopChild(child, () => {
        child.stdin.end();
        child.kill('SIGTERM');
      }),
  };
}

/** Spawn to the answer of the first tools/list over stdio (the three lines written at once), ms. */
export async function coldStart(args, env = TIMED_ENV) {
  const start = performance.now();
  const peer = stdioPeer(args, env);
  const listed = peer.next(1);
  peer.write(lines(INITIALIZE, INITIALIZED, { jsonrpc: '2.0', id: 1, method: 'tools/list' }));
  const answer = await listed;
  const ms = performance.now() - start;
  await peer.stop();
  if (!answer.result?.tools?.length) throw new Error(`no tools listed: ${JSON.stringify(answer)}`);
  return ms;
}

/** tools/call over stdio with `inFlight` requests outstanding for `seconds`: rps, p99, CPU µs per call. */
export async function stdioLoad(args, { inFlight = 16, seconds, warmSeconds = 0.5 }, env = TIMED_ENV) {
  const peer = stdioPeer(args, env);
  const ready = peer.next(0);
  peer.write(lines(INITIALIZE));
  await ready;
  peer.write(lines(INITIALIZED));
  let id = 1;
  const one = async () => {
    const mine = id++;
    const answer = peer.next(mine);
    peer.write(lines({ jsonrpc: '2.0', id: mine, method: 'tools/call', params: TOOL }));
    const message = await answer;
    if (message.result?.content?.[0]?.text !== 'hello') throw new Error(`bad answer: ${JSON.stringify(message)}`);
  };
  const run = (ms, latencies) => saturate(inFlight, one, ms, latencies);
  try {
    await run(warmSeconds * 1000);
    const latencies = [];
    const cpu0 = cpuSeconds(peer.child.pid);
    const t0 = performance.now();
    const done = await run(seconds * 1000, latencies);
    const elapsed = (performance.now() - t0) / 1000;
    const cpuUs = ((cpuSeconds(peer.child.pid) - cpu0) * 1e6) / done;
    return { rps: done / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpuUs, rssMb: peakRssMb(peer.child.pid) };
  } finally {
    await peer.stop();
  }
}

/** Both eras at 16 and 64 connections against one server process: rps, latencies, CPU µs per call, peak RSS. */
export async function httpLoad(args, { seconds, connections = [16, 64] }, env = TIMED_ENV) {
  const server = await startHttp(args, env);
  const out = {};
  try {
    for (const era of ['2025', '2026']) {
      const { client, call } = await recordCall(server.url, era);
      try {
        for (const c of connections) out[`${era}c${c}`] = await replay(call, { connections: c, seconds, pid: server.pid });
      } finally {
        await client.close();
      }
    }
    out.rssMb = peakRssMb(server.pid);
    return out;
  } finally {
    await server.stop();
  }
}

/** Runs `one` back to back in `width` loops for `ms`: how many ended, each one's latency pushed on `latencies`. */
async function saturate(width, one, ms, latencies) {
  const until = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await one();
        latencies?.push(performance.now() - t);
        done++;
      }
    }),
  );
  return done;
}
