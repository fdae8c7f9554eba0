// The no-op shortcut of `generate` (same manifest text, same generator: nothing to do) must see schema files: an
// edit to a referenced file alone, or to a file only another schema file refers to, regenerates; `check` sees it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: files-regen, version: 1.0.0}
schemaFiles: true
tools:
  get_city:
    description: Facts about one city, looked up by its name.
    inputSchema:
      type: object
      properties:
        city: {$ref: './schemas/city.json'}
`;

let dir: string;
const write = (path: string, text: string) => writeFileSync(join(dir, path), text);
const definitions = () => readFileSync(join(dir, 'src', 'generated', 'definitions.gen.ts'), 'utf8');
const generate = () => runCli(['generate', '--no-check'], dir);

beforeEach(() => {
  dir = tempDir('mcp-gen-files-regen-');
  mkdirSync(join(dir, 'schemas'));
  write('mcp.yaml', MANIFEST);
  write('schemas/city.json', '{"type": "object", "properties": {"name": {"type": "string"}}}');
  expect(generate().code).toBe(0);
  expect(generate().stdout).toMatch(/^up to date/);
});

describe('generate after a schema file changed', () => {
  it('editing only the referenced file regenerates, then the next run is a no-op again', () => {
    write('schemas/city.json', '{"type": "object", "properties": {"name": {"type": "string", "minLength": 2}}}');
    const r = generate();
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/^up to date/);
    expect(r.stdout).toMatch(/update\s+src\/generated\/definitions\.gen\.ts/);
    expect(definitions()).toContain('minLength: 2');
    expect(generate().stdout).toMatch(/^up to date/);
  });

  it('a file that only a schema file refers to is watched by the key too', () => {
    write('schemas/name.yaml', 'type: string\n');
    write('schemas/city.json', '{"type": "object", "properties": {"name": {"$ref": "name.yaml"}}}');
    expect(generate().stdout).not.toMatch(/^up to date/);
    expect(generate().stdout).toMatch(/^up to date/);
    write('schemas/name.yaml', 'type: string\nmaxLength: 80\n');
    expect(generate().stdout).not.toMatch(/^up to date/);
    expect(definitions()).toContain('maxLength: 80');
  });

  it('a referenced file deleted is an error, not a no-op', () => {
    rmSync(join(dir, 'schemas', 'city.json'));
    const r = generate();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /mcp\.yaml:10:22: error tools\.get_city\.inputSchema\.properties\.city\.\$ref: \$ref "\.\/schemas\/city\.json": schemas\/city\.json does not exist/,
    );
  });

  it('check reports the generated files stale after a schema file edit', () => {
    write('schemas/city.json', '{"type": "object", "properties": {"name": {"type": "integer"}}}');
    const r = runCli(['check'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('stale: ./src/generated/definitions.gen.ts (out of date)');
  });
});
