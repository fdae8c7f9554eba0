// The only stage that touches disk. Files are staged as temporary siblings first and renamed into place only
// when every one of them was written, so a failing run leaves the tree as it was; unchanged files are not
// rewritten (their mtimes stay, so watchers and incremental builds do not churn).
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { EmittedFile } from './emit-project.js';

export type Action = 'create' | 'update' | 'unchanged' | 'kept';

export interface PlannedFile {
  path: string;
  action: Action;
  owner: EmittedFile['owner'];
  content: string;
  /** What is on disk now, when the file exists. */
  current?: string;
}

export function planOutput(outDir: string, files: Map<string, EmittedFile>): PlannedFile[] {
  return [...files].map(([path, file]) => {
    const target = join(outDir, path);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    const action: Action = current === undefined ? 'create' : current === file.content ? 'unchanged' : file.owner === 'user' ? 'kept' : 'update';
    return { path, action, owner: file.owner, content: file.content, current };
  });
}

export function writeOutput(outDir: string, plan: PlannedFile[]): void {
  const writes = plan.filter((p) => p.action === 'create' || p.action === 'update');
  const staged: { tmp: string; target: string }[] = [];
  try {
    for (const p of writes) {
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
}
