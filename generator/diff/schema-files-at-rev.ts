// Files as they were at a git revision, for `diff` of a manifest read from git: the manifest itself and its schema
// files, which must come from the same revision, never from the working tree. Read from the object database (ls-tree
// for the entry's mode and size, cat-file for its content), with the working tree's rules (core/confined-fs.ts):
// inside the manifest's folder, links followed only while they stay inside it, regular files only (no submodule,
// no folder), size-limited before a byte is read. The refusals are the working tree's too, so each is said once.
import { posix } from 'node:path';
import { type ConfinedRead, SCHEMA_LIMITS } from '../core/index.js';
import { schemaFileRead, type SchemaFileSource } from '../load/index.js';
import { git, gitStderr } from './git.js';

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number;
}

export interface FolderAtRev {
  /** `path`: relative to the manifest's folder, forward slashes. Throws when git fails (not a repository, bad revision). */
  read(path: string, maxBytes: number): ConfinedRead;
}

const MAX_LINKS = 8;
/** A link's target is a path (PATH_MAX is 4096): anything longer is not a link anyone made. */
const MAX_LINK_BYTES = 4096;
/** One folder's listing, NUL-separated records of about 100 bytes: room for hundreds of thousands of names. */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

/**
 * The manifest's folder at `rev`. `manifestPath` is the manifest's path in git's `REV:path` syntax (from the
 * repository root, or `./`-relative to `cwd`). `rev` never starts with `-` (readManifestSpec refuses it) and is passed
 * after --end-of-options all the same, so git can never take it for an option.
 */
export function folderAtRev(rev: string, manifestPath: string, cwd: string): FolderAtRev {
  const folder = posix.dirname(manifestPath);
  const base = folder === '.' ? (/^\.\.?\//.test(manifestPath) ? '.' : '') : folder;
  const trees = new Map<string, Map<string, TreeEntry> | undefined>();
  const tree = (dir: string) => {
    if (!trees.has(dir)) {
      const spec = `${rev}:${dir === '' ? (base === '.' ? './' : base) : base === '' ? dir : `${base}/${dir}`}`;
      try {
        // --full-tree: from a subfolder, ls-tree would otherwise filter the listing by that folder's path.
        const out = git(['ls-tree', '--full-tree', '-l', '-z', '--end-of-options', spec], cwd, MAX_LISTING_BYTES, 'utf8');
        trees.set(dir, parseTree(out));
      } catch (err) {
        // The revision itself must exist (the caller checked): a folder missing there is a file missing there.
        if (!/Not a valid object name/i.test(gitStderr(err))) throw err;
        trees.set(dir, undefined);
      }
    }
    return trees.get(dir);
  };
  const read = (start: string, maxBytes: number): ConfinedRead => {
    let path = posix.normalize(start);
    for (let hops = 0; hops <= MAX_LINKS; hops++) {
      const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
      const entry = tree(dir)?.get(posix.basename(path));
      if (!entry) return { ok: false, kind: 'missing', detail: `does not exist at revision ${rev}` };
      if (entry.mode === '120000') {
        if (entry.size > MAX_LINK_BYTES) return { ok: false, kind: 'too-large' };
        const target = git(['cat-file', 'blob', entry.object], cwd, MAX_LINK_BYTES, 'utf8');
        if (posix.isAbsolute(target)) return { ok: false, kind: 'outside-link', detail: target };
        path = posix.normalize(posix.join(dir || '.', target));
        if (path === '..' || path.startsWith('../')) return { ok: false, kind: 'outside-link', detail: target };
        continue;
      }
      if (entry.type === 'tree') return { ok: false, kind: 'folder' };
      if (entry.type !== 'blob')
        return { ok: false, kind: 'special', detail: entry.type === 'commit' ? 'a submodule' : `a git ${entry.type}` };
      if (entry.size > maxBytes) return { ok: false, kind: 'too-large' };
      return { ok: true, bytes: git(['cat-file', 'blob', entry.object], cwd, maxBytes) };
    }
    return { ok: false, kind: 'loop' };
  };
  return { read };
}

/** Schema files at `rev`, beside the manifest read there (see folderAtRev). */
export function schemaFilesAtRev(rev: string, manifestPath: string, cwd: string): SchemaFileSource {
  const folder = folderAtRev(rev, manifestPath, cwd);
  return {
    read: (path) => {
      try {
        return schemaFileRead(folder.read(path, SCHEMA_LIMITS.fileBytes));
      } catch (err) {
        return {
          ok: false,
          code: 'schema/file-unreadable',
          reason: `cannot be read at revision ${rev} (${String((err as Error).message).split('\n')[0]})`,
        };
      }
    },
  };
}

/** `<mode> <type> <object> <size>\t<name>` records, NUL-terminated. */
function parseTree(out: string): Map<string, TreeEntry> {
  const entries = new Map<string, TreeEntry>();
  for (const record of out.split('\0')) {
    const tab = record.indexOf('\t');
    if (tab < 0) continue;
    const [mode, type, object, size] = record.slice(0, tab).split(/\s+/);
    entries.set(record.slice(tab + 1), { mode, type, object, size: size === '-' ? 0 : Number(size) });
  }
  return entries;
}
