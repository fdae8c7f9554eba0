// BASE and HEAD of `mcp-gen diff` are manifest files or git revisions. A file is read as every command reads a
// manifest (core/manifest-file.ts); a revision from the object database, by the same rules (schema-files-at-rev.ts):
// nothing is checked out and the working tree is never touched. Schema files the manifest refers to
// (schemaFiles: true) are read from the same place as the manifest: the same revision, or the disk.
import { lstatSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { type ConfinedRead, decodeManifest, MAX_PROJECT_FILE_BYTES } from '../core/index.js';
import { readManifestText, unreadableManifest, workingTreeFiles, type SchemaFileSource } from '../load/index.js';
import { git, gitStderr } from './git.js';
import { folderAtRev, schemaFilesAtRev } from './schema-files-at-rev.js';

export interface ManifestText {
  /** How reports name this side: the file, or `REV:path`. */
  label: string;
  /** The manifest's path in the working tree (for annotations on a pull request's files). */
  path: string;
  source: string;
  /** Where its schema files are read from: its folder on disk, or its folder at the same revision. */
  files?: SchemaFileSource;
}

export type ReadResult = { ok: true; text: ManifestText } | { ok: false; message: string; hint?: string };

/**
 * `spec` is a file path, `REV:path` (git's own syntax, path from the repository root or `./`-relative), or a bare
 * revision, which names `manifest` as it was at that revision. Anything at a path of that name but a folder (a file,
 * a link, a pipe) is taken for the file, and read as a manifest is or refused with the reason.
 */
export function readManifestSpec(spec: string, manifest: string): ReadResult {
  if (isFileEntry(spec)) return readManifestFile(spec);
  const colon = spec.indexOf(':');
  if (colon > 0)
    return readAtRev(spec.slice(0, colon), spec.slice(colon + 1), process.cwd(), spec, spec.slice(colon + 1).replace(/^\.\//, ''));
  return readAtRev(spec, `./${basename(manifest)}`, dirname(manifest), `${spec}:${manifest}`, manifest);
}

export function readManifestFile(file: string): ReadResult {
  const read = readManifestText(file);
  if (!read.ok) return { ok: false, message: `${file}: ${read.message}`, hint: read.hint };
  return { ok: true, text: { label: file, path: file, source: read.source, files: workingTreeFiles(dirname(file)) } };
}

function isFileEntry(path: string): boolean {
  try {
    return !lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}

function readAtRev(rev: string, path: string, cwd: string, label: string, file: string): ReadResult {
  // git reads an argument that starts with `-` as an option (`--output=FILE` makes `git show` write FILE) and no
  // revision starts with one. Refused here, and passed after --end-of-options below all the same.
  if (rev.startsWith('-'))
    return {
      ok: false,
      message: `'${rev}' is neither a file nor a git revision (a revision never starts with -)`,
      hint: 'name a manifest file, a branch, a tag or a commit (e.g. main, HEAD~1, origin/main)',
    };
  try {
    git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{tree}`], cwd, 1024);
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'ENOENT')
      return { ok: false, message: `cannot read ${label}: git is not installed`, hint: 'install git, or pass BASE and HEAD as files' };
    if (/not a git repository/i.test(gitStderr(err)))
      return {
        ok: false,
        message: `'${rev}' is neither a file nor a git revision (${cwd || '.'} is not inside a git repository)`,
        hint: 'pass BASE and HEAD as manifest files, or run inside the repository',
      };
    return {
      ok: false,
      message: `'${rev}' is neither a file nor a git revision`,
      hint: 'name a manifest file, a branch, a tag or a commit (e.g. main, HEAD~1, origin/main)',
    };
  }
  let read: ConfinedRead;
  try {
    read = folderAtRev(rev, path, cwd).read(posixBasename(path), MAX_PROJECT_FILE_BYTES);
  } catch (err) {
    return { ok: false, message: `cannot read ${label}: ${gitStderr(err).trim().split('\n')[0] || (err as Error).message}` };
  }
  if (read.ok)
    return { ok: true, text: { label, path: file, source: decodeManifest(read.bytes), files: schemaFilesAtRev(rev, path, cwd) } };
  if (read.kind === 'missing')
    return {
      ok: false,
      message: `${label}: the manifest does not exist at revision ${rev}`,
      hint: 'a manifest added on this branch has no BASE: compare against a revision that has it',
    };
  const why = unreadableManifest(label, read);
  return { ok: false, message: `${label}: ${why.message}`, hint: why.hint };
}

/** The last name of a path in git's `REV:path` syntax (always forward slashes). */
function posixBasename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
