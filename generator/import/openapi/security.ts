// Where an imported server finds the API: the base URL and every credential come from environment variables
// named after the API (`PETSTORE_BASE_URL`, `PETSTORE_API_KEY`), so no secret is ever written into a file.
import type { PathSegment } from '../../load/index.js';
import { words } from '../../core/index.js';
import type { Json, SpecDocument, SpecFinding } from './load.js';
import { deref } from './refs.js';
import { isObject } from '../../core/index.js';

export type SchemeConfig =
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; env: string }
  | { type: 'bearer'; env: string }
  | { type: 'basic'; usernameEnv: string; passwordEnv: string };

export interface ApiConfig {
  title: string;
  baseUrlEnv: string;
  /** From the document's first server; null when it gives none (or a relative one): then the variable is required. */
  defaultBaseUrl: string | null;
  timeoutEnv: string;
  defaultTimeoutMs: number;
  schemes: Record<string, SchemeConfig>;
}

export function envPrefixFor(spec: SpecDocument, explicit: string | undefined): string {
  const source = explicit ?? (isObject(spec.doc.info) && typeof spec.doc.info.title === 'string' ? spec.doc.info.title : 'API');
  return words(source).join('_').toUpperCase() || 'API';
}

export function apiConfig(spec: SpecDocument, prefix: string, findings: SpecFinding[]): ApiConfig {
  const title = isObject(spec.doc.info) && typeof spec.doc.info.title === 'string' ? spec.doc.info.title : 'API';
  const schemes: Record<string, SchemeConfig> = {};
  const declared =
    isObject(spec.doc.components) && isObject(spec.doc.components.securitySchemes) ? spec.doc.components.securitySchemes : {};
  for (const [name, raw] of Object.entries(declared)) {
    const at: PathSegment[] = ['components', 'securitySchemes', name];
    const scheme = deref(spec.doc, raw, at, findings);
    if (!scheme) continue;
    const config = schemeConfig(scheme.value, `${prefix}_${words(name).join('_').toUpperCase() || 'CREDENTIAL'}`);
    if (config) schemes[name] = config;
    else
      findings.push({
        path: scheme.path,
        severity: 'warning',
        message: `security scheme ${JSON.stringify(name)} (${describe(scheme.value)}) is not supported: operations that need it are called without it`,
      });
  }
  return {
    title,
    baseUrlEnv: `${prefix}_BASE_URL`,
    defaultBaseUrl: defaultBaseUrl(spec, `${prefix}_BASE_URL`, findings),
    timeoutEnv: `${prefix}_TIMEOUT_MS`,
    defaultTimeoutMs: 30_000,
    schemes,
  };
}

function schemeConfig(s: Json, env: string): SchemeConfig | undefined {
  if (s.type === 'apiKey' && typeof s.name === 'string' && (s.in === 'header' || s.in === 'query' || s.in === 'cookie')) {
    return { type: 'apiKey', in: s.in, name: s.name, env };
  }
  if (s.type === 'http' && typeof s.scheme === 'string') {
    const scheme = s.scheme.toLowerCase();
    if (scheme === 'bearer') return { type: 'bearer', env };
    if (scheme === 'basic') return { type: 'basic', usernameEnv: `${env}_USERNAME`, passwordEnv: `${env}_PASSWORD` };
    return undefined;
  }
  // The server cannot run an OAuth flow on its own; it sends a token obtained elsewhere.
  if (s.type === 'oauth2' || s.type === 'openIdConnect') return { type: 'bearer', env: `${env}_TOKEN` };
  return undefined;
}

function describe(s: Json): string {
  return [s.type, s.scheme, s.in].filter((v) => typeof v === 'string').join(' ') || 'no type';
}

function defaultBaseUrl(spec: SpecDocument, env: string, findings: SpecFinding[]): string | null {
  const servers = spec.doc.servers;
  if (!Array.isArray(servers) || servers.length === 0 || !isObject(servers[0]) || typeof servers[0].url !== 'string') {
    findings.push({
      path: [],
      severity: 'warning',
      message: `the document names no server: set ${env} to the API's base URL before calling tools`,
    });
    return null;
  }
  const server = servers[0];
  const variables = isObject(server.variables) ? server.variables : {};
  const url = (server.url as string).replace(/\{([^}]+)\}/g, (whole, v: string) => {
    const variable = variables[v];
    return isObject(variable) && typeof variable.default === 'string' ? variable.default : whole;
  });
  if (!/^https?:\/\//i.test(url)) {
    findings.push({
      path: ['servers', 0, 'url'],
      severity: 'warning',
      message: `server URL ${JSON.stringify(url)} is not an absolute http(s) URL: set ${env} to the API's base URL`,
    });
    return null;
  }
  return url;
}

/**
 * The operation's security requirement as alternatives of scheme names (each alternative's schemes are used
 * together); an empty alternative allows anonymous calls, and no alternatives means no credentials at all.
 * Alternatives that need an unsupported scheme are dropped.
 */
export function operationSecurity(spec: SpecDocument, op: Json, at: PathSegment[], config: ApiConfig, findings: SpecFinding[]): string[][] {
  const declared = op.security !== undefined ? op.security : spec.doc.security;
  const where: PathSegment[] = op.security !== undefined ? [...at, 'security'] : ['security'];
  if (!Array.isArray(declared)) return [];
  const alternatives: string[][] = [];
  for (const [i, requirement] of declared.entries()) {
    if (!isObject(requirement)) continue;
    const names = Object.keys(requirement);
    const unknown = names.filter((n) => !Object.hasOwn(config.schemes, n));
    for (const n of unknown) {
      const known =
        isObject(spec.doc.components) &&
        isObject(spec.doc.components.securitySchemes) &&
        Object.hasOwn(spec.doc.components.securitySchemes, n);
      if (!known)
        findings.push({
          path: [...where, i, n],
          at: 'key',
          message: `security requirement names ${JSON.stringify(n)}, which components.securitySchemes does not declare`,
        });
    }
    if (unknown.length === 0) alternatives.push(names);
  }
  // Alternatives with credentials first, so they are used when configured; an anonymous one last.
  const withCredentials = alternatives.filter((a) => a.length > 0);
  if (withCredentials.length === 0) return [];
  return alternatives.some((a) => a.length === 0) ? [...withCredentials, []] : withCredentials;
}
