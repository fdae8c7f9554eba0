// The server card (draft SEP-2127) of a generated HTTP server, read over real HTTP: its shape and headers, its
// locations, methods other than GET refused, conditional requests, and the same Host and Origin checks as the MCP
// endpoint (a DNS-rebinding page cannot read it). It needs no credential, while the MCP endpoint still does.
import { request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';

const TOKEN = 'card-0123456789abcdef-0123456789abcdef';
const MANIFEST = `version: 1
server:
  name: cards
  version: 2.3.1
  title: Cards
  description: Deals cards.
  registryName: io.github.acme/cards
  websiteUrl: https://acme.example/cards
  repository: {url: 'https://github.com/acme/cards', source: github}
  icons: [{src: 'https://acme.example/cards.png', mimeType: image/png, sizes: [64x64]}, {src: 'data:image/png;base64,iVBORw0KGgo='}]
transports:
  http: {publicUrl: 'https://mcp.acme.example/mcp'}
auth:
  type: bearer
  credentials:
    - {env: CARDS_TOKEN, principal: dealer}
tools:
  deal:
    description: Deal one card
`;

let server: RunningHttp;
let base: URL;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http, not fetch: fetch forbids setting Host, and the rebinding test needs a foreign one. */
function call(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: base.hostname, port: base.port, path, method: options.method ?? 'GET', headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      },
    );
    req.on('error', reject).end();
  });
}

beforeAll(async () => {
  const dir = generateProject(MANIFEST);
  writeFileSync(
    join(dir, 'src/handlers/tools/deal.ts'),
    `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const deal: ToolHandler<'deal'> = async () => text('ace of spades');
`,
  );
  buildProject(dir);
  process.env.CARDS_TOKEN = TOKEN;
  server = await startHttpServer(dir);
  base = new URL(server.url);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('server card', () => {
  it('is served at <endpoint>/server-card in the draft shape, with its media type, CORS and cache headers', async () => {
    const r = await call('/mcp/server-card', { headers: { accept: 'application/mcp-server+json' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/mcp-server+json');
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(r.headers['access-control-allow-methods']).toBe('GET');
    expect(r.headers['access-control-allow-headers']).toBe('Content-Type');
    expect(r.headers['cache-control']).toBe('public, max-age=3600');
    expect(r.headers.etag).toMatch(/^"[\w-]+"$/);
    const card = JSON.parse(r.body);
    expect(card).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'io.github.acme/cards',
      title: 'Cards',
      description: 'Deals cards.',
      version: '2.3.1',
      websiteUrl: 'https://acme.example/cards',
      repository: { url: 'https://github.com/acme/cards', source: 'github' },
      icons: [{ src: 'https://acme.example/cards.png', mimeType: 'image/png', sizes: ['64x64'] }],
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://mcp.acme.example/mcp',
          headers: [
            {
              name: 'Authorization',
              description: 'Bearer token issued by the server operator',
              isRequired: true,
              isSecret: true,
              value: 'Bearer {token}',
              variables: { token: { description: 'The token', isRequired: true, isSecret: true } },
            },
          ],
          supportedProtocolVersions: ['2024-10-07', '2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'],
        },
      ],
    });
    // Public metadata only: the credential's variable name and value appear nowhere.
    expect(r.body).not.toContain('CARDS_TOKEN');
    expect(r.body).not.toContain(TOKEN);
  });

  it('agrees with what the server says at initialize (name aside, which is the registry name)', async () => {
    const card = JSON.parse((await call('/mcp/server-card')).body);
    const client = new Client({ name: 'card-check', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }),
    );
    try {
      const info = client.getServerVersion()!;
      expect([info.version, info.title, info.description, info.websiteUrl]).toEqual([
        card.version,
        card.title,
        card.description,
        card.websiteUrl,
      ]);
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual(['deal']);
    } finally {
      await client.close();
    }
  });

  it('is the same document at the .well-known names, as application/json to clients that do not ask for the card type', async () => {
    const first = await call('/mcp/server-card');
    for (const path of ['/.well-known/mcp/server-card.json', '/.well-known/mcp/server-card']) {
      const r = await call(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.body).toBe(first.body);
      expect(r.headers.etag).toBe(first.headers.etag);
    }
  });

  it('answers a conditional GET with 304 and no body, HEAD with headers only', async () => {
    const { headers } = await call('/mcp/server-card');
    const again = await call('/mcp/server-card', { headers: { 'if-none-match': String(headers.etag) } });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
    const stale = await call('/mcp/server-card', { headers: { 'if-none-match': '"something-else"' } });
    expect(stale.status).toBe(200);
    const head = await call('/.well-known/mcp/server-card.json', { method: 'HEAD' });
    expect([head.status, head.body, head.headers['content-length']]).toEqual([200, '', String(Buffer.byteLength(stale.body))]);
  });

  it('refuses every method but GET and HEAD, and answers the CORS preflight', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const r = await call('/mcp/server-card', { method, headers: { 'content-type': 'application/json' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('GET, HEAD, OPTIONS');
    }
    const preflight = await call('/mcp/server-card', { method: 'OPTIONS', headers: { 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET');
  });

  it('is behind the Host and Origin checks: a rebinding page or a foreign origin gets 403', async () => {
    expect((await call('/mcp/server-card', { headers: { host: `attacker.example:${base.port}` } })).status).toBe(403);
    expect((await call('/.well-known/mcp/server-card.json', { headers: { origin: 'https://attacker.example' } })).status).toBe(403);
    // A page served by this host itself may read it.
    expect((await call('/mcp/server-card', { headers: { origin: `http://localhost:${base.port}` } })).status).toBe(200);
  });

  it('needs no credential, while the MCP endpoint still does', async () => {
    expect((await call('/mcp/server-card')).status).toBe(200);
    const mcp = await call('/mcp', { method: 'GET', headers: { accept: 'text/event-stream' } });
    expect(mcp.status).toBe(401);
    // Near misses are not the card: like any other path, they need the credential first.
    expect((await call('/mcp/server-card/x')).status).toBe(401);
    expect((await call('/.well-known/mcp/other.json')).status).toBe(401);
  });
});
