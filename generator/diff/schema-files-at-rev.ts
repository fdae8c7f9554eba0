// Schema files as they were at a git revision, for `diff` of a manifest read with `git show`: its files must come
// from the same revision, never from the working tree. Read from the object database (ls-tree for the entry's
// mode and size, cat-file for its content), with the working tree's rules: inside the manifest's folder, links
// followed only while they stay inside it, regular files only, size-limited.
import { execFileSync } from 'node:child_process';
import { posix } from 'node:path';
import { SCHEMA_LIMITS } from '../core/index.js';
import { notFound, tooLarge, type FileRead, type SchemaFileSource } from '../load/index.js';

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number;
}

const MAX_LINKS = 8;
const OUTSIDE = {
  ok: false,
  code: 'schema/file-outside',
  reason: "is a link to a file outside the manifest's folder",
  hint: "move the schema file into the manifest's folder (or a subfolder); files outside it are never read",
} as const;

/**
 * `manifestPath` is the manifest's path in git's `REV:path` syntax (from the repository root, or `./`-relative to
 * `cwd`); files are looked up in its folder at `rev`.
 */
export function schemaFilesAtRev(rev: string, manifestPath: string, cwd: string): SchemaFileSource {
  const folder = posix.dirname(manifestPath);
  const base = folder === '.' ? (/^\.\.?\//.test(manifestPath) ? '.' : '') : folder;
  const trees = new Map<string, Map<string, TreeEntry> | undefined>();
  const git = (args: string[], encoding?: 'utf8') =>
    execFileSync('git', args, {
      cwd: cwd || '.',
      encoding,
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 2 * SCHEMA_LIMITS.fileBytes + 1024 * 1024,
    });
  const tree = (dir: string) => {
    if (!trees.has(dir)) {
      const spec = `${rev}:${dir === '' ? (base === '.' ? './' : base) : base === '' ? dir : `${base}/${dir}`}`;
      try {
        // --full-tree: from a subfolder, ls-tree would otherwise filter the listing by that folder's path.
        const out = git(['ls-tree', '--full-tree', '-l', '-z', spec], 'utf8') as string;
        trees.set(dir, parseTree(out));
      } catch {
        trees.set(dir, undefined);
      }
    }
    return trees.get(dir);
  };
  const read = (start: string): FileRead => {
    let path = start;
    for (let hops = 0; hops <= MAX_LINKS; hops++) {
      const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
      const entry = tree(dir)?.get(posix.basename(path));
      if (!entry) return notFound(`does not exist at revision ${rev}`);
      if (entry.mode === '120000') {
        const target = String(git(['cat-file', 'blob', entry.object], 'utf8'));
        if (posix.isAbsolute(target)) return OUTSIDE;
        path = posix.normalize(posix.join(dir || '.', target));
        if (path === '..' || path.startsWith('../')) return OUTSIDE;
        continue;
      }
      if (entry.type === 'tree')
        return {
          ok: false,
          code: 'schema/file-not-regular',
          reason: 'is a folder, not a file',
          hint: 'name a .json or .yaml file inside it',
        };
      if (entry.type !== 'blob')
        return {
          ok: false,
          code: 'schema/file-not-regular',
          reason: `is a ${entry.type}, not a file`,
          hint: 'refer to an ordinary JSON or YAML file',
        };
      if (entry.size > SCHEMA_LIMITS.fileBytes) return tooLarge();
      return { ok: true, bytes: git(['cat-file', 'blob', entry.object]) as Buffer };
    }
    return {
      ok: false,
      code: 'schema/file-unreadable',
      reason: `goes through more than ${MAX_LINKS} symbolic links`,
      hint: 'link to the file directly',
    };
  };
  return {
    read: (path) => {
      try {
        return read(path);
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
