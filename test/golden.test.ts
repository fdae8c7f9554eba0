// Directory golden cases: test/fixtures/<case>/mcp.yaml with either expected/ (the whole generated tree) or
// expected-stderr.txt (the exact error report). Generated trees are also built and served to a real client.
// UPDATE_GOLDEN=1 rewrites the expectations from the current output.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProject, connectStdio, ROOT, runCli, tempDir } from './support/project.js';

const FIXTURES = join(ROOT, 'test', 'fixtures');
const update = process.env.UPDATE_GOLDEN === '1';

function listTree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

function prepare(name: string): string {
  const dir = tempDir(`golden-${name}-`);
  cpSync(join(FIXTURES, name, 'mcp.yaml'), join(dir, 'mcp.yaml'));
  return dir;
}

const cases = readdirSync(FIXTURES).filter((n) => existsSync(join(FIXTURES, n, 'mcp.yaml'))).sort();
const errorCases = cases.filter((n) => existsSync(join(FIXTURES, n, 'expected-stderr.txt')) || n.startsWith('error-'));
const treeCases = cases.filter((n) => !errorCases.includes(n));

describe.each(errorCases)('error case %s', (name) => {
  it('reports exactly the expected errors, exits 1 and writes nothing', () => {
    const dir = prepare(name);
    const result = runCli(['generate', '-m', 'mcp.yaml'], dir);
    const expectedFile = join(FIXTURES, name, 'expected-stderr.txt');
    if (update) writeFileSync(expectedFile, result.stderr);
    expect(result.stderr).toBe(readFileSync(expectedFile, 'utf8'));
    expect(result.code).toBe(1);
    expect(listTree(dir)).toEqual(['mcp.yaml']);
    // validate reports the same problems.
    const validate = runCli(['validate', '-m', 'mcp.yaml'], dir);
    expect(validate.code).toBe(1);
    expect(validate.stderr.replace('; nothing was written', '')).toBe(result.stderr.replace('; nothing was written', ''));
  });
});

describe.each(treeCases)('generated case %s', (name) => {
  const dir = prepare(name);
  const expectedDir = join(FIXTURES, name, 'expected');

  it('generates exactly the expected tree, twice byte for byte', () => {
    const first = runCli(['generate', '-m', 'mcp.yaml'], dir);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const tree = listTree(dir).filter((f) => f !== 'mcp.yaml');
    if (update) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const f of tree) {
        mkdirSync(join(expectedDir, f, '..'), { recursive: true });
        cpSync(join(dir, f), join(expectedDir, f));
      }
    }
    expect(tree).toEqual(listTree(expectedDir));
    for (const f of tree) expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(expectedDir, f), 'utf8'));

    const again = tempDir(`golden-${name}-again-`);
    cpSync(join(dir, 'mcp.yaml'), join(again, 'mcp.yaml'));
    expect(runCli(['generate', '-m', 'mcp.yaml'], again).code).toBe(0);
    for (const f of tree) expect(readFileSync(join(again, f), 'utf8'), f).toBe(readFileSync(join(dir, f), 'utf8'));
  });

  it('type-checks, builds, and lists every tool with the manifest schemas (both eras)', async () => {
    buildProject(dir);
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connectStdio(dir, era);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(Object.keys(manifest.tools ?? {}));
        for (const t of tools) {
          const declared = manifest.tools[t.name];
          expect(t.inputSchema, t.name).toEqual(declared.inputSchema ?? { type: 'object' });
          expect(t.outputSchema, t.name).toEqual(declared.outputSchema);
          expect(t.description).toBe(declared.description);
          const fresh = await client.callTool({ name: t.name, arguments: {} });
          // A fresh stub answers (or its input is rejected) with a tool error, never a crash.
          expect(fresh.isError, t.name).toBe(true);
        }
      } finally {
        await client.close();
      }
    }
  });
});
