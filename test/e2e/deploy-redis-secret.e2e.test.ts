// The generated Compose file's Redis, for real: its start script, run by sh as the container would run it (Compose's
// `$$` read as `$`, the secret and the tmpfs mapped to folders, a loopback port added), against the installed
// redis-server. Redis refuses to start without a password and asks every client for it; the generated server reads
// it from the secret file (MCP_STORE_PASSWORD_FILE) and serves, and without it, or with a wrong one, says not ready.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProject, generateProject, tempDir } from '../support/project.js';
import { binary, freePort } from '../support/scale-cluster.js';

const MANIFEST = `version: 1
server: {name: guarded, version: 1.0.0}
transports: {stdio: false, http: true}
scale: {store: redis}
deploy: {compose: true, replicas: 2}
tools:
  ping: {description: Answers pong to show the server is up.}
`;
const KEY = 'a-request-state-key-of-at-least-32-bytes-0123456789';
// Characters a URL must escape: the server puts the password into MCP_STORE_URL itself.
const PASSWORD = 'Zx@:/%?&+=#1f9e';

const missing = !binary('redis-server') || !binary('redis-cli');
if (missing) console.warn('compose Redis e2e skipped: redis-server not installed (.ci/run installs it)');

/** A PING without credentials: Redis's first line of answer. */
function anonymousPing(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.once('error', reject);
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().trim());
    });
  });
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(missing)('compose.yaml: Redis with a password from a secret', () => {
  let dir: string;
  let compose: { services: { redis: { command: string[]; healthcheck: { test: string[] } } } };
  const root = tempDir('mcp-gen-container-');
  const secrets = join(root, 'run-secrets');
  const tmpfs = join(root, 'tmp');
  const children: ChildProcess[] = [];

  /** The redis service's script as the container's sh would run it, with its paths mapped under `root`. */
  const mapped = (text: string, port: number) =>
    text
      .replaceAll('$$', '$')
      .replaceAll('/tmp/', `${tmpfs}/`)
      .replaceAll('/run/secrets/', `${secrets}/`)
      .replace(/^exec redis-server (\S+)$/m, `exec redis-server $1 --port ${port} --bind 127.0.0.1 --dir ${root}`);

  beforeAll(() => {
    dir = generateProject(MANIFEST);
    buildProject(dir);
    compose = parse(readFileSync(join(dir, 'deploy', 'compose.yaml'), 'utf8'));
    mkdirSync(secrets);
    mkdirSync(tmpfs);
  }, 300_000);

  afterAll(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  function server(env: Record<string, string>) {
    return freePort().then((port) => {
      const child = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', String(port)], {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { PATH: process.env.PATH, MCP_REQUEST_STATE_KEY: KEY, ...env },
      });
      children.push(child);
      let stderr = '';
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      return { port, child, exited, stderr: () => stderr, url: `http://127.0.0.1:${port}` };
    });
  }

  it('refuses to start Redis when the secret is empty', () => {
    writeFileSync(join(secrets, 'redis_password'), '');
    const [shell, flag, script] = compose.services.redis.command;
    const run = spawnSync(shell!, [flag!, mapped(script!, 1)], { encoding: 'utf8', timeout: 10_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('redis: the redis_password secret is empty: set REDIS_PASSWORD\n');
  });

  it('starts Redis with the password, which every client must give; the healthcheck gives it', async () => {
    writeFileSync(join(secrets, 'redis_password'), `${PASSWORD}\n`);
    const port = await freePort();
    const [shell, flag, script] = compose.services.redis.command;
    const redis = spawn(shell!, [flag!, mapped(script!, port)], { stdio: 'ignore' });
    children.push(redis);
    await until(async () => (await anonymousPing(port)).length > 0, 'redis-server');
    expect(await anonymousPing(port)).toMatch(/^-NOAUTH Authentication required/);
    // The config written from the secret is readable by its owner only (umask 077).
    expect(spawnSync('stat', ['-c', '%a', join(tmpfs, 'redis.conf')], { encoding: 'utf8' }).stdout.trim()).toBe('600');
    const health = compose.services.redis.healthcheck.test;
    expect(health[0]).toBe('CMD-SHELL');
    const probe = (text: string) =>
      spawnSync('sh', ['-c', mapped(text, port).replace('redis-cli', `redis-cli -p ${port}`)], { timeout: 10_000 }).status;
    expect(probe(health[1]!)).toBe(0);
    expect(probe(health[1]!.replace(/REDISCLI_AUTH="[^"]*" /, ''))).toBe(1);

    const store = `redis://127.0.0.1:${port}/0`;
    // The generated server, given the secret file as the Compose file gives it, is ready and serves.
    const good = await server({ MCP_STORE_URL: store, MCP_STORE_PASSWORD_FILE: join(secrets, 'redis_password') });
    await until(async () => (await fetch(`${good.url}/readyz`)).status === 200, `ready:\n${good.stderr()}`);
    const client = new Client({ name: 'guarded', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${good.url}/mcp`)));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['ping']);
    await client.close();

    // Without the password, or with another one, the store does not answer it: not ready, and no crash.
    writeFileSync(join(secrets, 'wrong'), 'not-the-password');
    for (const env of [{ MCP_STORE_URL: store }, { MCP_STORE_URL: store, MCP_STORE_PASSWORD_FILE: join(secrets, 'wrong') }]) {
      const bad = await server(env);
      await until(async () => (await fetch(`${bad.url}/healthz`)).status === 200, `healthz:\n${bad.stderr()}`);
      expect((await fetch(`${bad.url}/readyz`)).status).toBe(503);
      expect(bad.child.exitCode).toBeNull();
      bad.child.kill('SIGKILL');
    }
  }, 60_000);

  it('a password file that cannot be read or is empty stops the server at start, in one line naming it', async () => {
    writeFileSync(join(secrets, 'empty'), '\n');
    for (const [file, message] of [
      [join(secrets, 'absent'), /^MCP_STORE_PASSWORD_FILE: cannot read .*absent \(ENOENT\)$/],
      [join(secrets, 'empty'), /^MCP_STORE_PASSWORD_FILE: .*empty is empty$/],
    ] as const) {
      const started = await server({ MCP_STORE_URL: 'redis://127.0.0.1:1/0', MCP_STORE_PASSWORD_FILE: file });
      expect(await started.exited).toBe(1);
      expect(started.stderr().trim().split('\n')).toHaveLength(1);
      expect(started.stderr().trim()).toMatch(message);
    }
  });
});
