// A real scaled deployment on loopback: redis-server, N replicas of a generated server (scale.store redis) and
// nginx in front, each on a free port, all stopped by the test that started them.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function binary(name: string): string | undefined {
  for (const dir of ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin', ...(process.env.PATH ?? '').split(':')]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode);
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', (code) => {
      clearTimeout(force);
      done(code);
    });
    child.kill(signal);
  });
}

export class RedisServer {
  child?: ChildProcess;
  constructor(
    readonly port: number,
    readonly dir: string,
    /** More redis-server options, e.g. ['--maxmemory', '4mb', '--maxmemory-policy', 'noeviction']. */
    readonly extra: string[] = [],
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    this.child = spawn(
      binary('redis-server')!,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--dir',
        this.dir,
        ...this.extra,
      ],
      { stdio: 'ignore' },
    );
    await waitFor(async () => {
      const { Socket } = await import('node:net');
      return new Promise<boolean>((resolve) => {
        const s = new Socket();
        s.once('error', () => resolve(false));
        s.connect(this.port, '127.0.0.1', () => {
          s.write('PING\r\n');
          s.once('data', (d) => {
            s.destroy();
            resolve(d.toString().startsWith('+PONG'));
          });
        });
      });
    }, 'redis-server');
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child);
    this.child = undefined;
  }
}

export class Replica {
  child?: ChildProcess;
  stderr = '';
  exits: (number | null)[] = [];
  constructor(
    readonly dir: string,
    readonly port: number,
    readonly name: string,
    readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, [join(this.dir, 'dist', 'main.js'), '--transport', 'http', '--port', String(this.port)], {
      cwd: this.dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...this.env, MCP_REPLICA_ID: this.name },
    });
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    child.once('exit', (code) => this.exits.push(code));
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${this.port}/readyz`)).status === 200,
      `replica ${this.name}:\n${this.stderr}`,
      60_000,
    );
  }

  /** SIGTERM, and the exit code: a clean drain exits 0. */
  async stop(): Promise<number | null> {
    if (!this.child) return null;
    const code = await stopChild(this.child);
    this.child = undefined;
    return code;
  }
}

export class Nginx {
  child?: ChildProcess;
  /** `generated`: a project's deploy/nginx.conf, run as it is but for addresses and paths (see loopbackFromGenerated). */
  constructor(
    readonly port: number,
    readonly dir: string,
    readonly upstreams: number[],
    readonly generated?: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/mcp`;
  }

  async start(): Promise<void> {
    mkdirSync(join(this.dir, 'logs'), { recursive: true });
    const conf = join(this.dir, 'nginx.conf');
    writeFileSync(
      conf,
      this.generated === undefined
        ? loopbackNginxConf(this.port, this.upstreams, this.dir)
        : loopbackFromGenerated(this.generated, this.port, this.upstreams, this.dir),
    );
    execFileSync(binary('nginx')!, ['-t', '-q', '-p', this.dir, '-c', conf], { stdio: 'pipe' });
    this.child = spawn(binary('nginx')!, ['-p', this.dir, '-c', conf], { stdio: 'ignore' });
    await waitFor(async () => (await fetch(`http://127.0.0.1:${this.port}/healthz`)).status === 200, 'nginx');
  }

  async stop(): Promise<void> {
    if (this.child) await stopChild(this.child, 'SIGQUIT');
    this.child = undefined;
  }
}

/** The settings of the generated deploy/nginx.conf, with loopback upstreams and paths under `dir` (no root). */
export function loopbackNginxConf(port: number, upstreams: number[], dir: string): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=5s;`).join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://mcp;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

/**
 * A generated deploy/nginx.conf made to run on loopback without root: the Compose service `app` becomes the given
 * upstream ports, the listener a loopback port, and the pid file, temporary files and logs go under `dir`. Every
 * proxying directive stays as generated.
 */
export function loopbackFromGenerated(generated: string, port: number, upstreams: number[], dir: string): string {
  const server = /^(\s*)server app:\d+(.*)$/m.exec(generated);
  if (!server) throw new Error('no `server app:PORT` line in the generated nginx.conf');
  const text = generated
    .replace(server[0], upstreams.map((p) => `${server[1]}server 127.0.0.1:${p}${server[2]}`).join('\n'))
    .replace(/^\s*listen \d+;$/m, `    listen 127.0.0.1:${port};`)
    .replace(/^\s*(pid|\w+_temp_path|access_log|error_log) [^;]*;\n/gm, '');
  const paths = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
  return `daemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/logs/error.log warn;\n${text.replace(
    /^http \{$/m,
    `http {\n  access_log off;\n${paths}`,
  )}`;
}
