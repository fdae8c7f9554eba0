// Toolsets (named groups of tools chosen at start-up or per HTTP request) and scope-filtered listings. The schema
// checks shapes; this checks what refers to what: tool names in sets, set names, and the per-request opt-in.
import type { Finding } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { closest, entriesOf, isObject } from '../core/index.js';
import { HEADER_TOKEN, RESERVED_HEADERS } from './auth.js';

/** Set names travel in comma-separated lists (flags, variables, headers, query strings): no commas or spaces. */
export const TOOLSET_NAME = /^[A-Za-z0-9_-]{1,64}$/;
/** `--toolsets all` chooses every set, so no set may be called that. */
export const ALL_TOOLSETS = 'all';
// RFC 3986 unreserved characters: a query parameter name that needs no encoding.
const QUERY_NAME = /^[A-Za-z0-9._~-]{1,64}$/;

export function checkToolsets(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const tools = new Set(entriesOf(m, 'tools').map(([name]) => name));
  const sets = isObject(m.toolsets) ? m.toolsets : {};
  for (const [name, set] of Object.entries(sets)) {
    if (!TOOLSET_NAME.test(name)) {
      findings.push({
        code: 'toolsets/name',
        path: ['toolsets', name],
        at: 'key',
        message: `toolset name ${JSON.stringify(name)} may hold only letters, digits, _ and - (1-64)`,
        hint: 'names are written in comma-separated lists: --toolsets issues,repos',
      });
    } else if (name === ALL_TOOLSETS) {
      findings.push({
        code: 'toolsets/name',
        path: ['toolsets', name],
        at: 'key',
        message: `'${ALL_TOOLSETS}' is reserved: --toolsets ${ALL_TOOLSETS} chooses every set`,
        hint: 'give the set another name',
      });
    }
    if (!isObject(set) || !Array.isArray(set.tools)) continue; // the schema reports it
    if (set.tools.length === 0) {
      findings.push({
        code: 'toolsets/empty',
        severity: 'warning',
        path: ['toolsets', name, 'tools'],
        message: `toolset ${name} has no tools: choosing it serves only the tools that are in no set`,
        hint: 'list tools under it, or remove it',
      });
    }
    set.tools.forEach((tool, i) => {
      if (typeof tool !== 'string' || tools.has(tool)) return;
      const guess = closest(tool, tools);
      findings.push({
        code: 'toolsets/unknown-tool',
        path: ['toolsets', name, 'tools', i],
        message: `toolset ${name} names ${JSON.stringify(tool)}, which is not a tool of this manifest`,
        hint: guess
          ? `did you mean '${guess}'?`
          : tools.size
            ? `tools: ${[...tools].slice(0, 12).join(', ')}${tools.size > 12 ? ', ...' : ''}`
            : 'declare it under tools:',
      });
    });
  }
  findings.push(...requestChoiceFindings(m, Object.keys(sets).length > 0));
  findings.push(...hideFindings(m));
  return findings;
}

/** transports.http.toolsets: the header or query parameter a request may choose its sets in. */
function requestChoiceFindings(m: Manifest, hasSets: boolean): Finding[] {
  const http = isObject(m.transports) && isObject(m.transports.http) ? m.transports.http : undefined;
  const choice = http && isObject(http.toolsets) ? http.toolsets : undefined;
  if (!choice) return [];
  const path = ['transports', 'http', 'toolsets'];
  const findings: Finding[] = [];
  if (!hasSets)
    findings.push({
      code: 'toolsets/none-declared',
      path,
      at: 'key',
      message: 'requests may choose toolsets, and the manifest declares none',
      hint: 'declare sets under a top-level toolsets:, or remove this',
    });
  if (choice.header === undefined && choice.query === undefined) {
    findings.push({
      code: 'toolsets/request-choice',
      path,
      at: 'key',
      message: 'name the header or the query parameter (or both) that carries the choice',
      hint: 'toolsets: {header: X-MCP-Toolsets}',
    });
  }
  if (typeof choice.header === 'string') {
    const header = choice.header;
    const apiKeyHeader = isObject(m.auth) && m.auth.type === 'apiKey' ? (m.auth.header ?? 'X-API-Key') : undefined;
    const problem = !HEADER_TOKEN.test(header)
      ? `${JSON.stringify(header)} is not an HTTP header name`
      : RESERVED_HEADERS.has(header.toLowerCase()) || header.toLowerCase().startsWith('mcp-')
        ? `${header} is a header the transport itself uses`
        : apiKeyHeader?.toLowerCase() === header.toLowerCase()
          ? `${header} carries the API key (auth.header)`
          : undefined;
    if (problem)
      findings.push({
        code: 'toolsets/request-choice',
        path: [...path, 'header'],
        message: problem,
        hint: 'use a header of your own, e.g. X-MCP-Toolsets',
      });
  }
  if (typeof choice.query === 'string' && !QUERY_NAME.test(choice.query)) {
    findings.push({
      code: 'toolsets/request-choice',
      path: [...path, 'query'],
      message: `${JSON.stringify(choice.query)} is not a plain query parameter name`,
      hint: 'letters, digits and . _ ~ - only, e.g. toolsets',
    });
  }
  return findings;
}

/** hideWithoutScopes hides a tool from callers lacking its scopes; without scopes there is nothing to hide from. */
function hideFindings(m: Manifest): Finding[] {
  return entriesOf(m, 'tools').flatMap(([name, tool]) => {
    const policy = isObject(tool.policy) ? tool.policy : undefined;
    if (policy?.hideWithoutScopes !== true || (Array.isArray(policy.scopes) && policy.scopes.length > 0)) return [];
    return [
      {
        code: 'policy/hide-without-scopes',
        severity: 'warning' as const,
        path: ['tools', name, 'policy', 'hideWithoutScopes'],
        message: `${name} requires no scopes, so every caller sees it`,
        hint: 'add policy.scopes, or remove hideWithoutScopes',
      },
    ];
  });
}
