// Where schema files are read from. The working tree is read here; a git revision (for `diff --against`) by
// review/schema-files-at-rev.ts. A manifest from a pull request must not be able to read ~/.ssh through a symbolic
// link, block on a pipe or exhaust memory, so every read is confined to the manifest's folder by real path, takes
// regular files only and stops at a size limit.
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { SCHEMA_LIMITS } from '../../core/index.js';

export type FileRead = { ok: true; bytes: Buffer } | { ok: false; code: string; reason: string; hint?: string };

export interface SchemaFileSource {
  /** `path`: relative to the manifest's folder, normalized, forward slashes, never `..` (schema-file-refs checks). */
  read(path: string): FileRead;
}

const OUTSIDE_HINT = 'move the schema file into the manifest\'s folder (or a subfolder); files outside it are never read';

export function workingTreeFiles(manifestDir: string): SchemaFileSource {
  const root = resolve(manifestDir);
  return { read: (path) => readConfined(root, path) };
}

function readConfined(root: string, path: string): FileRead {
  const full = resolve(root, ...path.split('/'));
  if (escapes(root, full)) return { ok: false, code: 'schema/file-outside', reason: 'leaves the manifest\'s folder', hint: OUTSIDE_HINT };
  let real: string;
  try {
    real = realpathSync(full);
    if (escapes(realpathSync(root), real)) {
      return { ok: false, code: 'schema/file-outside', reason: 'is a link to a file outside the manifest\'s folder', hint: OUTSIDE_HINT };
    }
  } catch (err) {
    return failure(err);
  }
  // Checked before opening: opening a device can have effects of its own, and a pipe would block.
  try {
    const kind = special(statSync(real));
    if (kind) return kind;
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
    const kind = special(stat);
    if (kind) return kind;
    const limit = SCHEMA_LIMITS.fileBytes;
    const buffer = Buffer.alloc(Math.min(stat.size, limit) + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0;) length += n;
    return length > limit ? tooLarge() : { ok: true, bytes: buffer.subarray(0, length) };
  } catch (err) {
    return failure(err);
  } finally {
    closeSync(fd);
  }
}

function special(stat: { isFile(): boolean; isDirectory(): boolean; size: number }): FileRead | undefined {
  if (stat.isDirectory()) return { ok: false, code: 'schema/file-not-regular', reason: 'is a folder, not a file', hint: 'name a .json or .yaml file inside it' };
  if (!stat.isFile()) return { ok: false, code: 'schema/file-not-regular', reason: 'is not a regular file (a device, pipe or socket); it is never read', hint: 'refer to an ordinary JSON or YAML file' };
  return stat.size > SCHEMA_LIMITS.fileBytes ? tooLarge() : undefined;
}

export function tooLarge(): FileRead {
  return { ok: false, code: 'schema/file-too-large', reason: `is larger than ${SCHEMA_LIMITS.fileBytes / 1024 / 1024} MiB`, hint: 'split the file: a schema file holds schemas, not data' };
}

export function notFound(reason = 'does not exist'): FileRead {
  return { ok: false, code: 'schema/file-not-found', reason, hint: 'check the path: it is relative to the file holding the $ref' };
}

function failure(err: unknown): FileRead {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return notFound();
  if (code === 'ELOOP') return { ok: false, code: 'schema/file-unreadable', reason: 'is a link that loops', hint: 'fix or remove the symbolic link' };
  return { ok: false, code: 'schema/file-unreadable', reason: `cannot be read (${code ?? (err as Error).message})`, hint: 'check the file\'s permissions' };
}

function escapes(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel);
}

/** What a run key records of a file: its path and content digest, or why it could not be read. */
export function fileDigest(path: string, read: FileRead): string {
  return `${path}:${read.ok ? createHash('sha256').update(read.bytes).digest('hex') : read.code}`;
}

/** Digests of files a previous run read, read again the same confined way. */
export function digestSchemaFiles(manifestDir: string, paths: readonly string[]): string[] {
  const files = workingTreeFiles(manifestDir);
  return paths.map((p) => fileDigest(p, files.read(p)));
}
