// The only stage that touches disk. New contents are staged first, each created exclusively (O_CREAT|O_EXCL,
// never through a link) in a fresh private folder made by mkdtemp inside the output folder, and moved into place
// only when every one was written, so a run that fails leaves the tree as it was and a link planted anywhere cannot
// redirect a write. Unchanged files are not touched (their mtimes stay, so watchers and incremental builds do not
// churn).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeEscape, writeExclusive } from '../core/index.js';
import type { PlannedFile } from './plan.js';

const WRITES = new Set(['create', 'update', 'merge', 'rename']);

export function writeOutput(outDir: string, plan: readonly PlannedFile[]): void {
  assertInside(outDir, plan);
  const writes = plan.filter((f) => WRITES.has(f.action));
  if (writes.length > 0) {
    mkdirSync(outDir, { recursive: true });
    const stage = mkdtempSync(join(outDir, '.mcp-gen-stage-'));
    try {
      writes.forEach((p, i) => writeExclusive(join(stage, String(i)), p.content));
      for (const p of writes) mkdirSync(dirname(join(outDir, p.path)), { recursive: true });
      // The folders now exist: check again that none of them is a link that leads out (a race with the first check).
      assertInside(outDir, writes);
      writes.forEach((p, i) => renameSync(join(stage, String(i)), join(outDir, p.path)));
    } finally {
      rmSync(stage, { recursive: true, force: true });
    }
  }
  for (const p of plan) {
    const gone = p.action === 'rename' ? p.from : p.action === 'delete' ? p.path : undefined;
    if (gone === undefined) continue;
    rmSync(join(outDir, gone), { force: true });
    removeEmptyParents(outDir, dirname(gone));
  }
}

/**
 * Refuses the whole run, before anything is written, when a path would land outside `outDir`: through `..`, or
 * through a symbolic link anywhere on the way (a link named src/handlers pointing at /etc must not receive files,
 * and a dangling one must not make folders appear elsewhere).
 */
function assertInside(outDir: string, plan: readonly PlannedFile[]): void {
  for (const p of plan) {
    for (const path of [p.action === 'rename' ? p.from : undefined, WRITES.has(p.action) || p.action === 'delete' ? p.path : undefined]) {
      if (path === undefined) continue;
      const leak = writeEscape(outDir, path);
      if (leak) throw new Error(`refusing to write ${path}: ${leak}; nothing was written`);
    }
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
