// JSON Schema allows keywords it does not know and ignores them, so `maxlength: 10` or `additionalproperties: false`
// is valid and does nothing: clients and validators accept what the author meant to refuse. Lint names a key that is
// one slip away from a keyword (case, a letter or two), and `optional`, which other schema languages have and JSON
// Schema says with `required`. Other unknown keys are annotations of the author's own and stay quiet.
import { editDistance, SCHEMA_KEYWORD_ORDER, walkSchema } from '../../core/index.js';
import type { PathSegment } from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';

const KEYWORDS = [...SCHEMA_KEYWORD_ORDER, '$vocabulary', '$recursiveRef', '$recursiveAnchor'];
const KNOWN = new Set(KEYWORDS);
/** Reported by the openapi-keyword rule, with their own advice. */
const OPENAPI = new Set(['nullable', 'discriminator', 'example', 'xml', 'externalDocs']);

export function misspelledKeywords(schema: unknown, at: PathSegment[]): LintFinding[] {
  const found: LintFinding[] = [];
  walkSchema(schema, (node, path) => {
    for (const key of Object.keys(node)) {
      if (KNOWN.has(key) || OPENAPI.has(key) || key.startsWith('x-')) continue;
      const meant = key === 'optional' ? undefined : meantKeyword(key);
      const hint =
        key === 'optional'
          ? "a property is optional unless the object's required lists it: remove optional"
          : meant && `did you mean '${meant}'?`;
      if (hint)
        found.push({
          path: [...at, ...path, key],
          at: 'key',
          message: `"${key}" is not a JSON Schema keyword: validators and clients ignore it`,
          hint,
        });
    }
  });
  return found;
}

/** The keyword a key misspells: the same letters in another case, or one or two edits away in a long word. */
function meantKeyword(key: string): string | undefined {
  // `ref: '#/$defs/X'` and `defs:` read as annotations; other names without their `$` may well be the author's own.
  if (key === 'ref' || key === 'defs') return `$${key}`;
  const lower = key.toLowerCase();
  const allowed = key.length >= 12 ? 3 : key.length >= 8 ? 2 : key.length >= 4 ? 1 : 0;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const keyword of KEYWORDS) {
    if (keyword.startsWith('$') !== key.startsWith('$')) continue;
    const d = editDistance(lower, keyword.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [keyword, d];
  }
  return best;
}
