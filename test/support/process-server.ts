// A platform's long-lived server process (deno serve, bun run) on a free loopback port, stopped by the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export interface ServerProcess {
  url: string;
  /** Milliseconds from the spawn to the first answer of /healthz. */
  startupMs: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Spawns `command` and polls /healthz until it answers (or the process ends, or 60 s pass). */
export async function startServerProcess(
  command: string,
  args: string[],
  options: { cwd: string; port: number; env?: Record<string, string>; path?: string },
): Promise<ServerProcess> {
  const started = performance.now();
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${options.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited (${child.exitCode}):\n${output}`);
    if (performance.now() - started > 60_000) {
      await stop();
      throw new Error(`${command} did not answer within 60 s:\n${output}`);
    }
    const answered = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `${base}${options.path ?? '/mcp'}`, startupMs: performance.now() - started, stop };
}
