// YAML that mcp-gen writes must read back as exactly the data it was printed from, by both parsers the loader
// uses. The `yaml` printer picks a style per string (plain, block literal, quoted); a few strings no style but
// JSON-like double quotes carries exactly: whitespace-only lines and spaces before a line break (block scalars and
// folded quotes trim or keep them depending on the reader), CR, tabs, Unicode line separators, BOM and lone
// surrogates. The printed text is read back; if anything differs, those strings are printed double-quoted with
// escapes and no folding, and if even that does not read back, every string is.
import { isDeepStrictEqual } from 'node:util';
// Types only: validate and generate load this module with the loader, and the `yaml` package (about 45 ms to load)
// is needed only by the commands that print YAML, which bring their Document.
import type { Document, ToStringOptions } from 'yaml';
import { hasErrors } from '../core/index.js';
import { loadManifest, loadWithPositions, parsersMayDiffer } from './load-manifest.js';

/** Characters or shapes some printed style may not carry exactly. */
const DELICATE =
  /^[\s\u0085\u2028\u2029\uFEFF]|[\s\u0085\u2028\u2029\uFEFF]$|[ \t]\n|\n[ \t]+\n|[\r\t\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\uFEFF]|[\uD800-\uDFFF]/;

export class YamlRoundTripError extends Error {}

/**
 * Prints `doc` so that reading the text back gives exactly `expected` (undefined members are left out, as the
 * printer leaves them out). Throws YamlRoundTripError when no style does, which would be a printer bug.
 */
export function printExact(doc: Document, expected: unknown, options: ToStringOptions = {}): string {
  const want = withoutUndefined(expected);
  const first = doc.toString(options);
  if (readsBack(first, want)) return first;
  for (const all of [false, true]) {
    quoteStrings(doc, all);
    const text = doc.toString({ ...options, doubleQuotedAsJSON: true });
    if (readsBack(text, want)) return text;
  }
  throw new YamlRoundTripError('the YAML printer cannot write this data so that it reads back unchanged');
}

/**
 * Whether both of the loader's readings of `text` equal `want`. For text the loader reads with js-yaml alone (no
 * alias, nothing where the parsers have been seen to differ: see parsersMayDiffer) the `yaml` parser reads the same
 * data (test/generator/load/yaml-parsers.test.ts, and yaml-exact.test.ts for printed text), so the second, slower
 * reading is spent only on other text.
 */
export function readsBack(text: string, want: unknown): boolean {
  const fast = loadManifest('printed.yaml', text);
  if (hasErrors(fast.issues) || !isDeepStrictEqual(fast.data, want)) return false;
  // Conservative: any `*` may start an alias.
  if (!text.includes('*') && !parsersMayDiffer(text)) return true;
  const full = loadWithPositions('printed.yaml', text);
  return !hasErrors(full.issues) && isDeepStrictEqual(full.data, want);
}

/**
 * Double quotes (JSON escapes, never folded) for delicate strings, or for all of them: every string scalar, keys
 * included, reached through maps, sequences and pairs (aliases point at nodes visited where they are defined).
 */
function quoteStrings(doc: Document, all: boolean): void {
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as { items?: unknown; key?: unknown; value?: unknown; type?: string };
    if (Array.isArray(n.items)) for (const item of n.items) walk(item);
    else if ('key' in n) {
      walk(n.key);
      walk(n.value);
    } else if (typeof n.value === 'string' && (all || DELICATE.test(n.value))) n.type = 'QUOTE_DOUBLE';
  };
  walk(doc.contents);
}

function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUndefined);
  if (value === null || typeof value !== 'object') return value;
  // fromEntries defines own properties, so a key named __proto__ stays data.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, withoutUndefined(v)]),
  );
}
