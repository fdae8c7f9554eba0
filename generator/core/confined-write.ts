// Writes of the commands that write one file of the user's choosing (the manifest of import, init and fmt; the
// reference of docs -o; the handlers import creates): never through a link that leads out of the folder, and
// atomic, as the project writer's are. The content goes to a new file beside the target, created exclusively and
// never through a link, which then replaces the target: a reader sees the old file or the new one, never half.
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { escapes, writeEscape } from './confined-fs.js';

const EXCLUSIVE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Creates `file` with `content`, failing if anything (a file, a link) is already there: never written through. */
export function writeExclusive(file: string, content: string): void {
  const fd = openSync(file, EXCLUSIVE, 0o666);
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
}

/** A write refused because it would land outside its folder; nothing was written. */
export class ConfinedWriteError extends Error {}

/** Throws ConfinedWriteError, before anything is written, when writing `path` (relative to `root`) would leave it. */
export function assertWritableInside(root: string, path: string): void {
  const leak = writeEscape(root, path);
  if (leak) throw new ConfinedWriteError(`refusing to write ${path}: ${leak}; nothing was written`);
}

export function writeInside(root: string, path: string, content: string): void {
  assertWritableInside(root, path);
  let target = resolve(root, path);
  mkdirSync(dirname(target), { recursive: true });
  let mode: number | undefined;
  try {
    // A link that stays inside the folder stays a link: the file it names is the one rewritten.
    if (lstatSync(target).isSymbolicLink()) target = realpathSync(target);
    mode = statSync(target).mode & 0o7777;
  } catch {
    // Nothing there yet.
  }
  const tmp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  writeExclusive(tmp, content);
  try {
    if (mode !== undefined) chmodSync(tmp, mode);
    renameSync(tmp, target);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * The folder a file named on the command line is confined to: the working directory when the file lies inside it
 * (so a link planted in the tree cannot lead the write out), else the file's own folder, which the user named.
 */
export function folderOf(file: string): { root: string; path: string } {
  const cwd = process.cwd();
  const absolute = resolve(file);
  if (!escapes(cwd, absolute)) return { root: cwd, path: relative(cwd, absolute) };
  return { root: dirname(absolute), path: relative(dirname(absolute), absolute) };
}
