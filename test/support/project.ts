// Builds generated projects the way a user would (generate, tsc) and serves them to real SDK clients over
// real transports: stdio child processes and HTTP on a loopback port.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { linkDeps, runTsc } from './generated-deps.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'bin', 'mcp-gen.js');

export type Era = 'legacy' | 'modern';

export function tempDir(prefix = 'mcp-gen-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], cwd = ROOT): CliResult {
  // stderr is kept on success too: notes and advice go there while the run succeeds.
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

/** Generates a project from manifest text into a fresh folder; throws with the CLI's output on failure. */
export function generateProject(manifest: string, dir = tempDir()): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mcp.yaml'), manifest);
  const r = runCli(['generate', '-m', join(dir, 'mcp.yaml')]);
  if (r.code !== 0) throw new Error(`generate failed (${r.code}):\n${r.stderr}${r.stdout}`);
  return dir;
}

/** Copies a checked-in example (without build output) into a fresh folder. */
export function copyExample(name: string): string {
  const dir = tempDir(`mcp-gen-${name}-`);
  cpSync(join(ROOT, 'examples', name), dir, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|dist)$/.test(src),
  });
  return dir;
}

/**
 * The project's own build (`tsc -p tsconfig.json`, strict): it type-checks everything it emits. Throws with the
 * compiler's output on error. A project with MCP Apps views gets them built too (`npm run build` does both), since the
 * server does not start without them.
 */
export function buildProject(dir: string): void {
  linkDeps(dir);
  try {
    runTsc(dir, []);
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed in ${dir}:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  if (existsSync(join(dir, 'scripts', 'build-views.mjs'))) buildViewsCached(dir);
}

/**
 * `npm run build:views` (vite, a second or more per view), kept under .cache/built-views by the digest of what it
 * reads: the script (which lists the views) and the views' folders. Many tests build the same example.
 */
export function buildViewsCached(dir: string): void {
  const script = readFileSync(join(dir, 'scripts', 'build-views.mjs'));
  const hash = createHash('sha256').update(script);
  const folders = [...script.toString().matchAll(/"source": "([^"]+)"/g)].map((m) => m[1]);
  for (const folder of folders) {
    for (const file of readdirSync(join(dir, folder), { recursive: true }).map(String).sort()) {
      const path = join(dir, folder, file);
      try {
        hash.update(file).update(readFileSync(path));
      } catch {
        // A folder: its files are listed too.
      }
    }
  }
  const cached = join(ROOT, '.cache', 'built-views', hash.digest('hex').slice(0, 16));
  if (!existsSync(cached)) {
    const r = spawnSync(process.execPath, [join(dir, 'scripts', 'build-views.mjs')], { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build:views failed in ${dir}:\n${r.stdout}${r.stderr}`);
    const staging = `${cached}.staging-${process.pid}`;
    cpSync(join(dir, 'dist', 'ui'), staging, { recursive: true });
    try {
      renameSync(staging, cached);
    } catch {
      rmSync(staging, { recursive: true, force: true }); // another run kept the same build first
    }
  }
  cpSync(cached, join(dir, 'dist', 'ui'), { recursive: true });
}

/** What a host that renders MCP Apps views advertises (in initialize, or in each 2026-07-28 request). */
export const UI_CAPABILITIES = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

export interface ClientOptions {
  /** Advertise UI_CAPABILITIES: a host that renders MCP Apps views. */
  ui?: boolean;
}

function newClient(era: Era, options: ClientOptions = {}): Client {
  return new Client(
    { name: `e2e-${era}`, version: '1.0.0' },
    {
      ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}),
      ...(options.ui ? { capabilities: UI_CAPABILITIES } : {}),
    },
  );
}

export async function connectStdio(dir: string, era: Era, args: string[] = [], options: ClientOptions = {}): Promise<Client> {
  const client = newClient(era, options);
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [join(dir, 'dist', 'main.js'), ...args], cwd: dir, stderr: 'pipe' }),
  );
  return client;
}

export interface RunningHttp {
  url: string;
  child: ChildProcess;
  stop(): Promise<number | null>;
}

/** Starts the built server with `--transport http --port 0` and waits for it to print its URL. */
export function startHttpServer(dir: string, extraArgs: string[] = []): Promise<RunningHttp> {
  const child = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', '0', ...extraArgs], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolvePromise, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${err}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /(http:\/\/[^\s"]+)/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      resolvePromise({
        url: m[1],
        child,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done(child.exitCode);
            child.once('exit', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${err}`));
    });
  });
}

export async function connectHttp(url: string, era: Era, options: ClientOptions = {}): Promise<Client> {
  const client = newClient(era, options);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/**
 * A checked-in example in a fresh folder, regenerated (which must change nothing: the example is exactly the
 * generator's output plus implemented handlers) and built.
 */
export function prepareExample(name: string): string {
  const dir = copyExample(name);
  const regen = runCli(['generate', '-m', join(dir, 'mcp.yaml')]);
  if (regen.code !== 0 || !/^up to date|^created 0, updated 0, unchanged \d+ in/m.test(regen.stdout)) {
    throw new Error(`examples/${name} is stale: run mcp-gen generate -m examples/${name}/mcp.yaml\n${regen.stdout}${regen.stderr}`);
  }
  buildProject(dir);
  return dir;
}
