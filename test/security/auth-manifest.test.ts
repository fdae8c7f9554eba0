// Validation of auth, tool policies and HTTP limits: secrets never sit in the manifest, and every combination that
// would leave a listener unauthenticated or fail at start-up is refused with a positioned error.
import { describe, expect, it } from 'vitest';
import { authModel, policyLiteral, toolScopes } from '../../generator/model/auth-model.js';
import type { Manifest } from '../../generator/core/manifest-types.js';
import { errors, validate } from './validate.js';

const bearer = (extra: Record<string, unknown> = {}) => ({
  type: 'bearer',
  credentials: [{ env: 'NOTES_TOKEN', principal: 'ci', scopes: ['notes:read'] }],
  ...extra,
});
const oauth = (extra: Record<string, unknown> = {}) => ({
  type: 'oauth',
  resource: 'https://mcp.example.com/mcp',
  authorizationServer: 'https://auth.example.com',
  ...extra,
});

describe('auth', () => {
  const cases: { name: string; given: Record<string, unknown>; want: string[] }[] = [
    { name: 'bearer with an env credential', given: { auth: bearer() }, want: [] },
    {
      name: 'apiKey with its header',
      given: { auth: { type: 'apiKey', header: 'X-Notes-Key', credentials: [{ env: 'NOTES_KEY' }] } },
      want: [],
    },
    { name: 'oauth with a JWKS URL', given: { auth: oauth({ jwksUrl: 'https://auth.example.com/jwks.json' }) }, want: [] },
    {
      name: 'oauth on loopback over http',
      given: { auth: oauth({ resource: 'http://127.0.0.1:3000/mcp', authorizationServer: 'http://localhost:9000' }) },
      want: [],
    },
    { name: 'a literal token', given: { auth: bearer({ token: 's3cr3t-t0k3n' }) }, want: ['auth/literal-secret auth.token'] },
    {
      name: 'a literal secret in a credential',
      given: { auth: { type: 'bearer', credentials: [{ env: 'X_TOKEN', value: 'abc' }] } },
      want: ['auth/literal-secret auth.credentials[0].value'],
    },
    {
      name: 'the secret where the variable name belongs',
      given: { auth: { type: 'bearer', credentials: [{ env: 'sk-live-4f9a8b7c6d5e' }] } },
      want: ['auth/literal-secret auth.credentials[0].env'],
    },
    {
      name: 'credentials in a URL',
      given: { auth: oauth({ jwksUrl: 'https://user:pass@auth.example.com/jwks' }) },
      want: ['auth/url auth.jwksUrl'],
    },
    {
      name: 'keys over plain http from afar',
      given: { auth: oauth({ jwksUrl: 'http://auth.example.com/jwks' }) },
      want: ['auth/url auth.jwksUrl'],
    },
    {
      name: 'oauth without resource',
      given: { auth: { type: 'oauth', authorizationServer: 'https://auth.example.com' } },
      want: ['auth/oauth-missing auth'],
    },
    { name: 'bearer without credentials', given: { auth: { type: 'bearer' } }, want: ['auth/no-credentials auth'] },
    { name: 'oauth fields on bearer', given: { auth: bearer({ jwksUrl: 'https://a.example/jwks' }) }, want: ['auth/field auth.jwksUrl'] },
    {
      name: 'the same variable twice',
      given: { auth: { type: 'bearer', credentials: [{ env: 'T' }, { env: 'T' }] } },
      want: ['auth/duplicate-credential auth.credentials[1].env'],
    },
    {
      name: 'a header the transport uses',
      given: { auth: { type: 'apiKey', header: 'Authorization', credentials: [{ env: 'K' }] } },
      want: ['auth/header auth.header'],
    },
    {
      name: 'a header name with a space',
      given: { auth: { type: 'apiKey', header: 'X Key', credentials: [{ env: 'K' }] } },
      want: ['auth/header auth.header'],
    },
    {
      name: 'a scope with a space',
      given: { auth: { type: 'bearer', credentials: [{ env: 'T', scopes: ['notes read'] }] } },
      want: ['auth/scope-syntax auth.credentials[0].scopes[0]'],
    },
    { name: 'auth without HTTP', given: { transports: { http: false }, auth: bearer() }, want: ['auth/needs-http auth'] },
    {
      name: 'auth with WebSocket',
      given: { transports: { websocket: true }, auth: bearer() },
      want: ['auth/transport-unsupported transports.websocket'],
    },
    {
      name: 'auth with HTTP+SSE',
      given: { transports: { sse: true }, auth: bearer() },
      want: ['auth/transport-unsupported transports.sse'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(errors(given)).toEqual(want);
  });

  it('points at the secret, not at the section', () => {
    const issue = validate(
      'version: 1\nserver: {name: x, version: "1"}\nauth:\n  type: bearer\n  credentials:\n    - env: API_TOKEN\n      token: hunter2-hunter2\n',
    ).find((i) => i.code === 'auth/literal-secret')!;
    expect([issue.line, issue.column]).toEqual([7, 7]);
    expect(issue.hint).toMatch(/environment variable/);
  });
});

describe('tool policy', () => {
  const cases: { name: string; given: Record<string, unknown>; want: string[] }[] = [
    {
      name: 'every limit',
      given: {
        auth: bearer(),
        tools: { t: { policy: { scopes: ['notes:read'], timeoutMs: 500, rateLimit: { requests: 5, windowMs: 1000 }, maxConcurrency: 2 } } },
      },
      want: [],
    },
    {
      name: 'scopes without auth',
      given: { tools: { t: { policy: { scopes: ['notes:read'] } } } },
      want: ['policy/scopes-without-auth tools.t.policy.scopes'],
    },
    {
      name: 'limits without auth',
      given: { tools: { t: { policy: { timeoutMs: 100, rateLimit: { requests: 1, windowMs: 10 } } } } },
      want: [],
    },
    {
      name: 'a zero timeout',
      given: { tools: { t: { policy: { timeoutMs: 0 } } } },
      want: ['manifest/invalid-value tools.t.policy.timeoutMs'],
    },
    {
      name: 'a rate limit without its window',
      given: { tools: { t: { policy: { rateLimit: { requests: 3 } } } } },
      want: ['manifest/missing-key tools.t.policy.rateLimit'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(errors(given)).toEqual(want);
  });

  it('warns when no credential grants a scope a tool needs', () => {
    const warnings = validate({ auth: bearer(), tools: { t: { policy: { scopes: ['notes:write'] } } } }).filter(
      (i) => i.severity === 'warning',
    );
    expect(warnings.map((w) => `${w.code} ${w.path}`)).toEqual(['policy/scope-never-granted tools.t.policy.scopes']);
  });
});

describe('HTTP limits', () => {
  it('refuses a headers timeout longer than the request timeout', () => {
    expect(errors({ transports: { http: { headersTimeoutMs: 5000, requestTimeoutMs: 1000 } } })).toEqual([
      'http/timeouts transports.http.headersTimeoutMs',
    ]);
  });
  it('warns about a public bind without auth or allowed hosts', () => {
    const warnings = validate({ transports: { http: { host: '0.0.0.0' } } })
      .filter((i) => i.severity === 'warning')
      .map((w) => w.code);
    expect(warnings).toEqual(['http/exposed', 'http/no-allowed-hosts']);
  });
  it('a refused body size below the floor', () => {
    expect(errors({ transports: { http: { maxBodyBytes: 10 } } })).toHaveLength(1);
  });
  it('takes a share of the server per principal above 0 and up to 1', () => {
    for (const ok of [0.01, 0.5, 1]) expect(errors({ transports: { http: { maxPrincipalShare: ok } } })).toEqual([]);
    for (const bad of [0, -0.5, 1.5, '10%']) expect(errors({ transports: { http: { maxPrincipalShare: bad } } })).toHaveLength(1);
  });
});

describe('trusted proxies (transports.http.trustProxy)', () => {
  it('takes addresses, CIDR ranges and the names proxy-addr knows', () => {
    const trustProxy = ['10.0.0.5', '10.0.0.0/8', '2001:db8::/32', '::1', 'loopback', 'linklocal', 'uniquelocal'];
    expect(errors({ transports: { http: { trustProxy } } })).toEqual([]);
  });

  it('refuses, at its position, every entry that could trust more or other proxies than written', () => {
    const text = `version: 1
server: {name: proxied, version: 1.0.0}
transports:
  http:
    trustProxy:
      - 10.0.0.0/8
      - everyone
      - 10.0.0.0/33
      - '127.1'
      - '::1/129'
      - 10.0.0.0/8/8
      - 10.0.0.0/255.0.0.0
`;
    const found = validate(text).filter((i) => i.severity === 'error');
    expect(found.map((i) => [i.code, i.path, i.line, i.column])).toEqual(
      [7, 8, 9, 10, 11, 12].map((line, n) => ['http/trust-proxy', `transports.http.trustProxy[${n + 1}]`, line, 9]),
    );
    expect(found[0].message).toBe('"everyone" is not an IP address, a CIDR range or loopback, linklocal, uniquelocal');
    expect(errors({ transports: { http: { trustProxy: [] } } })).toHaveLength(1);
    expect(errors({ transports: { http: { trustProxy: '10.0.0.0/8' } } })).toHaveLength(1);
  });

  it('warns when the nginx of deploy.compose fronts a server without auth that does not trust it', () => {
    const warnings = (extra: Record<string, unknown>) =>
      validate({ scale: { store: 'redis' }, deploy: { compose: true }, ...extra })
        .filter((i) => i.severity === 'warning')
        .map((i) => `${i.code} ${i.path}`);
    expect(warnings({})).toEqual(['http/proxy-untrusted deploy.compose']);
    expect(warnings({ transports: { http: { trustProxy: ['uniquelocal'] } } })).toEqual([]);
    expect(warnings({ auth: bearer() })).toEqual([]);
  });
});

describe('what the runtime receives', () => {
  const m = (extra: Record<string, unknown>) => ({ version: 1, server: { name: 'x', version: '1' }, ...extra }) as unknown as Manifest;
  it('fills defaults and never carries a secret', () => {
    expect(authModel(m({ auth: { type: 'apiKey', credentials: [{ env: 'K' }] } }))).toEqual({
      type: 'apiKey',
      header: 'X-API-Key',
      credentials: [{ env: 'K', principal: 'K', scopes: [] }],
    });
    expect(authModel(m({ auth: oauth(), tools: { a: { policy: { scopes: ['w', 'r'] } }, b: { policy: { scopes: ['r'] } } } }))).toEqual({
      type: 'oauth',
      resource: 'https://mcp.example.com/mcp',
      authorizationServer: 'https://auth.example.com',
      jwksUrl: null,
      scopesSupported: ['r', 'w'],
    });
    expect(authModel(m({ auth: { ...oauth(), algorithms: ['ES256'], tokenType: 'at+jwt' } }))).toMatchObject({
      algorithms: ['ES256'],
      tokenType: 'at+jwt',
    });
  });
  it('keeps tool scopes under hostile names as own properties', () => {
    const scopes = toolScopes(m({ tools: { ['__proto__']: { policy: { scopes: ['x'] } }, plain: {} } }))!;
    expect(Object.keys(scopes)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(scopes)).toBe(Object.prototype);
  });
  it('prints only the policy keys it knows', () => {
    expect(policyLiteral({ timeoutMs: 5 })).toBe('{ "timeoutMs": 5 }');
    expect(policyLiteral({})).toBeNull();
    expect(policyLiteral({ maxConcurrencyPerPrincipal: 2 })).toBe('{ "maxConcurrencyPerPrincipal": 2 }');
  });
});
