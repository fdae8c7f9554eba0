// A request id already in use. Two requests with one id could not be told apart in their replies, and the SDK routes
// answers by id: over Streamable HTTP the second request took the first one's answer and the first POST never ended.
// On every transport, while a request is unanswered its id is refused with -32600 and the second request does not
// run; the id is free again once the first is answered, or cancelled where answers share one connection.
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
server: {name: request-ids, version: 1.0.0}
transports: {http: true, sse: true, websocket: true}
tools:
  echo:
    description: Returns its text
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
${WAIT_TOOL.manifest}`;
const HANDLERS = {
  echo: `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const echo: ToolHandler<'echo'> = async (input) => text(input.text);
`,
  wait: WAIT_TOOL.handler,
};

type Frame = { id?: unknown; result?: unknown; error?: { code: number; message: string } };
const call = (id: number, name: string, args: object) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const wait = WAIT_TOOL.call;
const second = (id: number) => call(id, 'echo', { text: 'second' });
const refusal = (id: number) => ({
  jsonrpc: '2.0',
  id,
  error: { code: -32600, message: `Invalid Request: request id ${id} is already in use by a request not answered yet` },
});

let dir: string;
let server: RunningHttp;
beforeAll(async () => {
  dir = generateProject(MANIFEST);
  for (const [name, source] of Object.entries(HANDLERS)) writeFileSync(join(dir, `src/handlers/tools/${name}.ts`), source);
  buildProject(dir);
  server = await startHttpServer(dir);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe.each(['stdio', 'websocket'] as const)('over %s', (transport) => {
  it('refuses the id while its request runs, and frees it once that one is answered or cancelled', async () => {
    const peer =
      transport === 'stdio' ? new RawStdio(dir) : await RawWebSocket.open(server.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws'));
    const withId = (id: number) => (f: unknown) => (f as Frame).id === id;
    try {
      await peer.initialize();
      await peer.send(wait(51, 400));
      await peer.send(second(51));
      expect(await peer.next((f) => (f as Frame).error !== undefined, 'the refusal')).toEqual(refusal(51));
      await peer.next((f) => withId(51)(f) && 'result' in (f as Frame), "the first request's answer");
      expect(JSON.stringify(peer.frames)).not.toContain('second');
      await peer.send(ping(51));
      await until(() => peer.frames.filter(withId(51)).length === 3, 'the ping with the freed id');
      await peer.send(wait(52, 60_000));
      await peer.send(cancel(52));
      await peer.send(ping(52));
      expect(await peer.next(withId(52), 'the ping after the cancel')).toMatchObject({ result: {} });
    } finally {
      if (peer instanceof RawStdio) await peer.stop();
      else peer.close();
    }
  });
});

describe('over Streamable HTTP', () => {
  it('refuses the id while its POST is open, answers the first POST, and frees the id after', async () => {
    const { post, end } = await streamableSession(server.url);
    const answer = async (res: Response) => {
      const text = await res.text();
      return JSON.parse(res.headers.get('content-type')?.startsWith('text/event-stream') ? /^data: (.+)$/m.exec(text)![1] : text);
    };
    const first = post(wait(61, 400));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await post(second(61));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual(refusal(61));
    expect(await answer(await first)).toMatchObject({ id: 61, result: { content: [{ type: 'text', text: 'waited' }] } });
    expect(await answer(await post(ping(61)))).toMatchObject({ id: 61, result: {} });
    await end();
  });
});

describe('over HTTP+SSE', () => {
  it('refuses the id while its request runs, and frees it once that one is answered or cancelled', async () => {
    const { stream, events, endpoint } = await sseStream(server.url);
    try {
      const post = (message: object) => postTo(endpoint, message);
      const answered = (id: number) =>
        events()
          .split('\n')
          .filter((l) => l.startsWith('data: {') && JSON.parse(l.slice(6)).id === id).length;
      expect((await post({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion: '2024-11-05' } })).status).toBe(202);
      await post(INITIALIZED);
      expect((await post(wait(71, 400))).status).toBe(202);
      const refused = await post(second(71));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual(refusal(71));
      await until(() => answered(71) === 1, "the first request's answer");
      expect(events()).toContain('waited');
      expect(events()).not.toContain('second');
      expect((await post(ping(71))).status).toBe(202);
      await until(() => answered(71) === 2, 'the ping with the freed id');
      await post(wait(72, 60_000));
      await post(cancel(72));
      expect((await post(ping(72))).status).toBe(202);
      await until(() => answered(72) === 1, 'the ping after the cancel');
    } finally {
      stream.destroy();
    }
  });
});
