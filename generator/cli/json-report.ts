// `--json` output of generate and check: one JSON object on stdout with what the text output says, for scripts
// and CI. Nothing else is printed to stdout when --json is given.
import { clipIssue } from '../core/index.js';
import type { ContractReport } from '../write/index.js';
import type { GenerateResult } from '../generate.js';
import type { HandlerProblem, PlannedFile } from '../write/index.js';

const CHANGES = new Set(['create', 'update', 'merge', 'rename', 'delete', 'orphaned', 'conflict']);

export interface FileReport {
  path: string;
  action: PlannedFile['action'];
  owner: PlannedFile['owner'];
  from?: string;
  note?: string;
}

export function fileReports(files: readonly PlannedFile[]): FileReport[] {
  return files
    .filter((f) => CHANGES.has(f.action))
    .map((f) => ({
      path: f.path,
      action: f.action,
      owner: f.owner,
      ...(f.from ? { from: f.from } : {}),
      ...(f.note ? { note: f.note } : {}),
    }));
}

export type PlanCounts = Record<'created' | 'updated' | 'deleted' | 'unchanged' | 'orphaned' | 'conflicts', number>;

export function planCounts(files: readonly PlannedFile[]): PlanCounts {
  const count = (...actions: string[]) => files.filter((f) => actions.includes(f.action)).length;
  return {
    created: count('create'),
    updated: count('update', 'merge', 'rename'),
    deleted: count('delete'),
    unchanged: count('unchanged', 'kept'),
    orphaned: count('orphaned'),
    conflicts: count('conflict'),
  };
}

export function handlerProblems(problems: readonly HandlerProblem[], contracts: ContractReport | undefined) {
  return [...problems, ...(contracts?.problems ?? [])].map((p) => ({ file: p.file, line: p.line, column: p.column, message: p.message }));
}

export function generateReport(result: GenerateResult, opts: { manifest: string; dryRun?: boolean }, ms: number, exitCode: number): object {
  const files = result.plan?.files ?? [];
  return {
    file: opts.manifest,
    outDir: result.outDir,
    exitCode,
    upToDate: result.upToDate === true,
    dryRun: opts.dryRun === true,
    written: opts.dryRun !== true && result.plan !== undefined && result.conflicts.length === 0,
    summary: planCounts(files),
    files: fileReports(files),
    issues: result.issues.map(clipIssue),
    handlerProblems: handlerProblems(result.plan?.problems ?? [], result.contracts),
    ...(result.contracts?.skipped ? { note: result.contracts.skipped } : {}),
    ms,
  };
}
