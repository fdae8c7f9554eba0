// One caller must not take what the others need. A generated server without auth, attacked from one loopback
// address at a time, while another address (127.0.0.2) must still be served: POSTs held by subscriptions/listen
// streams that never end, by bodies that never finish and by calls abandoned while their handlers run on; 2025-era
// sessions; HTTP+SSE streams; WebSocket connections; tasks; rate limits. Each principal, here each address, holds
// at most its share (maxPrincipalShare 0.3 of 10 POSTs: 3; of 8 WebSockets: 2) and its own per-principal caps.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeFrom, modern, send, slowPost, start, webSocketFrom, type Exchange } from '../support/callers.js';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';
import { INITIALIZE, INITIALIZED, until, WAIT_TOOL } from '../support/raw-peers.js';

const MANIFEST = `version: 1
server: {name: shares, version: 1.0.0}
transports:
  http: {maxConcurrentRequests: 10, maxPrincipalShare: 0.3, maxSessionsPerPrincipal: 2}
  sse: true
  websocket: {maxConnections: 8}
tools:
${WAIT_TOOL.manifest}  stubborn:
    description: Answers after the given number of milliseconds, cancelled or not
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
  limited:
    description: Two calls a minute per caller
    policy: {rateLimit: {requests: 2, windowMs: 60000}}
  crunch:
    description: Works for the given number of milliseconds, as a task when the client takes one
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
    execution: {taskSupport: optional}
`;
const tool = (name: string, body: string) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { setTimeout as sleep } from 'node:timers/promises';
export const ${name}: ToolHandler<'${name}'> = async (input, ctx) => {
  void sleep; void ctx; void input;
  ${body}
};
`;
const FILES: Record<string, string> = {
  'src/handlers/tools/wait.ts': WAIT_TOOL.handler,
  'src/handlers/tools/stubborn.ts': tool('stubborn', "await sleep(input.ms); return text('done anyway');"),
  'src/handlers/tools/limited.ts': tool('limited', "return text('ok');"),
  'src/handlers/tools/crunch.ts': tool('crunch', "await sleep(input.ms, undefined, { signal: ctx.signal }); return text('crunched');"),
  // At most two working tasks per caller, so that the limit can be reached here.
  'src/lifecycle.ts': `import { configureTasks } from './generated/runtime/tasks.gen.js';
export interface AppContext {}
export async function onStart(): Promise<AppContext> {
  configureTasks({ maxConcurrentPerOwner: 2 });
  return {};
}
export async function onShutdown(_app: AppContext): Promise<void> {}
`,
};

const OTHER = '127.0.0.2';
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };
let dir: string;
let server: RunningHttp;
let id = 0;
const open: Exchange[] = [];

/** One 2026-07-28 request from `from`, answered whole. */
async function call(from: string, method: string, params: Record<string, unknown>, headers: Record<string, string> = {}) {
  const request = modern(++id, method, params, TASKS);
  const res = await send(server.url, from, 'POST', request.message, { ...request.headers, ...headers });
  const body = await res.text();
  const json = body.startsWith('{') ? body : /^data: (.*)$/m.exec(body)?.[1];
  return { status: res.status, headers: res.headers, json: JSON.parse(json ?? 'null') };
}
const wait = (from: string, ms = 1) => call(from, 'tools/call', { name: 'wait', arguments: { ms } });

async function servedTo(from: string): Promise<void> {
  const answer = await wait(from);
  expect([answer.status, answer.json.result?.content]).toEqual([200, [{ type: 'text', text: 'waited' }]]);
}

/** A subscriptions/listen stream from `from`, open once the server has acknowledged it. */
async function listen(from: string, headers: Record<string, string> = {}): Promise<Exchange> {
  const request = modern(++id, 'subscriptions/listen', { notifications: { toolsListChanged: true } });
  const stream = await send(server.url, from, 'POST', request.message, { ...request.headers, ...headers });
  open.push(stream);
  if (stream.status === 200) await stream.until((body) => body.includes('notifications/subscriptions/acknowledged'));
  return stream;
}

function expectCrowded(status: number, body: unknown): void {
  expect(status).toBe(429);
  expect(body).toMatchObject({
    error: { code: -32003, data: { reason: 'maxConcurrentRequestsPerPrincipal', maxConcurrentRequestsPerPrincipal: 3 } },
  });
}

beforeAll(async () => {
  dir = generateProject(MANIFEST);
  for (const [file, content] of Object.entries(FILES)) writeFileSync(join(dir, file), content);
  buildProject(dir);
  server = await startHttpServer(dir);
}, 120_000);
afterAll(async () => {
  for (const stream of open) stream.close();
  await server?.stop();
});

describe("one caller's POSTs: at most its share of maxConcurrentRequests", () => {
  it('listen streams that never end: the fourth is refused with 429, another caller is served', async () => {
    const attacker = '127.0.0.3';
    const streams = [await listen(attacker), await listen(attacker), await listen(attacker)];
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await listen(attacker);
    expect(fourth.headers['retry-after']).toBe('1');
    expectCrowded(fourth.status, JSON.parse(await fourth.text()));
    await servedTo(OTHER);
    // Its own places are free again once its streams end.
    for (const stream of streams) stream.close();
    let again = await listen(attacker);
    for (let tries = 0; again.status !== 200 && tries < 50; tries++) again = await listen(attacker);
    expect(again.status).toBe(200);
    again.close();
  });

  it('bodies that never finish: the fourth is refused before its body is read, another caller is served', async () => {
    const attacker = '127.0.0.4';
    const slow = [slowPost(server.url, attacker), slowPost(server.url, attacker), slowPost(server.url, attacker)];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const fourth = slowPost(server.url, attacker);
      slow.push(fourth);
      expect(await fourth.status).toBe(429);
      await servedTo(OTHER);
    } finally {
      for (const post of slow) post.close();
    }
  });

  it('calls abandoned while their handlers run on: refused until the handlers end, another caller is served', async () => {
    const attacker = '127.0.0.5';
    const calls = [1, 2, 3].map(() => {
      const request = modern(++id, 'tools/call', { name: 'stubborn', arguments: { ms: 3_000 } });
      return start(server.url, attacker, 'POST', request.message, request.headers);
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const abandoned of calls) {
      abandoned.response.catch(() => undefined);
      abandoned.drop();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const past = await wait(attacker);
    expectCrowded(past.status, past.json);
    expect(past.json.error.message).toMatch(/handlers still running after their requests ended/);
    await servedTo(OTHER);
    let later = past;
    for (let tries = 0; later.status !== 200 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await wait(attacker);
    }
    expect(later.status).toBe(200);
  });

  it('ignores a forged X-Forwarded-For without trustProxy: the caller is its connection', async () => {
    const attacker = '127.0.0.6';
    const streams = await Promise.all([1, 2, 3].map((n) => listen(attacker, { 'x-forwarded-for': `198.51.100.${n}` })));
    expect(streams.map((s) => s.status)).toEqual([200, 200, 200]);
    const forged = await listen(attacker, { 'x-forwarded-for': '198.51.100.4' });
    expectCrowded(forged.status, JSON.parse(await forged.text()));
    for (const stream of streams) stream.close();
  });
});

describe('2025-era sessions and HTTP+SSE streams: maxSessionsPerPrincipal per address', () => {
  it('refuses a third session to one address, serves another, and answers a session only its own address', async () => {
    const attacker = '127.0.0.7';
    const sessions = [await initializeFrom(server.url, attacker), await initializeFrom(server.url, attacker)];
    expect(sessions.map((s) => s.status)).toEqual([200, 200]);
    expect((await initializeFrom(server.url, attacker)).status).toBe(429);
    expect((await initializeFrom(server.url, OTHER)).status).toBe(200);
    const ping = { jsonrpc: '2.0', id: 9, method: 'ping' };
    const headers = { 'mcp-session-id': sessions[0].sessionId, 'mcp-protocol-version': '2025-11-25' };
    const stolen = await send(server.url, OTHER, 'POST', ping, headers);
    expect([stolen.status, await stolen.text()]).toEqual([404, expect.stringContaining('Session not found')]);
    expect((await send(server.url, attacker, 'POST', ping, headers)).status).toBe(200);
  });

  it('refuses a third HTTP+SSE stream to one address and opens one for another', async () => {
    const attacker = '127.0.0.8';
    const sse = server.url.replace(/\/mcp$/, '/sse');
    const get = (from: string) => send(sse, from, 'GET', undefined, { accept: 'text/event-stream' });
    const streams = [await get(attacker), await get(attacker), await get(attacker)];
    open.push(...streams);
    expect(streams.map((s) => s.status)).toEqual([200, 200, 429]);
    const other = await get(OTHER);
    open.push(other);
    expect(other.status).toBe(200);
    expect(await other.until((body) => body.includes('event: endpoint'))).toMatch(/sessionId=/);
  });
});

describe('WebSocket connections: at most the share of maxConnections', () => {
  it('refuses a third connection from one address with 429 and serves another address', async () => {
    const ws = server.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws');
    const attacker = '127.0.0.9';
    const held = [await webSocketFrom(ws, attacker), await webSocketFrom(ws, attacker)];
    try {
      await expect(webSocketFrom(ws, attacker)).rejects.toThrow(/Unexpected server response: 429/);
      const other = await webSocketFrom(ws, OTHER);
      try {
        other.send(INITIALIZE);
        await until(() => other.frames.some((f) => f.id === 0), 'the initialize result');
        other.send(INITIALIZED);
        other.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
        await until(() => other.frames.some((f) => f.id === 1 && 'result' in f), 'the ping');
      } finally {
        other.close();
      }
    } finally {
      for (const socket of held) socket.close();
    }
  });
});

describe('what an address owns: its tasks and its rate limit', () => {
  it('counts and keeps tasks per address (2026-07-28): a third is refused, another address starts its own', async () => {
    const attacker = '127.0.0.10';
    const crunch = (from: string) => call(from, 'tools/call', { name: 'crunch', arguments: { ms: 3_000 } });
    const started = [await crunch(attacker), await crunch(attacker)];
    expect(started.map((s) => s.json.result?.resultType)).toEqual(['task', 'task']);
    const third = await crunch(attacker);
    expect(third.json.error).toMatchObject({ code: -32003, data: { reason: 'maxConcurrentTasks', maxConcurrentTasks: 2 } });
    const other = await crunch(OTHER);
    expect(other.json.result?.resultType).toBe('task');
    const taskId = started[0].json.result.taskId;
    expect((await call(OTHER, 'tasks/get', { taskId })).json.error?.code).toBe(-32602);
    expect((await call(attacker, 'tasks/get', { taskId })).json.result).toMatchObject({ taskId, status: 'working' });
  });

  it('keeps a rate limit per address', async () => {
    const attacker = '127.0.0.11';
    const limited = (from: string) => call(from, 'tools/call', { name: 'limited', arguments: {} });
    expect((await limited(attacker)).json.result).toBeDefined();
    expect((await limited(attacker)).json.result).toBeDefined();
    expect((await limited(attacker)).json.error).toMatchObject({ code: -32003, data: { reason: 'rateLimit' } });
    expect((await limited(OTHER)).json.result).toBeDefined();
  });
});

describe('who an address is', () => {
  it('groups IPv6 by /64 and IPv4-mapped addresses as IPv4, and names nobody by a string that is no address', async () => {
    const { addressPrincipal } = await import(pathToFileURL(join(dir, 'dist/generated/runtime/caller.gen.js')).href);
    expect(addressPrincipal('127.0.0.1')).toBe('address:127.0.0.1');
    expect(addressPrincipal('::ffff:127.0.0.1')).toBe('address:127.0.0.1');
    expect(addressPrincipal('2001:db8:1:2:aaaa::1')).toBe('address:2001:db8:1:2::/64');
    expect(addressPrincipal('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee')).toBe('address:2001:db8:1:2::/64');
    expect(addressPrincipal('2001:db8:1:3::1')).toBe('address:2001:db8:1:3::/64');
    for (const garbage of ['', 'unknown', '1.2.3.4:80', '<script>', undefined]) expect(addressPrincipal(garbage)).toBeUndefined();
  });
});

describe('behind a trusted proxy (transports.http.trustProxy: [127.0.0.1])', () => {
  let proxied: RunningHttp;
  beforeAll(async () => {
    const behind = generateProject(
      MANIFEST.replace('maxSessionsPerPrincipal: 2}', "maxSessionsPerPrincipal: 2, trustProxy: ['127.0.0.1']}"),
    );
    for (const [file, content] of Object.entries(FILES)) writeFileSync(join(behind, file), content);
    buildProject(behind);
    proxied = await startHttpServer(behind);
  }, 120_000);
  afterAll(async () => {
    await proxied?.stop();
  });

  const limited = async (from: string, forwardedFor: string) => {
    const request = modern(++id, 'tools/call', { name: 'limited', arguments: {} });
    const res = await send(proxied.url, from, 'POST', request.message, { ...request.headers, 'x-forwarded-for': forwardedFor });
    const body = JSON.parse(await res.text());
    return body.result ? 'ok' : body.error?.data?.reason;
  };

  it("takes the client from the proxy's X-Forwarded-For, from the right, past the proxy", async () => {
    expect([await limited('127.0.0.1', '203.0.113.1'), await limited('127.0.0.1', '203.0.113.1')]).toEqual(['ok', 'ok']);
    expect(await limited('127.0.0.1', '203.0.113.1')).toBe('rateLimit');
    // Another client behind the same proxy has its own budget.
    expect(await limited('127.0.0.1', '203.0.113.2')).toBe('ok');
    // The proxy appends the address it saw: what a client wrote to the left of it changes nothing.
    expect(await limited('127.0.0.1', '198.51.100.9, 203.0.113.1')).toBe('rateLimit');
  });

  it('ignores the header on a connection from anywhere else', async () => {
    expect([await limited('127.0.0.3', '203.0.113.3'), await limited('127.0.0.3', '203.0.113.4')]).toEqual(['ok', 'ok']);
    expect(await limited('127.0.0.3', '203.0.113.5')).toBe('rateLimit');
  });
});
