// The only stage that touches disk. New contents are staged as temporary siblings first and moved into place only
// when every one was written, so a run that fails leaves the tree as it was. Unchanged files are not touched (their
// mtimes stay, so watchers and incremental builds do not churn).
import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { PlannedFile } from './plan.js';

const WRITES = new Set(['create', 'update', 'merge', 'rename']);

export function writeOutput(outDir: string, plan: readonly PlannedFile[]): void {
  assertInside(outDir, plan);
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

/**
 * Refuses the whole run, before anything is written, when a path would land outside `outDir`: through `..`, or
 * through a symlink in the tree (a link named src/handlers pointing at /etc must not receive files).
 */
function assertInside(outDir: string, plan: readonly PlannedFile[]): void {
  // A folder that does not exist yet holds no links; where it will be created is the caller's choice.
  const root = existsSync(outDir) ? realpathSync(outDir) : undefined;
  for (const p of plan) {
    for (const path of [p.action === 'rename' ? p.from : undefined, WRITES.has(p.action) || p.action === 'delete' ? p.path : undefined]) {
      if (path === undefined) continue;
      const target = resolve(outDir, path);
      const lexical = relative(resolve(outDir), target);
      const real = root === undefined ? target : realpathSync(nearestExisting(target));
      if (outside(lexical) || (root !== undefined && outside(relative(root, real)))) {
        throw new Error(`refusing to write ${path}: it resolves outside ${outDir}${outside(lexical) ? '' : ` (through a symbolic link, to ${real})`}; nothing was written`);
      }
    }
  }
}

function nearestExisting(path: string): string {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return p;
}

function outside(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
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
