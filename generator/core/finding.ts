import type { Severity } from './issue.js';
import type { PathSegment } from './path.js';

/** A problem at a manifest path; validate-manifest turns it into a positioned Issue. */
export interface Finding {
  code: string;
  severity?: Severity;
  path: PathSegment[];
  /** Point at the key of the last path segment rather than its value (unknown keys, bad names). */
  at?: 'key' | 'value';
  /** Character offset inside a scalar value, when the problem is part of a string (a URI template). */
  offset?: number;
  message: string;
  hint?: string;
}

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `tools.get_forecast.inputSchema.properties["x-y"]`, `prompts.review.arguments[0].name` */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (IDENT.test(seg)) out += out === '' ? seg : `.${seg}`;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** Closest candidate by edit distance, for "did you mean" hints; undefined when nothing is close. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** Levenshtein distance: insertions, deletions and substitutions of one character each. */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length];
}
