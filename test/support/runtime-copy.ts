// Runtime templates loaded as a generated project has them: the files import their siblings by their generated names
// (./limits.gen.js) and the SDK, so the test copies are named that way, beside the generated projects' shared
// node_modules.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { linkDeps } from './generated-deps.js';
import { ROOT } from './project.js';

/**
 * Copies the named runtime files into a folder of `.cache/runtime-src` of their own (test files run in parallel, and
 * one must not import a file another is writing) and returns the path to import each one from.
 */
export function runtimeCopies(names: readonly string[]): (name: string) => string {
  const dir = join(ROOT, '.cache', 'runtime-src', names.join('+'));
  mkdirSync(dir, { recursive: true });
  linkDeps(dir);
  for (const name of names) copyFileSync(join(ROOT, 'templates', 'runtime', `${name}.ts`), join(dir, `${name}.gen.ts`));
  return (name) => join(dir, `${name}.gen.ts`);
}
