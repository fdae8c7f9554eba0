// Directory golden cases: test/fixtures/<case>/mcp.yaml with either expected/ (the whole generated tree) or
// expected-stderr.txt (the exact error report). Other files beside mcp.yaml (schema files) are inputs, copied
// with it. Generated trees are also built and served to a real client, whose tools/list must match the manifest's
// schemas, or expected-tools.json when the case has one (schemas that file refs resolve into).
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

const EXPECTATIONS = new Set(['expected', 'expected-stderr.txt', 'expected-tools.json']);

/** The case's inputs: mcp.yaml and whatever else sits beside it, except the expectations. */
function inputsOf(name: string): string[] {
  return listTree(join(FIXTURES, name)).filter((f) => !EXPECTATIONS.has(f.split('/')[0]));
}

function prepare(name: string, dir = tempDir(`golden-${name}-`)): string {
  for (const f of inputsOf(name)) {
    mkdirSync(join(dir, f, '..'), { recursive: true });
    cpSync(join(FIXTURES, name, f), join(dir, f));
  }
  return dir;
}

const cases = readdirSync(FIXTURES)
  .filter((n) => existsSync(join(FIXTURES, n, 'mcp.yaml')))
  .sort();
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
    expect(listTree(dir)).toEqual(inputsOf(name));
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
    // No finding: at most notes (the handlers are not type-checked here, the fixture has no node_modules).
    expect(first.stderr.split('\n').filter((l) => l && !l.startsWith('note: '))).toEqual([]);
    expect(first.code).toBe(0);
    const inputs = new Set(inputsOf(name));
    const tree = listTree(dir).filter((f) => !inputs.has(f));
    if (update) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const f of tree) {
        mkdirSync(join(expectedDir, f, '..'), { recursive: true });
        cpSync(join(dir, f), join(expectedDir, f));
      }
    }
    expect(tree).toEqual(listTree(expectedDir));
    for (const f of tree) expect(readFileSync(join(dir, f), 'utf8'), f).toBe(readFileSync(join(expectedDir, f), 'utf8'));

    const again = prepare(name, tempDir(`golden-${name}-again-`));
    expect(runCli(['generate', '-m', 'mcp.yaml'], again).code).toBe(0);
    for (const f of tree) expect(readFileSync(join(again, f), 'utf8'), f).toBe(readFileSync(join(dir, f), 'utf8'));
  });

  it('type-checks, builds, and lists every tool with the manifest schemas (both eras)', async () => {
    buildProject(dir);
    const manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
    const toolsFile = join(FIXTURES, name, 'expected-tools.json');
    const expectedTools = existsSync(toolsFile) ? JSON.parse(readFileSync(toolsFile, 'utf8')) : undefined;
    for (const era of ['legacy', 'modern'] as const) {
      // As a host that renders MCP Apps views, which is listed every tool (those for views only included).
      const client = await connectStdio(dir, era, [], { ui: true });
      try {
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(Object.keys(manifest.tools ?? {}));
        if (update && expectedTools && era === 'legacy') writeFileSync(toolsFile, `${JSON.stringify(tools, null, 2)}\n`);
        if (expectedTools) expect(tools).toEqual(JSON.parse(readFileSync(toolsFile, 'utf8')));
        for (const t of tools) {
          const declared = manifest.tools[t.name];
          if (!expectedTools) expect(t.inputSchema, t.name).toEqual(declared.inputSchema ?? { type: 'object' });
          if (!expectedTools) expect(t.outputSchema, t.name).toEqual(declared.outputSchema);
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
