// Node's adapter over the HTTP core (http.ts, node-request.ts), on a real loopback socket: a body streamed past the
// limit without a length is refused before it is all read, an event stream reaches the client event by event, and a
// 2026-07-28 client that goes away aborts the signal of the request it left, which its handler sees (a 2025-era
// session's handler runs on: over Streamable HTTP a disconnection is no cancellation).
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aborted, call, initialize, node, waiting } from '../support/fetch-core.js';

let server: Awaited<ReturnType<typeof node>>;
let port: number;
beforeAll(async () => {
  server = await node({ maxBodyBytes: 4096 });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  for (const go of waiting.splice(0)) go();
  await server?.close();
});

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** Writes `head` and then `chunks` one by one on a raw socket; resolves with what the server answered. */
function raw(head: string, chunks: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', async () => {
      socket.write(head);
      for (const chunk of chunks) {
        if (socket.destroyed || answer) break;
        socket.write(chunk);
        await new Promise((r) => setTimeout(r, 5));
      }
    });
    socket
      .on('data', (data) => (answer += data))
      .on('close', () => resolve(answer))
      .on('error', reject);
  });
}

async function sessionHeaders(): Promise<Record<string, string>> {
  const opened = await fetch(server.url, { method: 'POST', headers: HEADERS, body: JSON.stringify(initialize()) });
  const headers = { ...HEADERS, 'mcp-session-id': opened.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': '2025-11-25' };
  await opened.text();
  await (await fetch(server.url, { method: 'POST', headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })).text();
  return headers;
}

describe("Node's adapter", () => {
  it('answers a chunked body past maxBodyBytes with 413 and closes the connection, then serves the next client', async () => {
    const head =
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = `400\r\n${' '.repeat(0x400)}\r\n`;
    const answer = await raw(
      head,
      Array.from({ length: 64 }, () => chunk),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('Payload Too Large: body exceeds 4096 bytes');
    const next = await fetch(server.url, { method: 'POST', headers: HEADERS, body: JSON.stringify(initialize()) });
    expect(next.status).toBe(200);
    await next.text();
  });

  it('sends each event of a stream when it happens, not with the answer', async () => {
    const headers = await sessionHeaders();
    const body = { ...call('progress', {}, 9), params: { name: 'progress', arguments: {}, _meta: { progressToken: 'p' } } };
    const response = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('notifications/progress')) seen += decoder.decode((await reader.read()).value);
    // The handler is still waiting: the progress came on its own.
    expect([seen.includes('"result"'), waiting.length]).toEqual([false, 1]);
    waiting.shift()?.();
    for (let read = await reader.read(); !read.done; read = await reader.read()) seen += decoder.decode(read.value);
    expect(seen).toContain('"text":"done"');
  });

  it('aborts the signal of a 2026-07-28 request whose client went away, and leaves a session request running', async () => {
    const headers = await sessionHeaders();
    const before = aborted.length;
    const gone = new AbortController();
    const left = fetch(server.url, { method: 'POST', headers, body: JSON.stringify(call('hang', {}, 11)), signal: gone.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    gone.abort();
    await left.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aborted.length).toBe(before);
    const modern = new AbortController();
    const body = {
      ...call('hang', {}, 12),
      params: {
        name: 'hang',
        arguments: {},
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const modernHeaders = { ...HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'hang' };
    const leftModern = fetch(server.url, { method: 'POST', headers: modernHeaders, body: JSON.stringify(body), signal: modern.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    modern.abort();
    await leftModern.catch(() => undefined);
    for (let i = 0; i < 200 && aborted.length === before; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(aborted.length).toBe(before + 1);
  });
});
