// The generated Dockerfile, step by step, for real: the build stage installs, compiles and prunes, the runtime stage
// copies only what runs, and its CMD serves MCP over HTTP, which the HEALTHCHECK and a real client then reach. No
// container engine can run here (the base images cannot be pulled), so test/support/dockerfile.ts executes the steps
// in folders standing for each stage's root; the install comes from the npm cache the shared install filled.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instructions, runDockerfile, type Stage } from '../support/dockerfile.js';
import { generateProject } from '../support/project.js';
import { freePort } from '../support/scale-cluster.js';

const HANDLER = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

export const greet: ToolHandler<'greet'> = async (input) => text(\`Hello, \${input.name}!\`);
`;

describe('the generated Dockerfile', () => {
  let port: number;
  let dir: string;
  let stages: Stage[];
  let server: ChildProcess | undefined;
  const app = () => join(stages.at(-1)!.root, 'app');

  beforeAll(async () => {
    port = await freePort();
    dir = generateProject(`version: 1
server: {name: greeter, version: 1.0.0}
transports: {stdio: false, http: {port: ${port}}}
tools:
  greet:
    description: Greets someone.
    inputSchema: {type: object, properties: {name: {type: string}}, required: [name]}
`);
    writeFileSync(join(dir, 'src/handlers/tools/greet.ts'), HANDLER);
    const npm = {
      npm_config_prefer_offline: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
    };
    stages = runDockerfile(readFileSync(join(dir, 'Dockerfile'), 'utf8'), dir, npm);
  }, 600_000);

  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('builds in one stage and runs from a slim Node 24 image as the unprivileged node user', () => {
    expect(stages.map((s) => s.image)).toEqual(['node:24-slim', 'node:24-slim']);
    const [build, run] = stages as [Stage, Stage];
    expect(build.runs.join('\n')).toMatch(/npm (ci|install)[\s\S]*npm run build && npm prune --omit=dev/);
    expect(run).toMatchObject({
      user: 'node',
      workdir: '/app',
      expose: [String(port)],
      env: { NODE_ENV: 'production', MCP_HOST: '0.0.0.0' },
    });
    expect(run.cmd).toEqual(['node', 'dist/main.js', '--transport', 'http']);
  });

  it("gives the app's files to root: the node user that runs the server can read them but not change them", () => {
    const steps = instructions(readFileSync(join(dir, 'Dockerfile'), 'utf8'));
    const runtime = steps.slice(steps.findLastIndex((s) => s.op === 'FROM'));
    const copies = runtime.filter((s) => s.op === 'COPY');
    expect(copies.map((c) => c.args)).toEqual([
      '--from=build /app/package.json ./',
      '--from=build /app/node_modules ./node_modules',
      '--from=build /app/dist ./dist',
    ]);
    // COPY without --chown leaves everything to root; USER comes after the last file is in place.
    expect(runtime.findIndex((s) => s.op === 'USER')).toBeGreaterThan(runtime.lastIndexOf(copies.at(-1)!));
    expect(runtime.some((s) => s.op === 'RUN' && /chown|chmod/.test(s.args))).toBe(false);
    // What COPY carries over: no file or folder that anyone but its owner (root) may write.
    const writable: string[] = [];
    const walk = (path: string) => {
      const stat = lstatSync(path);
      if (!stat.isSymbolicLink() && (stat.mode & 0o022) !== 0) writable.push(path);
      if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(app());
    expect(writable).toEqual([]);
  });

  it('ships the compiled server and production packages only: no sources, no compiler, no test tools', () => {
    expect(existsSync(join(app(), 'dist', 'main.js'))).toBe(true);
    expect(existsSync(join(app(), 'node_modules', '@modelcontextprotocol', 'server', 'package.json'))).toBe(true);
    for (const absent of ['src', 'tsconfig.json', 'node_modules/typescript', 'node_modules/vitest', 'node_modules/tsx'])
      expect(existsSync(join(app(), absent)), absent).toBe(false);
  });

  it('its CMD serves MCP: the HEALTHCHECK passes and a client lists and calls the tool', async () => {
    const run = stages.at(-1)!;
    // The image binds every interface (MCP_HOST=0.0.0.0); servers started by tests listen on loopback only.
    server = spawn(run.cmd![0]!, run.cmd!.slice(1), {
      cwd: app(),
      env: { ...process.env, ...run.env, MCP_HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const health = () => {
      try {
        execFileSync(run.healthcheck![0]!, run.healthcheck!.slice(1), { cwd: app(), stdio: 'ignore', timeout: 5000 });
        return true;
      } catch {
        return false;
      }
    };
    const deadline = Date.now() + 30_000;
    while (!health()) {
      if (Date.now() > deadline) throw new Error('the HEALTHCHECK never passed');
      await new Promise((r) => setTimeout(r, 200));
    }
    const client = new Client({ name: 'docker-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['greet']);
    expect(await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).toMatchObject({
      content: [{ type: 'text', text: 'Hello, Ada!' }],
    });
    await client.close();
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
    server = undefined;
    expect(health()).toBe(false);
  }, 60_000);
});
