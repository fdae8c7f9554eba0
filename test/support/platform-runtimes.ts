// The platforms' runtimes and build tools the tests run generated projects on: workerd (through miniflare), Deno and
// Bun from the npm registry, and esbuild to bundle an entry as the platforms' own tools do. They are large (about
// 400 MB) and no generated project depends on them, so they live in their own cache, installed once per pin list,
// apart from the generated projects' shared install.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The pins the runtime tests were proven with (miniflare 4.20260730 bundles workerd 1.20260730.1: dates up to 2026-08-06). */
export const PLATFORM_RUNTIMES: Readonly<Record<string, string>> = {
  bun: '1.4.5',
  deno: '2.9.6',
  esbuild: '0.28.2',
  miniflare: '4.20260730.0',
};

export function runtimesDir(): string {
  const hash = createHash('sha256').update(JSON.stringify(PLATFORM_RUNTIMES)).digest('hex').slice(0, 12);
  return join(ROOT, '.cache', 'platform-runtimes', hash);
}

/** Installs the runtimes once (concurrent runs each stage their own folder; the first rename wins). */
export function ensurePlatformRuntimes(): string {
  const dir = runtimesDir();
  if (existsSync(join(dir, '.installed'))) return dir;
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(
    join(staging, 'package.json'),
    JSON.stringify({ name: 'platform-runtimes', private: true, type: 'module', dependencies: PLATFORM_RUNTIMES }, null, 2),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: 'inherit' });
  writeFileSync(join(staging, '.installed'), '');
  try {
    renameSync(staging, dir);
  } catch (err) {
    if (!existsSync(join(dir, '.installed'))) throw err;
  }
  rmSync(staging, { recursive: true, force: true });
  return dir;
}

/** A binary of the install (`deno`, `bun`). */
export function runtimeBin(name: string): string {
  return join(runtimesDir(), 'node_modules', '.bin', name);
}
