// 2025-era sessions of a generated HTTP server under attack: another principal presenting a stolen Mcp-Session-Id,
// sessions left idle, a flood of initializations, subscriptions to URIs the server does not serve, and DNS
// rebinding against loopback binds spelled in ways a string comparison misses. All on loopback, for real.
import { connect } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, ROOT, startHttpServer, type RunningHttp } from '../support/project.js';
import { INITIALIZE, INITIALIZED } from '../support/raw-peers.js';

const ALICE = 'alice-0123456789abcdef-0123456789abcdef';
const BOB = 'bob-0123456789abcdef-0123456789abcdef';
const CAROL = 'carol-0123456789abcdef-0123456789abcdef';

const MANIFEST = `version: 1
server: {name: sessions, version: 1.0.0}
capabilities:
  resources: {subscribe: true}
transports:
  http: {sessionIdleTimeoutMs: 6000, maxSessionsPerPrincipal: 3, maxSubscriptionsPerSession: 2} # idle expiry long enough for 50 initializations on a loaded machine
auth:
  type: bearer
  credentials:
    - {env: SESSIONS_ALICE, principal: alice}
    - {env: SESSIONS_BOB, principal: bob}
    - {env: SESSIONS_CAROL, principal: carol}
resources:
  readme: {uri: 'file:///readme.txt', text: hello}
resourceTemplates:
  city: {uriTemplate: 'weather://{city}'}
tools:
  whoami:
    description: The caller
`;
const WHOAMI = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const whoami: ToolHandler<'whoami'> = async (_input, ctx) => text(String(ctx.auth?.clientId));
`;
const CITY = `import type { ResourceTemplateHandler } from '../../generated/types.gen.js';
export const city: ResourceTemplateHandler<'city'> = async (uri) => ({ contents: [{ uri: uri.href, text: 'sunny' }] });
`;

let dir: string;
let server: RunningHttp;
const clients: Client[] = [];

function request(token: string, method: 'POST' | 'GET' | 'DELETE', sessionId?: string, body?: unknown): Promise<Response> {
  return fetch(server.url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(sessionId ? { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function initialize(token: string): Promise<{ status: number; sessionId: string }> {
  const res = await request(token, 'POST', undefined, INITIALIZE);
  await res.text();
  const sessionId = res.headers.get('mcp-session-id') ?? '';
  if (res.status === 200) await (await request(token, 'POST', sessionId, INITIALIZED)).text();
  return { status: res.status, sessionId };
}

const whoamiCall = { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'whoami', arguments: {} } };

beforeAll(async () => {
  dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/whoami.ts'), WHOAMI);
  writeFileSync(join(dir, 'src/handlers/resource-templates/city.ts'), CITY);
  buildProject(dir);
  Object.assign(process.env, { SESSIONS_ALICE: ALICE, SESSIONS_BOB: BOB, SESSIONS_CAROL: CAROL });
  server = await startHttpServer(dir);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await server?.stop();
});

describe('a session belongs to the principal that created it', () => {
  it("answers another principal's POST, GET and DELETE on it with 404, and keeps serving its owner", async () => {
    const alice = await initialize(ALICE);
    expect(alice.status).toBe(200);
    const subscribe = { jsonrpc: '2.0', id: 6, method: 'resources/subscribe', params: { uri: 'file:///readme.txt' } };
    for (const [method, body] of [
      ['POST', whoamiCall],
      ['POST', subscribe],
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const) {
      const res = await request(BOB, method, alice.sessionId, body);
      expect([method, res.status]).toEqual([method, 404]);
      expect(await res.text()).toContain('Session not found');
    }
    const own = await request(ALICE, 'POST', alice.sessionId, whoamiCall);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('"text":"alice"');
  });
});

describe('unbounded state', () => {
  it('expires a session left idle past sessionIdleTimeoutMs', async () => {
    const alice = await initialize(ALICE);
    expect((await request(ALICE, 'POST', alice.sessionId, whoamiCall)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 7_000));
    expect((await request(ALICE, 'POST', alice.sessionId, whoamiCall)).status).toBe(404);
  });

  it('caps sessions per principal (429 past it), without touching other principals', async () => {
    const flood = [];
    for (let i = 0; i < 50; i++) flood.push(await initialize(CAROL));
    const statuses = flood.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(47);
    expect((await initialize(BOB)).status).toBe(200);
    // Ending a session frees its slot.
    const open = flood.filter((r) => r.status === 200);
    expect((await request(CAROL, 'DELETE', open[0].sessionId)).status).toBe(200);
    expect((await initialize(CAROL)).status).toBe(200);
  });

  // A session keeps its client's capabilities and clientInfo for its whole life: a client could park a request
  // body's worth (4 MiB) in each of its sessions. What a session keeps is bounded, in both stores.
  it('refuses an initialize whose capabilities and clientInfo take more than 16 KiB, before it takes a session', async () => {
    const big = {
      ...INITIALIZE,
      params: { ...INITIALIZE.params, capabilities: { experimental: { pad: { text: 'p'.repeat(3_000_000) } } } },
    };
    for (let i = 0; i < 5; i++) {
      const res = await request(BOB, 'POST', undefined, big);
      expect(res.status).toBe(400);
      expect(res.headers.get('mcp-session-id')).toBeNull();
      const body = await res.json();
      expect(body).toMatchObject({ jsonrpc: '2.0', id: 0, error: { code: -32602 } });
      expect(body.error.message).toMatch(/^Invalid params: capabilities and clientInfo take 3000126 bytes; a session keeps at most 16384$/);
    }
    const fits = { ...INITIALIZE, params: { ...INITIALIZE.params, clientInfo: { name: 'n'.repeat(16_000), version: '1' } } };
    expect((await request(BOB, 'POST', undefined, fits)).status).toBe(200);
  });

  it('accepts subscriptions only to served URIs, and at most maxSubscriptionsPerSession', async () => {
    const client = new Client({ name: 'subscriber', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${BOB}` } } }),
    );
    clients.push(client);
    const refusedUnknown = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => client.subscribeResource({ uri: `file:///nope/${i}` })),
    );
    expect(refusedUnknown.every((o) => o.status === 'rejected')).toBe(true);
    expect((refusedUnknown[0] as PromiseRejectedResult).reason.message).toMatch(/Resource not found/);
    await client.subscribeResource({ uri: 'file:///readme.txt' });
    await client.subscribeResource({ uri: 'weather://paris' });
    await client.subscribeResource({ uri: 'weather://paris' }); // already held: not a new one
    await expect(client.subscribeResource({ uri: 'weather://rome' })).rejects.toThrow(/Subscription limit reached: at most 2/);
    await client.unsubscribeResource({ uri: 'weather://paris' });
    await client.subscribeResource({ uri: 'weather://rome' });
  });
});

/** One raw HTTP request to `address`, with a Host header of our choosing (fetch will not send a foreign one). */
function rawStatus(address: string, port: number, host: string, extra = ''): Promise<number> {
  const body = JSON.stringify(INITIALIZE);
  return new Promise((resolve, reject) => {
    const socket = connect(port, address, () =>
      socket.end(
        `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${ALICE}\r\nAccept: application/json, text/event-stream\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}Connection: close\r\n\r\n${body}`,
      ),
    );
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
  });
}

describe.each([
  ['127.0.0.2', '127.0.0.2', '127.0.0.2'],
  ['127.1', '127.0.0.1', '127.1'],
  ['0:0:0:0:0:0:0:1', '::1', '[::1]'],
])('DNS-rebinding guard on --host %s', (bind, address, hostName) => {
  let bound: RunningHttp;
  let port: number;
  beforeAll(async () => {
    bound = await startHttpServer(dir, ['--host', bind]);
    port = Number(new URL(bound.url).port);
  });
  afterAll(async () => {
    await bound?.stop();
  });

  it('refuses a foreign Host and a cross-site Origin with 403', async () => {
    expect(await rawStatus(address, port, `attacker.example:${port}`)).toBe(403);
    expect(await rawStatus(address, port, `${hostName}:${port}`, 'Origin: https://attacker.example\r\n')).toBe(403);
  });

  it('serves its own address and the localhost names', async () => {
    expect(await rawStatus(address, port, `${hostName}:${port}`)).toBe(200);
    expect(await rawStatus(address, port, `localhost:${port}`, `Origin: http://localhost:${port}\r\n`)).toBe(200);
  });
});

describe('the guard of binds the tests do not make (wildcards, other spellings)', () => {
  it('recognises loopback by parsing and never falls back to no guard', async () => {
    const guard = await import(pathToFileURL(join(dir, 'dist/generated/runtime/host-guard.gen.js')).href);
    const loopback = [
      '127.0.0.1',
      '127.255.255.254',
      '127.1',
      '2130706433',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      'LOCALHOST',
    ];
    expect(loopback.filter((h) => !guard.isLoopback(h))).toEqual([]);
    expect(['0.0.0.0', '::', '10.0.0.5', '128.0.0.1', 'example.com', '::2'].filter((h) => guard.isLoopback(h))).toEqual([]);
    // A wildcard bind has no name of its own: only the localhost names pass until allowedHosts says more.
    expect(guard.allowedHostnames({ host: '0.0.0.0' })).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(guard.allowedHostnames({ host: '::' })).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(guard.allowedHostnames({ host: '0.0.0.0', allowedHosts: ['MCP.example.com', '127.1'] })).toEqual([
      'mcp.example.com',
      '127.0.0.1',
    ]);
    expect(guard.allowedOriginHostnames({ host: '127.0.0.2' })).toEqual(['127.0.0.2', 'localhost', '127.0.0.1', '[::1]']);
  });
});

describe('limits in one place', () => {
  it('publishes the runtime defaults in the manifest schema', async () => {
    const { LIMITS } = await import(pathToFileURL(join(dir, 'dist/generated/runtime/limits.gen.js')).href);
    const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/manifest.schema.json'), 'utf8'));
    const http = schema.definitions.HttpTransport.properties;
    const ws = schema.definitions.WebSocketTransport.properties;
    const published = {
      maxBodyBytes: http.maxBodyBytes.default,
      maxBatchSize: 100,
      maxUnreadBytes: 1024 * 1024, // fixed, like maxBatchSize
      headersTimeoutMs: http.headersTimeoutMs.default,
      requestTimeoutMs: http.requestTimeoutMs.default,
      keepAliveTimeoutMs: http.keepAliveTimeoutMs.default,
      sessionIdleTimeoutMs: http.sessionIdleTimeoutMs.default,
      maxSessionsPerPrincipal: http.maxSessionsPerPrincipal.default,
      maxSubscriptionsPerSession: http.maxSubscriptionsPerSession.default,
      maxRequestsInFlight: http.maxRequestsInFlight.default,
      maxConcurrentRequests: http.maxConcurrentRequests.default,
      maxPrincipalShare: http.maxPrincipalShare.default,
      webSocketMaxConnections: ws.maxConnections.default,
      webSocketIdleTimeoutMs: ws.idleTimeoutMs.default,
      webSocketInitTimeoutMs: ws.initTimeoutMs.default,
      maxSessionClientBytes: 16 * 1024, // fixed
    };
    expect(LIMITS).toEqual(published);
    // The same figures in the document that explains them.
    const doc = readFileSync(join(ROOT, 'docs/security-limits.md'), 'utf8');
    for (const [name, value] of Object.entries(LIMITS))
      expect([name, doc.includes(`\`${name}\``) && doc.includes(String(value))]).toEqual([name, true]);
  });
});
