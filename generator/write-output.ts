// The only stage that touches disk. New contents are staged as temporary siblings first and moved into place only
// when every one was written, so a run that fails leaves the tree as it was. Unchanged files are not touched (their
// mtimes stay, so watchers and incremental builds do not churn).
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PlannedFile } from './plan-files.js';

const WRITES = new Set(['create', 'update', 'merge', 'rename']);

export function writeOutput(outDir: string, plan: readonly PlannedFile[]): void {
  const staged: { tmp: string; target: string }[] = [];
  try {
    for (const p of plan.filter((f) => WRITES.has(f.action))) {
      const target = join(outDir, p.path);
      mkdirSync(dirname(target), { recursive: true });
      const tmp = join(dirname(target), `.${p.path.split('/').pop()}.mcp-gen-${process.pid}.tmp`);
      writeFileSync(tmp, p.content);
      staged.push({ tmp, target });
    }
  } catch (err) {
    for (const s of staged) rmSync(s.tmp, { force: true });
    throw err;
  }
  for (const s of staged) renameSync(s.tmp, s.target);
  for (const p of plan) {
    const gone = p.action === 'rename' ? p.from : p.action === 'delete' ? p.path : undefined;
    if (gone === undefined) continue;
    rmSync(join(outDir, gone), { force: true });
    removeEmptyParents(outDir, dirname(gone));
  }
}

/** A pruned or renamed-away handler should not leave empty folders behind, up to (not including) src/handlers. */
function removeEmptyParents(outDir: string, dir: string): void {
  for (let d = dir; d.startsWith('src/handlers/') && d !== 'src/handlers'; d = dirname(d)) {
    const abs = join(outDir, d);
    if (!existsSync(abs) || readdirSync(abs).length > 0) return;
    rmdirSync(abs);
  }
}

export function changesDisk(plan: readonly PlannedFile[]): boolean {
  return plan.some((f) => WRITES.has(f.action) || f.action === 'delete');
}
