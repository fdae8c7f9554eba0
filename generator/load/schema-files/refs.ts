// Which `$ref` strings may name a schema file (with `schemaFiles: true`), judged on the string alone before anything
// is read, so a hostile ref is refused the same way whether files come from the working tree or a git revision.
// A file ref is a relative URI reference: resolved against the folder of the file holding it, it must stay inside
// the manifest's folder and end in .json, .yaml or .yml.
import { posix } from 'node:path';
import type { PathSegment } from '../load-manifest.js';
import { isObject, walkSchema } from '../../core/index.js';

export type SchemaRef =
  /** `#...`: inside the file holding the ref. */
  | { kind: 'local'; fragment: string }
  /** `path` is relative to the manifest's folder, normalized, with forward slashes. */
  | { kind: 'file'; path: string; fragment: string }
  | { kind: 'refused'; code: string; reason: string; hint: string };

const EXTENSIONS = new Set(['.json', '.yaml', '.yml']);
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
const RELATIVE_HINT = "name the file relative to the file holding the $ref, inside the manifest's folder (e.g. ./schemas/city.json)";

/** `fromDir`: folder of the file holding the ref, relative to the manifest's folder ('' for mcp.yaml itself). */
export function parseSchemaRef(ref: string, fromDir: string): SchemaRef {
  if (ref === '' || ref.startsWith('#')) return { kind: 'local', fragment: ref.slice(1) };
  const hash = ref.indexOf('#');
  const raw = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? '' : ref.slice(hash + 1);
  if (/^[A-Za-z]:[\\/]/.test(raw) || raw.startsWith('/') || raw.startsWith('\\')) {
    if (raw.startsWith('//'))
      return refused(
        'schema/external-ref',
        'is a network location (//host/...); nothing is ever fetched',
        'copy the schema into a file beside mcp.yaml and refer to it by a relative path',
      );
    return refused('schema/file-absolute', "is an absolute path; only files inside the manifest's folder are read", RELATIVE_HINT);
  }
  const scheme = SCHEME.exec(raw);
  if (scheme)
    return refused(
      'schema/external-ref',
      `is a URL (${scheme[1]}:); nothing is ever fetched or read through a URL`,
      'copy the schema into a file beside mcp.yaml and refer to it by a relative path, e.g. ./schemas/city.json',
    );
  if (raw.includes('\\')) return refused('schema/file-path', 'contains a backslash', 'separate folders with / (it works on every OS)');
  if (raw.includes('?')) return refused('schema/file-path', 'has a query (?...), which a file path cannot carry', RELATIVE_HINT);
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return refused('schema/file-path', 'has a malformed %-escape', 'write %25 for a literal % in a file name');
  }
  // Checked again after decoding: %2e%2e%2f is ../ and %00 a NUL.
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    return refused('schema/file-path', 'contains a control character or a backslash', RELATIVE_HINT);
  if (path.startsWith('/'))
    return refused('schema/file-absolute', "is an absolute path; only files inside the manifest's folder are read", RELATIVE_HINT);
  const joined = posix.normalize(posix.join(fromDir === '' ? '.' : fromDir, path));
  if (joined === '..' || joined.startsWith('../')) {
    return refused(
      'schema/file-outside',
      "leaves the manifest's folder",
      "move the schema file into the manifest's folder (or a subfolder); files outside it are never read",
    );
  }
  if (joined === '.' || path.endsWith('/')) return refused('schema/file-path', 'names a folder, not a file', RELATIVE_HINT);
  if (!EXTENSIONS.has(posix.extname(joined).toLowerCase())) {
    return refused('schema/file-type', 'is not a .json, .yaml or .yml file', 'schema files are JSON or YAML files; no other file is read');
  }
  return { kind: 'file', path: joined, fragment };
}

function refused(code: string, reason: string, hint: string): SchemaRef {
  return { kind: 'refused', code, reason, hint };
}

/**
 * Where a fragment (`/json/pointer`, `anchor` or empty) leads in a document, as a path of keys and indexes; undefined
 * when it leads nowhere. Anchors are looked up in schema positions only, as JSON Schema defines them.
 */
export function findFragment(doc: unknown, fragment: string): { path: PathSegment[]; node: unknown } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  if (decoded === '') return { path: [], node: doc };
  if (!decoded.startsWith('/')) return findAnchor(doc, decoded);
  const path: PathSegment[] = [];
  let node = doc;
  for (const raw of decoded.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token) && Number(token) < node.length) {
      node = node[Number(token)];
      path.push(Number(token));
    } else if (isObject(node) && Object.hasOwn(node, token)) {
      node = node[token];
      path.push(token);
    } else {
      return undefined;
    }
  }
  return { path, node };
}

function findAnchor(doc: unknown, anchor: string): { path: PathSegment[]; node: unknown } | undefined {
  let found: { path: PathSegment[]; node: unknown } | undefined;
  walkSchema(doc, (s, path) => {
    if (found === undefined && (s.$anchor === anchor || s.$dynamicAnchor === anchor)) found = { path: [...path], node: s };
  });
  return found;
}

/** `#/a/b~1c` for a path: the canonical spelling of a place in a document. */
export function pointerOf(path: readonly PathSegment[]): string {
  return path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}
