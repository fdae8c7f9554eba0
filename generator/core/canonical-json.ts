// The generated runtime's canonical form is the one mcp-gen compares with, so both agree on what "the same" means.
import { canonicalJson } from '../../templates/runtime/example-match.js';

export { canonicalJson };

export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || canonicalJson(a) === canonicalJson(b);
}

/** A value shown inside a one-line message, cut short when long. */
export function showValue(value: unknown, max = 40): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
