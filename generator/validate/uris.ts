// Resource URIs must be absolute RFC 3986 URIs and unique; resource templates must parse as RFC 6570.
import type { Finding } from '../core/index.js';
import type { Manifest } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import { parseUriTemplate } from '../core/index.js';
import { unservedTemplateForms } from './uri-template-served.js';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// RFC 3986 characters: unreserved, reserved, and '%' for pct-encoding.
const URI_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

export function uriProblem(uri: string): { offset: number; message: string; hint: string } | undefined {
  if (!SCHEME.test(uri)) {
    return {
      offset: 0,
      message: 'is not an absolute URI: it needs a scheme',
      hint: `add a scheme, e.g. file:///${uri.replace(/^\/+/, '')} or myapp://${uri}`,
    };
  }
  // Code points, not UTF-16 units: a character outside the BMP is one character, and a lone surrogate cannot be encoded.
  const chars = [...uri];
  const bad = chars.findIndex((c) => !URI_CHARS.test(c));
  if (bad >= 0) {
    const char = chars[bad];
    return {
      offset: chars.slice(0, bad).join('').length,
      message: `contains ${JSON.stringify(char)}, which a URI cannot hold unencoded`,
      hint:
        char === '{' && /\{[^{}]+\}/.test(uri)
          ? `a URI with {variables} is a template: declare it under resourceTemplates: as uriTemplate: ${uri}, or percent-encode the brace (%7B) if it is part of the URI`
          : `percent-encode it (${percentEncoded(char)})`,
    };
  }
  const pct = /%(?![0-9A-Fa-f]{2})/.exec(uri);
  if (pct) return { offset: pct.index, message: "has a '%' that does not start a %XX escape", hint: "write a literal '%' as %25" };
  return undefined;
}

function percentEncoded(char: string): string {
  try {
    return encodeURIComponent(char);
  } catch {
    return 'it is half of a UTF-16 surrogate pair: replace it';
  }
}

export function checkUris(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const byUri = new Map<string, string>();
  for (const [name, r] of entriesOf(m, 'resources')) {
    if (typeof r.uri !== 'string') continue;
    const path = ['resources', name, 'uri'];
    const problem = uriProblem(r.uri);
    if (problem) {
      findings.push({
        code: 'uri/invalid',
        path,
        offset: problem.offset,
        message: `uri ${JSON.stringify(r.uri)} ${problem.message}`,
        hint: problem.hint,
      });
      continue;
    }
    const other = byUri.get(r.uri);
    if (other !== undefined) {
      findings.push({
        code: 'uri/duplicate',
        path,
        message: `uri ${JSON.stringify(r.uri)} is already used by resource ${JSON.stringify(other)}`,
        hint: 'each resource needs its own URI',
      });
    } else byUri.set(r.uri, name);
  }
  for (const [name, t] of entriesOf(m, 'resourceTemplates')) {
    if (typeof t.uriTemplate !== 'string') continue;
    const path = ['resourceTemplates', name, 'uriTemplate'];
    const { variables, errors } = parseUriTemplate(t.uriTemplate);
    for (const e of errors) {
      findings.push({
        code: 'uri/invalid-template',
        path,
        offset: e.offset,
        message: `uriTemplate is not a valid RFC 6570 template: ${e.message}`,
        hint: 'variables look like {name}, {+path}, {?query,limit}',
      });
    }
    if (errors.length > 0) continue;
    for (const p of unservedTemplateForms(t.uriTemplate)) {
      findings.push({ code: 'uri/unmatchable-template', path, offset: p.offset, message: `uriTemplate ${p.message}`, hint: p.hint });
    }
    if (variables.length === 0) {
      findings.push({
        code: 'uri/template-without-variables',
        path,
        message: 'uriTemplate has no {variables}',
        hint: 'declare a fixed URI under resources: instead',
      });
    }
  }
  return findings;
}
