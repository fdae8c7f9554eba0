// `generate --watch` regenerates on save, survives an invalid intermediate save, and stops cleanly.
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLI, tempDir } from '../support/project.js';

const base = `version: 1
server: {name: watched, version: 1.0.0}
tools:
  first:
    description: The first tool
`;

it('regenerates on every save and keeps watching through an invalid save', async () => {
  const dir = tempDir('watch-');
  writeFileSync(join(dir, 'mcp.yaml'), base);
  const child = spawn(process.execPath, [CLI, 'generate', '--watch', '--no-check'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  const waitFor = async (pattern: RegExp, from: number) => {
    const deadline = Date.now() + 30_000;
    while (!pattern.test(out.slice(from))) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return out.length;
  };
  try {
    let mark = await waitFor(/watching mcp\.yaml/, 0);
    expect(existsSync(join(dir, 'src/handlers/tools/first.ts'))).toBe(true);

    writeFileSync(join(dir, 'mcp.yaml'), `${base}  second:\n    description: Added while watching\n`);
    mark = await waitFor(/create\s+src\/handlers\/tools\/second\.ts/, mark);

    writeFileSync(join(dir, 'mcp.yaml'), `${base}  third:\n    description: "unterminated\n`);
    mark = await waitFor(/mcp\.yaml:\d+:\d+: error YAML syntax/, mark);
    expect(existsSync(join(dir, 'src/handlers/tools/third.ts'))).toBe(false);

    writeFileSync(join(dir, 'mcp.yaml'), `${base}  third:\n    description: Fixed\n`);
    await waitFor(/create\s+src\/handlers\/tools\/third\.ts/, mark);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await new Promise((r) => child.once('exit', r));
  expect(code).toBe(0);
}, 120_000);
