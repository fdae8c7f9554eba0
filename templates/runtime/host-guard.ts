// DNS-rebinding protection: the Host and Origin names this server answers, checked by the SDK's web-standard
// validators (403 with a JSON-RPC error for any other). Nothing here is Node-only.
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
  originValidationResponse,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { canonicalHost, isLoopback } from './loopback.gen.js';

export { canonicalHost, isLoopback };

export interface HostGuardOptions {
  /** The address the listener binds (Node); the localhost names alone without it. */
  host?: string;
  allowedHosts?: readonly string[] | null;
  allowedOrigins?: readonly string[] | null;
  /**
   * The names a platform serves the deployed server on (a Worker's `<name>.<account>.workers.dev`, a Lambda Function
   * URL, `*.vercel.app`), accepted besides the names above: `*` stands for one DNS label. A browser on such a name is
   * accepted from that same name only, never from another site of the platform.
   */
  platformHosts?: readonly string[] | null;
}

/**
 * The Host header names accepted: `allowedHosts` when the manifest sets it; otherwise the bind address plus the
 * localhost names. A wildcard bind (0.0.0.0, ::) has no name of its own, so only the localhost names pass until
 * allowedHosts lists the names clients use. There is never no check.
 */
export function allowedHostnames({ host, allowedHosts }: HostGuardOptions): string[] {
  if (allowedHosts) return unique(allowedHosts.map((h) => canonicalHost(h) ?? h));
  const own = host === undefined ? undefined : canonicalHost(host);
  const wildcard = own === '0.0.0.0' || own === '[::]';
  return unique([...(own && !wildcard ? [own] : []), ...localhostAllowedHostnames()]);
}

/** Origins (by hostname) accepted from browsers: `allowedOrigins`, else the accepted Host names. */
export function allowedOriginHostnames(options: HostGuardOptions): string[] {
  return options.allowedOrigins
    ? unique(options.allowedOrigins.map((h) => canonicalHost(h) ?? h))
    : allowedHostnames(options);
}

/** The SDK's DNS-rebinding guards with the lists above: the 403 for a foreign Host or Origin, else undefined. */
export function hostGuard(options: HostGuardOptions): (request: Request) => Response | undefined {
  const hosts = allowedHostnames(options);
  const origins = allowedOriginHostnames(options);
  const platform = platformMatcher(options.platformHosts ?? []);
  return (request) => {
    const refused = hostHeaderValidationResponse(request, hosts);
    if (!refused) return originValidationResponse(request, origins);
    const own = platform(request.headers.get('host'));
    return own === undefined ? refused : originValidationResponse(request, [own, ...origins]);
  };
}

/** The Host header's name when it is one of the platform's (`*` one label), else undefined. */
function platformMatcher(patterns: readonly string[]): (host: string | null) => string | undefined {
  if (patterns.length === 0) return () => undefined;
  const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
  const quoted = patterns.map((p) => p.toLowerCase().split('*').map(escapeRegExp).join(label));
  const names = new RegExp(`^(?:${quoted.join('|')})$`);
  return (host) => {
    if (!host) return undefined;
    let hostname: string;
    try {
      const url = new URL(`http://${host}`);
      // A Host header is a name and an optional port, nothing else (no user, path or query smuggled in).
      if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return undefined;
      hostname = url.hostname;
    } catch {
      return undefined;
    }
    return names.test(hostname) ? hostname : undefined;
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Why a listener on a non-loopback address without allowedHosts answers only the localhost names; else undefined. */
export function unlistedHostWarning(options: HostGuardOptions & { host: string }): string | undefined {
  if (options.allowedHosts || isLoopback(options.host)) return undefined;
  return (
    `listening on ${options.host} without allowedHosts: ` +
    `only the Host names ${allowedHostnames(options).join(', ')} ` +
    'are accepted; list the names clients use in transports.http.allowedHosts.'
  );
}

/** The same rules for WebSocket upgrades, which have no Response to answer 403 with. */
export function upgradeAllowed(options: HostGuardOptions, headers: { host?: string; origin?: string }): boolean {
  if (!validateHostHeader(headers.host, allowedHostnames(options)).ok) return false;
  return headers.origin === undefined || validateOriginHeader(headers.origin, allowedOriginHostnames(options)).ok;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
