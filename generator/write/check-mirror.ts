// `mcp-gen check` type-checks the handlers against files it has only planned, never written. A compiler in another
// process sees the disk, so the project's src/ with the planned contents laid over it is kept in a mirror inside
// the cache folder. Relative imports then resolve inside the mirror, packages through the project's node_modules
// (a parent folder), and the mirror is synced file by file so the incremental build reuses what did not change.
import { type Dirent, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MAX_PROJECT_FILE_BYTES, readTextInside, VIEWS_TSCONFIG, writeEscape } from '../core/index.js';

/**
 * Where a mirror's files come from, path relative to the project -> content: src/, the code of the views in
 * `viewFolders` (compiled with their own settings), and the planned contents laid over them.
 */
export function mirrorContents(
  root: string,
  overlay: ReadonlyMap<string, string | null>,
  viewFolders: readonly string[] = [],
): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) files.set(relative(root, abs).split('\\').join('/'), readFileSync(abs, 'utf8'));
    }
  };
  if (existsSync(join(root, 'src'))) walk(join(root, 'src'));
  for (const folder of viewFolders) for (const [path, text] of viewCode(root, folder)) files.set(path, text);
  const inView = (path: string) => viewFolders.some((f) => path.startsWith(`${f}/`));
  for (const [path, content] of overlay) {
    if (content === null) files.delete(path);
    // Planned TypeScript outside src/ (the generated contract test, a view's types) is checked as well, as it would be
    // once written, and the views' settings with it.
    else if (path.startsWith('src/') || path.endsWith('.ts') || path === VIEWS_TSCONFIG || (inView(path) && CODE.test(path)))
      files.set(path, content);
  }
  return files;
}

/** What the compiler reads of a view's folder: its code and JSON (assets are typed by declarations, not read). */
const CODE = /\.(?:[cm]?[jt]sx?|json)$/;

/**
 * The code files of a view's folder on disk. The folder is the manifest's (any folder of the project): nothing is
 * read through a link that leaves the project, nor below node_modules or a hidden folder.
 */
function viewCode(root: string, folder: string): Map<string, string> {
  const out = new Map<string, string>();
  const reads = new Map<string, string>();
  const walk = (dir: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return; // Not there (yet): the starter is planned, and the overlay holds it.
    }
    for (const entry of entries) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      else if (entry.isFile() && CODE.test(entry.name)) {
        const text = readTextInside(root, path, MAX_PROJECT_FILE_BYTES, reads);
        if (text !== undefined) out.set(path, text);
      }
    }
  };
  // A link on the way to the folder that leads out of the project is not followed.
  if (writeEscape(root, folder) === undefined) walk(folder);
  return out;
}

/**
 * Writes the mirror (changed files only, stale ones removed) and its base tsconfig, which the contract check's own
 * config extends (contract-scope.ts: it says which files are compiled).
 */
export function syncMirror(root: string, mirror: string, files: ReadonlyMap<string, string>): void {
  const present = new Set<string>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else present.add(relative(mirror, abs).split('\\').join('/'));
    }
  };
  walk(mirror);
  const config = JSON.stringify(
    {
      extends: relative(mirror, join(root, 'tsconfig.json')).split('\\').join('/'),
      // rootDir only matters for emit, which never happens here; planned files may lie outside src/.
      compilerOptions: { rootDir: '.', noEmit: true },
    },
    null,
    2,
  );
  const all = new Map(files).set('tsconfig.json', config);
  for (const [path, content] of all) {
    present.delete(path);
    writeIfChanged(root, relative(root, join(mirror, path)).split('\\').join('/'), content);
  }
  for (const path of present) rmSync(join(mirror, path), { force: true });
}

/**
 * Writes a scratch file of the project's cache folder unless it already holds `content`: unchanged files keep their
 * time stamps, so the incremental build sees nothing new. A link planted on the way refuses the write.
 */
export function writeIfChanged(root: string, inProject: string, content: string): void {
  const leak = writeEscape(root, inProject);
  if (leak) throw new Error(`refusing to write ${inProject}: ${leak}`);
  if (readTextInside(root, inProject, MAX_PROJECT_FILE_BYTES) === content) return;
  const abs = join(root, inProject);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, content);
}
