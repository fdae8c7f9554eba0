// A rename moves a handler (or completions) file; the user's own modules under src/ that import it would no longer
// build. Their imports are pointed at the new path, and the new export name, on the syntax tree (edit-handlers.ts),
// and each edited file becomes one more planned write (plan.ts), staged and moved into place with the run's others.
// Only a run that renames pays for this: it lists src/ and parses only the files that mention a moved module's name.
import { type Dirent, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type ModuleMove, retargetImports } from './edit-handlers.js';

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;

/** What this step needs to know of a file the run already plans. */
export interface PlannedSource {
  path: string;
  owner: string;
  action: string;
  content: string;
  /** For a rename: where the file was. */
  from?: string;
}

/** A user module whose imports follow the moves: its path after the run, its content now and after. */
export interface ImporterEdit {
  path: string;
  current: string;
  content: string;
  note: string;
  followed: ModuleMove[];
}

export interface ImporterProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

/**
 * The edits of the user's modules under src/ that import a moved file, and what an edit could not make right. A file
 * the run already plans is read as planned (a handler renamed in this run, at its new path, its specifiers written
 * where it was); generated files are left to the generator.
 */
export async function retargetImporters(
  outDir: string,
  moves: readonly ModuleMove[],
  planned: readonly PlannedSource[],
  read: (path: string) => string | undefined,
): Promise<{ edits: ImporterEdit[]; problems: ImporterProblem[] }> {
  const byPath = new Map(planned.map((f) => [f.path, f]));
  const movedTo = new Map(planned.filter((f) => f.action === 'rename' && f.from).map((f) => [f.from!, f]));
  const names = moves.map((m) => m.from.replace(/^.*\//, '').replace(/\.ts$/, ''));
  const edits: ImporterEdit[] = [];
  const problems: ImporterProblem[] = [];
  for (const was of userModules(outDir)) {
    const plan = movedTo.get(was) ?? byPath.get(was);
    // The untouched stub a late rename replaces: the moved file is read where it was.
    if (plan?.from !== undefined && plan.from !== was) continue;
    if (plan && (plan.owner !== 'user' || plan.action === 'delete' || plan.action === 'conflict')) continue;
    const path = plan?.path ?? was;
    const current = plan ? plan.content : read(was);
    // Most modules do not name a moved file at all: they are not parsed.
    if (current === undefined || !names.some((n) => current.includes(n))) continue;
    const result = await retargetImports(current, { was, now: path }, moves);
    for (const u of result.unsafe) problems.push({ file: path, line: u.line, column: u.column, message: u.message });
    if (result.content === current) continue;
    const note = result.followed.map((m) => `its import of ${m.from} follows the rename to ${m.to}${exportChange(m)}`).join('; ');
    edits.push({ path, current, content: result.content, note, followed: result.followed });
  }
  return { edits, problems };
}

export const exportChange = (m: ModuleMove) => (m.fromExport === m.toExport ? '' : ` (${m.fromExport} -> ${m.toExport})`);

/**
 * The user's modules under src/ (project-relative), generated code excepted. Links are not followed, to files or
 * folders: a write must never go through one.
 */
function userModules(outDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      if (!lstatSync(join(outDir, dir)).isDirectory()) return;
      entries = readdirSync(join(outDir, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory() && path !== 'src/generated' && e.name !== 'node_modules') walk(path);
      else if (e.isFile() && SOURCE.test(e.name)) out.push(path);
    }
  };
  walk('src');
  return out;
}
