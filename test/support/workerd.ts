// workerd through miniflare, started once per suite in a Node 22 child process (test/support/workerd-host.mjs).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runtimesDir } from './platform-runtimes.js';

export interface WorkerConfig {
  name: string;
  scriptPath: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
  bindings?: Record<string, string>;
  routes?: string[];
}

export interface Workerd {
  url: string;
  /** Milliseconds from creating the runtime to the first answer. */
  startupMs: number;
  /** Restarts with another upstream: the Host header (and URL) the Workers see. */
  upstream(url: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startWorkerd(workers: WorkerConfig[], upstream?: string): Promise<Workerd> {
  const child: ChildProcess = spawn(
    'npx',
    ['-y', '-p', 'node@22', 'node', join(import.meta.dirname, 'workerd-host.mjs'), runtimesDir(), JSON.stringify({ workers, upstream })],
    { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => {
    if (line.startsWith('ready ')) waiting.shift()?.(line);
  });
  const ready = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`workerd host exited (${code}):\n${stderr}`)));
    });
  const [, url, ms] = (await ready()).split(' ');
  return {
    url,
    startupMs: Number(ms),
    async upstream(next) {
      const answered = ready();
      child.stdin!.write(`upstream ${next}\n`);
      await answered;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
