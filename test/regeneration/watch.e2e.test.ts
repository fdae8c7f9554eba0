// `generate --watch` regenerates on save (of the manifest, a schema file it refers to or a file it embeds), survives
// an invalid intermediate save, and stops cleanly.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLI, tempDir } from '../support/project.js';

const base = `version: 1
server: {name: watched, version: 1.0.0}
tools:
  first:
    description: The first tool
`;

/** `generate --watch` in `dir`: waitFor(pattern, from) waits for output after offset `from`; stop() ends it (its exit code). */
function watching(dir: string) {
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
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    return exited;
  };
  return { waitFor, stop };
}

it('regenerates on every save and keeps watching through an invalid save', async () => {
  const dir = tempDir('watch-');
  writeFileSync(join(dir, 'mcp.yaml'), base);
  const { waitFor, stop } = watching(dir);
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
    expect(await stop()).toBe(0);
  }
}, 120_000);

it('regenerates when a schema file the manifest refers to is saved (schemaFiles)', async () => {
  const dir = tempDir('watch-files-');
  mkdirSync(join(dir, 'schemas'));
  writeFileSync(join(dir, 'schemas', 'city.json'), '{"type": "object", "properties": {"name": {"type": "string"}}}');
  writeFileSync(
    join(dir, 'mcp.yaml'),
    `${base.replace('tools:', 'schemaFiles: true\ntools:')}    inputSchema:\n      type: object\n      properties:\n        city: {$ref: './schemas/city.json'}\n`,
  );
  const { waitFor, stop } = watching(dir);
  const definitions = () => readFileSync(join(dir, 'src', 'generated', 'definitions.gen.ts'), 'utf8');
  try {
    let mark = await waitFor(/watching mcp\.yaml/, 0);
    expect(definitions()).not.toContain('minLength');

    writeFileSync(join(dir, 'schemas', 'city.json'), '{"type": "object", "properties": {"name": {"type": "string", "minLength": 1}}}');
    mark = await waitFor(/schemas\/city\.json changed[\s\S]*update\s+src\/generated\/definitions\.gen\.ts/, mark);
    expect(definitions()).toContain('minLength: 1');

    // A file the schema file starts referring to is watched from then on.
    writeFileSync(join(dir, 'schemas', 'name.yaml'), 'type: string\n');
    writeFileSync(join(dir, 'schemas', 'city.json'), '{"type": "object", "properties": {"name": {"$ref": "name.yaml"}}}');
    mark = await waitFor(/update\s+src\/generated\/definitions\.gen\.ts/, mark);
    writeFileSync(join(dir, 'schemas', 'name.yaml'), 'type: string\nmaxLength: 40\n');
    await waitFor(/schemas\/name\.yaml changed[\s\S]*update\s+src\/generated\/definitions\.gen\.ts/, mark);
    expect(definitions()).toContain('maxLength: 40');
  } finally {
    expect(await stop()).toBe(0);
  }
}, 120_000);

it('regenerates when a file a resource embeds is saved (file:)', async () => {
  const dir = tempDir('watch-embed-');
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'guide.md'), '# Guide\n');
  writeFileSync(
    join(dir, 'mcp.yaml'),
    `${base}resources:\n  guide:\n    uri: app://guide\n    mimeType: text/markdown\n    file: docs/guide.md\n`,
  );
  const { waitFor, stop } = watching(dir);
  const server = () => readFileSync(join(dir, 'src', 'generated', 'server.gen.ts'), 'utf8');
  try {
    const mark = await waitFor(/watching mcp\.yaml/, 0);
    writeFileSync(join(dir, 'docs', 'guide.md'), '# Guide\n\nSecond edition.\n');
    await waitFor(/docs\/guide\.md changed[\s\S]*update\s+src\/generated\/server\.gen\.ts/, mark);
    expect(server()).toContain('Second edition.');
  } finally {
    expect(await stop()).toBe(0);
  }
}, 120_000);
