// Stat signatures of a project tree, so that a run can tell "nothing changed since the last run verified it" from a
// few hundred lstat calls instead of reading and hashing every file (bin/mcp-gen.js answers a no-op this way before
// loading the CLI). Why skipping on stat is safe: that answer never writes anything, so at worst it misses a hand
// edit that kept a file's size, mtime and ctime, and the next run that does real work compares content, as always.
//
// A signature holds the file type, device, inode and mode, and for files size, mtime and ctime (nanoseconds). Every
// folder on the way to a recorded file is recorded too, and a tree with a link anywhere on those paths is never
// recorded: a link planted later changes a signature's type, so the confinement of core/confined-fs.ts, which the
// full run enforces while reading, holds without reading. Like git's racy-timestamp rule, a file whose mtime is not
// older than the moment the capture began is never trusted by stat: it could change again within the same tick.
import { type BigIntStats, lstatSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';

export interface TreeRecord {
  /** The manifest's path relative to the output folder and the generator fingerprint (see treeKey). */
  key: string;
  /** File-system time (ns, decimal) the capture began at, rounded down to 2 s, the coarsest common granularity. */
  since: string;
  /** By folder (as resolved): its real path then, and the signature of it ('') and every entry, by relative path. */
  roots: Record<string, { real: string; entries: Record<string, string> }>;
}

/**
 * What the stat shortcut keeps beside the signatures: which manifest (its path from the output folder) and which
 * generator build. The manifest's content is covered by its signature, taken before the full run read the text it
 * verified; no digest, so that the quick answer loads no crypto (about 10 ms of a Node start).
 */
export function treeKey(manifestFromOut: string, fingerprint: string): string {
  return JSON.stringify([manifestFromOut, fingerprint]);
}

const MISSING = '-';

/** Key suffix of a folder recorded with its times: the names in it, not only its identity, are vouched for. */
const LISTED = '/*';

/**
 * The signature of a path (without following a final link), '-' when absent, undefined when it cannot be read.
 * `listed`: for a folder, its mtime and ctime too, which change whenever an entry is added, removed or renamed.
 */
function signature(path: string, listed = false): string | undefined {
  let st: BigIntStats | undefined;
  try {
    st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOTDIR' ? MISSING : undefined;
  }
  if (st === undefined) return MISSING;
  const id = `${st.dev}:${st.ino}:${st.mode}`;
  // A folder's own times change whenever anything in it does (editor swap files too): its identity is enough, unless
  // the names in it are what is vouched for.
  if (st.isDirectory()) return listed ? `D:${id}:${st.mtimeNs}:${st.ctimeNs}` : `d:${id}`;
  if (st.isFile()) return `f:${id}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
  return st.isSymbolicLink() ? `l:${id}` : `o:${id}`;
}

/** Records signatures of files below folders; stat each file before reading it, so a change in between is seen. */
export class TreeCapture {
  private readonly roots: TreeRecord['roots'] = {};
  private failed = false;

  constructor(private readonly since: bigint) {}

  /** `paths`: relative to `root`, forward slashes. */
  add(root: string, paths: Iterable<string>): void {
    if (this.failed) return;
    let folder = this.roots[root];
    try {
      if (!folder) {
        const real = realpathSync.native(root);
        folder = this.roots[root] = { real, entries: {} };
        if (!this.record(folder, '')) return;
      }
      for (const path of paths) {
        const parts = path.split('/');
        if (parts.some((p) => p === '' || p === '.' || p === '..')) return this.fail();
        for (let i = 1; i <= parts.length; i++) {
          const rel = parts.slice(0, i).join('/');
          const sig = folder.entries[rel] ?? this.record(folder, rel);
          if (!sig) return;
          if (i < parts.length && !sig.startsWith('d')) break;
        }
      }
    } catch {
      this.fail();
    }
  }

  /**
   * Folders whose list of names is vouched for (by their times), not each file in them: a file of such a folder can
   * only be missing or replaced by a link if the folder's times changed. For handler files, whose existence is all
   * a no-op depends on (their content is the user's, read by no generated output).
   */
  addListed(root: string, folders: Iterable<string>): void {
    for (const folder of folders) {
      this.add(root, [folder]);
      const entries = this.roots[root]?.entries;
      if (this.failed || !entries) return;
      if (!entries[folder]?.startsWith('d')) return this.fail();
      const sig = signature(join(this.roots[root].real, folder), true);
      if (!sig?.startsWith('D')) return this.fail();
      entries[`${folder}${LISTED}`] = sig;
    }
  }

  /** The record, or undefined when something on the paths was a link, a special file, or could not be examined. */
  finish(key: string): TreeRecord | undefined {
    if (this.failed) return undefined;
    return { key, since: (this.since - (this.since % 2_000_000_000n)).toString(), roots: this.roots };
  }

  private record(folder: { real: string; entries: Record<string, string> }, rel: string): string | undefined {
    const sig = signature(rel ? join(folder.real, rel) : folder.real);
    if (sig === undefined || sig.startsWith('l') || sig.startsWith('o') || (rel === '' && !sig.startsWith('d'))) {
      this.fail();
      return undefined;
    }
    folder.entries[rel] = sig;
    return sig;
  }

  private fail(): void {
    this.failed = true;
  }
}

/**
 * Whether every recorded folder and file is still exactly as recorded, and old enough to be trusted by stat.
 * `folders`: the output folder and the manifest's, which the record must be about.
 */
export function treeUnchanged(tree: TreeRecord, folders: readonly string[]): boolean {
  try {
    if (!folders.every((f) => tree.roots[f] !== undefined)) return false;
    const since = BigInt(tree.since);
    for (const [root, { real, entries }] of Object.entries(tree.roots)) {
      if (realpathSync.native(root) !== real) return false;
      for (const [key, sig] of Object.entries(entries)) {
        const listed = key.endsWith(LISTED);
        const rel = listed ? key.slice(0, -LISTED.length) : key;
        if (signature(rel ? `${real}${sep}${rel}` : real, listed) !== sig) return false;
        const mtime = sig.startsWith('f:') ? sig.split(':')[5] : listed ? sig.split(':')[4] : undefined;
        if (mtime !== undefined && BigInt(mtime) >= since) return false;
      }
    }
    return Object.keys(tree.roots).length > 0;
  } catch {
    return false;
  }
}
