// Reads an OpenAPI document (JSON or YAML; JSON is read as YAML, which it nearly always is) with source
// positions, so every problem found later can point at its line and column. Only local files: nothing is fetched.
import { relative } from 'node:path';
import type { Issue } from '../../core/index.js';
import { KEY_WITHOUT_VALUE, loadManifest, type LoadedManifest, type PathSegment, unreadableManifest } from '../../load/index.js';
import { readManifestSource } from '../../core/index.js';
import { formatIssuesText, summarize } from '../../core/index.js';
import { ImportError } from '../import-error.js';

import type { Json } from '../../core/index.js';
export type { Json };

export interface SpecDocument {
  /** The path as shown in messages. */
  file: string;
  source: string;
  doc: Json;
  /** '3.0' or '3.1'. */
  version: '3.0' | '3.1';
  locate: LoadedManifest['locate'];
}

/** A problem at a path of the spec, before positions are looked up. */
export interface SpecFinding {
  path: PathSegment[];
  message: string;
  hint?: string;
  severity?: 'error' | 'warning';
  at?: 'key' | 'value';
}

export function readSpec(path: string): SpecDocument {
  const file = relative(process.cwd(), path) || path;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    throw new ImportError(`${path}: only local files can be imported`, 'download the document first, then pass its path');
  }
  // Read under the manifest's rules: import runs in CI too, on documents from pull requests, and one committed as a
  // link to /proc/self/environ or /dev/zero must be refused, not quoted in an error or read forever.
  const read = readManifestSource(path);
  if (!read.ok) {
    const { message } = unreadableManifest(path, read, 'the OpenAPI document');
    throw new ImportError(`${file}: ${message}`, 'pass the path of an OpenAPI 3.0 or 3.1 document (JSON or YAML), a regular file');
  }
  const source = read.source;
  const loaded = parseSpecText(file, source);
  // The document is someone else's, read as every OpenAPI tool reads it: a flow key without a value is a key.
  const issues = loaded.issues.filter((i) => i.severity === 'error' && i.code !== KEY_WITHOUT_VALUE);
  if (issues.length || loaded.data === undefined) throw specErrors(file, source, issues);
  const doc = loaded.data as unknown;
  const fail = (f: SpecFinding) => specErrors(file, source, [toIssue(loaded, f)]);
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw fail({ path: [], message: 'an OpenAPI document is a map with openapi:, info: and paths:' });
  }
  const d = doc as Json;
  if (d.swagger !== undefined) {
    throw fail({
      path: ['swagger'],
      message: `Swagger ${JSON.stringify(d.swagger)} (OpenAPI 2) is not supported`,
      hint: 'convert it to OpenAPI 3 first (for example with swagger2openapi), then import the result',
    });
  }
  const declared = d.openapi;
  const match = typeof declared === 'string' ? /^3\.(0|1)\.\d+/.exec(declared) : null;
  if (!match) {
    throw fail({
      path: declared === undefined ? [] : ['openapi'],
      message:
        declared === undefined
          ? 'no openapi: version field: this is not an OpenAPI document'
          : `unsupported OpenAPI version ${JSON.stringify(declared)}`,
      hint: 'mcp-gen imports OpenAPI 3.0.x and 3.1.x documents',
    });
  }
  if (d.paths === undefined || d.paths === null || typeof d.paths !== 'object' || Array.isArray(d.paths)) {
    throw fail({
      path: d.paths === undefined ? [] : ['paths'],
      message: 'the document has no paths: map, so there are no operations to import',
    });
  }
  return { file, source, doc: d, version: match[1] === '0' ? '3.0' : '3.1', locate: loaded.locate };
}

/**
 * JSON documents are parsed as JSON (fast), and positions are looked up in a YAML parse of the same text only
 * when a finding needs one; YAML documents, and JSON that does not parse, go through the YAML loader directly.
 */
function parseSpecText(file: string, source: string): Pick<LoadedManifest, 'data' | 'issues' | 'locate'> {
  if (/^\s*\{/.test(source)) {
    let data: unknown;
    try {
      data = JSON.parse(source);
    } catch {
      return loadManifest(file, source);
    }
    let positioned: LoadedManifest | undefined;
    return {
      data: data as LoadedManifest['data'],
      issues: [],
      locate: (path, at) => (positioned ??= loadManifest(file, source)).locate(path, at),
    };
  }
  return loadManifest(file, source);
}

export function toIssue(spec: Pick<SpecDocument, 'locate'>, f: SpecFinding): Issue {
  const { line, column } = spec.locate(f.path, f.at);
  return { code: 'openapi', severity: f.severity ?? 'error', path: displayPath(f.path), message: f.message, hint: f.hint, line, column };
}

export function specErrors(file: string, source: string, issues: Issue[]): ImportError {
  return new ImportError(
    `${file} cannot be imported (${summarize(issues)}); nothing was written`,
    undefined,
    formatIssuesText(issues, file, source),
  );
}

/** `paths./pets/{id}.get.parameters[0]`: JSON Pointer segments shown the way the spec's reader thinks of them. */
export function displayPath(path: readonly PathSegment[]): string {
  return path.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i ? '.' : ''}${s}`)).join('');
}
