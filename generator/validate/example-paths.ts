// Paths of `ignore:` in examples: `structuredContent.days[*].date`, `content[0].text`. The generated contract test
// reads the same syntax; here it is parsed for validation and resolved against the example's own output.
import type { PathSegment } from '../load/index.js';

export type IgnoreSegment = string | number | '*';

/** Segments of an ignore path, or undefined when it is malformed. `[*]` and a `*` segment match every item or key. */
export function parseIgnorePath(path: string): IgnoreSegment[] | undefined {
  const segments: IgnoreSegment[] = [];
  const token = /([^.[\]]+)|\[(\d+|\*)\]/y;
  let i = 0;
  while (i < path.length) {
    if (path[i] === '.' && i > 0 && path[i - 1] !== '.') i++;
    token.lastIndex = i;
    const m = token.exec(path);
    if (!m) return undefined;
    if (m[1] !== undefined) segments.push(m[1]);
    else segments.push(m[2] === '*' ? '*' : Number(m[2]));
    i = token.lastIndex;
  }
  return segments.length > 0 && !path.endsWith('.') ? segments : undefined;
}

/** Every concrete location inside `value` the segments reach. */
export function resolveIgnorePath(value: unknown, segments: readonly IgnoreSegment[]): PathSegment[][] {
  let found: { at: PathSegment[]; value: unknown }[] = [{ at: [], value }];
  for (const seg of segments) {
    const next: typeof found = [];
    for (const { at, value: v } of found) {
      if (Array.isArray(v)) {
        if (seg === '*') v.forEach((item, i) => next.push({ at: [...at, i], value: item }));
        else if (typeof seg === 'number' && seg < v.length) next.push({ at: [...at, seg], value: v[seg] });
      } else if (v !== null && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (seg === '*') for (const k of Object.keys(o)) next.push({ at: [...at, k], value: o[k] });
        else if (Object.hasOwn(o, String(seg))) next.push({ at: [...at, String(seg)], value: o[String(seg)] });
      }
    }
    found = next;
  }
  return found.map((f) => f.at);
}
