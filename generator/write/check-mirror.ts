// `mcp-gen check` type-checks the handlers against files it has only planned, never written. A compiler in another
// process sees the disk, so the project's src/ with the planned contents laid over it is kept in a mirror inside
// the cache folder. Relative imports then resolve inside the mirror, packages through the project's node_modules
// (a parent folder), and the mirror is synced file by file so the incremental build reuses what did not change.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { MAX_PROJECT_FILE_BYTES, readTextInside, writeEscape } from '../core/index.js';

/** Where a mirror's files come from, path relative to the project -> content. */
export function mirrorContents(root: string, overlay: ReadonlyMap<string, string | null>): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, entry.name);
      if (entry.isDirectory()) walk(abs);
      else if (entry.isFile()) files.set(relative(root, abs).split('\\').join('/'), readFileSync(abs, 'utf8'));
    }
  };
  if (existsSync(join(root, 'src'))) walk(join(root, 'src'));
  for (const [path, content] of overlay) {
    if (content === null) files.delete(path);
    // Planned TypeScript outside src/ (the generated contract test) is checked as well, as it would be once written.
    else if (path.startsWith('src/') || path.endsWith('.ts')) files.set(path, content);
  }
  return files;
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
