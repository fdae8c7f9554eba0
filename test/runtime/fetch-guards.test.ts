// The checks of the HTTP core before any body is read, driven with web Requests in process (no socket): probes, the
// DNS-rebinding guards, authentication and scope challenges, each caller's share of the POSTs served at once, the
// server's own limit, shutdown, and what the endpoint does not serve. Each answer is asserted whole: status, the
// headers a client acts on, and the JSON-RPC error.
import { afterEach, describe, expect, it } from 'vitest';
import { BEARER, core, initialize, messageOf, modernCall, ORIGIN, post, READER, refusal, waiting, WRITER } from '../support/fetch-core.js';

const JSON_TYPE = { 'content-type': 'application/json' };
const handlers: ReturnType<typeof core>[] = [];
const open = (options: Parameters<typeof core>[0] = {}) => {
  const handler = core(options);
  handlers.push(handler);
  return handler;
};

afterEach(async () => {
  for (const go of waiting.splice(0)) go();
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

describe('probes and the DNS-rebinding guards', () => {
  it('answers health and readiness ahead of the guards: a probe sends an IP as Host', async () => {
    const handler = open();
    const probe = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { host: '10.1.2.3:3000' } });
    expect([await refusal(await handler.fetch(probe('/healthz'))), await refusal(await handler.fetch(probe('/readyz')))]).toEqual([
      { status: 200, headers: JSON_TYPE, body: { status: 'ok' } },
      { status: 200, headers: JSON_TYPE, body: { status: 'ready' } },
    ]);
  });

  it.each([
    ['a foreign Host', { host: 'evil.example:3000' }, 'Invalid Host: evil.example'],
    ['a Host that is no host name', { host: 'a b' }, 'Invalid Host header: a b'],
    ['no Host at all', { host: '' }, 'Missing Host header'],
    ['a cross-site Origin', { origin: 'https://evil.example' }, 'Invalid Origin: evil.example'],
    ['an Origin that is no URL', { origin: 'null' }, 'Invalid Origin header: null'],
  ])('refuses %s with 403 before authentication, whatever the body', async (_what, headers, message) => {
    const handler = open({ auth: BEARER });
    const answer = await handler.fetch(post('{"not": json', { ...headers, authorization: `Bearer ${WRITER}` }));
    expect(await refusal(answer)).toEqual({
      status: 403,
      headers: JSON_TYPE,
      body: { jsonrpc: '2.0', error: { code: -32000, message }, id: null },
    });
  });

  it('serves the localhost names and the names allowedHosts lists, by their canonical spelling', async () => {
    const handler = open({ host: '0.0.0.0', allowedHosts: ['MCP.example.com', '127.1'] });
    for (const host of ['mcp.example.com', 'MCP.EXAMPLE.COM:443', '127.0.0.1:3000'])
      expect((await handler.fetch(post(initialize(), { host }))).status).toBe(200);
    expect((await handler.fetch(post(initialize(), { host: 'localhost:3000' }))).status).toBe(403);
  });
});

describe("a platform's own names (platformHosts)", () => {
  const WORKER = ['weather.*.workers.dev', 'mcp.example.com'];

  it('serves the names it is deployed on, any account or deployment, and still the localhost names', async () => {
    const handler = open({ platformHosts: WORKER, mode: 'stateless', responseMode: 'json' });
    for (const host of ['weather.acct.workers.dev', 'WEATHER.other-1.workers.dev:443', 'mcp.example.com', '127.0.0.1:8787'])
      expect((await handler.fetch(post(initialize(), { host }))).status, host).toBe(200);
  });

  it.each([
    ['another Worker', 'other.acct.workers.dev'],
    ['a name that only ends like it', 'weather.acct.workers.dev.evil.example'],
    ['two labels where one stands', 'weather.a.b.workers.dev'],
    ['no account label', 'weather.workers.dev'],
    ['a label that is no DNS label', 'weather.-acct.workers.dev'],
    ['a user part smuggled in', 'evil.example@weather.acct.workers.dev'],
    ['a sub-name of a custom domain', 'x.mcp.example.com'],
  ])('refuses %s as Host', async (_what, host) => {
    const handler = open({ platformHosts: WORKER, mode: 'stateless', responseMode: 'json' });
    const answer = await handler.fetch(post(initialize(), { host }));
    expect(answer.status).toBe(403);
    expect(await messageOf(answer)).toMatchObject({ error: { message: expect.stringMatching(/^Invalid Host/) } });
  });

  it('accepts a browser from the very name it is served on, never from another site of the platform', async () => {
    const handler = open({ platformHosts: ['*.vercel.app'], mode: 'stateless', responseMode: 'json' });
    const host = 'weather-abc-team.vercel.app';
    expect((await handler.fetch(post(initialize(), { host, origin: `https://${host}` }))).status).toBe(200);
    for (const origin of ['https://attacker.vercel.app', 'https://evil.example', 'null']) {
      const answer = await handler.fetch(post(initialize(), { host, origin }));
      expect(answer.status, origin).toBe(403);
      expect(await messageOf(answer)).toMatchObject({ error: { message: expect.stringMatching(/^Invalid Origin/) } });
    }
  });
});

describe('authentication and scopes', () => {
  it('answers a missing, wrong or malformed token with 401 and a Bearer challenge, and reads nothing', async () => {
    const handler = open({ auth: BEARER });
    for (const authorization of [undefined, 'Bearer wrong', `Basic ${WRITER}`, `Bearer ${WRITER} extra`]) {
      const answer = await handler.fetch(post('not json at all', authorization ? { authorization } : {}));
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", error_description="/);
      expect((await answer.json()).error).toBe('invalid_token');
    }
  });

  it('challenges a 2026-07-28 call lacking a scope with 403 and the scopes it needs; a token holding them is served', async () => {
    const handler = open({ auth: BEARER });
    const denied = await handler.fetch(modernCall('write', { text: 'x' }, { authorization: `Bearer ${READER}` }));
    expect(await refusal(denied)).toEqual({
      status: 403,
      headers: {
        ...JSON_TYPE,
        'www-authenticate': 'Bearer error="insufficient_scope", error_description="Insufficient scope", scope="notes:write"',
      },
      body: { error: 'insufficient_scope', error_description: 'Insufficient scope' },
    });
    const served = await messageOf(await handler.fetch(modernCall('write', { text: 'x' }, { authorization: `Bearer ${WRITER}` })));
    expect(served.result).toMatchObject({ content: [{ type: 'text', text: 'saved x' }] });
  });

  it('hands each handler its caller: the credential, else the address the adapter gives, else anonymous', async () => {
    const whoami = async (handler: ReturnType<typeof core>, headers: Record<string, string>, remoteAddress?: string) =>
      (
        (await messageOf(await handler.fetch(modernCall('whoami', {}, headers), { remoteAddress }))).result as {
          content: { text: string }[];
        }
      ).content[0].text;
    expect(await whoami(open({ auth: BEARER }), { authorization: `Bearer ${READER}` }, '192.0.2.1')).toBe('client:reader');
    const anonymous = open();
    expect(await whoami(anonymous, {}, '::ffff:192.0.2.7')).toBe('address:192.0.2.7');
    expect(await whoami(anonymous, {}, '2001:db8:1:2::9')).toBe('address:2001:db8:1:2::/64');
    expect(await whoami(anonymous, {}, undefined)).toBe('anonymous');
  });
});

describe('the POSTs served at once', () => {
  const busyBody = (max: number) => ({
    jsonrpc: '2.0',
    error: {
      code: -32003,
      message: `Server busy: it is serving ${max} requests at once; retry shortly`,
      data: { reason: 'maxConcurrentRequests', maxConcurrentRequests: max },
    },
    id: null,
  });
  const crowdedBody = (max: number) => ({
    jsonrpc: '2.0',
    error: {
      code: -32003,
      message: `Too many requests from this caller: it has ${max} open, or ${max} handlers still running after their requests ended; retry once some have ended`,
      data: { reason: 'maxConcurrentRequestsPerPrincipal', maxConcurrentRequestsPerPrincipal: max },
    },
    id: null,
  });
  const LIMITED = { ...JSON_TYPE, connection: 'close', 'retry-after': '1' };

  it('refuses a caller past its share with 429 while others are served, and admits it again once its call ended', async () => {
    const handler = open({ maxConcurrentRequests: 10, maxPrincipalShare: 0.1 });
    const a = { remoteAddress: '192.0.2.1' };
    const first = handler.fetch(modernCall('wait'), a);
    await until(() => waiting.length === 1);
    expect(await refusal(await handler.fetch(modernCall('echo', { text: 'x' }), a))).toEqual({
      status: 429,
      headers: LIMITED,
      body: crowdedBody(1),
    });
    const other = await handler.fetch(modernCall('echo', { text: 'b' }), { remoteAddress: '192.0.2.2' });
    expect((await messageOf(other)).result).toMatchObject({ content: [{ text: 'b' }] });
    waiting.shift()?.();
    await (await first).text();
    expect((await handler.fetch(modernCall('echo', { text: 'again' }), a)).status).toBe(200);
  });

  it('counts a handler still running after its client went away against its caller until it ends', async () => {
    const handler = open({ maxConcurrentRequests: 10, maxPrincipalShare: 0.1 });
    const gone = new AbortController();
    const kept: Promise<unknown>[] = [];
    const request = new Request(modernCall('wait'), { signal: gone.signal });
    const abandoned = handler.fetch(request, { remoteAddress: '192.0.2.1', waitUntil: (p) => kept.push(p) });
    await until(() => waiting.length === 1);
    gone.abort();
    expect((await handler.fetch(modernCall('echo', { text: 'x' }), { remoteAddress: '192.0.2.1' })).status).toBe(429);
    waiting.shift()?.();
    await (await abandoned).text();
    await Promise.all(kept); // what a platform keeps running: the place until its handler ended
    expect((await handler.fetch(modernCall('echo', { text: 'x' }), { remoteAddress: '192.0.2.1' })).status).toBe(200);
  });

  it('refuses a POST past maxConcurrentRequests with 503 before reading it, and serves GET probes all the same', async () => {
    const handler = open({ maxConcurrentRequests: 1, maxPrincipalShare: 1 });
    const first = handler.fetch(modernCall('wait'));
    await until(() => waiting.length === 1);
    expect(await refusal(await handler.fetch(post('never read')))).toEqual({ status: 503, headers: LIMITED, body: busyBody(1) });
    expect((await handler.fetch(new Request(`${ORIGIN}/healthz`))).status).toBe(200);
    waiting.shift()?.();
    await (await first).text();
  });
});

describe('what the endpoint does not serve', () => {
  it('answers another path 404, another method 405 with Allow, and everything 503 once closing', async () => {
    const handler = open();
    expect(await refusal(await handler.fetch(post(initialize(), {}, '/other')))).toEqual({
      status: 404,
      headers: JSON_TYPE,
      body: { error: 'Not Found' },
    });
    const put = new Request(`${ORIGIN}/mcp`, { method: 'PUT', headers: { host: '127.0.0.1:3000' }, body: '{}' });
    expect(await refusal(await handler.fetch(put))).toEqual({
      status: 405,
      headers: { ...JSON_TYPE, allow: 'GET, POST, DELETE' },
      body: { jsonrpc: '2.0', error: { code: -32000, message: 'Method Not Allowed' }, id: null },
    });
    const closed = handler.close();
    expect(await refusal(await handler.fetch(post(initialize())))).toEqual({
      status: 503,
      headers: { ...JSON_TYPE, connection: 'close' },
      body: { jsonrpc: '2.0', error: { code: -32000, message: 'Server is shutting down' }, id: null },
    });
    expect(await refusal(await handler.fetch(new Request(`${ORIGIN}/healthz`)))).toEqual({
      status: 503,
      headers: JSON_TYPE,
      body: { status: 'closing' },
    });
    await closed;
  });
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
}
