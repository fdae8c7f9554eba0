import type { ContractReport } from '../write/index.js';
import { PLAIN, type Painter } from '../core/index.js';
import type { HandlerProblem, PlannedFile } from '../write/index.js';
import { planCounts } from './json-report.js';

const SHOWN = new Set(['create', 'update', 'merge', 'rename', 'delete', 'orphaned', 'conflict']);

/** One line per file that changes or needs attention; unchanged and kept files are only counted. */
export function formatPlan(files: readonly PlannedFile[], outDir: string, paint: Painter = PLAIN): string {
  const prefix = outDir === '.' ? '' : `${outDir}/`;
  return (
    files
      // A kept user file is shown only with advice (a Dockerfile on an old Node, packages no longer loaded).
      .filter((f) => SHOWN.has(f.action) || (f.action === 'kept' && f.note))
      .map((f) => {
        const path = f.from ? `${prefix}${f.from} -> ${prefix}${f.path}` : `${prefix}${f.path}`;
        return `  ${actionColor(paint, f.action)(f.action.padEnd(8))} ${path}${f.note ? `: ${f.note}` : ''}`;
      })
      .join('\n')
  );
}

function actionColor(paint: Painter, action: string): (s: string) => string {
  if (action === 'create') return paint.green;
  if (action === 'delete' || action === 'conflict') return paint.red;
  return paint.yellow;
}

export function summarizePlan(files: readonly PlannedFile[], ms: number, dryRun: boolean): string {
  const c = planCounts(files);
  const parts = [`${dryRun ? 'would create' : 'created'} ${c.created}`, `${dryRun ? 'would update' : 'updated'} ${c.updated}`];
  if (c.deleted) parts.push(`${dryRun ? 'would delete' : 'deleted'} ${c.deleted}`);
  parts.push(`unchanged ${c.unchanged}`);
  if (c.orphaned) parts.push(`orphaned ${c.orphaned}`);
  if (c.conflicts) parts.push(`conflicts ${c.conflicts}`);
  return `${parts.join(', ')} in ${ms} ms`;
}

/** A unified diff per file the plan would change, as `git diff` shows them. */
/** Unified diffs of the changes; the diff library loads only here (a plain generate never needs it). */
export async function formatDiffs(files: readonly PlannedFile[]): Promise<string> {
  const { createTwoFilesPatch } = await import('diff');
  return files
    .filter((f) => ['create', 'update', 'merge', 'rename', 'delete'].includes(f.action))
    .map((f) => {
      const before = f.action === 'create' ? '' : (f.current ?? '');
      const after = f.action === 'delete' ? '' : f.content;
      const from = f.action === 'create' ? '/dev/null' : `a/${f.from ?? f.path}`;
      const to = f.action === 'delete' ? '/dev/null' : `b/${f.path}`;
      return createTwoFilesPatch(from, to, before, after, '', '', { context: 3 }).split('\n').slice(1).join('\n');
    })
    .join('');
}

/**
 * One `file:line:col: error ...` line per problem. The path is relative to the working directory (`shownOut`, the
 * project folder as seen from there), as the manifest's are, so that a terminal or editor can open it.
 */
export function formatProblems(problems: readonly HandlerProblem[], contracts: ContractReport | undefined, shownOut = '.'): string {
  const at = (file: string) => (shownOut === '.' ? file : `${shownOut}/${file}`);
  const lines = [...problems, ...(contracts?.problems ?? [])].map((p) => `${at(p.file)}:${p.line}:${p.column}: error ${p.message}`);
  if (contracts?.skipped) lines.push(`note: ${contracts.skipped}`);
  return lines.join('\n');
}
