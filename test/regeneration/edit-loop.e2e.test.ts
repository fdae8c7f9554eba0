// The edit loop with dependencies installed: `generate --watch` gives the contract verdict after every save of the
// manifest, and the generated `npm run dev` serves while type-checking every save of the sources.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { CLI, runCli, tempDir } from '../support/project.js';

const manifest = (prop: string, http = false) => `version: 1
server: {name: loop, version: 1.0.0}
${http ? 'transports: {http: {host: 127.0.0.1, port: 3000, path: /mcp}}\n' : ''}tools:
  greet:
    description: Greets someone
    inputSchema:
      type: object
      properties:
        ${prop}: {type: string}
      required: [${prop}]
`;

const handler = (prop: string) => `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

export const greet: ToolHandler<'greet'> = async (input) => {
  return text(\`Hello, \${input.${prop}}\`);
};
`;

/** Collects a child's stdout and stderr; waitFor resolves once the output after `from` matches. */
function watchOutput(child: ChildProcess) {
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return {
    text: () => out,
    waitFor: async (pattern: RegExp, from: number, ms = 60_000) => {
      const deadline = Date.now() + ms;
      while (!pattern.test(out.slice(from))) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`waiting for ${pattern}:\n${out.slice(from)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return out.length;
    },
  };
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done(child.exitCode);
    child.once('exit', (code) => done(code));
    child.kill('SIGTERM');
  });
}

it('generate --watch prints the contract verdict after every save', async () => {
  const dir = tempDir('loop-watch-');
  writeFileSync(join(dir, 'mcp.yaml'), manifest('name'));
  expect(runCli(['generate'], dir).code).toBe(0);
  linkDeps(dir);
  writeFileSync(join(dir, 'src/handlers/tools/greet.ts'), handler('name'));
  const child = spawn(process.execPath, [CLI, 'generate', '--watch'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  const out = watchOutput(child);
  try {
    let mark = await out.waitFor(/watching mcp\.yaml/, 0);
    writeFileSync(join(dir, 'mcp.yaml'), manifest('who'));
    mark = await out.waitFor(
      /src\/handlers\/tools\/greet\.ts:5:31: error input\.name no longer exists \(removed from greet\.inputSchema\)/,
      mark,
    );
    writeFileSync(join(dir, 'mcp.yaml'), manifest('name'));
    await out.waitFor(/update\s+src\/generated\/types\.gen\.ts/, mark);
    await new Promise((r) => setTimeout(r, 500));
    expect(out.text().slice(mark)).not.toContain('error');
  } finally {
    expect(await stop(child)).toBe(0);
  }
}, 180_000);

it('npm run dev serves over HTTP and reports a type error on the save that makes it, and its fix', async () => {
  const dir = tempDir('loop-dev-');
  writeFileSync(join(dir, 'mcp.yaml'), manifest('name', true));
  expect(runCli(['generate'], dir).code).toBe(0);
  linkDeps(dir);
  writeFileSync(join(dir, 'src/handlers/tools/greet.ts'), handler('name'));
  const pkg = JSON.parse((await import('node:fs')).readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  expect(pkg.scripts.dev).toBe('node scripts/dev.mjs --transport http --log-format pretty');
  // What `npm run dev` runs, with a free port instead of 3000.
  const child = spawn(process.execPath, ['scripts/dev.mjs', '--transport', 'http', '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = watchOutput(child);
  try {
    let mark = await out.waitFor(/Found 0 errors/, 0, 120_000);
    await out.waitFor(/http:\/\/\S+/, 0);
    const url = /(http:\/\/127\.0\.0\.1:\d+[^\s"]*)/.exec(out.text())![1];
    const client = new Client({ name: 'dev-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada' }]);
    await client.close();

    writeFileSync(join(dir, 'src/handlers/tools/greet.ts'), handler('nmae'));
    mark = await out.waitFor(
      /src\/handlers\/tools\/greet\.ts\(5,31\): error TS2339: Property 'nmae' does not exist on type 'GreetInput'\.[\s\S]*Found 1 error/,
      mark,
    );
    writeFileSync(join(dir, 'src/handlers/tools/greet.ts'), handler('name'));
    await out.waitFor(/Found 0 errors/, mark);
  } finally {
    await stop(child);
  }
}, 240_000);
