// BASE and HEAD of `mcp-gen diff` are manifest files or git revisions. A revision is read with `git show`, from
// the object database: nothing is checked out and the working tree is never touched. Schema files the manifest
// refers to (schemaFiles: true) are read from the same place as the manifest: the same revision, or the disk.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { workingTreeFiles, type SchemaFileSource } from '../load/index.js';
import { schemaFilesAtRev } from './schema-files-at-rev.js';

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
 * revision, which names `manifest` as it was at that revision. An existing file wins over a revision of the same name.
 */
export function readManifestSpec(spec: string, manifest: string): ReadResult {
  if (existsSync(spec) && statSync(spec).isFile())
    return { ok: true, text: { label: spec, path: spec, source: readFileSync(spec, 'utf8'), files: workingTreeFiles(dirname(spec)) } };
  const colon = spec.indexOf(':');
  if (colon > 0)
    return gitShow(spec.slice(0, colon), spec.slice(colon + 1), process.cwd(), spec, spec.slice(colon + 1).replace(/^\.\//, ''));
  return gitShow(spec, `./${basename(manifest)}`, dirname(manifest), `${spec}:${manifest}`, manifest);
}

export function readManifestFile(file: string): ReadResult {
  if (!existsSync(file) || !statSync(file).isFile()) {
    return { ok: false, message: `${file}: file not found`, hint: 'pass the manifest with -m PATH' };
  }
  return { ok: true, text: { label: file, path: file, source: readFileSync(file, 'utf8'), files: workingTreeFiles(dirname(file)) } };
}

function gitShow(rev: string, path: string, cwd: string, label: string, file: string): ReadResult {
  try {
    const source = execFileSync('git', ['show', `${rev}:${path}`], {
      cwd: cwd || '.',
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
    return { ok: true, text: { label, path: file, source, files: schemaFilesAtRev(rev, path, cwd) } };
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      return { ok: false, message: `cannot read ${label}: git is not installed`, hint: 'install git, or pass BASE and HEAD as files' };
    const stderr = String(e.stderr ?? '');
    if (/not a git repository/i.test(stderr)) {
      return {
        ok: false,
        message: `'${rev}' is neither a file nor a git revision (${cwd || '.'} is not inside a git repository)`,
        hint: 'pass BASE and HEAD as manifest files, or run inside the repository',
      };
    }
    if (/does not exist in|exists on disk, but not in/.test(stderr)) {
      return {
        ok: false,
        message: `${label}: the manifest does not exist at revision ${rev}`,
        hint: 'a manifest added on this branch has no BASE: compare against a revision that has it',
      };
    }
    if (/invalid object name|unknown revision|bad revision|ambiguous argument/i.test(stderr)) {
      return {
        ok: false,
        message: `'${rev}' is neither a file nor a git revision`,
        hint: 'name a manifest file, a branch, a tag or a commit (e.g. main, HEAD~1, origin/main)',
      };
    }
    return { ok: false, message: `cannot read ${label}: ${stderr.trim().split('\n')[0] || e.message}` };
  }
}
