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
  return (request) => hostHeaderValidationResponse(request, hosts) ?? originValidationResponse(request, origins);
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
