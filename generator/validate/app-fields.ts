// The values of an MCP Apps view that a host or the project acts on: CSP origins (the host builds the view's
// Content-Security-Policy from them, so a keyword, a whole scheme or a stray `;` would widen or break it), the
// sandbox domain, and the folder of the view's code (written to and read by generate, so it stays in the project).
import { posix } from 'node:path';
import { isLoopbackHost, type CspField } from '../core/index.js';
import { DEVICE_NAMES } from './paths.js';

export interface FieldProblem {
  message: string;
  hint: string;
  /** A problem that does no harm by itself (reported as a warning). */
  warning?: boolean;
}

/** Schemes each CSP list may name: connect-src reaches WebSockets too. */
const CSP_SCHEMES: Record<CspField, readonly string[]> = {
  connectDomains: ['https', 'wss', 'http', 'ws'],
  resourceDomains: ['https', 'http'],
  frameDomains: ['https', 'http'],
  baseUriDomains: ['https', 'http'],
};
const INSECURE: Record<string, string> = { http: 'https', ws: 'wss' };
// Stands in for `*` while the URL parser reads a wildcard origin: a label no real host name has.
const WILDCARD_LABEL = 'mcp-gen-wildcard-label';

/**
 * Why `value` is not an origin a CSP list of the spec takes (`https://api.example.com`, `https://*.example.com`,
 * `http://localhost:5173`), or undefined. The value must be written as the URL parser prints the origin, so that
 * review and `diff` compare what the host will enforce.
 */
export function cspOriginProblem(value: string, field: CspField): FieldProblem | undefined {
  const allowed = CSP_SCHEMES[field];
  const schemes = allowed.map((s) => `${s}:`).join(', ');
  if (/^'.*'$/.test(value))
    return {
      message: `${value} is a CSP keyword; the host sets those, and ${field} lists origins only`,
      hint: 'list the origins the view reaches, e.g. https://api.example.com',
    };
  if (value === '*' || /^[a-z][a-z0-9+.-]*:\/*\*?$/i.test(value))
    return {
      message: `${JSON.stringify(value)} allows every origin${value === '*' ? '' : ' of a scheme'}`,
      hint: 'list each origin the view reaches, e.g. https://api.example.com; a wildcard subdomain is written https://*.example.com',
    };
  if (/[\s;,'"]/.test(value))
    return {
      message: `${JSON.stringify(value)} holds a space, comma, semicolon or quote: each item is one origin`,
      hint: 'write one origin per item: [https://a.example.com, https://b.example.com]',
    };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined)
    return {
      message: `${JSON.stringify(value)} is not an origin: it needs a scheme`,
      hint: `write it as https://${value.replace(/^\/+/, '')}`,
    };
  if (!allowed.includes(scheme))
    return { message: `${field} takes ${schemes} origins, not ${scheme}:`, hint: `e.g. ${allowed[0]}://api.example.com` };
  const rest = value.slice(scheme.length + 3);
  const wildcard = rest.startsWith('*.');
  let url: URL;
  try {
    url = new URL(`${scheme}://${wildcard ? `${WILDCARD_LABEL}.${rest.slice(2)}` : rest}`);
  } catch {
    return {
      message: `${JSON.stringify(value)} is not a valid origin`,
      hint: 'write scheme://host[:port], e.g. https://api.example.com:8443',
    };
  }
  const origin = `${url.protocol}//${url.host}`.replace(WILDCARD_LABEL, '*');
  if (url.username || url.password)
    return { message: `${JSON.stringify(value)} carries credentials`, hint: `write the origin alone: ${origin}` };
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(rest))
    return { message: `${JSON.stringify(value)} has a path, query or fragment; CSP sources here are origins`, hint: `write ${origin}` };
  const host = url.hostname;
  if (host.replace(WILDCARD_LABEL, '').includes('*'))
    return {
      message: `${JSON.stringify(value)} has a wildcard inside its host`,
      hint: 'a wildcard may only stand for the leftmost label: https://*.example.com',
    };
  if (wildcard && !host.slice(WILDCARD_LABEL.length + 1).includes('.'))
    return {
      message: `${JSON.stringify(value)} allows every host of a top-level domain`,
      hint: 'narrow it to your own domain: https://*.example.com',
    };
  if (origin !== value) return { message: `${JSON.stringify(value)} is not written as the origin it stands for`, hint: `write ${origin}` };
  if (INSECURE[scheme] && !isLoopbackHost(host))
    return {
      warning: true,
      message: `${value} is not encrypted: hosts serve views over https, and the browser blocks ${scheme}: requests from them`,
      hint: `use ${INSECURE[scheme]}://${url.host.replace(WILDCARD_LABEL, '*')}`,
    };
  return undefined;
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** `domain` is host-defined (a904794854a047f6.claudemcpcontent.com, www-example-com.oaiusercontent.com): a host name. */
export function domainProblem(value: string): FieldProblem | undefined {
  if (HOST_NAME.test(value)) return undefined;
  const origin = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(value);
  if (origin) return { message: `domain ${JSON.stringify(value)} is a URL; the spec's domain is a host name`, hint: `write ${origin[1]}` };
  return {
    message: `domain ${JSON.stringify(value)} is not a host name`,
    hint: "give the host name your host's documentation derives for this server, e.g. a904794854a047f6.claudemcpcontent.com",
  };
}

/** Folders the view's code may not be in: where the server's sources, generated code, builds and packages live. */
const RESERVED_FOLDERS: Record<string, string> = {
  src: "the server's own sources, compiled for Node",
  dist: "the server's build output",
  node_modules: "npm's packages",
  '.mcp-gen': "mcp-gen's own files",
  '.git': "git's own files",
};
// Characters Windows refuses in file names, and control characters.
const UNPORTABLE = /[<>:"|?*\u0000-\u001f]/;

/** Why `source` is not a folder of the project a view's code can live in, or undefined. */
export function sourceProblem(source: string): FieldProblem | undefined {
  const hint = 'name a folder of the project, relative to it, e.g. ui/forecast';
  if (source.includes('\\'))
    return { message: `source ${JSON.stringify(source)} uses \\; write / between folders`, hint: `write ${source.replaceAll('\\', '/')}` };
  if (source.startsWith('/') || /^[A-Za-z]:/.test(source)) return { message: `source ${JSON.stringify(source)} is absolute`, hint };
  const segments = source.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return { message: `source ${JSON.stringify(source)} leaves the project (..)`, hint };
  if (segments.length === 0) return { message: `source ${JSON.stringify(source)} is the project itself`, hint };
  const reserved = RESERVED_FOLDERS[segments[0].toLowerCase()];
  if (reserved) return { message: `source ${JSON.stringify(source)} is inside ${segments[0]}/, which holds ${reserved}`, hint };
  const bad = segments.find((s) => UNPORTABLE.test(s) || /[. ]$/.test(s) || DEVICE_NAMES.test(s.split('.')[0].toLowerCase()));
  if (bad !== undefined)
    return { message: `source ${JSON.stringify(source)} has a folder name, ${JSON.stringify(bad)}, that Windows cannot create`, hint };
  return undefined;
}

/** The folder as compared for overlaps: normalized, without a trailing /, lower case (file systems that ignore case). */
export function sourceKey(source: string): string {
  return posix.normalize(source).replace(/\/+$/, '').toLowerCase();
}
