// Authentication and per-tool policy. Secrets never sit in the manifest: credentials name environment variables,
// and anything that looks like a secret where a variable name belongs is refused.
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { Auth, Manifest } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import { isLoopbackHost, isObject } from '../core/index.js';

/** Keys the schema declares only so that a secret written under them gets this check's message, not "unknown key". */
const SECRET_KEYS: Record<string, string[]> = {
  auth: ['token', 'secret', 'clientSecret'],
  credential: ['token', 'key', 'secret', 'value'],
};
const OAUTH_ONLY = ['resource', 'authorizationServer', 'jwksUrl', 'scopesSupported'] as const;
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// RFC 6749 scope-token: printable ASCII except space, `"` and `\`.
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
// RFC 9110 token characters: what a header name may hold.
export const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Headers the transport itself reads or sets; a key in one of them would be mangled or leak into routing.
export const RESERVED_HEADERS = new Set([
  'authorization',
  'host',
  'origin',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'cookie',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
  'accept',
]);

export function checkAuth(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const auth = isObject(m.auth) ? (m.auth as Auth) : undefined;
  if (auth) findings.push(...checkAuthSection(m, auth));
  for (const [name, tool] of entriesOf(m, 'tools')) {
    const scopes = isObject(tool.policy) && Array.isArray(tool.policy.scopes) ? tool.policy.scopes : [];
    if (scopes.length > 0 && !auth) {
      findings.push({
        code: 'policy/scopes-without-auth',
        path: ['tools', name, 'policy', 'scopes'],
        at: 'key',
        message: "scopes are checked against the caller's credential, and the manifest declares no auth",
        hint: 'add a top-level auth: section (bearer, apiKey or oauth), or remove scopes',
      });
    }
    findings.push(...scopeSyntax(scopes, ['tools', name, 'policy', 'scopes']));
    if (auth && auth.type !== 'oauth' && Array.isArray(auth.credentials)) {
      const granted = new Set(auth.credentials.flatMap((c) => (isObject(c) && Array.isArray(c.scopes) ? c.scopes : [])));
      const missing = scopes.filter((s) => typeof s === 'string' && !granted.has(s));
      if (missing.length > 0) {
        findings.push({
          code: 'policy/scope-never-granted',
          severity: 'warning',
          path: ['tools', name, 'policy', 'scopes'],
          message: `no credential grants ${missing.join(', ')}: nobody can call ${name}`,
          hint: 'add the scope to a credential under auth.credentials',
        });
      }
    }
  }
  return findings;
}

function checkAuthSection(m: Manifest, auth: Auth): Finding[] {
  const findings: Finding[] = [];
  const a = auth as unknown as Record<string, unknown>;
  for (const key of SECRET_KEYS.auth) if (a[key] !== undefined) findings.push(literalSecret(['auth', key], "a credential's env"));
  findings.push(...transportFindings(m));
  const type = auth.type;
  if (type !== 'bearer' && type !== 'apiKey' && type !== 'oauth') return findings; // the schema reports it
  if (type !== 'apiKey' && auth.header !== undefined) findings.push(misplaced('header', 'apiKey', type));
  if (type === 'apiKey' && typeof auth.header === 'string') findings.push(...headerFindings(auth.header));
  if (type === 'oauth') {
    if (auth.credentials !== undefined) findings.push(misplaced('credentials', 'bearer and apiKey', type));
    findings.push(...oauthFindings(auth));
  } else {
    for (const key of OAUTH_ONLY) if (auth[key] !== undefined) findings.push(misplaced(key, 'oauth', type));
    if (auth.credentials === undefined) {
      findings.push({
        code: 'auth/no-credentials',
        path: ['auth'],
        at: 'key',
        message: `${type} auth needs credentials: the tokens or keys it accepts`,
        hint: 'credentials: [{env: MY_SERVER_TOKEN, principal: ci, scopes: [read]}]',
      });
    }
  }
  if (Array.isArray(auth.credentials)) findings.push(...credentialFindings(auth.credentials));
  if (Array.isArray(auth.scopesSupported)) findings.push(...scopeSyntax(auth.scopesSupported, ['auth', 'scopesSupported']));
  return findings;
}

/** Credentials reach handlers only over Streamable HTTP; the other listeners would serve unauthenticated. */
function transportFindings(m: Manifest): Finding[] {
  const t = isObject(m.transports) ? m.transports : {};
  if (t.http === false) {
    return [
      {
        code: 'auth/needs-http',
        path: ['auth'],
        at: 'key',
        message: 'auth applies to HTTP clients, and transports.http is off',
        hint: 'enable transports.http, or remove auth (stdio clients are the local user)',
      },
    ];
  }
  const findings: Finding[] = [];
  for (const name of ['sse', 'websocket'] as const) {
    if (t[name] === undefined || t[name] === false) continue;
    findings.push({
      code: 'auth/transport-unsupported',
      path: ['transports', name],
      at: 'key',
      message: `${name === 'sse' ? 'the deprecated HTTP+SSE transport' : 'the WebSocket transport'} cannot carry per-request credentials to handlers, so it would bypass auth`,
      hint: `turn transports.${name} off: authenticated clients use Streamable HTTP`,
    });
  }
  return findings;
}

function credentialFindings(credentials: unknown[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, number>();
  credentials.forEach((c, i) => {
    if (!isObject(c)) return;
    const path: PathSegment[] = ['auth', 'credentials', i];
    for (const key of SECRET_KEYS.credential) if (c[key] !== undefined) findings.push(literalSecret([...path, key], 'env'));
    if (typeof c.env === 'string') {
      if (!ENV_NAME.test(c.env)) {
        findings.push({
          code: 'auth/literal-secret',
          path: [...path, 'env'],
          message: 'env must name an environment variable (letters, digits and _); this looks like a value, perhaps the secret itself',
          hint: 'put the secret in the environment (export MY_SERVER_TOKEN=...) and write env: MY_SERVER_TOKEN; if this was a real secret, rotate it',
        });
      } else if (seen.has(c.env)) {
        findings.push({
          code: 'auth/duplicate-credential',
          path: [...path, 'env'],
          message: `credentials[${seen.get(c.env)}] already reads ${c.env}`,
          hint: 'give each credential its own variable',
        });
      } else seen.set(c.env, i);
    }
    if (Array.isArray(c.scopes)) findings.push(...scopeSyntax(c.scopes, [...path, 'scopes']));
  });
  return findings;
}

function oauthFindings(auth: Auth): Finding[] {
  const findings: Finding[] = [];
  for (const key of ['resource', 'authorizationServer'] as const) {
    if (auth[key] === undefined) {
      findings.push({
        code: 'auth/oauth-missing',
        path: ['auth'],
        at: 'key',
        message: `oauth auth needs ${key}`,
        hint:
          key === 'resource'
            ? 'resource: the URL clients use to reach this server, e.g. https://mcp.example.com/mcp'
            : 'authorizationServer: the issuer URL of your authorization server',
      });
    }
  }
  for (const key of ['resource', 'authorizationServer', 'jwksUrl'] as const) {
    const value = auth[key];
    if (typeof value === 'string') findings.push(...urlFindings(value, ['auth', key], key !== 'resource'));
  }
  return findings;
}

/** Absolute http(s) URL without credentials or fragment; HTTPS unless it names this machine. */
function urlFindings(value: string, path: PathSegment[], httpsOnly: boolean): Finding[] {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [{ code: 'auth/url', path, message: `${JSON.stringify(value)} is not an absolute URL`, hint: 'write it as https://host/path' }];
  }
  const problems: string[] = [];
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push('it must be http(s)');
  if (url.username || url.password) problems.push('it holds credentials, which never go in the manifest');
  if (url.hash) problems.push('it has a fragment');
  const local = isLoopbackHost(url.hostname);
  if (httpsOnly && url.protocol === 'http:' && !local) problems.push('tokens and keys must come over HTTPS');
  return problems.length
    ? [
        {
          code: 'auth/url',
          path,
          message: `${JSON.stringify(value)}: ${problems.join('; ')}`,
          hint: 'use an https:// URL without user:password@ or #fragment',
        },
      ]
    : [];
}

function headerFindings(header: string): Finding[] {
  const path = ['auth', 'header'];
  if (!HEADER_TOKEN.test(header))
    return [
      {
        code: 'auth/header',
        path,
        message: `${JSON.stringify(header)} is not an HTTP header name`,
        hint: 'letters, digits and - only, e.g. X-API-Key',
      },
    ];
  if (RESERVED_HEADERS.has(header.toLowerCase()))
    return [
      {
        code: 'auth/header',
        path,
        message: `${header} is a header the transport itself uses`,
        hint: 'use a header of your own, e.g. X-API-Key (or type: bearer for Authorization)',
      },
    ];
  return [];
}

function scopeSyntax(scopes: unknown[], path: PathSegment[]): Finding[] {
  return scopes.flatMap((s, i) =>
    typeof s === 'string' && s !== '' && !SCOPE_TOKEN.test(s)
      ? [
          {
            code: 'auth/scope-syntax',
            path: [...path, i],
            message: `scope ${JSON.stringify(s)} is not an OAuth scope token`,
            hint: 'printable ASCII without spaces, quotes or backslashes (RFC 6749 section 3.3)',
          },
        ]
      : [],
  );
}

function literalSecret(path: PathSegment[], where: string): Finding {
  return {
    code: 'auth/literal-secret',
    path,
    at: 'key',
    message: 'secrets never go in the manifest: it is reviewed, committed and copied into generated code',
    hint: `put the secret in an environment variable and name the variable in ${where}; if this was a real secret, rotate it`,
  };
}

function misplaced(key: string, owner: string, type: string): Finding {
  return {
    code: 'auth/field',
    path: ['auth', key],
    at: 'key',
    message: `${key} belongs to ${owner} auth, not ${type}`,
    hint: `remove ${key}`,
  };
}
