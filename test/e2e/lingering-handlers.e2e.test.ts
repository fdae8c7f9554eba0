// Handlers that outlive their request. A handler that ignores its abort signal (one that calls an API without passing
// it on) goes on running after its call is cancelled, and over Streamable HTTP a POST the client abandons leaves its
// handler running, as the spec asks. Each used to free its place among the requests in flight at once, so a client that
// cancelled (or abandoned) and sent again had any number of handlers running: 5,000 after two seconds over stdio. Now
// such a handler keeps its place, lingering, until it ends: with a limit of 3, at most 3 requests are unanswered and at
// most 3 handlers linger, and past that every request is refused. The test is one caller, which may hold every POST
// here (maxPrincipalShare 1); caller-shares.e2e.test.ts holds each caller to its share.
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
} from '../support/raw-peers.js';

const MANIFEST = `version: 1
server: {name: lingering, version: 1.0.0}
transports: {http: {maxRequestsInFlight: 3, maxConcurrentRequests: 5, maxPrincipalShare: 1}, sse: true, websocket: true}
tools:
  hog:
    description: Answers after the given number of milliseconds, whether cancelled or not
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
  load:
    description: Hog handlers running now, and the most that ran at once since the last call
    inputSchema: {type: object, properties: {}}
`;
const HOG = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { setTimeout as sleep } from 'node:timers/promises';
export const counts = { running: 0, peak: 0 };
export const hog: ToolHandler<'hog'> = async (input) => {
  counts.peak = Math.max(counts.peak, ++counts.running);
  process.stderr.write('hog started\\n');
  try {
    await sleep(input.ms);
  } finally {
    counts.running--;
  }
  return text('done');
};
`;
const LOAD = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { counts } from './hog.js';
export const load: ToolHandler<'load'> = async () => {
  const answer = text(JSON.stringify(counts));
  counts.peak = counts.running;
  return answer;
};
`;
const HOG_MS = 3_000;
const hog = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'hog', arguments: { ms: HOG_MS } } });
const load = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'load', arguments: {} } });
const LINGERING = 'Too many requests in flight: handlers of 3 cancelled or abandoned requests still run; send more once they end';

type Frame = { id?: unknown; result?: { content?: { text: string }[] }; error?: { code: number; message: string } };
const countsOf = (f: unknown) => JSON.parse((f as Frame).result!.content![0].text) as { running: number; peak: number };
/** The answer in a Streamable HTTP response body: JSON, or the data of its one SSE event. */
const answerOf = (body: string): unknown => JSON.parse(/^data: (.+)$/m.exec(body)?.[1] ?? body);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: string;
let server: RunningHttp;
let serverLog = '';
/** Hog handlers started so far, by the server log `log` (the HTTP server's, or a stdio peer's). */
const hogsStarted = (log = serverLog) => log.split('hog started').length - 1;
/** Resolves once `count` hog handlers have started after `before` had. */
const untilStarted = (before: number, count: number, log = () => serverLog) =>
  until(() => hogsStarted(log()) >= before + count, `${count} hog handlers started`);

beforeAll(async () => {
  dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/hog.ts'), HOG);
  writeFileSync(join(dir, 'src/handlers/tools/load.ts'), LOAD);
  buildProject(dir);
  server = await startHttpServer(dir);
  server.child.stderr!.on('data', (chunk: Buffer) => (serverLog += chunk));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe.each(['stdio', 'websocket'] as const)('over %s', (transport) => {
  it('keeps a cancelled call whose handler ignores the cancel in flight until the handler ends', async () => {
    const wsUrl = server.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws');
    const peer = transport === 'stdio' ? new RawStdio(dir) : await RawWebSocket.open(wsUrl);
    try {
      await peer.initialize();
      const log = () => (peer instanceof RawStdio ? peer.stderr : serverLog);
      const before = hogsStarted(log());
      for (const id of [1, 2, 3]) await peer.send(hog(id));
      await untilStarted(before, 3, log);
      for (const id of [1, 2, 3]) await peer.send(cancel(id));
      await peer.send(ping(4));
      expect(await peer.next((f) => (f as Frame).id === 4, 'the ping past the lingering handlers')).toMatchObject({
        error: { code: -32003, message: LINGERING },
      });
      // The attack: cancel and send again, without end. Each call is refused; none runs.
      for (let id = 100; id < 400; id += 3) {
        for (const i of [id, id + 1, id + 2]) await peer.send(hog(i));
        for (const i of [id, id + 1, id + 2]) await peer.send(cancel(i));
      }
      await until(() => peer.frames.filter((f) => (f as Frame).error?.code === -32003).length === 301, 'the refusals');
      // Once the handlers have ended, their places are free.
      await pause(HOG_MS);
      await peer.send(load(5));
      expect(countsOf(await peer.next((f) => (f as Frame).id === 5, 'the load'))).toEqual({ running: 0, peak: 3 });
    } finally {
      if (peer instanceof RawStdio) await peer.stop();
      else peer.close();
    }
  });
});

describe('over Streamable HTTP (2025-era session)', () => {
  it('keeps the handlers of abandoned POSTs in flight until they end', async () => {
    const { post, end } = await streamableSession(server.url);
    const abandon = async (ids: number[]) => {
      const gone = new AbortController();
      const before = hogsStarted();
      const posts = ids.map((id) => post(hog(id), gone.signal).catch(() => undefined));
      await untilStarted(before, ids.length);
      gone.abort();
      return Promise.all(posts);
    };
    // Abandoning a POST does not cancel its request (the spec asks for a notifications/cancelled): it runs on.
    await abandon([1, 2, 3]);
    // The server learns of each closed POST a moment later: until it has of all three, a ping may still be served.
    let past: Response | undefined;
    for (let tries = 0; tries < 50; tries++) {
      past = await post(ping(4 + tries));
      if ((await past.clone().text()).includes('cancelled or abandoned')) break;
      await pause(50);
    }
    expect(past!.status).toBe(429);
    expect(await past!.json()).toMatchObject({ error: { code: -32003, message: LINGERING } });
    // A cancel is a notification: it is always taken (the hog ignores it, so its place still lingers).
    expect((await post(cancel(1))).status).toBe(202);
    for (let round = 0; round < 10; round++) {
      const refused = await Promise.all([10, 11, 12].map((id) => post(hog(round * 10 + id))));
      expect(refused.map((r) => r.status)).toEqual([429, 429, 429]);
    }
    await pause(HOG_MS);
    const counts = await post(load(99));
    expect(counts.status).toBe(200);
    expect(countsOf(answerOf(await counts.text()))).toEqual({ running: 0, peak: 3 });
    await end();
  });
});

describe('over HTTP+SSE', () => {
  it('keeps a cancelled call whose handler ignores the cancel in flight until the handler ends', async () => {
    const { stream, events, endpoint } = await sseStream(server.url);
    try {
      const post = (message: object) => postTo(endpoint, message);
      await post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-11-05' } });
      await post(INITIALIZED);
      const before = hogsStarted();
      for (const id of [1, 2, 3]) expect((await post(hog(id))).status).toBe(202);
      await untilStarted(before, 3);
      for (let round = 0; round < 10; round++) {
        for (const id of [1, 2, 3]) await post(cancel(id));
        const refused = await post(hog(100 + round));
        expect(refused.status).toBe(429);
        expect(await refused.json()).toMatchObject({ error: { code: -32003, message: LINGERING } });
      }
      await pause(HOG_MS);
      expect((await post(load(5))).status).toBe(202);
      await until(() => events().includes('"id":5'), 'the load');
      const answer = events()
        .split('\n')
        .find((l) => l.startsWith('data: {') && l.includes('"id":5'))!;
      expect(countsOf(JSON.parse(answer.slice(6)))).toEqual({ running: 0, peak: 3 });
    } finally {
      stream.destroy();
    }
  });
});

describe('over Streamable HTTP, all clients together (2026-07-28 requests, no session)', () => {
  const modern = (message: { id: number; params: object }, signal?: AbortSignal) =>
    fetch(server.url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': (message.params as { name: string }).name,
      },
      body: JSON.stringify({
        ...message,
        params: {
          ...message.params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'lingering', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    });

  it('counts the handlers of closed POSTs among the POSTs served until they end', async () => {
    const gone = new AbortController();
    const before = hogsStarted();
    const posts = [1, 2, 3, 4, 5].map((id) => modern(hog(id), gone.signal).catch(() => undefined));
    await untilStarted(before, 5);
    gone.abort();
    await Promise.all(posts);
    // The server learns of each closed POST a moment later: until it has of all five, a call may still be served.
    for (let tries = 0; tries < 50 && (await modern(load(6 + tries))).status !== 503; tries++) await pause(50);
    // The attack: open and close again, without end. Each POST is refused; none runs.
    for (let round = 1; round < 10; round++) {
      const again = await Promise.all([1, 2, 3, 4, 5].map((id) => modern(hog(round * 10 + id))));
      expect(again.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
    }
    await pause(HOG_MS);
    const counts = await modern(load(2));
    expect(counts.status).toBe(200);
    expect(countsOf(answerOf(await counts.text()))).toEqual({ running: 0, peak: 5 });
  });
});
