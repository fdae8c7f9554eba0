// The weather example's Deno and Bun entries on the real runtimes (from npm), each a long-lived process as the
// generated scripts start it: real SDK clients in both eras (2025-era sessions kept in the process), the localhost
// rules of local serving, an oversized body refused, the auth project's token checked, and what the one process keeps:
// limit counters, subscribers, and tasks whose handlers run on past their request.
import { readFileSync } from 'node:fs';
import { buildProject, generateProject } from '../support/project.js';
import { writeToolHandler } from '../support/platform-projects.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authProject,
  connect,
  exerciseAuth,
  exerciseBothEras,
  expectForeign,
  postOversized,
  postWithHost,
  TOKEN,
  weatherProject,
} from '../support/platform-checks.js';
import { fromJsonSchema } from '@modelcontextprotocol/client';
import { ensurePlatformRuntimes, runtimeBin, runtimesDir } from '../support/platform-runtimes.js';
import { freePort, startServerProcess, type ServerProcess } from '../support/process-server.js';

type Runtime = 'deno' | 'bun';
let weatherDir: string;
let guardedDir: string;
let statefulDir: string;
let manifest: any;
const running: ServerProcess[] = [];

/** The generated package.json's start:<runtime> script (its runtime command), on a port of the test's. */
async function serve(runtime: Runtime, dir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const script: string = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts[`start:${runtime}`];
  // The project is built already: the runtime's own command, after `npm run build &&` when there is one.
  const [command, ...args] = script
    .replace(/^npm run build && /, '')
    .replace('--port 3000', `--port ${port}`)
    .split(' ');
  expect(command).toBe(runtime);
  const server = await startServerProcess(runtimeBin(runtime), args, {
    cwd: dir,
    port,
    env: { MCP_PORT: String(port), DENO_DIR: join(runtimesDir(), '.deno-dir'), DENO_NO_UPDATE_CHECK: '1', ...env },
  });
  running.push(server);
  return server;
}

beforeAll(() => {
  ensurePlatformRuntimes();
  const weather = weatherProject();
  weatherDir = weather.dir;
  manifest = weather.manifest;
  guardedDir = authProject();
  statefulDir = statefulProject();
}, 180_000);

/** What a long-lived process keeps: a rate limit's count, the subscribers of a resource, and tasks. */
function statefulProject(): string {
  const dir = generateProject(`version: 1
server: {name: stateful, version: 1.0.0}
targets: [node, deno, bun]
transports: {stdio: false, http: {path: /mcp}}
capabilities: {resources: {subscribe: true}}
resources:
  counter:
    uri: counter://1
    text: '0'
tools:
  bump:
    description: Says that the counter changed
  limited:
    description: Two calls a minute
    policy: {rateLimit: {requests: 2, windowMs: 60000}}
  crunch:
    description: Works through some steps as a task
    inputSchema:
      type: object
      properties:
        steps: {type: integer, minimum: 0}
        stepMs: {type: integer, minimum: 0}
      required: [steps, stepMs]
    execution: {taskSupport: optional}
`);
  const handler = (name: string, body: string) => writeToolHandler(dir, name, body);
  handler('bump', " ctx.notify.resourceUpdated('counter://1'); return text('bumped'); ");
  handler('limited', " return text('ok'); ");
  // The steps wait on timers, so the handler runs on after tools/call has answered with the task; a cancel ends it.
  handler(
    'crunch',
    ` for (let step = 1; step <= input.steps; step++) {
    await new Promise((r) => setTimeout(r, input.stepMs));
    if (ctx.signal.aborted) throw ctx.signal.reason;
    await ctx.progress(step, input.steps, \`step \${step}\`);
  }
  return text(\`crunched \${input.steps} as \${ctx.task.id ?? 'a request'}\`); `,
  );
  buildProject(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

describe.each(['deno', 'bun'] as const)('%s: the weather example', (runtime) => {
  let weather: ServerProcess;
  let guarded: ServerProcess;
  let stateful: ServerProcess;

  beforeAll(async () => {
    [weather, guarded, stateful] = await Promise.all([
      serve(runtime, weatherDir),
      serve(runtime, guardedDir, { MCP_TOKEN: TOKEN }),
      serve(runtime, statefulDir),
    ]);
  }, 120_000);

  it('its script in package.json is the command run here', () => {
    const scripts = JSON.parse(readFileSync(join(weatherDir, 'package.json'), 'utf8')).scripts;
    expect(scripts[`start:${runtime}`]).toBe(
      runtime === 'deno'
        ? 'npm run build && deno serve --host 127.0.0.1 --port 3000 --allow-env --allow-net --allow-read --allow-sys=hostname dist/generated/deno.gen.js'
        : 'bun run src/generated/bun.gen.ts',
    );
  });

  it('serves both eras to real clients', async () => {
    await exerciseBothEras(weather.url, manifest);
  });

  it('answers the localhost names only, as the node entry does', async () => {
    const port = new URL(weather.url).port;
    expect((await postWithHost(weather.url, `localhost:${port}`)).status).toBe(200);
    for (const host of ['evil.example', `weather.acct.workers.dev`, `127.0.0.1.evil.example:${port}`]) {
      const refused = await postWithHost(weather.url, host);
      await expectForeign(new Response(refused.body, { status: refused.status }), /Invalid Host/);
    }
  });

  it('refuses a body past the limit with 413', async () => {
    expect(await postOversized(weather.url)).toBe(413);
  });

  it('refuses a wrong token and serves the right one', async () => {
    await exerciseAuth(guarded.url, (input, init) => fetch(input, init));
  });

  it('keeps what a process keeps: a rate limit counted across requests, subscribers told of a change (both eras)', async () => {
    const server = stateful;
    for (const era of ['modern', 'legacy'] as const) {
      const client = await connect(server.url, era);
      const heard: string[] = [];
      client.setNotificationHandler('notifications/resources/updated', async (n) => void heard.push(n.params.uri));
      const listening = era === 'modern' ? await client.listen({ resourceSubscriptions: ['counter://1'] }) : undefined;
      if (era === 'legacy') {
        await client.subscribeResource({ uri: 'counter://1' });
        await new Promise((r) => setTimeout(r, 200)); // the client's GET stream opens after the handshake
      }
      await client.callTool({ name: 'bump', arguments: {} });
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual(['counter://1']);
      await listening?.close();
      await client.close();
    }
    const client = await connect(server.url, 'modern');
    const calls = [];
    for (let i = 0; i < 3; i++) calls.push(await client.callTool({ name: 'limited', arguments: {} }).catch((e: Error) => e));
    for (const call of calls.slice(0, 2)) expect(call).toMatchObject({ content: [{ type: 'text', text: 'ok' }] });
    expect(JSON.stringify(calls[2], Object.getOwnPropertyNames(calls[2]))).toMatch(/rate limit|Rate limit|too many|Too many/i);
    await client.close();
  });

  it('runs a task past its request: started, read with tasks/get, its result waited for, another cancelled', async () => {
    const client = await connect(stateful.url, 'legacy');
    const call = (args: object) =>
      client.request({ method: 'tools/call', params: { name: 'crunch', arguments: args, task: { ttl: 60_000 } } }, anyResult);
    const get = (taskId: string) => client.request({ method: 'tasks/get', params: { taskId } }, anyResult);
    try {
      const { task } = await call({ steps: 3, stepMs: 150 });
      expect(task).toMatchObject({ status: 'working', ttl: 60_000 });
      expect(await get(task.taskId)).toMatchObject({ taskId: task.taskId, status: 'working' });
      // tasks/result waits for the handler, which goes on after tools/call has answered.
      const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult);
      expect(result.content).toEqual([{ type: 'text', text: `crunched 3 as ${task.taskId}` }]);
      expect(await get(task.taskId)).toMatchObject({ status: 'completed', statusMessage: 'step 3' });

      const { task: long } = await call({ steps: 100, stepMs: 100 });
      const cancelled = await client.request({ method: 'tasks/cancel', params: { taskId: long.taskId } }, anyResult);
      expect(cancelled.status).toBe('cancelled');
      await new Promise((r) => setTimeout(r, 300));
      expect((await get(long.taskId)).status).toBe('cancelled');
      await expect(client.request({ method: 'tasks/result', params: { taskId: long.taskId } }, anyResult)).rejects.toThrow(/cancelled/);
      const { tasks } = await client.request({ method: 'tasks/list', params: {} }, anyResult);
      expect(tasks.map((t: { taskId: string }) => t.taskId)).toEqual(expect.arrayContaining([task.taskId, long.taskId]));
    } finally {
      await client.close();
    }
  });
});

const anyResult = fromJsonSchema<Record<string, any>>({ type: 'object' });
