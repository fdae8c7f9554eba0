// Hostile input on the connection-long transports of a generated server: oversized WebSocket messages and batches,
// clients that stop reading their answers, silent and never-initialized sockets, too many sockets, oversized and malformed HTTP+SSE posts, batches with an
// invalid member over stdio and WebSocket, batches on connections whose revision has none, messages that are not
// JSON-RPC, multi-byte characters split across stdio reads and endless stdio lines.
// Each attack is performed for real against the built server on loopback; afterwards the server still answers.
import { writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';
import {
  INITIALIZE,
  oversizedWebSocketMessage,
  ping,
  RawStdio,
  RawWebSocket,
  rssMb,
  sseStream,
  statusOfLargePost,
  until,
  untilSteady,
} from '../support/raw-peers.js';

const MAX_BODY = 65_536;
const MANIFEST = `version: 1
server: {name: limits, version: 1.0.0}
transports:
  http: {maxBodyBytes: ${MAX_BODY}, maxPrincipalShare: 1} # one caller may take every connection here
  sse: true
  websocket: {maxConnections: 3, idleTimeoutMs: 4000, initTimeoutMs: 700}
tools:
  echo:
    description: Returns its text
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
`;
const ECHO = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const echo: ToolHandler<'echo'> = async (input) => text(input.text);
`;

let dir: string;
let server: RunningHttp;
let wsUrl: string;
const sockets: RawWebSocket[] = [];

type Frame = { id?: unknown; result?: unknown; error?: { code: number; message: string } };
/** The last revision with JSON-RPC batches. */
const BATCH_REVISION = '2025-03-26';
const idIs = (id: unknown) => (f: unknown) => !Array.isArray(f) && (f as Frame).id === id;
const isArray = (f: unknown) => Array.isArray(f);

/** A raw peer on `transport`, stopped (stdio) or closed (WebSocket) after `use`, whatever happens. */
async function withPeer(transport: 'stdio' | 'websocket', use: (peer: RawStdio | RawWebSocket) => Promise<void>) {
  const peer = transport === 'stdio' ? new RawStdio(dir) : await socket();
  try {
    await use(peer);
  } finally {
    if (peer instanceof RawStdio) await peer.stop();
    else peer.close();
  }
}

async function socket(): Promise<RawWebSocket> {
  const s = await RawWebSocket.open(wsUrl);
  sockets.push(s);
  return s;
}

beforeAll(async () => {
  dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/echo.ts'), ECHO);
  buildProject(dir);
  server = await startHttpServer(dir);
  wsUrl = server.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.stop();
});

describe('WebSocket', () => {
  it('closes a connection whose message exceeds maxBodyBytes (1009) without buffering it', async () => {
    const before = rssMb(server.child.pid!);
    const sizes: Record<number, number> = {};
    for (const mb of [1, 8, 40]) sizes[mb] = await oversizedWebSocketMessage(wsUrl, mb * 1024 * 1024);
    expect(sizes).toEqual({ 1: 1009, 8: 1009, 40: 1009 });
    const grew = rssMb(server.child.pid!) - before;
    console.log(`WebSocket: RSS grew ${grew.toFixed(1)} MB over 49 MiB of oversized messages`);
    expect(grew).toBeLessThan(30);
  });

  it('stops reading from a client that does not read its answers, and serves it all once it reads again', async () => {
    const s = await socket();
    await s.initialize();
    s.reading(false);
    const before = rssMb(server.child.pid!);
    // Each call is answered with its own 60 KB text: without flow control, every answer would wait in memory.
    const text = 'x'.repeat(60_000);
    const calls = 1_500;
    for (let id = 1; id <= calls; id++)
      void s.send({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'echo', arguments: { text } } });
    // Whatever the server will take, it has taken once the client's unsent bytes stop moving for half a second (well
    // within the idle timeout, which would close a connection the server no longer reads from).
    await untilSteady(() => s.unsent, 'the server to settle');
    expect(s.unsent).toBeGreaterThan(40 * 1024 * 1024);
    const grew = rssMb(server.child.pid!) - before;
    console.log(`WebSocket: RSS grew ${grew.toFixed(1)} MB while ${(s.unsent / 2 ** 20).toFixed(0)} MiB waited unread`);
    expect(grew).toBeLessThan(40);
    s.reading(true);
    await until(() => s.frames.length > calls, 'every answer', 30_000);
    const answered = new Set(s.frames.map((f) => (f as Frame).id));
    expect(Array.from({ length: calls }, (_, i) => answered.has(i + 1)).every(Boolean)).toBe(true);
    s.close();
  }, 60_000);

  it('refuses a batch over 100 members with one -32600, and answers a batch of 100', async () => {
    const s = await socket();
    await s.initialize(BATCH_REVISION);
    // 1,000 pings fit in the 64 KiB message limit; only the batch limit stands in their way.
    await s.send(Array.from({ length: 1_000 }, (_, i) => ping(i + 1)));
    const refused = (await s.next((f) => (f as Frame).error?.code === -32600, 'the batch refusal')) as Frame;
    expect(refused.error!.message).toMatch(/batch of 1000 messages exceeds the limit of 100/);
    await s.send(Array.from({ length: 100 }, (_, i) => ping(100_000 + i)));
    const answers = (await s.next(isArray, 'the batch of 100')) as Frame[];
    expect(answers.map((f) => f.id)).toEqual(Array.from({ length: 100 }, (_, i) => 100_000 + i));
    // Not one of the 1,000 pings was answered.
    const answered = s.frames
      .flat()
      .filter((f) => typeof (f as Frame).id === 'number' && ((f as Frame).id as number) >= 1 && ((f as Frame).id as number) <= 1_000);
    expect(answered).toEqual([]);
    s.close();
  });

  it('closes a connection that never initializes (1008) and one that stays silent (1001)', async () => {
    const silentFromStart = await socket();
    const started = Date.now();
    expect(await silentFromStart.closed()).toBe(1008);
    expect(Date.now() - started).toBeLessThan(3_000);

    const idle = await socket();
    await idle.initialize();
    const initialized = Date.now();
    expect(await idle.closed(8_000)).toBe(1001);
    expect(Date.now() - initialized).toBeGreaterThanOrEqual(3_500);
  });

  it('refuses connections past maxConnections with 503, and accepts again when one closes', async () => {
    const open = [await socket(), await socket(), await socket()];
    for (const s of open) await s.initialize();
    await expect(RawWebSocket.open(wsUrl)).rejects.toThrow(/503/);
    open[0].close();
    await until(() => open[0].closeCode !== undefined, 'the close');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await socket();
    await again.initialize();
    for (const s of [...open, again]) s.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
});

describe('HTTP+SSE', () => {
  async function openStream(): Promise<{ endpoint: string; abort: () => void }> {
    const controller = new AbortController();
    const res = await fetch(server.url.replace(/\/mcp$/, '/sse'), { signal: controller.signal, headers: { accept: 'text/event-stream' } });
    const reader = res.body!.getReader();
    let text = '';
    while (!/data: (\S+)/.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    return { endpoint: new URL(/data: (\S+)/.exec(text)![1], server.url).href, abort: () => controller.abort() };
  }

  it('refuses a POST to /messages over maxBodyBytes with 413, and never echoes a bad body', async () => {
    const stream = await openStream();
    const post = (body: string) => fetch(stream.endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // The server answers 413 as soon as it sees Content-Length, before the client has sent the body.
    expect(await statusOfLargePost(stream.endpoint, Math.floor(3.9 * 1024 * 1024))).toBe(413);
    expect(await statusOfLargePost(stream.endpoint, MAX_BODY + 1)).toBe(413);
    const marker = '<script>alert("reflected")</script>';
    const bad = await post(`{"not": "json-rpc", "x": ${JSON.stringify(marker)}}`);
    expect(bad.status).toBe(400);
    const answer = await bad.text();
    expect(answer).not.toContain('script');
    expect(answer).toBe('Invalid message: not a JSON-RPC 2.0 message');
    // A good message still goes through.
    expect((await post(JSON.stringify(INITIALIZE))).status).toBe(202);
    stream.abort();
  });

  it('holds the posts of a client that does not read its event stream, and serves them once it reads', async () => {
    const { stream, events, endpoint } = await sseStream(server.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const post = (message: object) =>
      new Promise<number>((resolve, reject) =>
        httpRequest(endpoint, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) =>
          res.resume().on('end', () => resolve(res.statusCode!)),
        )
          .on('error', reject)
          .end(JSON.stringify(message)),
      );
    expect(await post(INITIALIZE)).toBe(202);
    stream.pause();
    const before = rssMb(server.child.pid!);
    const text = 'x'.repeat(60_000);
    const calls = 1_500;
    let accepted = 0;
    const posts = Array.from({ length: calls }, (_, i) =>
      post({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'echo', arguments: { text } } }).then((status) => {
        accepted++;
        return status;
      }),
    );
    await untilSteady(() => accepted, 'the server to settle');
    const grew = rssMb(server.child.pid!) - before;
    console.log(`HTTP+SSE: RSS grew ${grew.toFixed(1)} MB; ${accepted} of ${calls} posts taken while the stream was unread`);
    expect(grew).toBeLessThan(40);
    expect(accepted).toBeLessThan(calls / 2);
    stream.resume();
    expect(new Set(await Promise.all(posts))).toEqual(new Set([202]));
    // Answers come in the order the calls finish, so the stream is read until it holds them all.
    const answers = () => events().match(/"text":"x{60000}"/g)?.length ?? 0;
    await until(() => answers() === calls, 'every answer on the stream', 30_000, 250);
    for (const id of [1, calls / 2, calls]) expect(events()).toContain(`"id":${id}}`);
    stream.destroy();
    agent.destroy();
  }, 60_000);
});

describe.each(['stdio', 'websocket'] as const)('a batch with an invalid member (%s)', (transport) => {
  it('answers the valid members and -32600 for the invalid ones, in one batch response, and holds no id', async () => {
    await withPeer(transport, async (peer) => {
      await peer.initialize(BATCH_REVISION);
      const batch = [
        ping(2),
        { id: 3, method: 'ping' },
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 'ok' } } },
        'junk',
      ];
      await peer.send(batch);
      const answer = (await peer.next(isArray, 'the batch response')) as Frame[];
      const byId = Object.fromEntries(answer.map((f) => [String(f.id), f.error?.code ?? 'result']));
      expect(byId).toEqual({ 2: 'result', 3: -32600, 4: 'result', null: -32600 });
      // Id 3 was not left waiting: a new batch may use it, and is answered whole.
      const from = peer.frames.length;
      await peer.send([ping(3), ping(5)]);
      await until(() => peer.frames.slice(from).some(isArray), 'the second batch');
      const second = peer.frames.slice(from).find(isArray) as Frame[];
      expect(second.map((f) => [f.id, 'result' in f])).toEqual([
        [3, true],
        [5, true],
      ]);
    });
  });
});

describe.each(['stdio', 'websocket'] as const)('a batch on a connection past 2025-03-26 (%s)', (transport) => {
  it('is refused whole with one -32600, none of its members runs, and the connection goes on', async () => {
    await withPeer(transport, async (peer) => {
      await peer.initialize('2025-11-25');
      await peer.send([ping(21), { jsonrpc: '2.0', id: 22, method: 'tools/call', params: { name: 'echo', arguments: { text: 'x' } } }]);
      await peer.send(ping(23));
      const refused = (await peer.next((f) => (f as Frame).error?.code === -32600, 'the refusal')) as Frame;
      expect(refused).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: -32600,
          message: expect.stringMatching(/^Invalid Request: JSON-RPC batches were removed in protocol revision 2025-06-18/),
        },
      });
      await peer.next(idIs(23), 'the ping after the batch');
      expect(peer.frames.flat().filter((f) => [21, 22].includes((f as Frame).id as number))).toEqual([]);
    });
  });

  it('is refused before initialize, even when initialize then asks for 2025-03-26', async () => {
    await withPeer(transport, async (peer) => {
      await peer.send([ping(31)]);
      await peer.next((f) => (f as Frame).error?.code === -32600, 'the refusal');
      await peer.initialize(BATCH_REVISION);
      await peer.send([ping(32)]);
      const answer = (await peer.next(isArray, 'the batch response')) as Frame[];
      expect(answer.map((f) => f.id)).toEqual([32]);
    });
  });
});

describe.each(['stdio', 'websocket'] as const)('a message that is not JSON-RPC (%s)', (transport) => {
  it('gets -32600 (with its id when it has a usable one) instead of silence, and the connection goes on', async () => {
    await withPeer(transport, async (peer) => {
      await peer.initialize();
      await peer.send({ jsonrpc: '1.0', id: 41, method: 'ping' });
      await peer.send({ jsonrpc: '2.0', id: 4.5, method: 'ping' });
      await peer.send({ jsonrpc: '2.0', method: 7 });
      await peer.send(ping(42));
      await peer.next(idIs(42), 'the ping after them');
      const errors = peer.frames.filter((f) => (f as Frame).error?.code === -32600) as Frame[];
      expect(errors.map((f) => f.id)).toEqual([41, null, null]);
      expect(errors[0].error!.message).toBe('Invalid Request: not a JSON-RPC 2.0 message');
    });
  });
});

describe('stdio', () => {
  it('answers a line that is not JSON with -32700 and goes on', async () => {
    const peer = new RawStdio(dir);
    try {
      await peer.initialize();
      await peer.write(`{"jsonrpc": "2.0", "id": 51, "method": "ping"\n\n${JSON.stringify(ping(52))}\n`);
      await peer.next(idIs(52), 'the ping after the broken line');
      expect(peer.frames.filter((f) => (f as Frame).error)).toEqual([
        { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error: the line is not JSON' } },
      ]);
    } finally {
      await peer.stop();
    }
  });

  it('decodes a character split across two reads', async () => {
    const peer = new RawStdio(dir);
    try {
      await peer.initialize();
      const line = Buffer.from(
        `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'echo', arguments: { text: 'Zürich' } } })}\n`,
      );
      const cut = line.indexOf(Buffer.from('ü')) + 1; // between the two bytes of ü
      await peer.write(line.subarray(0, cut));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await peer.write(line.subarray(cut));
      const answer = (await peer.next(idIs(7), 'the echo')) as { result: { content: { text: string }[] } };
      expect(answer.result.content[0].text).toBe('Zürich');
    } finally {
      await peer.stop();
    }
  });

  it('drops a line longer than maxBodyBytes with one error, keeps memory bounded, and goes on serving', async () => {
    const peer = new RawStdio(dir);
    try {
      await peer.initialize();
      const before = rssMb(peer.child.pid!);
      // 64 MiB without a newline, then the end of that line and a ping.
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      for (let i = 0; i < 64; i++) await peer.write(chunk);
      await peer.write(`"}\n${JSON.stringify(ping(8))}\n`);
      const answer = await peer.next(idIs(8), 'the ping after the long line', 0, 20_000);
      expect(answer).toMatchObject({ result: {} });
      const errors = peer.frames.filter((f) => (f as Frame).error?.message.includes(`exceeds ${MAX_BODY} bytes`));
      expect(errors).toHaveLength(1);
      const grew = rssMb(peer.child.pid!) - before;
      console.log(`stdio: RSS grew ${grew.toFixed(1)} MB over a 64 MiB line`);
      expect(grew).toBeLessThan(30);
    } finally {
      await peer.stop();
    }
  });
});
