// The bodies the HTTP core reads and the era it routes each to, driven with web Requests in process (no socket): media
// types, sizes (declared and streamed), JSON, forged era claims, JSON-RPC batches by revision, 2025-era sessions and
// stateless serving. Each answer is asserted whole: status, the headers a client acts on, and the JSON-RPC error.
import { afterEach, describe, expect, it } from 'vitest';
import { call, core, initialize, MODERN_META, messageOf, modernCall, post, refusal, session } from '../support/fetch-core.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const handlers: ReturnType<typeof core>[] = [];
const open = (options: Parameters<typeof core>[0] = {}) => {
  const handler = core(options);
  handlers.push(handler);
  return handler;
};
afterEach(async () => {
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});
const rpc = (code: number, message: string, id: unknown = null) => ({ jsonrpc: '2.0', error: { code, message }, id });

describe('the body of a POST', () => {
  it('refuses another media type with 415, before reading it', async () => {
    const answer = await open().fetch(post(initialize(), { 'content-type': 'text/plain' }));
    expect(await refusal(answer)).toEqual({
      status: 415,
      headers: JSON_TYPE,
      body: rpc(-32000, 'Unsupported Media Type: Content-Type must be application/json'),
    });
  });

  it('refuses a body past maxBodyBytes with 413 and closes the connection: declared, or streamed without a length', async () => {
    const handler = open({ maxBodyBytes: 1024 });
    const tooLarge = {
      status: 413,
      headers: { ...JSON_TYPE, connection: 'close' },
      body: rpc(-32000, 'Payload Too Large: body exceeds 1024 bytes'),
    };
    expect(await refusal(await handler.fetch(post('x'.repeat(2000))))).toEqual(tooLarge);
    let pulled = 0;
    // A client that would send forever: the core stops reading once past the limit.
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512).fill(32));
      },
    });
    const streamed = new Request(post('').url, {
      method: 'POST',
      headers: { host: '127.0.0.1:3000', 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(await refusal(await handler.fetch(streamed))).toEqual(tooLarge);
    expect(pulled).toBeLessThan(10);
    // Up to the limit is served.
    expect((await handler.fetch(post(JSON.stringify(initialize()).padEnd(1024, ' ')))).status).toBe(200);
  });

  it('answers a body that is not JSON with 400 and -32700, and one that is no JSON-RPC message with -32600', async () => {
    const handler = open();
    for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', '', '\u0000'])
      expect(await refusal(await handler.fetch(post(body)))).toEqual({
        status: 400,
        headers: JSON_TYPE,
        body: rpc(-32700, 'Parse error: request body is not valid JSON'),
      });
    expect(await refusal(await handler.fetch(post({ jsonrpc: '2.0', id: 1, params: {} })))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      // No method: nothing to echo an id for.
      body: rpc(-32600, 'Bad Request: the request body is not a valid JSON-RPC message'),
    });
  });
});

describe('the era a POST is for', () => {
  it('serves the same call in both eras: with the envelope claim on 2026-07-28, without it in a 2025 session', async () => {
    const handler = open();
    expect((await messageOf(await handler.fetch(modernCall('echo', { text: 'modern' })))).result).toMatchObject({
      content: [{ text: 'modern' }],
    });
    const headers = await session(handler);
    expect((await messageOf(await handler.fetch(post(call('echo', { text: 'legacy' }, 2), headers)))).result).toMatchObject({
      content: [{ text: 'legacy' }],
    });
  });

  const MISMATCH = 'Bad Request: the request headers and body disagree: ';
  it.each([
    [
      'a claim naming another revision than the header',
      { 'mcp-protocol-version': '2025-11-25' },
      MODERN_META,
      -32020,
      `${MISMATCH}the body envelope names protocol version 2026-07-28 but the MCP-Protocol-Version header names 2025-11-25`,
    ],
    [
      'a modern header without the claim',
      { 'mcp-protocol-version': '2026-07-28' },
      undefined,
      -32602,
      'Invalid params: the MCP-Protocol-Version header names protocol revision 2026-07-28, but the request is missing the required per-request envelope key(s): _meta',
    ],
    [
      'a claim whose envelope misses the client',
      {},
      { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' },
      -32602,
      'Invalid _meta envelope for protocol revision 2026-07-28: io.modelcontextprotocol/clientCapabilities: missing',
    ],
    [
      'a method header the body does not name',
      { 'mcp-method': 'tools/list' },
      MODERN_META,
      -32020,
      `${MISMATCH}the body names method tools/call but the Mcp-Method header names tools/list`,
    ],
    [
      'a claim naming a revision nobody serves',
      {},
      { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
      -32022,
      'Unsupported protocol version: 2099-01-01',
    ],
  ])("refuses %s with 400 and the SDK's error, never with a session", async (_what, headers, meta, code, message) => {
    const handler = open();
    const params = { name: 'echo', arguments: { text: 'x' }, ...(meta && { _meta: meta }) };
    const answer = await handler.fetch(post({ ...call('echo', {}, 7), params }, { 'mcp-method': 'tools/call', ...headers }));
    expect([answer.status, answer.headers.get('content-type'), answer.headers.get('mcp-session-id')]).toEqual([
      400,
      'application/json',
      null,
    ]);
    expect(await answer.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code, message } });
  });

  it('refuses an initialize sent with a modern header: the handshake is 2025-era only', async () => {
    const answer = await open().fetch(post(initialize(), { 'mcp-protocol-version': '2026-07-28' }));
    expect(answer.status).toBe(400);
    expect(answer.headers.get('mcp-session-id')).toBeNull();
    expect((await answer.json()).error.code).toBe(-32020);
  });
});

describe('2025-era sessions', () => {
  it('needs a session for anything but initialize, and answers an unknown one 404', async () => {
    const handler = open();
    expect(await refusal(await handler.fetch(post(call('echo', { text: 'x' }))))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: rpc(-32000, 'Bad Request: Mcp-Session-Id header is required'),
    });
    const unknown = post(call('echo', { text: 'x' }), { 'mcp-session-id': 'nobody', 'mcp-protocol-version': '2025-11-25' });
    expect(await refusal(await handler.fetch(unknown))).toEqual({
      status: 404,
      headers: JSON_TYPE,
      body: rpc(-32001, 'Session not found'),
    });
  });

  it("answers another caller's session like an unknown one", async () => {
    const handler = open();
    const mine = await session(handler, '2025-11-25', {}, { remoteAddress: '192.0.2.1' });
    const stolen = await handler.fetch(post(call('echo', { text: 'x' }), mine), { remoteAddress: '192.0.2.2' });
    expect(await refusal(stolen)).toEqual({ status: 404, headers: JSON_TYPE, body: rpc(-32001, 'Session not found') });
    const own = await handler.fetch(post(call('echo', { text: 'x' }), mine), { remoteAddress: '192.0.2.1' });
    expect(own.status).toBe(200);
  });

  it('serves batches only to a session that negotiated 2025-03-26, and refuses a batch with a 2026 request', async () => {
    const handler = open();
    const batch = [call('echo', { text: 'a' }, 1), call('echo', { text: 'b' }, 2)];
    const recent = await session(handler, '2025-11-25');
    expect(await refusal(await handler.fetch(post(batch, recent)))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: rpc(
        -32600,
        'Bad Request: JSON-RPC batches were removed in protocol revision 2025-06-18: they are served only on connections that negotiated 2025-03-26 or earlier',
      ),
    });
    const old = await session(handler, '2025-03-26');
    const served = await handler.fetch(post(batch, old));
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('"text":"b"');
    const mixed = [
      call('echo', { text: 'a' }, 3),
      { ...call('echo', { text: 'b' }, 4), params: { name: 'echo', arguments: {}, _meta: MODERN_META } },
    ];
    expect(await refusal(await handler.fetch(post(mixed, old)))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: rpc(-32600, 'Bad Request: JSON-RPC batches may not contain requests for protocol revision 2026-07-28 or later'),
    });
  });

  it('refuses a request id still in use in the session with 400 and -32600', async () => {
    const handler = open();
    const headers = await session(handler);
    const first = handler.fetch(post(call('wait', {}, 5), headers));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await refusal(await handler.fetch(post(call('echo', { text: 'x' }, 5), headers)))).toEqual({
      status: 400,
      headers: JSON_TYPE,
      body: {
        jsonrpc: '2.0',
        id: 5,
        error: { code: -32600, message: 'Invalid Request: request id 5 is already in use by a request not answered yet' },
      },
    });
    const { waiting } = await import('../support/fetch-core.js');
    waiting.shift()?.();
    expect((await messageOf(await first)).result).toMatchObject({ content: [{ text: 'done' }] });
  });
});

describe('stateless serving (where no process outlives its request)', () => {
  it('serves 2025-era calls without a session, answers GET and DELETE 405, and judges batches by the header', async () => {
    const handler = open({ mode: 'stateless', responseMode: 'json' });
    expect((await messageOf(await handler.fetch(post(call('echo', { text: 'x' }))))).result).toMatchObject({
      content: [{ text: 'x' }],
    });
    const modern = await handler.fetch(modernCall('echo', { text: 'json' }));
    expect([modern.headers.get('content-type'), (await modern.json()).result.content[0].text]).toEqual(['application/json', 'json']);
    for (const method of ['GET', 'DELETE']) {
      const answer = await handler.fetch(new Request('http://127.0.0.1:3000/mcp', { method, headers: { host: '127.0.0.1:3000' } }));
      expect(await refusal(answer)).toEqual({
        status: 405,
        headers: { ...JSON_TYPE, allow: 'POST' },
        body: rpc(-32000, 'Method not allowed.'),
      });
    }
    const batch = [call('echo', { text: 'a' }, 1), call('echo', { text: 'b' }, 2)];
    expect((await handler.fetch(post(batch))).status).toBe(200);
    expect(await refusal(await handler.fetch(post(batch, { 'mcp-protocol-version': '2025-11-25' })))).toMatchObject({
      status: 400,
      body: { error: { code: -32600 } },
    });
  });
});
