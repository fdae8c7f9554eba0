// The one way every command reads a manifest from disk (validate, generate, check, lint, docs, fmt, diff, watch,
// import --merge). A manifest comes from pull requests, and CI runs mcp-gen on it before anyone reads it: committed as
// a link to /proc/self/environ it would print the CI's environment in an error, as a link to a file outside the
// repository it would quote that file, and a link to /dev/zero or a pipe would never end. So a manifest is read only
// as a regular file inside its project, up to MAX_PROJECT_FILE_BYTES, the way every other project file is
// (core/confined-fs.ts).
//
// Its project is the folder it is in, as named: the folder its schema files and `file:` embeds are confined to
// too. A link in that folder to a file in it (or below it) is followed; a link out of it is refused. A manifest named
// from inside the working directory (the repository a CI job runs in) must also have its folder there by real path:
// a folder committed as a link to elsewhere would make that elsewhere the project.
import { isAscii } from 'node:buffer';
import { realpathSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { type ConfinedRead, escapes, type FolderCache, MAX_PROJECT_FILE_BYTES, readConfined } from './confined-fs.js';

/** Why a manifest was not read: a refusal of the confined reader, or a folder linked out of the working directory. */
export type ManifestRefusal = Extract<ConfinedRead, { ok: false }> | { ok: false; kind: 'linked-folder'; detail: string };

export type ManifestRead = { ok: true; source: string } | ManifestRefusal;

export function readManifestSource(file: string): ManifestRead {
  const full = resolve(file);
  const folder = dirname(full);
  const folders: FolderCache = new Map();
  const cwd = process.cwd();
  if (!escapes(cwd, folder)) {
    try {
      const real = realpathSync.native(folder);
      folders.set(folder, real);
      if (escapes(realpathSync.native(cwd), real)) return { ok: false, kind: 'linked-folder', detail: real };
    } catch {
      // A folder that does not exist: the read below says so.
    }
  }
  const read = readConfined(folder, basename(full), MAX_PROJECT_FILE_BYTES, folders);
  return read.ok ? { ok: true, source: decodeManifest(read.bytes) } : read;
}

/**
 * A manifest's text. Most manifests are ASCII, which latin1 turns into the same text several times faster than the
 * UTF-8 decoder (about 10 ms for a megabyte).
 */
export function decodeManifest(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}
