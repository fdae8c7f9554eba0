// git, as `diff` runs it: arguments as a list (no shell), output bounded, messages in English whatever the locale,
// since the callers tell "no such revision" from "no such file" by them.
import { execFileSync } from 'node:child_process';

export function git(args: string[], cwd: string, maxBytes: number): Buffer;
export function git(args: string[], cwd: string, maxBytes: number, encoding: 'utf8'): string;
export function git(args: string[], cwd: string, maxBytes: number, encoding?: 'utf8'): Buffer | string {
  return execFileSync('git', args, {
    cwd: cwd || '.',
    encoding,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: maxBytes + 1024 * 1024,
  });
}

/** git's standard error of a failed run, '' when git did not run. */
export function gitStderr(err: unknown): string {
  return String((err as { stderr?: unknown }).stderr ?? '');
}
