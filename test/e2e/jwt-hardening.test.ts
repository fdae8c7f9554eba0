// Forged and bent JWTs against a generated OAuth resource server (JWKS URL, typ at+jwt required), an oversized
// JWKS, and per-user limits: rate limits and concurrency count per user (sub) of a client, and tokens naming no
// one are never lumped together. Each token is presented for real over HTTP on loopback.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';
import { INITIALIZE, rssMb } from '../support/raw-peers.js';

const RESOURCE = 'http://127.0.0.1:3000/mcp';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An authorization server: signs tokens and serves a JWKS holding a good RSA key, a P-256 key, a P-384 key and a 1024-bit RSA key. */
class AuthorizationServer {
  readonly rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  readonly ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
  readonly weak = generateKeyPairSync('rsa', { modulusLength: 1024 });
  /**
   * Serve a 32 MiB JWKS, streamed without Content-Length and as fast as the reader takes it: read whole, it would
   * grow the server by far more than the first verification's own cost.
   */
  huge = false;
  issuer = '';
  readonly #server: Server = createServer((_req, res) => {
    const keys = [
      { ...this.rsa.publicKey.export({ format: 'jwk' }), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
      { ...this.ec.publicKey.export({ format: 'jwk' }), kid: 'ec-1', alg: 'ES256', use: 'sig' },
      { ...this.p384.publicKey.export({ format: 'jwk' }), kid: 'p384', use: 'sig' },
      { ...this.weak.publicKey.export({ format: 'jwk' }), kid: 'weak', alg: 'RS256', use: 'sig' },
    ];
    res.writeHead(200, { 'content-type': 'application/json' });
    if (!this.huge) return void res.end(JSON.stringify({ keys }));
    res.write('{"keys": [');
    const pad = `${JSON.stringify({ kty: 'oct', kid: 'pad', k: 'x'.repeat(16 * 1024) })},`;
    let sent = 0;
    const more = (): void => {
      while (sent < 2048) {
        sent++;
        if (!res.write(pad)) return void res.once('drain', more);
      }
      res.end(`${JSON.stringify(keys[0])}]}`);
    };
    more();
  });

  async start(): Promise<void> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    this.issuer = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  stop(): void {
    this.#server.close();
  }

  token(claims: Record<string, unknown>, header: Record<string, unknown> = {}, key: KeyObject = this.rsa.privateKey): string {
    const head = { alg: 'RS256', kid: 'rsa-1', typ: 'at+jwt', ...header };
    const payload = {
      iss: this.issuer,
      aud: RESOURCE,
      exp: Math.floor(Date.now() / 1000) + 300,
      client_id: 'app',
      sub: 'alice',
      scope: 'notes:read',
      ...claims,
    };
    const data = `${b64(head)}.${b64(payload)}`;
    const ec = String(head.alg).startsWith('ES');
    const signature = sign('sha256', Buffer.from(data), ec ? { key, dsaEncoding: 'ieee-p1363' } : key);
    return `${data}.${signature.toString('base64url')}`;
  }
}

const as = new AuthorizationServer();
let dir: string;
let server: RunningHttp;
const clients: Client[] = [];

const post = (url: string, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` },
    body: JSON.stringify(INITIALIZE),
  });

async function connectWith(token: string): Promise<Client> {
  const client = new Client({ name: 'jwt-e2e', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
  );
  clients.push(client);
  return client;
}

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    const e = error as { code?: number; data?: { reason?: string } };
    return `${e.code} ${e.data?.reason}`;
  }
}

const TOOL = (ident: string, ms: number) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const ${ident}: ToolHandler<'${ident}'> = async () => {
  await new Promise((resolve) => setTimeout(resolve, ${ms}));
  return text('done');
};
`;

beforeAll(async () => {
  await as.start();
  dir = generateProject(`version: 1
server: {name: jwt-hardened, version: 1.0.0}
auth:
  type: oauth
  resource: ${RESOURCE}
  authorizationServer: ${as.issuer}
  jwksUrl: ${as.issuer}/jwks.json
  tokenType: at+jwt
tools:
  limited:
    description: Two calls a minute per user
    policy: {rateLimit: {requests: 2, windowMs: 60000}}
  busy:
    description: Takes 600 ms, once at a time per user
    policy: {maxConcurrencyPerPrincipal: 1}
`);
  writeFileSync(join(dir, 'src/handlers/tools/limited.ts'), TOOL('limited', 0));
  writeFileSync(join(dir, 'src/handlers/tools/busy.ts'), TOOL('busy', 600));
  buildProject(dir);
  server = await startHttpServer(dir);
});

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await server?.stop();
  as.stop();
});

describe('JWT verification', () => {
  it('accepts well-formed RS256 and ES256 access tokens', async () => {
    expect((await post(server.url, as.token({}))).status).toBe(200);
    expect((await post(server.url, as.token({}, { alg: 'ES256', kid: 'ec-1' }, as.ec.privateKey))).status).toBe(200);
  });

  it('refuses each forgery with 401 and a Bearer challenge', async () => {
    const good = as.token({});
    const forged: Record<string, string> = {
      unknownCrit: as.token({}, { crit: ['urn:example:unknown'], 'urn:example:unknown': true }),
      es256WithP384Key: as.token({}, { alg: 'ES256', kid: 'p384' }, as.p384.privateKey),
      rsa1024: as.token({}, { kid: 'weak' }, as.weak.privateKey),
      junkAfterSignature: `${good}!!`,
      paddingAfterSignature: `${good}==`,
      spaceAfterSignature: `${good} x`,
      issuerTrailingSlash: as.token({ iss: `${as.issuer}/` }),
      issuerFragment: as.token({ iss: `${as.issuer}#x` }),
      audienceTrailingSlash: as.token({ aud: `${RESOURCE}/` }),
      audienceFragment: as.token({ aud: `${RESOURCE}#x` }),
      typJwt: as.token({}, { typ: 'JWT' }),
      typMissing: as.token({}, { typ: undefined }),
      noExpiry: as.token({ exp: undefined }),
      hmac: `${b64({ alg: 'HS256', kid: 'rsa-1', typ: 'at+jwt' })}.${good.split('.')[1]}.${good.split('.')[2]}`,
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await post(server.url, token);
      expect([name, res.status]).toEqual([name, 401]);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    }
  });

  it('does not read a JWKS past 1 MiB: the tokens it would vouch for are refused and memory stays flat', async () => {
    as.huge = true;
    // A fresh process has no keys cached, so it must fetch the oversized set.
    const fresh = await startHttpServer(dir);
    try {
      const before = rssMb(fresh.child.pid!);
      expect((await post(fresh.url, as.token({}))).status).toBe(401);
      expect(rssMb(fresh.child.pid!) - before).toBeLessThan(48);
      expect((await fetch(new URL('/healthz', fresh.url))).status).toBe(200);
    } finally {
      as.huge = false;
      await fresh.stop();
    }
  });
});

describe('limits count per user', () => {
  it('gives each user (sub) of one client its own rate-limit budget', async () => {
    const alice = await connectWith(as.token({ sub: 'alice' }));
    const bob = await connectWith(as.token({ sub: 'bob' }));
    const call = (c: Client) => outcome(c.callTool({ name: 'limited', arguments: {} }));
    expect([await call(alice), await call(alice), await call(alice)]).toEqual(['ok', 'ok', '-32003 rateLimit']);
    expect([await call(bob), await call(bob), await call(bob)]).toEqual(['ok', 'ok', '-32003 rateLimit']);
  });

  it('never lumps tokens without client or user ids into one bucket', async () => {
    const anonymousA = await connectWith(as.token({ client_id: undefined, sub: undefined, jti: 'a' }));
    const anonymousB = await connectWith(as.token({ client_id: undefined, sub: undefined, jti: 'b' }));
    const call = (c: Client) => outcome(c.callTool({ name: 'limited', arguments: {} }));
    expect([await call(anonymousA), await call(anonymousA), await call(anonymousA)]).toEqual(['ok', 'ok', '-32003 rateLimit']);
    expect([await call(anonymousB), await call(anonymousB)]).toEqual(['ok', 'ok']);
  });

  it('caps concurrent calls per user with maxConcurrencyPerPrincipal', async () => {
    const alice = await connectWith(as.token({ sub: 'carol' }));
    const bob = await connectWith(as.token({ sub: 'dave' }));
    const call = (c: Client) => outcome(c.callTool({ name: 'busy', arguments: {} }));
    const first = call(alice);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const [second, other] = await Promise.all([call(alice), call(bob)]);
    expect([await first, second, other]).toEqual(['ok', '-32003 maxConcurrencyPerPrincipal', 'ok']);
  });
});
