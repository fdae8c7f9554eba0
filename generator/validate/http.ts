// Settings of the HTTP listener that Node would refuse at start-up, and exposures worth a warning.
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
  return findings;
}
