// The key of the last successful run per output folder, kept outside the project (in the OS temp folder) because it
// depends on the generator build: committed, it would change with every mcp-gen upgrade. Losing it only costs one
// full run.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sha256 } from './project-state.js';

function keyFile(outDir: string): string {
  return join(tmpdir(), 'mcp-gen-runs', sha256(resolve(outDir)).slice(0, 32));
}

export function readRunKey(outDir: string): string | undefined {
  try {
    return readFileSync(keyFile(outDir), 'utf8');
  } catch {
    return undefined;
  }
}

export function writeRunKey(outDir: string, key: string): void {
  try {
    mkdirSync(join(tmpdir(), 'mcp-gen-runs'), { recursive: true });
    writeFileSync(keyFile(outDir), key);
  } catch {
    // A read-only temp folder only disables the shortcut.
  }
}
