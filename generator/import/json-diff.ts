// Structural comparison of two JSON values, reporting where they differ. Object key order is not significant
// (JSON objects are unordered); array order is.
import { formatPath } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import { isObject } from '../core/index.js';

export interface Difference {
  path: PathSegment[];
  /** `missing`: only in `a`; `added`: only in `b`; `changed`: in both, different. */
  kind: 'missing' | 'added' | 'changed';
  a?: unknown;
  b?: unknown;
}

export function jsonDiff(a: unknown, b: unknown, path: PathSegment[] = []): Difference[] {
  if (a === b) return [];
  if (isObject(a) && isObject(b)) {
    const out: Difference[] = [];
    for (const k of Object.keys(a)) {
      if (!Object.hasOwn(b, k)) out.push({ path: [...path, k], kind: 'missing', a: a[k] });
      else out.push(...jsonDiff(a[k], b[k], [...path, k]));
    }
    for (const k of Object.keys(b)) if (!Object.hasOwn(a, k)) out.push({ path: [...path, k], kind: 'added', b: b[k] });
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return a.flatMap((item, i) => jsonDiff(item, b[i], [...path, i]));
  }
  if (typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b)) return [];
  return [{ path, kind: 'changed', a, b }];
}

export function jsonEqual(a: unknown, b: unknown): boolean {
  return jsonDiff(a, b).length === 0;
}

/** `tools["API-get-user"].execution: {"taskSupport":"optional"} -> (absent)` */
export function describeDifference(d: Difference, labelA = 'source', labelB = 'generated'): string {
  const show = (v: unknown) => (v === undefined ? '(absent)' : short(JSON.stringify(v)));
  const where = formatPath(d.path) || '(root)';
  if (d.kind === 'missing') return `${where}: ${labelA} has ${show(d.a)}, ${labelB} has nothing`;
  if (d.kind === 'added') return `${where}: ${labelB} adds ${show(d.b)}`;
  return `${where}: ${labelA} ${show(d.a)}, ${labelB} ${show(d.b)}`;
}

function short(s: string, max = 120): string {
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
