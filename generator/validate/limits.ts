// Nesting outside JSON Schemas (`_meta`, `experimental`, content blocks) is published through recursive code, so
// it is bounded like schemas are; schemas themselves are measured by check-schemas.
import type { Finding } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import { isObject, measureJson } from '../core/index.js';

export const MAX_DATA_DEPTH = 64;
const SCHEMA_SLOTS = new Set(['inputSchema', 'outputSchema']);

export function checkLimits(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const measure = (value: unknown, path: PathSegment[]) => {
    const { tooDeep } = measureJson(value, MAX_DATA_DEPTH - path.length, Number.MAX_SAFE_INTEGER);
    if (tooDeep) {
      findings.push({
        code: 'manifest/too-deep',
        path: [...path, ...tooDeep],
        message: `the manifest nests more than ${MAX_DATA_DEPTH} levels deep here`,
        hint: 'flatten this value: deeper data belongs behind a handler',
      });
    }
  };
  for (const [key, value] of Object.entries(m as unknown as Record<string, unknown>)) {
    if (key === 'definitions') continue;
    if (key !== 'tools' || !isObject(value)) {
      measure(value, [key]);
      continue;
    }
    for (const [name, tool] of Object.entries(value)) {
      if (!isObject(tool)) continue;
      for (const [field, v] of Object.entries(tool)) if (!SCHEMA_SLOTS.has(field)) measure(v, ['tools', name, field]);
    }
  }
  return findings;
}
