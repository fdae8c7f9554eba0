// Local references of an OpenAPI document (`#/components/...`): JSON Pointer resolution, and following the
// `$ref` chains of parameters, request bodies and responses. Remote and file references are errors: nothing is
// ever fetched.
import type { PathSegment } from '../../load/index.js';
import type { Json, SpecFinding } from './load.js';

export function pointerSegments(ref: string): string[] | undefined {
  if (!ref.startsWith('#')) return undefined;
  const body = ref.slice(1);
  if (body === '') return [];
  if (!body.startsWith('/')) return undefined;
  try {
    return body
      .slice(1)
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return undefined;
  }
}

export function resolvePointer(doc: unknown, ref: string): { value: unknown; path: string[] } | undefined {
  const segments = pointerSegments(ref);
  if (!segments) return undefined;
  let node: unknown = doc;
  for (const s of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, s)) return undefined;
    node = (node as Json)[Array.isArray(node) ? Number(s) : s];
  }
  return { value: node, path: segments };
}

export interface Located<T> {
  value: T;
  /** Where the value really is (after following references), for positions. */
  path: PathSegment[];
}

/** Follows `$ref` until a non-reference object; reports remote, dangling and circular references. */
export function deref(doc: Json, value: unknown, path: PathSegment[], findings: SpecFinding[]): Located<Json> | undefined {
  let current: Located<unknown> = { value, path };
  const seen = new Set<string>();
  for (;;) {
    const v = current.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      findings.push({ path: current.path, message: 'expected a map here' });
      return undefined;
    }
    const ref = (v as Json).$ref;
    if (typeof ref !== 'string') return current as Located<Json>;
    const refPath = [...current.path, '$ref'];
    if (!ref.startsWith('#')) {
      findings.push({
        path: refPath,
        message: `$ref ${JSON.stringify(ref)} points outside this document`,
        hint: 'bundle the document into one file first (for example with redocly bundle); nothing is fetched',
      });
      return undefined;
    }
    if (seen.has(ref)) {
      findings.push({ path: refPath, message: `$ref ${JSON.stringify(ref)} is circular` });
      return undefined;
    }
    seen.add(ref);
    const target = resolvePointer(doc, ref);
    if (!target) {
      findings.push({ path: refPath, message: `$ref ${JSON.stringify(ref)} does not resolve in this document` });
      return undefined;
    }
    current = target;
  }
}
