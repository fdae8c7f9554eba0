// Timing helpers: every figure is the median of several runs in fresh processes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;
export const CLI = join(ROOT, 'bin', 'mcp-gen.js');

/**
 * The environment of every timed run: this one without NODE_EXTRA_CA_CERTS. With it, each Node start parses a
 * certificate bundle (about 45 ms on the bench machine, where the sandbox sets it for its npm proxy); none of the
 * timed commands opens a TLS connection, and a user's machine rarely sets it. Set BENCH_KEEP_CA_CERTS=1 to keep it.
 */
export const TIMED_ENV = process.env.BENCH_KEEP_CA_CERTS
  ? { ...process.env }
  : Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_EXTRA_CA_CERTS'));

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/**
 * Wall time of `node bin/mcp-gen.js ...args` (process start included), median of `runs`; `before` runs untimed.
 * Each run starts on a settled disk: without `sync`, the kernel's write-back of the previous run's 2,000 files (and
 * of `before`'s deletions) lands in the next run and doubles its time on this machine.
 */
export function timeCli(args, { runs = 5, cwd = ROOT, before } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    before?.(i);
    spawnSync('sync');
    const start = performance.now();
    const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 28, env: TIMED_ENV });
    times.push(performance.now() - start);
    if (r.status !== 0 && r.status !== 3 && !args.includes('diff'))
      throw new Error(`mcp-gen ${args.join(' ')} exited ${r.status}:\n${r.stderr.slice(0, 2000)}`);
  }
  return median(times);
}

/** Peak resident set size (MB) of one CLI run, read by a preloaded probe at exit. */
export function peakRssMb(args, cwd = ROOT) {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-gen-rss-'));
  const out = join(dir, 'rss');
  const r = spawnSync(process.execPath, ['--require', join(ROOT, 'bench', 'rss-probe.cjs'), CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, RSS_OUT: out },
  });
  if (r.status !== 0) throw new Error(`mcp-gen ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  const kb = Number(readFileSync(out, 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return kb / 1024;
}

export function timeCommand(command, args, { runs = 3, cwd = ROOT, env = TIMED_ENV } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync(command, args, { cwd, encoding: 'utf8', env });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${(r.stdout + r.stderr).slice(0, 2000)}`);
  }
  return median(times);
}

export const fmtMs = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
