// JSON as JavaScript source. JSON.stringify alone is not enough: in an object literal a `"__proto__"` key sets the
// prototype instead of defining a property, so such keys are written as computed keys.
import { showHidden } from '../core/index.js';

export function jsLiteral(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return value === undefined ? 'undefined' : json(value);
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => inner + jsLiteral(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  const body = entries.map(([k, v]) => `${inner}${jsKey(k)}: ${jsLiteral(v, inner)}`).join(',\n');
  return `{\n${body}\n${indent}}`;
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
