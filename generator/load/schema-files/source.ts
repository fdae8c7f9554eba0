// Where schema files are read from. The working tree is read here; a git revision (for `diff --against`) by
// diff/schema-files-at-rev.ts. A manifest from a pull request must not be able to read ~/.ssh through a symbolic
// link, block on a pipe or exhaust memory, so every read is confined to the manifest's folder by real path, takes
// regular files only and stops at a size limit (core/confined-fs).
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { type ConfinedRead, MAX_EMBEDDED_FILE_BYTES, readConfined, SCHEMA_LIMITS } from '../../core/index.js';

export type FileRead = { ok: true; bytes: Buffer } | { ok: false; code: string; reason: string; hint?: string };

export interface SchemaFileSource {
  /** `path`: relative to the manifest's folder, normalized, forward slashes, never `..` (schema-file-refs checks). */
  read(path: string): FileRead;
}

const OUTSIDE_HINT = "move the schema file into the manifest's folder (or a subfolder); files outside it are never read";

export function workingTreeFiles(manifestDir: string): SchemaFileSource {
  const root = resolve(manifestDir);
  return { read: (path) => readSchemaFile(root, path) };
}

function readSchemaFile(root: string, path: string, maxBytes = SCHEMA_LIMITS.fileBytes): FileRead {
  return schemaFileRead(readConfined(root, path, maxBytes));
}

/** A read of a schema file, from the working tree or a git revision (which gives the same refusals), as issues say it. */
export function schemaFileRead(read: ConfinedRead): FileRead {
  if (read.ok) return read;
  switch (read.kind) {
    case 'missing':
      return notFound(read.detail);
    case 'outside':
      return { ok: false, code: 'schema/file-outside', reason: "leaves the manifest's folder", hint: OUTSIDE_HINT };
    case 'outside-link':
      return { ok: false, code: 'schema/file-outside', reason: "is a link to a file outside the manifest's folder", hint: OUTSIDE_HINT };
    case 'folder':
      return {
        ok: false,
        code: 'schema/file-not-regular',
        reason: 'is a folder, not a file',
        hint: 'name a .json or .yaml file inside it',
      };
    case 'special':
      return {
        ok: false,
        code: 'schema/file-not-regular',
        reason: `is not a regular file (${read.detail ?? 'a device, pipe or socket'}); it is never read`,
        hint: 'refer to an ordinary JSON or YAML file',
      };
    case 'too-large':
      return tooLarge();
    case 'loop':
      return { ok: false, code: 'schema/file-unreadable', reason: 'is a link that loops', hint: 'fix or remove the symbolic link' };
    default:
      return { ok: false, code: 'schema/file-unreadable', reason: `cannot be read (${read.detail})`, hint: "check the file's permissions" };
  }
}

export function tooLarge(): FileRead {
  return {
    ok: false,
    code: 'schema/file-too-large',
    reason: `is larger than ${SCHEMA_LIMITS.fileBytes / 1024 / 1024} MiB`,
    hint: 'split the file: a schema file holds schemas, not data',
  };
}

export function notFound(reason = 'does not exist'): FileRead {
  return { ok: false, code: 'schema/file-not-found', reason, hint: 'check the path: it is relative to the file holding the $ref' };
}

/** What a run key records of a file: its path and content digest, or why it could not be read. */
export function fileDigest(path: string, read: FileRead): string {
  return `${path}:${read.ok ? createHash('sha256').update(read.bytes).digest('hex') : read.code}`;
}

/**
 * Digests of the files a run's output depends on besides the manifest (schema files and `file:` embeds), read the
 * same confined way, up to the larger of the two limits: a change anywhere within what a run may read is seen.
 */
export function digestInputFiles(manifestDir: string, paths: readonly string[]): string[] {
  const root = resolve(manifestDir);
  const limit = Math.max(SCHEMA_LIMITS.fileBytes, MAX_EMBEDDED_FILE_BYTES);
  return paths.map((p) => fileDigest(p, readSchemaFile(root, p, limit)));
}
