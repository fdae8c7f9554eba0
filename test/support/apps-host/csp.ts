// The Content-Security-Policy of a view, as a host must build it from the view's `_meta.ui.csp` (MCP Apps spec
// 2026-01-26): the spec's restrictive default, to which the declared origins are added and nothing else. An entry that
// is not a plain origin (a keyword, a `*`, a `;` that would end the directive and start another) is dropped, never
// passed on: what a server declares can narrow what it asks for, never loosen the policy.

export interface ViewCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

const ORIGIN = /^(?:https?|wss?):\/\/(?:\*\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*(?::\d{1,5})?$/;

/** The origins of one list that a policy may carry, as written. */
export function origins(list: unknown): string[] {
  return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string' && ORIGIN.test(d)) : [];
}

export function buildCsp(csp: ViewCsp = {}): string {
  const resources = origins(csp.resourceDomains);
  const connect = origins(csp.connectDomains);
  const frames = origins(csp.frameDomains);
  const bases = origins(csp.baseUriDomains);
  const list = (...sources: string[]) => sources.join(' ');
  return [
    "default-src 'none'",
    list("script-src 'self' 'unsafe-inline'", ...resources),
    list("style-src 'self' 'unsafe-inline'", ...resources),
    list("img-src 'self' data:", ...resources),
    list("media-src 'self' data:", ...resources),
    ...(resources.length ? [list('font-src', ...resources)] : []),
    connect.length ? list('connect-src', ...connect) : "connect-src 'none'",
    frames.length ? list('frame-src', ...frames) : "frame-src 'none'",
    bases.length ? list('base-uri', ...bases) : "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}
