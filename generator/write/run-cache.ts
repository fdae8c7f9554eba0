// The key of the last successful run per output folder, kept outside the project because it depends on the
// generator build: committed, it would change with every mcp-gen upgrade. It lives in the user's own cache folder
// ($XDG_CACHE_HOME/mcp-gen or ~/.cache/mcp-gen, mode 0700), never in a shared temp folder that another local user
// could prepare: a folder that is a link, not ours, or open to others turns the shortcut off. Losing a key only costs
// one full run.
import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { readConfined } from '../core/index.js';
import { sha256 } from './project-state.js';

export interface RunRecord {
  key: string;
  /** Schema files the run read (relative to the manifest's folder): the next run's key covers them too. */
  files: string[];
}

/** The folder run keys are kept in, or undefined when there is none that only this user can write. */
export function runCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const base = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  const dir = join(base, 'mcp-gen', 'runs');
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const d of [join(base, 'mcp-gen'), dir]) {
      const st = lstatSync(d);
      if (!st.isDirectory() || (typeof process.getuid === 'function' && st.uid !== process.getuid())) return undefined;
      if ((st.mode & 0o077) !== 0) chmodSync(d, 0o700);
    }
    return dir;
  } catch {
    return undefined;
  }
}

function keyName(outDir: string): string {
  return sha256(resolve(outDir)).slice(0, 32);
}

export function readRunKey(outDir: string): RunRecord | undefined {
  const dir = runCacheDir();
  if (!dir) return undefined;
  const read = readConfined(dir, keyName(outDir), 1024 * 1024);
  if (!read.ok) return undefined;
  const text = read.bytes.toString('utf8');
  // A run without schema files stores the bare key; a record that does not parse only costs one full run.
  if (!text.startsWith('{')) return { key: text, files: [] };
  try {
    const record = JSON.parse(text) as RunRecord;
    return typeof record.key === 'string' && Array.isArray(record.files) && record.files.every((f) => typeof f === 'string')
      ? record
      : undefined;
  } catch {
    return undefined;
  }
}

export function writeRunKey(outDir: string, key: string, files: readonly string[] = []): void {
  const dir = runCacheDir();
  if (!dir) return;
  const name = keyName(outDir);
  const tmp = join(dir, `${name}.${process.pid}.${Date.now()}`);
  try {
    const fd = openSync(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      writeSync(fd, files.length ? JSON.stringify({ key, files }) : key);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, join(dir, name));
  } catch {
    // An unwritable cache folder only disables the shortcut.
  }
}
