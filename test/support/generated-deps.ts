// Generated projects all depend on the same packages. They are installed once into .cache/generated-deps/<hash>
// (reused across runs while the dependency list is unchanged) and each test project links its node_modules there.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { allFeaturePackages, type PackageLists } from '../../generator/model/runtime-features.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every package a generated project may depend on, whatever features it enables (one install serves them all). */
function generatedDependencies(): PackageLists {
  const sdk = JSON.parse(readFileSync(join(ROOT, 'templates', 'project', 'sdk-versions.json'), 'utf8'));
  return allFeaturePackages(sdk);
}

export function depsDir(): string {
  const deps = generatedDependencies();
  const hash = createHash('sha256').update(JSON.stringify(deps)).digest('hex').slice(0, 12);
  return join(ROOT, '.cache', 'generated-deps', hash);
}

export function ensureGeneratedDeps(): string {
  const dir = depsDir();
  if (existsSync(join(dir, '.installed'))) return dir;
  // Several test runs may start at once: each installs into its own folder and the first rename wins.
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    JSON.stringify({ name: 'generated-deps', private: true, type: 'module', ...generatedDependencies() }, null, 2),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: 'inherit' });
  writeFileSync(join(staging, '.installed'), '');
  try {
    if (existsSync(dir) && !existsSync(join(dir, '.installed'))) rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } catch (err) {
    if (!existsSync(join(dir, '.installed'))) throw err;
  }
  rmSync(staging, { recursive: true, force: true });
  return dir;
}

/** Points a generated project's node_modules at the shared install. */
export function linkDeps(projectDir: string): void {
  const link = join(projectDir, 'node_modules');
  const target = join(depsDir(), 'node_modules');
  let current: string | undefined;
  try {
    current = readlinkSync(link);
  } catch {
    // No link yet (or a real folder, which is left alone below).
  }
  if (current === target) return;
  // A link left by a run with another dependency list points at an install that no longer matches (or is gone).
  if (current !== undefined) rmSync(link);
  if (!existsSync(link)) symlinkSync(target, link, 'dir');
}

export function tscBin(): string {
  return join(depsDir(), 'node_modules', 'typescript', 'bin', 'tsc');
}

export function runTsc(projectDir: string, args: string[] = ['--noEmit']): void {
  execFileSync(process.execPath, [tscBin(), '-p', join(projectDir, 'tsconfig.json'), ...args], {
    cwd: projectDir,
    encoding: 'utf8',
    stdio: 'pipe',
  });
}
