import type { IncomingMessage, ServerResponse } from 'node:http';
import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/node';
import { localhostAllowedHostnames, validateHostHeader, validateOriginHeader } from '@modelcontextprotocol/server';
import { logger } from './log.gen.js';
import { canonicalHost, isLoopback } from './loopback.gen.js';

export { canonicalHost, isLoopback };

export interface HostGuardOptions {
  /** The address the listener binds. */
  host: string;
  allowedHosts?: readonly string[] | null;
  allowedOrigins?: readonly string[] | null;
}

export type Guard = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * The Host header names accepted: `allowedHosts` when the manifest sets it; otherwise the bind address plus the
 * localhost names. A wildcard bind (0.0.0.0, ::) has no name of its own, so only the localhost names pass until
 * allowedHosts lists the names clients use. There is never no check.
 */
export function allowedHostnames({ host, allowedHosts }: HostGuardOptions): string[] {
  if (allowedHosts) return unique(allowedHosts.map((h) => canonicalHost(h) ?? h));
  const own = canonicalHost(host);
  const wildcard = own === '0.0.0.0' || own === '[::]';
  return unique([...(own && !wildcard ? [own] : []), ...localhostAllowedHostnames()]);
}

/** Origins (by hostname) accepted from browsers: `allowedOrigins`, else the accepted Host names. */
export function allowedOriginHostnames(options: HostGuardOptions): string[] {
  return options.allowedOrigins
    ? unique(options.allowedOrigins.map((h) => canonicalHost(h) ?? h))
    : allowedHostnames(options);
}

/** The SDK's DNS-rebinding guards (403 on a foreign Host or Origin), with the lists above. */
export function hostGuards(options: HostGuardOptions): Guard[] {
  if (!options.allowedHosts && !isLoopback(options.host)) {
    logger.warn(
      `listening on ${options.host} without allowedHosts: ` +
        `only the Host names ${allowedHostnames(options).join(', ')} ` +
        'are accepted; list the names clients use in transports.http.allowedHosts.',
    );
  }
  return [hostHeaderValidation(allowedHostnames(options)), originValidation(allowedOriginHostnames(options))];
}

/** The same rules for WebSocket upgrades, which have no response object to answer 403 on. */
export function upgradeAllowed(options: HostGuardOptions, req: IncomingMessage): boolean {
  if (!validateHostHeader(req.headers.host, allowedHostnames(options)).ok) return false;
  return (
    req.headers.origin === undefined || validateOriginHeader(req.headers.origin, allowedOriginHostnames(options)).ok
  );
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
