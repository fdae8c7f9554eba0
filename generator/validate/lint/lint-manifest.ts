// Runs the lint rules on a loaded manifest at the levels its `lint.rules` section sets (warn by default), and
// positions each finding like a validation issue.
import { formatPath } from '../../core/index.js';
import type { Issue } from '../../core/index.js';
import type { LoadedManifest } from '../../load/index.js';
import type { Manifest } from '../../core/index.js';
import { isObject, withSchemaMemo } from '../../core/index.js';
import { LINT_RULES } from './rules.js';

export type LintLevel = 'off' | 'warn' | 'error';

export function ruleLevel(m: Manifest, id: string): LintLevel {
  const rules = isObject(m.lint) && isObject(m.lint.rules) ? (m.lint.rules as Record<string, unknown>) : {};
  const level = rules[id];
  return level === 'off' || level === 'error' ? level : 'warn';
}

/** Lint issues of a manifest that passed validation (rules read the published surface); `[]` when it has no data. */
export function lintManifest(loaded: LoadedManifest): Issue[] {
  return withSchemaMemo(() => lint(loaded));
}

function lint(loaded: LoadedManifest): Issue[] {
  const m = loaded.data;
  if (!isObject(m)) return [];
  const issues: Issue[] = [];
  for (const rule of LINT_RULES) {
    const level = ruleLevel(m, rule.id);
    if (level === 'off') continue;
    for (const f of rule.check(m)) {
      const { line, column } = loaded.locate(f.path, f.at);
      issues.push({
        code: `lint/${rule.id}`,
        severity: level === 'error' ? 'error' : 'warning',
        path: formatPath(f.path),
        message: `${f.message} [${rule.id}]`,
        hint: `${offSwitch(f.hint)}turn off with lint: {rules: {${rule.id}: off}}`,
        line,
        column,
      });
    }
  }
  return issues.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** What comes before a finding's off switch: its own hint, ended so that the switch reads on from it. */
function offSwitch(hint: string | undefined): string {
  if (!hint) return '';
  return hint.endsWith('?') ? `${hint} Or ` : `${hint}; `;
}
