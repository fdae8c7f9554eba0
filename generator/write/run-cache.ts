// The key of the last successful run per output folder, kept outside the project (in the OS temp folder) because it
// depends on the generator build: committed, it would change with every mcp-gen upgrade. Losing it only costs one
// full run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sha256 } from './project-state.js';

export interface RunRecord {
  key: string;
  /** Schema files the run read (relative to the manifest's folder): the next run's key covers them too. */
  files: string[];
}

function keyFile(outDir: string): string {
  return join(tmpdir(), 'mcp-gen-runs', sha256(resolve(outDir)).slice(0, 32));
}

export function readRunKey(outDir: string): RunRecord | undefined {
  let text: string;
  try {
    text = readFileSync(keyFile(outDir), 'utf8');
  } catch {
    return undefined;
  }
  // A run without schema files stores the bare key; a record that does not parse only costs one full run.
  if (!text.startsWith('{')) return { key: text, files: [] };
  try {
    const record = JSON.parse(text) as RunRecord;
    return typeof record.key === 'string' && Array.isArray(record.files) && record.files.every((f) => typeof f === 'string') ? record : undefined;
  } catch {
    return undefined;
  }
}

export function writeRunKey(outDir: string, key: string, files: readonly string[] = []): void {
  try {
    mkdirSync(join(tmpdir(), 'mcp-gen-runs'), { recursive: true });
    writeFileSync(keyFile(outDir), files.length ? JSON.stringify({ key, files }) : key);
  } catch {
    // A read-only temp folder only disables the shortcut.
  }
}
