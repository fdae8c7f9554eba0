// A new user's first minutes, as the generated README tells them: `mcp-gen init`, `npm install` (here: the shared
// dependency install, linked), `npm run dev` (served from source, restarted on every change), `npm run check`, and
// the official MCP Inspector's CLI mode listing the tools (`npm run inspect:cli -- --method tools/list`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { CLI, connectHttp, runCli, tempDir } from '../support/project.js';

let dir: string;
let binDir: string;
const started: ChildProcess[] = [];

beforeAll(() => {
  dir = join(tempDir('walkthrough-'), 'forecasts');
  const init = runCli(['init', dir]);
  expect(init.code).toBe(0);
  expect(init.stdout).toContain('npm run dev');
  linkDeps(dir);
  // `mcp-gen` on the PATH, as `npm link` puts it there.
  binDir = tempDir('walkthrough-bin-');
  writeFileSync(join(binDir, 'mcp-gen'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(binDir, 'mcp-gen'), 0o755);
});

afterAll(() => {
  // Each npm run is its own process group (detached): end the group, npm and what it started.
  for (const child of started) if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGTERM');
});

function npmEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_OPTIONS'));
  return { ...env, PATH: `${binDir}:${process.env.PATH}`, NO_COLOR: '1', MCP_INSPECTOR_SECRET_STORE: 'memory' };
}

/** Resolves with the URL of the next "serving MCP at" line the dev server prints. */
function nextUrl(child: ChildProcess, log: { text: string }, after: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no server URL within 60 s:\n${log.text}`)), 60_000);
    const look = () => {
      const m = /serving MCP at (http:\/\/[^\s"]+)/.exec(log.text.slice(after));
      if (!m) return;
      clearTimeout(timer);
      child.stderr!.off('data', look);
      resolve(m[1]);
    };
    child.stderr!.on('data', look);
    look();
  });
}

describe('a new user', () => {
  it('runs `npm run dev`: the server answers from source and restarts on every change', async () => {
    const child = spawn('npm', ['run', 'dev', '--', '--port', '0'], {
      cwd: dir,
      env: npmEnv(),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    const log = { text: '' };
    child.stderr!.on('data', (c: Buffer) => (log.text += c.toString()));
    child.stdout!.on('data', (c: Buffer) => (log.text += c.toString()));

    const url = await nextUrl(child, log, 0);
    const client = await connectHttp(url, 'legacy');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['get_forecast']);
    const before = await client.callTool({ name: 'get_forecast', arguments: { city: 'Paris' } });
    expect(JSON.stringify(before.content)).toContain('is not implemented yet');
    await client.close();

    // Implement the handler: tsx watch restarts the server with the new code.
    const handler = join(dir, 'src', 'handlers', 'tools', 'get_forecast.ts');
    const mark = log.text.length;
    writeFileSync(
      handler,
      readFileSync(handler, 'utf8')
        .replace(
          "import { notImplemented } from '../../generated/context.gen.js';",
          "import { structured } from '../../generated/context.gen.js';",
        )
        .replace(/return notImplemented\([^;]*\);/, "return structured({ city: input.city, units: input.units ?? 'metric', days: [] });"),
    );
    const restarted = await nextUrl(child, log, mark);
    const again = await connectHttp(restarted, 'legacy');
    const after = await again.callTool({ name: 'get_forecast', arguments: { city: 'Paris' } });
    expect(after.isError).toBeFalsy();
    expect(after.structuredContent).toEqual({ city: 'Paris', units: 'metric', days: [] });
    await again.close();
  });

  it('runs `npm run check`: type-check, then mcp-gen check', () => {
    const r = spawnSync('npm', ['run', 'check'], { cwd: dir, env: npmEnv(), encoding: 'utf8', timeout: 120_000 });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
    expect(r.stdout).toContain('mcp-gen check');
  });

  it('lists the tools with the MCP Inspector in CLI mode (`npm run inspect:cli -- --method tools/list`)', async (ctx) => {
    mkdirSync(join(dir, '.home'), { recursive: true });
    const r = spawnSync('npm', ['run', '--silent', 'inspect:cli', '--', '--method', 'tools/list'], {
      cwd: dir,
      // The Inspector keeps its state under HOME; keep it inside the test folder.
      env: { ...npmEnv(), HOME: join(dir, '.home'), npm_config_cache: join(process.env.HOME ?? dir, '.npm') },
      encoding: 'utf8',
      timeout: 400_000,
    });
    const output = `${r.stdout}${r.stderr}`;
    // The Inspector (and Node 22 for it) come from the npm registry through npx: without the registry there is
    // nothing to run, which is the only reason to stop here.
    if (r.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network/i.test(output))
      ctx.skip(`the npm registry is unreachable: ${output.slice(0, 300)}`);
    expect(r.status, output).toBe(0);
    const listed = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { tools: { name: string; inputSchema: unknown }[] };
    expect(listed.tools.map((t) => t.name)).toEqual(['get_forecast']);
    expect(listed.tools[0].inputSchema).toMatchObject({ type: 'object', required: ['city'] });
  }, 420_000);
});
