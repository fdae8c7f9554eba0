// Slim imports on a GitHub-issues-shaped document: the tools/list cut each option gives, and that every answer
// and every argument list valid under the full schemas is still valid under the slim ones.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { convertOpenApi } from '../../generator/import/openapi/import-openapi.js';
import { RECOMMENDED, type SlimOptions } from '../../generator/import/openapi/slim.js';
import { CLI, tempDir } from '../support/project.js';
import { githubIssuesSpec } from './large-spec.js';

const dir = tempDir('import-slim-');
const specFile = join(dir, 'github.json');
writeFileSync(specFile, JSON.stringify(githubIssuesSpec(), null, 2));
const convert = (slim?: SlimOptions) => convertOpenApi(specFile, { tag: [], path: [], xMcpOnly: false, slim });
type Tools = Record<string, { inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }>;

/** A value with every property, array item and nullable branch filled: the richest answer the schema allows. */
function sample(schema: unknown, root: Record<string, unknown>, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 40) return {};
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === 'string') return sample((root.$defs as Record<string, unknown>)[s.$ref.replace('#/$defs/', '')], root, depth + 1);
  if (s.enum) return (s.enum as unknown[]).find((v) => v !== null);
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((b) => sample(b, root, depth + 1)));
  // The last branch that is not null: in this document the structured one (a label object rather than its name).
  const branches = ((s.oneOf ?? s.anyOf) as Record<string, unknown>[] | undefined)?.filter((b) => b.type !== 'null');
  if (branches?.length) return sample(branches[branches.length - 1], root, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  if (type === 'object' || s.properties) {
    const props = (s.properties ?? {}) as Record<string, unknown>;
    const extra = typeof s.additionalProperties === 'object' ? { extra: sample(s.additionalProperties, root, depth + 1) } : {};
    return { ...Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v, root, depth + 1)])), ...extra };
  }
  if (type === 'array') return [sample(s.items, root, depth + 1)];
  if (type === 'integer' || type === 'number') return 7;
  if (type === 'boolean') return true;
  return s.format === 'date-time' ? '2011-04-22T13:33:48Z' : s.format === 'uri' ? 'https://api.github.com/x' : 'text';
}

function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv;
}

describe('import openapi: slim options on a GitHub-issues-shaped document', () => {
  const full = convert();
  const fullTools = full.manifest.tools as Tools;

  it('publishes big response schemas by default', () => {
    expect(full.tools).toHaveLength(16);
    expect(full.cost.written.tokens).toBeGreaterThan(90_000);
    const biggest = Object.entries(fullTools)
      .map(([name, t]) => [name, JSON.stringify(t).length / 4] as const)
      .sort((a, b) => b[1] - a[1])[0];
    expect(biggest[1]).toBeGreaterThan(8_000);
  });

  const settings: [string, SlimOptions, number][] = [
    ['--output-schema none', { outputSchema: 'none', nestedDescriptions: 'keep' }, 0.9],
    ['--output-schema shallow', { outputSchema: 'shallow', nestedDescriptions: 'keep' }, 0.85],
    ['--schema-depth 2 --nested-descriptions drop', { outputSchema: 'full', schemaDepth: 2, nestedDescriptions: 'drop' }, 0.6],
    ['the recommended setting', RECOMMENDED, 0.9],
  ];
  it.each(settings)('%s cuts the list and keeps every call valid', (label, slim, minCut) => {
    const r = convert(slim);
    const cut = 1 - r.cost.written.bytes / r.cost.full.bytes;
    process.stdout.write(
      `slim import, ${label}: tools/list ${r.cost.full.tokens} -> ${r.cost.written.tokens} tokens (${Math.round(cut * 100)}% less)\n`,
    );
    expect(r.cost.full.tokens).toBe(full.cost.written.tokens);
    expect(cut).toBeGreaterThan(minCut);
    const ajv = validator();
    for (const [name, slimTool] of Object.entries(r.manifest.tools as Tools)) {
      const original = fullTools[name];
      const args = sample(original.inputSchema, original.inputSchema);
      expect(ajv.validate(original.inputSchema, args), `${name} full input`).toBe(true);
      expect(ajv.validate(slimTool.inputSchema, args), `${name} slim input: ${ajv.errorsText()}`).toBe(true);
      if (!original.outputSchema) continue;
      const answer = sample(original.outputSchema, original.outputSchema);
      expect(ajv.validate(original.outputSchema, answer), `${name} full output: ${ajv.errorsText()}`).toBe(true);
      if (slim.outputSchema === 'none') expect(slimTool.outputSchema).toBeUndefined();
      else expect(ajv.validate(slimTool.outputSchema!, answer), `${name} slim output: ${ajv.errorsText()}`).toBe(true);
    }
  });

  it('shallow keeps each top-level field and its kind', () => {
    const tools = convert({ outputSchema: 'shallow', nestedDescriptions: 'drop' }).manifest.tools as Tools;
    const out = tools['issues_get'].outputSchema as { properties: Record<string, unknown>; $defs?: unknown };
    expect(Object.keys(out.properties)).toEqual(Object.keys((fullTools['issues_get'].outputSchema as { properties: object }).properties));
    expect(out.properties.number).toEqual({ type: 'integer', examples: [42] });
    expect(out.properties.labels).toEqual({ type: 'array' });
    expect(out.properties.repository).toEqual({ type: 'object' });
    expect(out.properties.user).toEqual({}); // nullable: null or an object, so any value
    expect(out.$defs).toBeUndefined();
    expect(tools['issues_list'].outputSchema).toEqual({ type: 'object', properties: { items: { type: 'array' } }, required: ['items'] });
  });

  it('prints the cost after import, and refuses bad option values', () => {
    let work = '';
    const run = (args: string[]) => {
      work = tempDir('import-slim-cli-');
      writeFileSync(join(work, 'github.json'), readFileSync(specFile));
      return spawnSync(process.execPath, [CLI, 'import', 'openapi', 'github.json', ...args], { cwd: work, encoding: 'utf8' });
    };
    const r = run(['--output-schema', 'shallow', '--schema-depth', '3', '--nested-descriptions', 'trim', '-o', 'slim.yaml']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^tools\/list: ~8,\d{3} tokens \([\d,]+ bytes\), 9\d% less than the ~9\d,\d{3} tokens of full schemas$/m);
    expect(Object.keys(parse(readFileSync(join(work, 'slim.yaml'), 'utf8')).tools)).toHaveLength(16);
    const plain = run([]);
    expect(plain.stdout).toMatch(
      /^tools\/list: ~9\d,\d{3} tokens \([\d,]+ bytes\); --output-schema shallow --schema-depth 3 --nested-descriptions trim cuts it/m,
    );
    const bad = run(['--output-schema', 'tiny']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'mcp-gen: error: --output-schema takes full, shallow or none, not "tiny"\n  hint: shallow keeps the top-level fields of each result\n',
    );
    expect(run(['--schema-depth', '0']).stderr).toMatch(/--schema-depth takes a whole number from 1 to 64, not "0"/);
  });
});
