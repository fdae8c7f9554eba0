// The conformance example (every server feature, declared in its manifest), driven by real SDK clients over stdio
// and WebSocket in both protocol eras: content of every type, manifest-rendered prompts and resources, completions,
// logging and progress, asking the client (sampling, elicitation, roots), subscriptions and list_changed.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Transport } from '@modelcontextprotocol/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { prepareExample, startHttpServer, type Era, type RunningHttp } from '../support/project.js';
import { oneMessagePerTask, WebSocketClientTransport } from '../support/websocket-client.js';

let dir: string;
let manifest: any;
let http: RunningHttp;

beforeAll(async () => {
  dir = prepareExample('conformance');
  manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
  http = await startHttpServer(dir);
});
afterAll(async () => {
  expect(await http.stop()).toBe(0);
});

/** A client that can answer every server question, recording what it was asked. */
function askableClient(era: Era) {
  const asked: string[] = [];
  const client = new Client(
    { name: `e2e-${era}`, version: '1.0.0' },
    {
      capabilities: { sampling: {}, elicitation: { form: {}, url: {} }, roots: {} },
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
    },
  );
  client.setRequestHandler('sampling/createMessage', async (request) => {
    asked.push(`sampling:${JSON.stringify(request.params.messages[0].content)}`);
    return { model: 'test-model', role: 'assistant', content: { type: 'text', text: 'Paris' } };
  });
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(`elicit:${request.params.message}`);
    if (request.params.mode === 'url') return { action: 'accept' };
    const props = Object.keys((request.params as { requestedSchema: { properties: object } }).requestedSchema.properties);
    return { action: 'accept', content: Object.fromEntries(props.map((p) => [p, p === 'ok' ? true : `my ${p}`])) };
  });
  client.setRequestHandler('roots/list', async () => {
    asked.push('roots');
    return { roots: [{ uri: 'file:///work', name: 'work' }] };
  });
  return { client, asked };
}

const textOf = (result: { content?: unknown }) => (result.content as { type: string; text?: string }[])[0]?.text ?? '';

async function exercise(client: Client, asked: string[], era: Era): Promise<void> {
  expect(client.getNegotiatedProtocolVersion()).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');

  // Deterministic listings: manifest order.
  const { tools, nextCursor } = await client.listTools();
  expect(tools.map((t) => t.name)).toEqual(Object.keys(manifest.tools));
  // One page, so a cursor is one the server never issued: the spec's answer is -32602, on every list.
  expect(nextCursor).toBeUndefined();
  for (const list of [
    () => client.listTools({ cursor: 'page-2' }),
    () => client.listResources({ cursor: 'page-2' }),
    () => client.listResourceTemplates({ cursor: 'page-2' }),
    () => client.listPrompts({ cursor: 'page-2' }),
  ])
    await expect(list()).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Invalid cursor') });
  const structuredTool = tools.find((t) => t.name === 'test_structured_output')!;
  expect(structuredTool.icons).toEqual(manifest.tools.test_structured_output.icons);
  expect(structuredTool._meta).toEqual(manifest.tools.test_structured_output._meta);

  // Every content type.
  expect(textOf(await client.callTool({ name: 'test_simple_text', arguments: {} }))).toBe('This is a simple text response for testing.');
  const png = readFileSync(join(dir, 'assets', 'red-pixel.png')).toString('base64');
  expect((await client.callTool({ name: 'test_image_content', arguments: {} })).content).toEqual([
    { type: 'image', data: png, mimeType: 'image/png' },
  ]);
  expect((await client.callTool({ name: 'test_audio_content', arguments: {} })).content).toEqual([
    { type: 'audio', data: readFileSync(join(dir, 'assets', 'beep.wav')).toString('base64'), mimeType: 'audio/wav' },
  ]);
  const mixed = await client.callTool({ name: 'test_multiple_content_types', arguments: {} });
  expect((mixed.content as { type: string }[]).map((c) => c.type)).toEqual(['text', 'image', 'resource']);
  const link = await client.callTool({ name: 'test_resource_link', arguments: {} });
  expect((link.content as unknown[])[1]).toEqual({
    type: 'resource_link',
    uri: 'test://static-text',
    name: 'static-text',
    mimeType: 'text/plain',
  });
  const sum = await client.callTool({ name: 'test_structured_output', arguments: { a: 2, b: 3 } });
  expect(sum.structuredContent).toEqual({ sum: 5 });
  const failed = await client.callTool({ name: 'test_error_handling', arguments: {} });
  expect(failed.isError).toBe(true);
  expect(textOf(failed)).toMatch(/intentionally returns an error/);

  // Resources from the manifest (text, and a binary file embedded at generation) and from handlers.
  expect((await client.readResource({ uri: 'test://static-text' })).contents).toEqual([
    { uri: 'test://static-text', mimeType: 'text/plain', text: manifest.resources['static-text'].text },
  ]);
  expect((await client.readResource({ uri: 'test://static-binary' })).contents).toEqual([
    { uri: 'test://static-binary', mimeType: 'image/png', blob: png },
  ]);
  const templated = await client.readResource({ uri: 'test://template/42/data' });
  expect(JSON.parse(String(templated.contents[0].text))).toEqual({ id: '42', templateTest: true, data: 'Data for ID: 42' });

  // Prompts rendered from the manifest: arguments, an embedded resource, an image from a file.
  const withArgs = await client.getPrompt({ name: 'test_prompt_with_arguments', arguments: { arg1: 'hello', arg2: 'world' } });
  expect(withArgs.messages).toEqual([
    { role: 'user', content: { type: 'text', text: "Prompt with arguments: arg1='hello', arg2='world'" } },
  ]);
  const embedded = await client.getPrompt({ name: 'test_prompt_with_embedded_resource', arguments: { resourceUri: 'test://doc' } });
  expect(embedded.messages[0].content).toEqual({
    type: 'resource',
    resource: { uri: 'test://doc', mimeType: 'text/plain', text: 'Embedded resource content for testing.' },
  });
  const withImage = await client.getPrompt({ name: 'test_prompt_with_image' });
  expect(withImage.messages[0].content).toEqual({ type: 'image', data: png, mimeType: 'image/png' });

  // Completions: a static list from the manifest, a handler, and a template variable.
  const ref = { type: 'ref/prompt' as const, name: 'test_prompt_with_arguments' };
  expect((await client.complete({ ref, argument: { name: 'arg1', value: 'he' } })).completion).toEqual({
    values: ['hello', 'help'],
    total: 2,
    hasMore: false,
  });
  expect(
    (await client.complete({ ref, argument: { name: 'arg2', value: 'w' }, context: { arguments: { arg1: 'hello' } } })).completion.values,
  ).toEqual(['world', 'wide', 'web']);
  expect((await client.complete({ ref, argument: { name: 'arg2', value: 'w' } })).completion.values).toEqual([]);
  const templateRef = { type: 'ref/resource' as const, uri: 'test://template/{id}/data' };
  expect((await client.complete({ ref: templateRef, argument: { name: 'id', value: '1' } })).completion.values).toEqual(['1', '123']);

  // Progress reaches the caller.
  const progress: number[] = [];
  await client.callTool({ name: 'test_tool_with_progress', arguments: {} }, { onprogress: (p) => void progress.push(p.progress) });
  expect(progress).toEqual([0, 50, 100]);

  // Asking the client: server-to-client requests (2025) or input-required rounds (2026-07-28), same handlers.
  asked.length = 0;
  expect(textOf(await client.callTool({ name: 'test_input_required_result_sampling', arguments: {} }))).toBe('Sampling response: Paris');
  expect(textOf(await client.callTool({ name: 'test_input_required_result_elicitation', arguments: {} }))).toBe('Hello, my name!');
  expect(textOf(await client.callTool({ name: 'test_input_required_result_list_roots', arguments: {} }))).toBe(
    'Client exposed 1 root(s): file:///work',
  );
  expect(textOf(await client.callTool({ name: 'test_input_required_result_multi_round', arguments: {} }))).toBe(
    'Multi-round complete: my name likes my color',
  );
  expect(textOf(await client.callTool({ name: 'test_input_required_result_multiple_inputs', arguments: {} }))).toBe(
    'Paris my name: 1 root(s) visible',
  );
  expect(textOf(await client.callTool({ name: 'test_elicitation_url', arguments: {} }))).toBe('URL elicitation: action=accept');
  const prompted = await client.getPrompt({ name: 'test_input_required_result_prompt' });
  expect(prompted.messages[0].content).toEqual({ type: 'text', text: 'Use the following context: my context' });
  expect(asked).toEqual([
    'sampling:{"type":"text","text":"What is the capital of France?"}',
    'elicit:What is your name?',
    'roots',
    'elicit:Step 1: What is your name?',
    'elicit:Step 2: What is your favorite color?',
    'elicit:What is your name?',
    'sampling:{"type":"text","text":"Generate a greeting"}',
    'roots',
    'elicit:Sign in to continue',
    'elicit:What context should the prompt use?',
  ]);
}

/** 2025 era: logging notifications, resources/subscribe with resources/updated, and tools/list_changed. */
async function notifications(client: Client): Promise<void> {
  const seen: string[] = [];
  client.setNotificationHandler('notifications/message', async (n) => void seen.push(`log:${String(n.params.data)}`));
  client.setNotificationHandler('notifications/resources/updated', async (n) => void seen.push(`updated:${n.params.uri}`));
  client.setNotificationHandler('notifications/tools/list_changed', async () => void seen.push('tools-changed'));
  await client.setLoggingLevel('info');
  await client.callTool({ name: 'test_tool_with_logging', arguments: {} });
  await client.subscribeResource({ uri: 'test://watched-resource' });
  await client.callTool({ name: 'test_update_watched_resource', arguments: {} });
  await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
  await client.unsubscribeResource({ uri: 'test://watched-resource' });
  await client.callTool({ name: 'test_update_watched_resource', arguments: {} });
  await new Promise((r) => setTimeout(r, 100));
  expect(seen).toEqual([
    'log:Tool execution started',
    'log:Tool processing data',
    'log:Tool execution completed',
    'updated:test://watched-resource',
    'tools-changed',
  ]);
  expect(String((await client.readResource({ uri: 'test://watched-resource' })).contents[0].text)).toMatch(/version \d+$/);
}

/** 2026-07-28: change notifications arrive on a subscriptions/listen stream, filtered by what it asked for. */
async function listen(client: Client): Promise<void> {
  const seen: string[] = [];
  client.setNotificationHandler('notifications/resources/updated', async (n) => void seen.push(`updated:${n.params.uri}`));
  client.setNotificationHandler('notifications/prompts/list_changed', async () => void seen.push('prompts-changed'));
  client.setNotificationHandler('notifications/tools/list_changed', async () => void seen.push('tools-changed'));
  const subscription = await client.listen({ promptsListChanged: true, resourceSubscriptions: ['test://watched-resource'] });
  await client.callTool({ name: 'test_update_watched_resource', arguments: {} });
  await client.callTool({ name: 'test_trigger_prompt_change', arguments: {} });
  await client.callTool({ name: 'test_trigger_tool_change', arguments: {} });
  await new Promise((r) => setTimeout(r, 200));
  await subscription.close();
  expect(seen).toEqual(['updated:test://watched-resource', 'prompts-changed']);
}

function stdio(): Transport {
  return oneMessagePerTask(
    new StdioClientTransport({ command: process.execPath, args: [join(dir, 'dist', 'main.js')], cwd: dir, stderr: 'pipe' }),
  );
}
function webSocket(): Transport {
  return new WebSocketClientTransport(http.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws'));
}

describe.each([
  ['stdio', stdio],
  ['WebSocket', webSocket],
] as const)('conformance example over %s', (_name, transport) => {
  it.each(['legacy', 'modern'] as const)('serves every feature (%s era)', async (era) => {
    const { client, asked } = askableClient(era);
    await client.connect(transport());
    try {
      await exercise(client, asked, era);
      if (era === 'legacy') await notifications(client);
      else await listen(client);
    } finally {
      await client.close();
    }
  });
});

// JSON-RPC batches: revision 2025-03-26 says servers MUST accept them. The SDK's HTTP transport does; its stdio
// reader takes one message per line, so the generated transports split batches and answer with one array.
const BATCH = [
  { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'test_simple_text', arguments: {} } },
  { jsonrpc: '2.0', id: 3, method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
];
const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 'batch', version: '1.0.0' } },
};

function expectBatchAnswer(answer: unknown): void {
  expect(Array.isArray(answer)).toBe(true);
  const byId = Object.fromEntries((answer as { id: number }[]).map((r) => [r.id, r]));
  expect(Object.keys(byId).sort()).toEqual(['2', '3']);
  expect(byId[2]).toMatchObject({ result: { content: [{ type: 'text', text: 'This is a simple text response for testing.' }] } });
  expect(byId[3]).toMatchObject({ result: {} });
}

describe('JSON-RPC batches (2025-03-26)', () => {
  it('over stdio: one array answers the batch, an empty batch is an Invalid Request', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [join(dir, 'dist', 'main.js')], { cwd: dir, stdio: ['pipe', 'pipe', 'ignore'] });
    const lines: unknown[] = [];
    let buffer = '';
    const waiters: (() => void)[] = [];
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        lines.push(JSON.parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 1);
        waiters.splice(0).forEach((w) => w());
      }
    });
    const next = async (count: number) => {
      while (lines.length < count) await new Promise<void>((r) => waiters.push(r));
      return lines[count - 1];
    };
    const write = (frame: unknown) => child.stdin.write(`${JSON.stringify(frame)}\n`);
    try {
      write(INIT);
      expect(await next(1)).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
      write({ jsonrpc: '2.0', method: 'notifications/initialized' });
      write(BATCH);
      expectBatchAnswer(await next(2));
      write([]);
      expect(await next(3)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } });
      // One write holding a plain request, an indented batch, a malformed line and another request: the requests are
      // answered, the malformed line gets its parse error, and it does not stop the stream.
      const ping = (id: number) => JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' });
      child.stdin.write(`${ping(10)}\n  [${ping(11)},${ping(12)}]\n[not json\n${ping(13)}\n`);
      await next(7);
      const answers = lines.slice(3, 7) as { id: unknown; error?: { code: number } }[];
      const single = answers.filter((a) => !Array.isArray(a));
      expect(single.map((a) => [a.id, a.error?.code ?? 'result'])).toEqual(
        expect.arrayContaining([
          [10, 'result'],
          [null, -32700],
          [13, 'result'],
        ]),
      );
      const batch = answers.find(Array.isArray) as { id: number }[];
      expect(batch.map((r) => r.id).sort()).toEqual([11, 12]);
    } finally {
      child.kill();
    }
  });

  /** A 2025-era HTTP session of `revision`, initialized: the headers its requests carry. */
  async function httpSession(revision: string): Promise<Record<string, string>> {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const body = JSON.stringify({ ...INIT, params: { ...INIT.params, protocolVersion: revision } });
    const init = await fetch(http.url, { method: 'POST', headers, body });
    expect(init.status).toBe(200);
    const session = { ...headers, 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': revision };
    await init.text();
    const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await fetch(http.url, { method: 'POST', headers: session, body: initialized });
    return session;
  }

  it('over Streamable HTTP: the session answers every request of the batch', async () => {
    const session = await httpSession('2025-03-26');
    const res = await fetch(http.url, { method: 'POST', headers: session, body: JSON.stringify(BATCH) });
    expect(res.status).toBe(200);
    const body = await res.text();
    // SSE: one event per response; JSON: the array itself.
    const answer = res.headers.get('content-type')?.startsWith('text/event-stream')
      ? body
          .split('\n')
          .filter((l) => l.startsWith('data: ') && l.length > 6)
          .map((l) => JSON.parse(l.slice(6)))
      : JSON.parse(body);
    expectBatchAnswer(answer);
    await fetch(http.url, { method: 'DELETE', headers: session });
  });

  it('over Streamable HTTP: a session that negotiated 2025-11-25 gets 400 and -32600 for a batch, and nothing runs', async () => {
    const session = await httpSession('2025-11-25');
    const res = await fetch(http.url, { method: 'POST', headers: session, body: JSON.stringify(BATCH) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: expect.stringMatching(/^Bad Request: JSON-RPC batches were removed in protocol revision 2025-06-18/),
      },
    });
    // The session goes on: one message at a time is what this revision sends.
    const ping = await fetch(http.url, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
    });
    expect(await ping.text()).toMatch(/"id":9/);
    await fetch(http.url, { method: 'DELETE', headers: session });
  });

  it('over WebSocket: one array answers the batch', async () => {
    const { webSocketClass } = await import('../support/websocket-client.js');
    const WebSocket = webSocketClass();
    const socket = new WebSocket(http.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws'), ['mcp']);
    const frames: unknown[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(data.toString()));
      waiters.splice(0).forEach((w) => w());
    });
    const next = async (count: number) => {
      while (frames.length < count) await new Promise<void>((r) => waiters.push(r));
      return frames[count - 1];
    };
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const send = (frame: unknown) =>
      new Promise<void>((resolve, reject) => socket.send(JSON.stringify(frame), (e) => (e ? reject(e) : resolve())));
    try {
      await send(INIT);
      expect(await next(1)).toMatchObject({ id: 1, result: { protocolVersion: '2025-03-26' } });
      await send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      await send(BATCH);
      expectBatchAnswer(await next(2));
    } finally {
      socket.close();
    }
  });
});

describe('legacy HTTP+SSE transport (2024-11-05 clients)', () => {
  it('serves a client of the deprecated transport', async () => {
    const { SSEClientTransport } = await import('@modelcontextprotocol/client');
    const client = new Client({ name: 'sse', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(http.url.replace(/\/mcp$/, '/sse'))));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(Object.keys(manifest.tools));
      expect(textOf(await client.callTool({ name: 'test_simple_text', arguments: {} }))).toBe(
        'This is a simple text response for testing.',
      );
    } finally {
      await client.close();
    }
  });
});

describe('WebSocket guards', () => {
  it('refuses upgrades from foreign origins and unknown paths', async () => {
    const { webSocketClass } = await import('../support/websocket-client.js');
    const WebSocket = webSocketClass() as unknown as new (
      url: string,
      protocols: string[],
      options: object,
    ) => {
      once(event: 'open' | 'error' | 'unexpected-response', listener: (...args: unknown[]) => void): void;
    };
    const outcome = (url: string, options: object) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url, ['mcp'], options);
        socket.once('open', () => resolve('open'));
        socket.once('unexpected-response', (_req, res) => resolve(String((res as { statusCode: number }).statusCode)));
        socket.once('error', (e) => resolve(`error: ${(e as Error).message}`));
      });
    const ws = http.url.replace(/^http/, 'ws').replace(/\/mcp$/, '/ws');
    expect(await outcome(ws, { origin: 'https://evil.example' })).toMatch(/403/);
    expect(await outcome(ws.replace(/\/ws$/, '/nope'), {})).toMatch(/404/);
  });
});
