// What the server comparison runs against, kept out of the product's dependencies: tmcp, the SDK's Node adapter for
// the hand-written server, and their types, pinned in bench/servers/peers.json and installed once into
// bench/.cache/peers-<hash>; and the CLI of an earlier commit (BENCH_SERVER_REFS), built next to this checkout, to
// measure the generated server as it was.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.mjs';

/** The pinned peers' install (node_modules inside), installed on first use. */
export function peersDir() {
  const manifest = readFileSync(join(ROOT, 'bench', 'servers', 'peers.json'), 'utf8');
  const dir = join(ROOT, 'bench', '.cache', `peers-${createHash('sha256').update(manifest).digest('hex').slice(0, 12)}`);
  if (existsSync(join(dir, '.installed'))) return dir;
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), manifest);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: staging, stdio: 'inherit' });
  writeFileSync(join(staging, '.installed'), '');
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return dir;
}

/**
 * The CLI as it was at `ref`, built in `work` with this checkout's dependencies, and the generated projects'
 * dependency install of that commit (its own list; shared with this checkout's cache).
 */
export async function cliAt(ref, work) {
  const dir = join(work, `cli-${ref.replace(/[^\w.-]/g, '_')}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('sh', ['-c', `git -C "${ROOT}" archive "${ref}" | tar -x -C "${dir}"`]);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, '.cache'), { recursive: true });
  symlinkSync(realpathSync(join(ROOT, '.cache', 'generated-deps')), join(dir, '.cache', 'generated-deps'), 'dir');
  execFileSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')]);
  execFileSync(process.execPath, [join(dir, 'scripts', 'finish-build.mjs')], { cwd: dir });
  const { ensureGeneratedDeps } = await import(join(dir, 'test', 'support', 'generated-deps.ts'));
  return { cli: join(dir, 'bin', 'mcp-gen.js'), deps: ensureGeneratedDeps() };
}
