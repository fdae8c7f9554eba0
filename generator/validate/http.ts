// Settings of the HTTP listener that Node would refuse at start-up, and exposures worth a warning.
import { isIP } from 'node:net';
import type { Finding } from '../core/index.js';
import type { HttpTransport, Manifest } from '../core/index.js';
import { HTTP_DEFAULTS, isLoopbackHost, isObject } from '../core/index.js';

export function checkHttp(m: Manifest): Finding[] {
  const t = isObject(m.transports) ? m.transports : {};
  if (t.http === false) return [];
  const http = (isObject(t.http) ? t.http : {}) as HttpTransport;
  const findings: Finding[] = [];
  const headers = http.headersTimeoutMs ?? HTTP_DEFAULTS.headersTimeoutMs;
  const request = http.requestTimeoutMs ?? HTTP_DEFAULTS.requestTimeoutMs;
  if (typeof headers === 'number' && typeof request === 'number' && headers > request) {
    findings.push({
      code: 'http/timeouts',
      path: ['transports', 'http', http.headersTimeoutMs !== undefined ? 'headersTimeoutMs' : 'requestTimeoutMs'],
      message: `headersTimeoutMs (${headers}) is longer than requestTimeoutMs (${request}), which covers the headers too`,
      hint: 'make requestTimeoutMs at least headersTimeoutMs',
    });
  }
  const host = typeof http.host === 'string' ? http.host : HTTP_DEFAULTS.host;
  if (!isLoopbackHost(host) && m.auth === undefined) {
    findings.push({
      code: 'http/exposed',
      severity: 'warning',
      path: ['transports', 'http', 'host'],
      message: `the server listens on ${host} and anyone who reaches it may call every tool: there is no auth`,
      hint: 'add a top-level auth: section, or bind to 127.0.0.1 behind a proxy that authenticates',
    });
  }
  if (!isLoopbackHost(host) && !Array.isArray(http.allowedHosts)) {
    findings.push({
      code: 'http/no-allowed-hosts',
      severity: 'warning',
      path: ['transports', 'http', 'host'],
      message: `on ${host} the Host header is not checked without allowedHosts: no DNS-rebinding protection`,
      hint: 'list the names clients use to reach the server in transports.http.allowedHosts',
    });
  }
  findings.push(...checkTrustProxy(m, http));
  return findings;
}

/** The names proxy-addr (the generated server's reader of X-Forwarded-For) gives to ranges. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * transports.http.trustProxy: each entry an address, a CIDR range or a range name, so that the server never starts
 * trusting more (or other) proxies than the manifest meant. Behind the nginx of deploy.compose, without it and
 * without auth, every client would be nginx's address: one caller sharing one share.
 */
function checkTrustProxy(m: Manifest, http: HttpTransport): Finding[] {
  const findings: Finding[] = [];
  const entries: unknown[] = Array.isArray(http.trustProxy) ? http.trustProxy : [];
  entries.forEach((entry, i) => {
    if (typeof entry !== 'string' || proxyEntry(entry)) return;
    findings.push({
      code: 'http/trust-proxy',
      path: ['transports', 'http', 'trustProxy', i],
      message: `${JSON.stringify(entry)} is not an IP address, a CIDR range or ${PROXY_RANGES.join(', ')}`,
      hint: 'write the proxy address as 10.0.0.5 or 2001:db8::5, a range as 10.0.0.0/8, or uniquelocal for private networks',
    });
  });
  if (entries.length === 0 && isObject(m.deploy) && m.deploy.compose === true && m.auth === undefined) {
    findings.push({
      code: 'http/proxy-untrusted',
      severity: 'warning',
      path: ['deploy', 'compose'],
      message:
        "behind the nginx of deploy/compose.yaml every client reaches the server from nginx's address: without " +
        'auth they are one caller, sharing one share of the server',
      hint: 'set transports.http.trustProxy: [uniquelocal] (the address of nginx in the Compose network)',
    });
  }
  return findings;
}

function proxyEntry(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}
