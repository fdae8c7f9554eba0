// Paths of `ignore:` in examples: `structuredContent.days[*].date`, `content[0].text`. The generated contract test
// reads them with the same parser (the runtime's copy is the source); here they are validated and resolved against
// the example's own output.
import type { PathSegment } from '../load/index.js';
import { type IgnoreSegment, parseIgnorePath } from '../../templates/runtime/example-match.js';

export { parseIgnorePath, type IgnoreSegment };

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
