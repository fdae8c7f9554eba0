// The weather example's Deno and Bun entries on the real runtimes (from npm), each a long-lived process as the
// generated scripts start it: real SDK clients in both eras (2025-era sessions kept in the process), the localhost
// rules of local serving, an oversized body refused, and the auth project's token checked.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authProject,
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
let manifest: any;
const running: ServerProcess[] = [];

/** The generated package.json's start:<runtime> script (its runtime command), on a port of the test's. */
async function serve(runtime: Runtime, dir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const script: string = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts[`start:${runtime}`];
  // The project is built already: the runtime's own command, after `npm run build &&` when there is one.
  const [command, ...args] = script.replace(/^npm run build && /, '').replace('--port 3000', `--port ${port}`).split(' ');
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
}, 180_000);

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
});
