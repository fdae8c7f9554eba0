// The key of the last successful run per output folder, kept outside the project because it depends on the
// generator build: committed, it would change with every mcp-gen upgrade. It lives in the user's own cache folder
// ($XDG_CACHE_HOME/mcp-gen or ~/.cache/mcp-gen, mode 0700), never in a shared temp folder that another local user
// could prepare: a folder that is a link, not ours, or open to others turns the shortcut off. Losing a key only costs
// one full run. It sits in core, with node built-ins only, because bin/mcp-gen.js reads it before loading the CLI.
import { chmodSync, closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfined } from './confined-fs.js';
import type { TreeRecord } from './tree-signature.js';

export interface RunRecord {
  key: string;
  /** Schema files the run read (relative to the manifest's folder): the next run's key covers them too. */
  files: string[];
  /** What a run that found nothing to do verified, by stat: lets the next run answer without reading the tree. */
  tree?: TreeRecord;
  /**
   * The last run did not end clean: handlers no longer fit the manifest (exit 3), or it stopped between writing and
   * its verdict. No shortcut answers for the folder then, and the next full run checks the handlers again even when
   * it has nothing to write, so that running the same command on the same tree gives the same verdict.
   */
  unclean?: true;
}

/** Largest record read: a stat signature per project file, ~130 bytes each. */
const MAX_RECORD_BYTES = 32 * 1024 * 1024;

/**
 * The folder run keys are kept in, or undefined when there is none that only this user can write. With
 * `create` false nothing is made or repaired (the read-only up-to-date check): a missing or open folder is none.
 */
export function runCacheDir(env: NodeJS.ProcessEnv = process.env, create = true): string | undefined {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  const dir = join(base, 'mcp-gen', 'runs');
  try {
    if (create) mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const d of [join(base, 'mcp-gen'), dir]) {
      const st = lstatSync(d);
      if (!st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) return undefined;
      if ((st.mode & 0o077) !== 0) {
        if (!create) return undefined;
        chmodSync(d, 0o700);
      }
    }
    return dir;
  } catch {
    return undefined;
  }
}

/**
 * The record's file name: 128 bits of a plain string hash of the folder's path (no crypto module to load for the
 * quick no-op answer). A record found under another folder's name is never used for this one: the run key covers the
 * output folder's package.json and the manifest's path from it, and the stat shortcut checks the folders it is about.
 */
function keyName(outDir: string): string {
  const text = resolve(outDir);
  let [a, b, c, d] = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a];
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    a = b ^ Math.imul(a ^ k, 597399067);
    b = c ^ Math.imul(b ^ k, 2869860233);
    c = d ^ Math.imul(c ^ k, 951274213);
    d = a ^ Math.imul(d ^ k, 2716044179);
  }
  a = Math.imul(c ^ (a >>> 18), 597399067);
  b = Math.imul(d ^ (b >>> 22), 2869860233);
  c = Math.imul(a ^ (c >>> 17), 951274213);
  d = Math.imul(b ^ (d >>> 19), 2716044179);
  return [a ^ b ^ c ^ d, b ^ a, c ^ a, d ^ a].map((n) => (n >>> 0).toString(16).padStart(8, '0')).join('');
}

export function readRunKey(outDir: string, env: NodeJS.ProcessEnv = process.env, create = true): RunRecord | undefined {
  const dir = runCacheDir(env, create);
  if (!dir) return undefined;
  const read = readConfined(dir, keyName(outDir), MAX_RECORD_BYTES);
  if (!read.ok) return undefined;
  const text = read.bytes.toString('utf8');
  // A run without schema files stores the bare key; a record that does not parse only costs one full run.
  if (!text.startsWith('{')) return { key: text, files: [] };
  try {
    const record = JSON.parse(text) as RunRecord;
    return typeof record.key === 'string' &&
      Array.isArray(record.files) &&
      record.files.every((f) => typeof f === 'string') &&
      (record.unclean === undefined || record.unclean === true)
      ? record
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeRunKey(outDir: string, key: string, files: readonly string[] = [], tree?: TreeRecord): void {
  writeRecord(outDir, files.length || tree ? JSON.stringify({ key, files, tree }) : key);
}

/** Records that the folder's last run did not end clean (see RunRecord.unclean): its key matches no run. */
export function writeUncleanRun(outDir: string): void {
  writeRecord(outDir, JSON.stringify({ key: '', files: [], unclean: true } satisfies RunRecord));
}

function writeRecord(outDir: string, text: string): void {
  const dir = runCacheDir();
  if (!dir) return;
  const name = keyName(outDir);
  const tmp = join(dir, `${name}.${process.pid}.${Date.now()}`);
  try {
    const fd = createPrivate(tmp);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(dir, name));
  } catch {
    // An unwritable cache folder only disables the shortcut.
  }
}

/**
 * The file system's clock now (ns), read from a file created for the purpose in the cache folder: file times come
 * from the kernel's coarse clock, which can lag Date.now(). Undefined without a cache folder.
 */
export function fileSystemNow(): bigint | undefined {
  const dir = runCacheDir();
  if (!dir) return undefined;
  const probe = join(dir, `clock.${process.pid}.${Date.now()}`);
  try {
    const fd = createPrivate(probe);
    try {
      return fstatSync(fd, { bigint: true }).mtimeNs;
    } finally {
      closeSync(fd);
      unlinkSync(probe);
    }
  } catch {
    return undefined;
  }
}

/** A new file only this user can read, never one that exists already or a link's target. */
function createPrivate(path: string): number {
  return openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
}
