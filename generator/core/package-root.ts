import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/** The mcp-gen package folder, found the same way from `generator/` (tests) and `dist/generator/` (the CLI). */
export function packageRoot(): string {
  if (cached) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) || !existsSync(join(dir, 'templates'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('mcp-gen: cannot find its own package folder');
    dir = parent;
  }
  cached = dir;
  return dir;
}
