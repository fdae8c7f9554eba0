// The generated HTTP server under hostile clients: foreign origins, missing and wrong tokens, oversized and malformed
// bodies, calls without the scopes a tool needs, handlers past their timeout, bursts past a rate limit, slow
// clients and a shutdown with a call in flight. After every refusal the server keeps answering correctly.
import { connect, type Socket } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, InsufficientScopeError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type Era, type RunningHttp } from '../support/project.js';

const ADMIN = 'admin-0123456789abcdef-0123456789abcdef';
const READER = 'reader-0123456789abcdef-0123456789abcdef';

const MANIFEST = `version: 1
server: {name: hardened, version: 1.0.0}
transports:
  http: {maxBodyBytes: 65536, headersTimeoutMs: 1000, requestTimeoutMs: 2000}
auth:
  type: bearer
  credentials:
    - {env: HARDENED_ADMIN_TOKEN, principal: admin, scopes: ['notes:read', 'notes:write']}
    - {env: HARDENED_READER_TOKEN, principal: reader, scopes: ['notes:read']}
tools:
  whoami:
    description: The caller and its scopes
  write_note:
    description: Needs notes:write
    inputSchema: {type: object, properties: {text: {type: string}}, required: [text]}
    policy: {scopes: ['notes:write']}
  slow:
    description: Waits five seconds unless aborted
    policy: {timeoutMs: 300}
  aborts:
    description: How many times slow saw its signal abort
  limited:
    description: Three calls a minute per caller
    policy: {rateLimit: {requests: 3, windowMs: 60000}}
  busy:
    description: Takes 600 ms, one at a time
    policy: {maxConcurrency: 1}
`;

const HANDLERS: Record<string, string> = {
  'src/state.ts': 'export const state = { aborts: 0 };\n',
  'src/handlers/tools/whoami.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const whoami: ToolHandler<'whoami'> = async (_input, ctx) => text(\`\${ctx.auth?.clientId} \${ctx.auth?.scopes.join(',')}\`);
`,
  'src/handlers/tools/write_note.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const writeNote: ToolHandler<'write_note'> = async (input) => text(\`saved \${input.text}\`);
`,
  'src/handlers/tools/slow.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { state } from '../../state.js';
export const slow: ToolHandler<'slow'> = async (_input, ctx) => {
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 5000);
    ctx.signal.addEventListener('abort', () => {
      state.aborts++;
      clearTimeout(timer);
      resolve();
    });
  });
  return text('finished');
};
`,
  'src/handlers/tools/aborts.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { state } from '../../state.js';
export const aborts: ToolHandler<'aborts'> = async () => text(String(state.aborts));
`,
  'src/handlers/tools/limited.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const limited: ToolHandler<'limited'> = async () => text('ok');
`,
  'src/handlers/tools/busy.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const busy: ToolHandler<'busy'> = async () => {
  await new Promise((resolve) => setTimeout(resolve, 600));
  return text('done');
};
`,
};

let dir: string;
let server: RunningHttp;
const clients: Client[] = [];

async function connectAs(token: string, era: Era): Promise<Client> {
  const client = new Client(
    { name: `hardening-${era}`, version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return client;
}

function textOf(result: unknown): string {
  return (result as { content: { text: string }[] }).content[0].text;
}

async function rpcError(call: Promise<unknown>): Promise<{ code: number; message: string; data: Record<string, unknown> }> {
  try {
    await call;
  } catch (error) {
    return error as { code: number; message: string; data: Record<string, unknown> };
  }
  throw new Error('the call succeeded');
}

function post(body: string | Buffer, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${ADMIN}`,
      ...headers,
    },
    body,
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

beforeAll(async () => {
  dir = generateProject(MANIFEST);
  for (const [file, content] of Object.entries(HANDLERS)) writeFileSync(join(dir, file), content);
  buildProject(dir);
  process.env.HARDENED_ADMIN_TOKEN = ADMIN;
  process.env.HARDENED_READER_TOKEN = READER;
  server = await startHttpServer(dir);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await server?.stop();
});

describe('transport-level refusals', () => {
  it('serves /healthz without credentials', async () => {
    const res = await fetch(new URL('/healthz', server.url));
    expect([res.status, await res.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('refuses a foreign Origin (403) and a foreign Host (403), even with a valid token', async () => {
    expect((await post(INITIALIZE, { origin: 'https://evil.example' })).status).toBe(403);
    const viaRebinding = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => {
        socket.end(
          `POST /mcp HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${ADMIN}\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
        );
      });
      let data = '';
      socket
        .on('data', (chunk) => (data += chunk.toString()))
        .on('end', () => resolve(data))
        .on('error', reject);
    });
    expect(viaRebinding).toMatch(/^HTTP\/1\.1 403/);
  });

  it('answers a missing or wrong token with 401 and a Bearer challenge', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${ADMIN}`, `Bearer ${ADMIN}x`]) {
      const res = await fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(authorization ? { authorization } : {}),
        },
        body: INITIALIZE,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('refuses an oversized body with 413 and keeps running', async () => {
    const res = await post(Buffer.alloc(100_000, 'x'));
    expect(res.status).toBe(413);
    expect((await res.json()).error.message).toMatch(/Payload Too Large/);
  });

  it('answers malformed JSON with -32700 and a wrong content type with 415', async () => {
    const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe(-32700);
    const wrongType = await post(INITIALIZE, { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
  });

  it('closes connections of clients that never finish their headers or body', async () => {
    const port = Number(new URL(server.url).port);
    const outcome = (payload: string) =>
      new Promise<{ ms: number; data: string }>((resolve, reject) => {
        const started = Date.now();
        let data = '';
        const socket: Socket = connect(port, '127.0.0.1', () => socket.write(payload));
        socket
          .on('data', (chunk) => (data += chunk.toString()))
          .on('close', () => resolve({ ms: Date.now() - started, data }))
          .on('error', reject);
        setTimeout(() => socket.destroy(new Error('the server kept a stalled connection open')), 8_000);
      });
    const [headers, body] = await Promise.all([
      outcome('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n'),
      outcome(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"`,
      ),
    ]);
    expect(headers.ms).toBeLessThan(4_000);
    expect(body.ms).toBeLessThan(5_000);
    expect(body.data).toMatch(/^HTTP\/1\.1 408/);
  });
});

/** A 2025-era session of `token` at `protocolVersion`: the headers its requests carry. */
async function session(token: string, protocolVersion = '2025-11-25'): Promise<Record<string, string>> {
  const authorization = `Bearer ${token}`;
  const init = await post(JSON.stringify({ ...JSON.parse(INITIALIZE), params: { ...JSON.parse(INITIALIZE).params, protocolVersion } }), {
    authorization,
  });
  const headers = { authorization, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': protocolVersion };
  await init.text();
  await (await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), headers)).text();
  return headers;
}

const writeCall = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'write_note', arguments: { text: 'x' } } });
const modernHeaders = { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'write_note' };
const modernWriteCall = (id: number) => ({
  ...writeCall(id),
  params: {
    ...writeCall(id).params,
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    },
  },
});
const CHALLENGE = 'Bearer error="insufficient_scope", error_description="Insufficient scope", scope="notes:write"';

async function expectScopeChallenge(res: Response): Promise<void> {
  expect(res.status).toBe(403);
  expect(res.headers.get('www-authenticate')).toBe(CHALLENGE);
  expect(await res.json()).toEqual({ error: 'insufficient_scope', error_description: 'Insufficient scope' });
}

describe.each(['legacy', 'modern'] as Era[])('per-tool policy (%s)', (era) => {
  it('answers a call lacking scopes with 403 and the scope challenge, which the SDK client reads; a caller holding them gets through', async () => {
    const reader = await connectAs(READER, era);
    const denied = await reader.callTool({ name: 'write_note', arguments: { text: 'hi' } }).catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(InsufficientScopeError);
    expect((denied as InsufficientScopeError).requiredScope).toBe('notes:write');
    // The client (and, in the 2025 era, its session) goes on being served.
    expect(textOf(await reader.callTool({ name: 'whoami', arguments: {} }))).toBe('reader notes:read');
    const admin = await connectAs(ADMIN, era);
    expect(textOf(await admin.callTool({ name: 'write_note', arguments: { text: 'hi' } }))).toBe('saved hi');
  });

  it('sends the challenge on the HTTP response itself: 403, WWW-Authenticate with the scope', async () => {
    const res =
      era === 'modern'
        ? await post(JSON.stringify(modernWriteCall(7)), { authorization: `Bearer ${READER}`, ...modernHeaders })
        : await post(JSON.stringify(writeCall(7)), await session(READER));
    await expectScopeChallenge(res);
  });

  it('stops a handler past its timeout with -32004, and the handler sees its signal abort', async () => {
    const admin = await connectAs(ADMIN, era);
    const before = Number(textOf(await admin.callTool({ name: 'aborts', arguments: {} })));
    const started = Date.now();
    const timedOut = await rpcError(admin.callTool({ name: 'slow', arguments: {} }));
    expect(timedOut.code).toBe(-32004);
    expect(timedOut.data).toMatchObject({ tool: 'slow', timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(Number(textOf(await admin.callTool({ name: 'aborts', arguments: {} })))).toBe(before + 1);
  });

  it('refuses a second concurrent call of a tool limited to one with -32003', async () => {
    const admin = await connectAs(ADMIN, era);
    const outcomes = await Promise.allSettled([
      admin.callTool({ name: 'busy', arguments: {} }),
      new Promise((r) => setTimeout(r, 150)).then(() => admin.callTool({ name: 'busy', arguments: {} })),
    ]);
    expect(outcomes[0].status).toBe('fulfilled');
    const refused = (outcomes[1] as PromiseRejectedResult).reason;
    expect([refused.code, refused.data.reason]).toEqual([-32003, 'maxConcurrency']);
  });
});

describe('scopes in a batch (2025-03-26 session)', () => {
  it('challenges the whole batch when one call lacks scopes, runs none of it, and serves the session after', async () => {
    const headers = await session(READER, '2025-03-26');
    const whoami = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    const batch = [whoami(1), writeCall(2), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 9 } }];
    await expectScopeChallenge(await post(JSON.stringify(batch), headers));
    const allowed = await post(JSON.stringify([whoami(3)]), headers);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('reader notes:read');
  });
});

describe('rate limits', () => {
  it('refuses a burst past the limit with -32003 and retry-after, per principal', async () => {
    const admin = await connectAs(ADMIN, 'modern');
    const burst = await Promise.allSettled(Array.from({ length: 5 }, () => admin.callTool({ name: 'limited', arguments: {} })));
    expect(burst.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    for (const refused of burst.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(refused.reason.code).toBe(-32003);
      expect(refused.reason.data.retryAfterMs).toBeGreaterThan(50_000);
      expect(refused.reason.data.retryAfterMs).toBeLessThanOrEqual(60_000);
    }
    // Another principal has its own budget.
    const reader = await connectAs(READER, 'legacy');
    expect(textOf(await reader.callTool({ name: 'limited', arguments: {} }))).toBe('ok');
  });
});

describe('after all of that', () => {
  it('still answers correctly, in both eras', async () => {
    for (const era of ['legacy', 'modern'] as Era[]) {
      const admin = await connectAs(ADMIN, era);
      expect((await admin.listTools()).tools.map((t) => t.name).sort()).toEqual([
        'aborts',
        'busy',
        'limited',
        'slow',
        'whoami',
        'write_note',
      ]);
      expect(textOf(await admin.callTool({ name: 'whoami', arguments: {} }))).toBe('admin notes:read,notes:write');
      expect(textOf(await admin.callTool({ name: 'write_note', arguments: { text: era } }))).toBe(`saved ${era}`);
    }
  });

  it('lets an in-flight call finish on SIGTERM, then exits 0', async () => {
    const admin = await connectAs(ADMIN, 'modern');
    const call = admin.callTool({ name: 'busy', arguments: {} });
    await new Promise((r) => setTimeout(r, 150));
    const exited = server.stop();
    expect(textOf(await call)).toBe('done');
    expect(await exited).toBe(0);
  });
});
