// The weather example's Deno and Bun entries on the real runtimes (from npm), each a long-lived process as the
// generated scripts start it: real SDK clients in both eras (2025-era sessions kept in the process), the localhost
// rules of local serving, an oversized body refused, and the auth project's token checked.
import { readFileSync } from 'node:fs';
import { buildProject, generateProject } from '../support/project.js';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
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

/** What a long-lived process keeps: a rate limit's count, and the subscribers of a resource. */
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
`);
  const handler = (name: string, body: string) =>
    writeFileSync(
      join(dir, 'src/handlers/tools', `${name}.ts`),
      `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const ${name}: ToolHandler<'${name}'> = async (_input, ctx) => {${body}};
`,
    );
  handler('bump', " ctx.notify.resourceUpdated('counter://1'); return text('bumped'); ");
  handler('limited', " return text('ok'); ");
  buildProject(dir);
  return dir;
}

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
});

describe.each(['deno', 'bun'] as const)('%s: the weather example', (runtime) => {
  let weather: ServerProcess;
  let guarded: ServerProcess;

  beforeAll(async () => {
    [weather, guarded] = await Promise.all([serve(runtime, weatherDir), serve(runtime, guardedDir, { MCP_TOKEN: TOKEN })]);
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
    const server = await serve(runtime, statefulDir);
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
});
