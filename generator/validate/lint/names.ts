// One naming convention across a manifest's tools, resources, templates and prompts: the one most names use.
import { entriesOf, ENTRY_KINDS } from '../../core/index.js';
import type { Manifest } from '../../core/index.js';
import type { LintFinding } from './lint-finding.js';

export type Convention = 'snake_case' | 'kebab-case' | 'camelCase' | 'PascalCase' | 'dot.case';

const PATTERNS: [Convention, RegExp][] = [
  ['snake_case', /^[a-z][a-z0-9]*(_[a-z0-9]+)+$/],
  ['kebab-case', /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/],
  ['camelCase', /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/],
  ['PascalCase', /^[A-Z][a-z0-9]*([A-Z][a-z0-9]*)*$/],
  ['dot.case', /^[a-z][a-z0-9]*(\.[a-z0-9]+)+$/],
];
const ONE_WORD = /^[a-z][a-z0-9]*$/;

/** The convention a name follows; `undefined` for one lower-case word (fits most) or a mixture (fits none). */
export function conventionOf(name: string): Convention | 'mixed' | undefined {
  if (ONE_WORD.test(name)) return undefined;
  return PATTERNS.find(([, re]) => re.test(name))?.[0] ?? 'mixed';
}

export function checkNameConvention(m: Manifest): LintFinding[] {
  const names = ENTRY_KINDS.flatMap((kind) => entriesOf(m, kind).map(([name]) => ({ kind, name, convention: conventionOf(name) })));
  const counts = new Map<Convention, number>();
  for (const n of names) if (n.convention && n.convention !== 'mixed') counts.set(n.convention, (counts.get(n.convention) ?? 0) + 1);
  // The most used convention; on a tie, the one that appears first.
  let chosen: Convention | undefined;
  for (const n of names) {
    if (!n.convention || n.convention === 'mixed') continue;
    if (chosen === undefined || counts.get(n.convention)! > counts.get(chosen)!) chosen = n.convention;
  }
  if (!chosen) return [];
  const oneWordFits = chosen !== 'PascalCase';
  return names
    .filter((n) => (n.convention === undefined ? !oneWordFits : n.convention !== chosen))
    .map((n) => ({
      path: [n.kind, n.name],
      at: 'key' as const,
      message: `"${n.name}" does not follow ${chosen}, which the other names in this manifest use`,
      hint: `rename it in ${chosen} (add renamedFrom: ${n.name} so generate and diff follow the rename)`,
    }));
}
