// JSON as JavaScript source. JSON.stringify alone is not enough: in an object literal a `"__proto__"` key sets the
// prototype instead of defining a property, so such keys are written as computed keys.
import { showHidden } from '../core/index.js';

/**
 * On one line: the generated code goes through Biome, which breaks what does not fit in 120 columns and keeps short
 * objects and arrays on one line (an object written across lines would stay expanded, however short).
 */
export function jsLiteral(value: unknown): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'undefined' : json(value);
  if (Array.isArray(value)) return `[${value.map((v) => jsLiteral(v)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  return `{ ${entries.map(([k, v]) => `${jsKey(k)}: ${jsLiteral(v)}`).join(', ')} }`;
}

function jsKey(key: string): string {
  return key === '__proto__' ? `["__proto__"]` : json(key);
}

/**
 * JSON.stringify, with invisible and bidirectional control characters written as `\uXXXX` escapes: the value is the
 * same, but a reviewer sees the characters instead of text that displays in another order than it runs.
 */
function json(value: unknown): string {
  return showHidden(JSON.stringify(value));
}

/** A string literal for generated code: JSON escaping covers lone surrogates, and U+2028/U+2029 are legal in string literals since ES2019. */
export function stringLiteral(s: string): string {
  return json(s);
}

/**
 * Text for inside a block comment or a `//` line: one line, `*\/` defused, NUL, controls and bidirectional
 * overrides shown as `\uXXXX` (core/text-safety), at most `max` characters.
 */
export function commentText(s: string, max = 160): string {
  const flat = showHidden(s.replace(/[\s\u2028\u2029]+/g, ' '))
    .replace(/\*\//g, '*\\/')
    .trim();
  if (flat.length <= max) return flat;
  // Never cut between the two halves of a surrogate pair.
  const cut = /[\uD800-\uDBFF]/.test(flat[max - 2]) ? max - 2 : max - 1;
  return `${flat.slice(0, cut)}…`;
}
