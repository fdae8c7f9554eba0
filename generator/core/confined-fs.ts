// Reading and writing inside one folder, and nowhere else. A manifest from a pull request, a planted
// `.mcp-gen/state.json` or a link in the project tree must not be able to read ~/.ssh, block the run on a pipe,
// exhaust memory, or redirect a write outside the folder. Every path is resolved by real path against the folder,
// only regular files are read (opened with O_NONBLOCK and O_NOFOLLOW, checked again after opening), up to a size limit.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';

/** Largest project file mcp-gen reads, the manifest included (generated files of thousands of tools stay far below). */
export const MAX_PROJECT_FILE_BYTES = 64 * 1024 * 1024;

export type ConfinedRead =
  | { ok: true; bytes: Buffer }
  | {
      ok: false;
      kind: 'missing' | 'outside' | 'outside-link' | 'loop' | 'folder' | 'special' | 'too-large' | 'unreadable';
      detail?: string;
    };

/**
 * Real paths of folders already checked, for reading many files of one tree: pass the same map to every read of a
 * run (a later run, which may see a changed tree, starts a new one).
 */
export type FolderCache = Map<string, string>;

/** Reads `path` (relative to `root`, forward slashes) when it is a regular file inside `root`, links included. */
export function readConfined(root: string, path: string, maxBytes: number, folders: FolderCache = new Map()): ConfinedRead {
  const base = resolve(root);
  const full = resolve(base, ...path.split('/'));
  if (escapes(base, full)) return { ok: false, kind: 'outside' };
  let real: string;
  try {
    const realRoot = realFolder(base, folders);
    const folder = realFolder(dirname(full), folders);
    if (escapes(realRoot, folder)) return { ok: false, kind: 'outside-link', detail: join(folder, basename(full)) };
    real = join(folder, basename(full));
    // Checked before opening: opening a device can have effects of its own, and a pipe would block.
    const stat = lstatSync(real);
    if (stat.isSymbolicLink()) {
      real = realpathSync.native(real);
      if (escapes(realRoot, real)) return { ok: false, kind: 'outside-link', detail: real };
      const kind = special(statSync(real), maxBytes);
      if (kind) return kind;
    } else {
      const kind = special(stat, maxBytes);
      if (kind) return kind;
    }
  } catch (err) {
    return failure(err);
  }
  let fd: number;
  try {
    // O_NONBLOCK and O_NOFOLLOW: a file swapped for a pipe or a link after the checks above cannot block or escape.
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  } catch (err) {
    return failure(err);
  }
  try {
    const stat = fstatSync(fd);
    const kind = special(stat, maxBytes);
    if (kind) return kind;
    const buffer = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (let n: number; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return length > maxBytes ? { ok: false, kind: 'too-large' } : { ok: true, bytes: buffer.subarray(0, length) };
  } catch (err) {
    return failure(err);
  } finally {
    closeSync(fd);
  }
}

function realFolder(folder: string, folders: FolderCache): string {
  let real = folders.get(folder);
  if (real === undefined) {
    real = realpathSync.native(folder);
    folders.set(folder, real);
  }
  return real;
}

/** UTF-8 text of a confined regular file, or undefined when it is missing; any other refusal throws with the reason. */
export function readTextInside(root: string, path: string, maxBytes: number, folders?: FolderCache): string | undefined {
  const read = readConfined(root, path, maxBytes, folders);
  if (read.ok) return read.bytes.toString('utf8');
  if (read.kind === 'missing') return undefined;
  throw new Error(`refusing to read ${path}: ${describeRefusal(read)}; nothing was written`);
}

/** The bytes of a confined regular file; any refusal, a missing file included, throws with the reason. */
export function readBytesInside(root: string, path: string, maxBytes: number, folders?: FolderCache): Buffer {
  const read = readConfined(root, path, maxBytes, folders);
  if (read.ok) return read.bytes;
  throw new Error(`refusing to read ${path}: ${describeRefusal(read)}; nothing was written`);
}

export function describeRefusal(read: Extract<ConfinedRead, { ok: false }>): string {
  switch (read.kind) {
    case 'missing':
      return 'it does not exist';
    case 'outside':
      return 'it is outside the folder';
    case 'outside-link':
      return `it is a link to ${read.detail ?? 'a file'} outside the folder`;
    case 'loop':
      return 'it is a link that loops';
    case 'folder':
      return 'it is a folder';
    case 'special':
      return 'it is not a regular file (a device, pipe or socket) and is never read';
    case 'too-large':
      return 'it is larger than a file mcp-gen reads';
    default:
      return `it cannot be read (${read.detail ?? 'unknown error'})`;
  }
}

/**
 * Why writing `path` (relative to `root`) could land outside `root`, or undefined when it cannot. Every existing
 * component is examined with lstat: a link must resolve, by real path, inside the folder (a dangling link is
 * refused, since creating through it would create outside).
 */
export function writeEscape(root: string, path: string): string | undefined {
  const base = resolve(root);
  const target = resolve(base, path);
  if (escapes(base, target)) return 'it resolves outside the folder';
  let realRoot: string;
  try {
    realRoot = realpathSync(base);
  } catch {
    return undefined; // The folder does not exist yet: nothing inside it can be a link.
  }
  let current = base;
  for (const part of relative(base, target).split(sep)) {
    current = join(current, part);
    let stat: ReturnType<typeof lstatSync>;
    try {
      stat = lstatSync(current);
    } catch {
      return undefined; // Nothing exists from here on: whatever is created is created inside.
    }
    if (!stat.isSymbolicLink()) continue;
    let real: string;
    try {
      real = realpathSync(current);
    } catch {
      return `${relative(base, current)} is a symbolic link that points nowhere`;
    }
    if (escapes(realRoot, real)) return `it resolves outside the folder (through a symbolic link, to ${real})`;
  }
  return undefined;
}

function special(stat: { isFile(): boolean; isDirectory(): boolean; size: number }, maxBytes: number): ConfinedRead | undefined {
  if (stat.isDirectory()) return { ok: false, kind: 'folder' };
  if (!stat.isFile()) return { ok: false, kind: 'special' };
  return stat.size > maxBytes ? { ok: false, kind: 'too-large' } : undefined;
}

function failure(err: unknown): ConfinedRead {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return { ok: false, kind: 'missing' };
  if (code === 'ELOOP') return { ok: false, kind: 'loop' };
  return { ok: false, kind: 'unreadable', detail: code ?? (err as Error).message };
}

/** Whether `target` lies outside `root` (both absolute and normalized: resolve() or a real path). */
export function escapes(root: string, target: string): boolean {
  if (target === root) return false;
  return !target.startsWith(root.endsWith(sep) ? root : root + sep);
}
