// The other authentication types of the manifest, against built servers: API keys in a header, and OAuth 2.1
// resource servers that verify JWTs against a JWKS URL or through the verifyAccessToken hook in src/lifecycle.ts.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, InsufficientScopeError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';

const TOOLS = `tools:
  whoami:
    description: The caller and its scopes
  write_note:
    description: Needs notes:write
    policy: {scopes: ['notes:write']}
`;
const WHOAMI = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const whoami: ToolHandler<'whoami'> = async (_input, ctx) => text(\`\${ctx.auth?.clientId} \${ctx.auth?.scopes.join(',')}\`);
`;
const WRITE = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const writeNote: ToolHandler<'write_note'> = async () => text('saved');
`;

function project(manifest: string, extra: Record<string, string> = {}): string {
  const dir = generateProject(manifest);
  const files = { 'src/handlers/tools/whoami.ts': WHOAMI, 'src/handlers/tools/write_note.ts': WRITE, ...extra };
  for (const [file, content] of Object.entries(files)) writeFileSync(join(dir, file), content);
  buildProject(dir);
  return dir;
}

async function whoami(url: string, headers: Record<string, string>): Promise<string> {
  const client = new Client({ name: 'auth-e2e', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  try {
    return ((await client.callTool({ name: 'whoami', arguments: {} })) as { content: { text: string }[] }).content[0].text;
  } finally {
    await client.close();
  }
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const post = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: INITIALIZE,
  });

describe('apiKey', () => {
  const KEY = 'key-0123456789abcdef-0123456789abcdef';
  let dir: string;
  let server: RunningHttp;
  beforeAll(async () => {
    dir = project(
      `version: 1\nserver: {name: keyed, version: 1.0.0}\nauth:\n  type: apiKey\n  header: X-Notes-Key\n  credentials:\n    - {env: KEYED_NOTES_KEY, principal: robot, scopes: ['notes:read']}\n${TOOLS}`,
    );
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('will not start without the variable holding the key', async () => {
    delete process.env.KEYED_NOTES_KEY;
    await expect(startHttpServer(dir)).rejects.toThrow(/KEYED_NOTES_KEY is not set/);
  });

  it('accepts the key from its header and refuses anything else with 401', async () => {
    process.env.KEYED_NOTES_KEY = KEY;
    server = await startHttpServer(dir);
    expect(await whoami(server.url, { 'x-notes-key': KEY })).toBe('robot notes:read');
    for (const headers of [{}, { 'x-notes-key': `${KEY}-not` }, { authorization: `Bearer ${KEY}` }]) {
      const res = await post(server.url, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('ApiKey realm="mcp", header="X-Notes-Key"');
    }
  });
});

/** Signs JWTs the way an authorization server would, and serves its JWKS. */
class TestAuthorizationServer {
  readonly rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  fetches = 0;
  #server: Server = createServer((req, res) => {
    this.fetches++;
    const keys = [
      { ...this.rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
      { ...this.ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1', alg: 'ES256', use: 'sig' },
    ];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  issuer = '';

  async start(): Promise<void> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    this.issuer = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop(): void {
    this.#server.close();
  }

  token(claims: Record<string, unknown>, options: { alg?: string; kid?: string; key?: KeyObject } = {}): string {
    const alg = options.alg ?? 'RS256';
    const header = { alg, kid: options.kid ?? (alg === 'ES256' ? 'ec-1' : 'rsa-1'), typ: 'at+jwt' };
    const payload = {
      iss: this.issuer,
      aud: RESOURCE,
      exp: Math.floor(Date.now() / 1000) + 300,
      client_id: 'app',
      scope: 'notes:read notes:write',
      ...claims,
    };
    const data = `${b64(header)}.${b64(payload)}`;
    if (alg === 'none') return `${data}.`;
    const key = options.key ?? (alg === 'ES256' ? this.ec.privateKey : this.rsa.privateKey);
    const signature = sign('sha256', Buffer.from(data), alg === 'ES256' ? { key, dsaEncoding: 'ieee-p1363' } : key);
    return `${data}.${signature.toString('base64url')}`;
  }
}

const RESOURCE = 'http://127.0.0.1:3000/mcp';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('oauth with a JWKS URL', () => {
  const as = new TestAuthorizationServer();
  let server: RunningHttp;
  beforeAll(async () => {
    await as.start();
    const dir = project(
      `version: 1\nserver: {name: protected, version: 1.0.0}\nauth:\n  type: oauth\n  resource: ${RESOURCE}\n  authorizationServer: ${as.issuer}\n  jwksUrl: ${as.issuer}/jwks.json\n${TOOLS}`,
    );
    server = await startHttpServer(dir);
  });
  afterAll(async () => {
    await server?.stop();
    as.stop();
  });

  it('publishes its protected resource metadata (RFC 9728)', async () => {
    const res = await fetch(new URL('/.well-known/oauth-protected-resource/mcp', server.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ resource: RESOURCE, authorization_servers: [as.issuer], scopes_supported: ['notes:write'] });
  });

  it('challenges a request without a token towards that metadata', async () => {
    const res = await post(server.url);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain(
      'resource_metadata="http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp"',
    );
  });

  it('accepts RS256 and ES256 tokens issued for this resource, fetching the keys once', async () => {
    expect(await whoami(server.url, { authorization: `Bearer ${as.token({})}` })).toBe('app notes:read,notes:write');
    expect(
      await whoami(server.url, { authorization: `Bearer ${as.token({ client_id: 'ec-app', scope: 'notes:read' }, { alg: 'ES256' })}` }),
    ).toBe('ec-app notes:read');
    expect(as.fetches).toBe(1);
  });

  it('refuses tokens for another audience or issuer, expired, forged or unsigned ones', async () => {
    const forged = as.token({}, { key: as.stranger.privateKey });
    const cases = {
      audience: as.token({ aud: 'https://other.example/mcp' }),
      issuer: as.token({ iss: 'https://evil.example' }),
      expired: as.token({ exp: Math.floor(Date.now() / 1000) - 600 }),
      noExpiry: as.token({ exp: undefined }),
      forged,
      unsigned: as.token({}, { alg: 'none' }),
      hmac: `${forged
        .split('.')
        .slice(0, 2)
        .join('.')
        .replace(/^[^.]+/, b64({ alg: 'HS256', kid: 'rsa-1' }))}.${forged.split('.')[2]}`,
      unknownKid: as.token({}, { kid: 'rotated-away' }),
      wrongShape: `${as.token({}, { alg: 'ES256' }).split('.').slice(0, 2).join('.')}.${forged.split('.')[2]}`,
      garbage: 'not.a.jwt',
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await post(server.url, { authorization: `Bearer ${token}` });
      expect([name, res.status]).toEqual([name, 401]);
    }
    // The unknown kid may trigger one refetch (key rotation), not one per request.
    expect(as.fetches).toBeLessThanOrEqual(2);
  });

  it('takes the scopes from the token: without notes:write, a scope challenge pointing at the metadata', async () => {
    for (const era of ['legacy', 'modern'] as const) {
      const client = new Client({ name: 'auth-e2e', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {});
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: `Bearer ${as.token({ scope: 'notes:read' })}` } },
        }),
      );
      const refused = await client.callTool({ name: 'write_note', arguments: {} }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(InsufficientScopeError);
      // What a client needs to step up: the scope to ask for, and where to learn which server grants it.
      const { requiredScope, resourceMetadataUrl } = refused as InsufficientScopeError;
      expect([requiredScope, String(resourceMetadataUrl)]).toEqual([
        'notes:write',
        'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
      ]);
      await client.close();
    }
  });
});

describe('oauth with the verifyAccessToken hook', () => {
  const LIFECYCLE = `import { OAuthError, OAuthErrorCode, type AuthInfo } from '@modelcontextprotocol/server';
export interface AppContext { accepted: string }
export async function onStart(): Promise<AppContext> { return { accepted: 'hook-token-0123456789' }; }
export async function onShutdown(_app: AppContext): Promise<void> {}
export async function verifyAccessToken(token: string, app: AppContext): Promise<AuthInfo> {
  if (token !== app.accepted) throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
  return { token, clientId: 'hooked', scopes: ['notes:read'], expiresAt: Math.floor(Date.now() / 1000) + 60, resource: new URL('${RESOURCE}') };
}
`;
  let server: RunningHttp;
  beforeAll(async () => {
    const dir = project(
      `version: 1\nserver: {name: hooked, version: 1.0.0}\nauth:\n  type: oauth\n  resource: ${RESOURCE}\n  authorizationServer: https://auth.example.com\n${TOOLS}`,
      { 'src/lifecycle.ts': LIFECYCLE },
    );
    server = await startHttpServer(dir);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('asks the hook, with the app context, and refuses what it refuses', async () => {
    expect(await whoami(server.url, { authorization: 'Bearer hook-token-0123456789' })).toBe('hooked notes:read');
    expect((await post(server.url, { authorization: 'Bearer something-else' })).status).toBe(401);
  });
});
