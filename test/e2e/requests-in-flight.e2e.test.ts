// Requests in flight. A client can send requests faster than any handler ends: one WebSocket sending 300,000 calls of
// a tool that waits grew a server by 1.6 GB in ten seconds. On every transport a connection or 2025-era session may
// have `maxRequestsInFlight` requests unanswered (3 here); one more is answered at once with -32003 and does not run,
// and a slot is free again once a request is answered (or cancelled, where answers share one connection). Over HTTP,
// all clients together may have `maxConcurrentRequests` POSTs open (5 here): 2026-07-28 requests have no session,
// and 5,000 of them held open grew a server by 570 MB. One caller may hold them all here (maxPrincipalShare 1): the
// share of each caller is caller-shares.e2e.test.ts's subject.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';
import {
  cancel,
  INITIALIZE,
  INITIALIZED,
  ping,
  postTo,
  RawStdio,
  RawWebSocket,
  sseStream,
  streamableSession,
  until,
  WAIT_TOOL,
} from '../support/raw-peers.js';

const MANIFEST = `version: 1
server: {name: in-flight, version: 1.0.0}
transports: {http: {maxRequestsInFlight: 3, maxConcurrentRequests: 5, maxPrincipalShare: 1}, sse: true, websocket: true}
tools:
${WAIT_TOOL.manifest}`;

type Frame = { id?: unknown; result?: unknown; error?: { code: number; message: string; data?: unknown } };
const wait = WAIT_TOOL.call;
const refusal = (id: number) => ({
  jsonrpc: '2.0',
  id,
  error: {
    code: -32003,
    message: 'Too many requests in flight: at most 3 may be unanswered at once; send more as answers arrive',
    data: { reason: 'maxRequestsInFlight', maxRequestsInFlight: 3 },
  },
});
const refused = (f: unknown) => (f as Frame).error?.code === -32003;

let dir: string;
let server: RunningHttp;
const wsUrl = () => server.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws');
beforeAll(async () => {
  dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/wait.ts'), WAIT_TOOL.handler);
  buildProject(dir);
  server = await startHttpServer(dir);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe.each(['stdio', 'websocket'] as const)('over %s', (transport) => {
  it('refuses requests past the limit at once, serves the rest, and frees a slot when one ends', async () => {
    const peer = transport === 'stdio' ? new RawStdio(dir) : await RawWebSocket.open(wsUrl());
    try {
      await peer.initialize();
      for (const id of [1, 2, 3]) await peer.send(wait(id, 60_000));
      // The attack: thousands more, as fast as they go. Each is refused at once; none runs.
      for (let id = 100; id < 3100; id++) await peer.send(wait(id, 60_000));
      await until(() => peer.frames.filter(refused).length === 3000, 'a refusal for each request past the limit', 20_000);
      expect(peer.frames.find((f) => (f as Frame).id === 100)).toEqual(refusal(100));
      expect(peer.frames.filter((f) => 'result' in (f as Frame)).map((f) => (f as Frame).id)).toEqual([0]);
      await peer.send(cancel(1));
      await peer.send(ping(4));
      expect(await peer.next((f) => (f as Frame).id === 4, 'the ping in the freed slot')).toMatchObject({ result: {} });
      await peer.send(wait(5, 50));
      await peer.send(wait(6, 50));
      expect(await peer.next((f) => (f as Frame).id === 6, 'the request after the limit was reached')).toEqual(refusal(6));
      expect(await peer.next((f) => (f as Frame).id === 5, 'the call in the freed slot')).toMatchObject({ result: {} });
    } finally {
      if (peer instanceof RawStdio) await peer.stop();
      else peer.close();
    }
  });
});

describe('a batch over stdio (2025-03-26)', () => {
  it('answers the members past the limit with the refusal inside the batch response, and runs the others', async () => {
    const peer = new RawStdio(dir);
    try {
      await peer.initialize('2025-03-26');
      await peer.send(wait(1, 60_000));
      await peer.send([wait(2, 50), ping(3), wait(4, 50), ping(5)]);
      const batch = (await peer.next(Array.isArray, 'the batch response')) as Frame[];
      expect(
        batch
          .filter((f) => !refused(f))
          .map((f) => f.id)
          .sort(),
      ).toEqual([2, 3]);
      expect(batch.filter(refused)).toEqual([refusal(4), refusal(5)]);
    } finally {
      await peer.stop();
    }
  });
});

describe('over Streamable HTTP (2025-era session)', () => {
  it('answers a POST past the limit with 429 and -32003, and takes requests again once a POST has ended', async () => {
    const { post, end } = await streamableSession(server.url);
    const stop = new AbortController();
    const running = [1, 2, 3].map((id) => post(wait(id, 60_000), stop.signal).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const past = await post(ping(4));
    expect(past.status).toBe(429);
    expect(await past.json()).toEqual(refusal(4));
    // Closing a POST does not cancel its request: the spec has the client send notifications/cancelled, which ends
    // the handlers (lingering-handlers.e2e.test.ts: those of POSTs abandoned without it keep their places).
    stop.abort();
    await Promise.all(running);
    for (const id of [1, 2, 3]) expect((await post(cancel(id))).status).toBe(202);
    let answer: Response | undefined;
    for (let tries = 0; tries < 50 && answer?.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await post(ping(5 + tries));
    }
    expect(answer?.status).toBe(200);
    await end();
  });
});

describe('over HTTP+SSE', () => {
  it('answers a POST past the limit with 429 and -32003, and takes requests again once one is answered', async () => {
    const { stream, events, endpoint } = await sseStream(server.url);
    try {
      const post = (message: object) => postTo(endpoint, message);
      await post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-11-05' } });
      await post(INITIALIZED);
      for (const id of [1, 2, 3]) expect((await post(wait(id, id === 3 ? 300 : 60_000))).status).toBe(202);
      const past = await post(ping(4));
      expect(past.status).toBe(429);
      expect(await past.json()).toEqual(refusal(4));
      await until(() => events().includes('waited'), 'the answer of the short call');
      expect((await post(ping(5))).status).toBe(202);
      await until(() => events().includes('"id":5'), 'the ping in the freed slot');
    } finally {
      stream.destroy();
    }
  });
});

describe('over Streamable HTTP, all clients together (2026-07-28 requests, no session)', () => {
  const modern = (id: number, ms: number, signal?: AbortSignal) =>
    fetch(server.url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'wait',
      },
      body: JSON.stringify({
        ...wait(id, ms),
        params: {
          ...wait(id, ms).params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'in-flight', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

  it('answers POSTs past maxConcurrentRequests with 503 at once, and serves again once one has ended', async () => {
    const stop = new AbortController();
    const running = [1, 2, 3, 4, 5].map((id) => modern(id, 60_000, stop.signal).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The attack: many more at once. None is read or run.
    const past = await Promise.all(Array.from({ length: 200 }, (_, i) => modern(100 + i, 60_000)));
    expect(past.map((r) => r.status)).toEqual(Array(200).fill(503));
    expect(past[0].headers.get('retry-after')).toBe('1');
    expect(await past[0].json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32003,
        message: 'Server busy: it is serving 5 requests at once; retry shortly',
        data: { reason: 'maxConcurrentRequests', maxConcurrentRequests: 5 },
      },
    });
    stop.abort();
    await Promise.all(running);
    let answer: Response | undefined;
    for (let tries = 0; tries < 50 && answer?.status !== 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await modern(6, 10);
    }
    expect(answer?.status).toBe(200);
    expect(await answer!.text()).toContain('waited');
  });
});

describe('a WebSocket client that drops the connection while the server answers it', () => {
  // The server's own answers (here, to frames that are not JSON) used to fail unhandled on a dropped connection, and
  // the unhandled rejection ended the process.
  it('leaves the server serving everyone else', async () => {
    for (let round = 0; round < 10; round++) {
      const peer = await RawWebSocket.open(wsUrl());
      for (let i = 0; i < 500; i++) void peer.send(`not json ${'x'.repeat(1000)}`);
      await until(() => peer.frames.length > 0, 'the first parse error');
      peer.terminate();
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(server.child.exitCode).toBeNull();
    const peer = await RawWebSocket.open(wsUrl());
    try {
      await peer.initialize();
      await peer.send(ping(1));
      expect(await peer.next((f) => (f as Frame).id === 1, 'the ping')).toMatchObject({ result: {} });
    } finally {
      peer.close();
    }
  });
});
