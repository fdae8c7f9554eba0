// Every classification `mcp-gen diff` makes, as a BASE/HEAD pair and the (class, rule) pairs it must report:
// no more, no fewer. The manifests go through the whole path: YAML, validation, publishing, comparison.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffManifestTexts, type DiffReport } from '../../../generator/diff/diff-report.js';
import { diffSurfaces } from '../../../generator/diff/diff-manifests.js';
import { buildSurface } from '../../../generator/core/surface.js';
import type { Manifest } from '../../../generator/core/manifest-types.js';

type Parts = Partial<Omit<Manifest, 'version' | 'server'>> & { server?: Partial<Manifest['server']> };

function manifest(parts: Parts): Manifest {
  const { server, ...rest } = parts;
  return { version: 1, server: { name: 'demo', version: '1.0.0', ...server }, ...rest } as Manifest;
}

function diff(base: Parts, head: Parts): DiffReport {
  const outcome = diffManifestTexts(
    { label: 'base.yaml', path: 'base.yaml', source: stringify(manifest(base)) },
    { label: 'head.yaml', path: 'head.yaml', source: stringify(manifest(head)) },
  );
  if (!outcome.ok) throw new Error(`${outcome.side} invalid: ${outcome.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return outcome.report;
}

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const tool = (inputSchema: unknown, more: Record<string, unknown> = {}) => ({
  tools: { search: { description: 'Search the catalogue for books by title or author.', inputSchema, ...more } },
});
const out = (outputSchema: unknown) => tool(obj({ q: { type: 'string' } }), { outputSchema });
const ann = (annotations: Record<string, boolean>) => tool(obj({}), { annotations });
const prompt = (args: unknown[]) => ({ prompts: { review: { description: 'Review code.', arguments: args } } });
const template = (uriTemplate: string) => ({ resourceTemplates: { file: { uriTemplate } } });
const definitions = (d: Record<string, unknown>, schema: unknown) => ({ definitions: d, ...tool(schema) });
const ref = (name: string) => ({ $ref: `#/definitions/${name}` });
const sets = (toolsets: Parts['toolsets']) => ({ tools: { a: {}, b: {}, c: {} }, ...(toolsets ? { toolsets } : {}) });

interface Case {
  name: string;
  base: Parts;
  head: Parts;
  want: [string, string][];
}

const breaking: Case[] = [
  { name: 'tool removed', base: { tools: { a: {}, b: {} } }, head: { tools: { a: {} } }, want: [['breaking', 'tool-removed']] },
  {
    name: 'tool renamed without renamedFrom',
    base: { tools: { old: { description: 'x' } } },
    head: { tools: { new: { description: 'x' } } },
    want: [
      ['breaking', 'tool-removed'],
      ['safe', 'tool-added'],
    ],
  },
  { name: 'prompt removed', base: prompt([]), head: {}, want: [['breaking', 'prompt-removed']] },
  { name: 'resource removed', base: { resources: { r: { uri: 'file:///r' } } }, head: {}, want: [['breaking', 'resource-removed']] },
  { name: 'template removed', base: template('file:///{path}'), head: {}, want: [['breaking', 'template-removed']] },
  {
    name: 'resource uri changed',
    base: { resources: { r: { uri: 'file:///r' } } },
    head: { resources: { r: { uri: 'file:///s' } } },
    want: [['breaking', 'resource-uri-changed']],
  },
  {
    name: 'new required input property',
    base: tool(obj({ q: { type: 'string' } }, { required: ['q'] })),
    head: tool(obj({ q: { type: 'string' }, lang: { type: 'string' } }, { required: ['q', 'lang'] })),
    want: [['breaking', 'tool-input-required-property-added']],
  },
  {
    name: 'optional input property made required',
    base: tool(obj({ q: { type: 'string' } })),
    head: tool(obj({ q: { type: 'string' } }, { required: ['q'] })),
    want: [['breaking', 'tool-input-property-required']],
  },
  {
    name: 'property removed under additionalProperties: false',
    base: tool(obj({ q: {}, page: {} }, { additionalProperties: false })),
    head: tool(obj({ q: {} }, { additionalProperties: false })),
    want: [['breaking', 'tool-input-property-removed']],
  },
  {
    name: 'input closed with additionalProperties: false',
    base: tool(obj({ q: {} })),
    head: tool(obj({ q: {} }, { additionalProperties: false })),
    want: [['breaking', 'tool-input-closed']],
  },
  {
    name: 'enum value removed',
    base: tool(obj({ sort: { enum: ['asc', 'desc'] } })),
    head: tool(obj({ sort: { enum: ['asc'] } })),
    want: [['breaking', 'tool-input-enum-narrowed']],
  },
  {
    name: 'maximum lowered',
    base: tool(obj({ n: { type: 'integer', maximum: 100 } })),
    head: tool(obj({ n: { type: 'integer', maximum: 50 } })),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  {
    name: 'minLength added',
    base: tool(obj({ q: { type: 'string' } })),
    head: tool(obj({ q: { type: 'string', minLength: 3 } })),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  {
    name: 'pattern added',
    base: tool(obj({ isbn: { type: 'string' } })),
    head: tool(obj({ isbn: { type: 'string', pattern: '^[0-9]{13}$' } })),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  {
    name: 'format changed',
    base: tool(obj({ d: { type: 'string', format: 'date' } })),
    head: tool(obj({ d: { type: 'string', format: 'date-time' } })),
    want: [['breaking', 'tool-input-constraint-changed']],
  },
  {
    name: 'type changed',
    base: tool(obj({ id: { type: 'string' } })),
    head: tool(obj({ id: { type: 'integer' } })),
    want: [['breaking', 'tool-input-type-changed']],
  },
  {
    name: 'type narrowed (number to integer)',
    base: tool(obj({ n: { type: 'number' } })),
    head: tool(obj({ n: { type: 'integer' } })),
    want: [['breaking', 'tool-input-type-narrowed']],
  },
  {
    name: 'output property removed',
    base: out(obj({ total: { type: 'integer' }, items: { type: 'array' } })),
    head: out(obj({ items: { type: 'array' } })),
    want: [['breaking', 'tool-output-property-removed']],
  },
  {
    name: 'output property made optional',
    base: out(obj({ total: { type: 'integer' } }, { required: ['total'] })),
    head: out(obj({ total: { type: 'integer' } })),
    want: [['breaking', 'tool-output-property-optional']],
  },
  {
    name: 'output may now be null',
    base: out(obj({ total: { type: 'integer' } })),
    head: out(obj({ total: { type: ['integer', 'null'] } })),
    want: [['breaking', 'tool-output-variant-added']],
  },
  {
    name: 'outputSchema removed',
    base: out(obj({ total: {} })),
    head: tool(obj({ q: { type: 'string' } })),
    want: [['breaking', 'tool-output-schema-removed']],
  },
  {
    name: 'prompt argument made required',
    base: prompt([{ name: 'code' }]),
    head: prompt([{ name: 'code', required: true }]),
    want: [['breaking', 'prompt-argument-required']],
  },
  {
    name: 'required prompt argument added',
    base: prompt([]),
    head: prompt([{ name: 'lang', required: true }]),
    want: [['breaking', 'prompt-argument-added-required']],
  },
  {
    name: 'URI template variables changed',
    base: template('file:///{path}'),
    head: template('file:///{dir}/{name}'),
    want: [['breaking', 'template-variables-changed']],
  },
  // Through references: the change sits in a definition the tool's schema points to.
  {
    name: '$ref to a shared definition: enum narrowed',
    base: definitions({ Sort: { enum: ['asc', 'desc'] } }, obj({ sort: ref('Sort') })),
    head: definitions({ Sort: { enum: ['desc'] } }, obj({ sort: ref('Sort') })),
    want: [['breaking', 'tool-input-enum-narrowed']],
  },
  {
    name: '$ref into $defs: minLength raised',
    base: tool(obj({ q: { $ref: '#/$defs/Q' } }, { $defs: { Q: { type: 'string', minLength: 1 } } })),
    head: tool(obj({ q: { $ref: '#/$defs/Q' } }, { $defs: { Q: { type: 'string', minLength: 2 } } })),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  {
    name: 'nested $ref chain: required property added two levels down',
    base: definitions(
      { Address: obj({ city: { type: 'string' } }), Person: obj({ address: ref('Address') }) },
      obj({ who: ref('Person') }),
    ),
    head: definitions(
      {
        Address: obj({ city: { type: 'string' }, zip: { type: 'string' } }, { required: ['zip'] }),
        Person: obj({ address: ref('Address') }),
      },
      obj({ who: ref('Person') }),
    ),
    want: [['breaking', 'tool-input-required-property-added']],
  },
  {
    name: 'recursive $ref terminates and still finds the change',
    base: tool(
      obj(
        { node: { $ref: '#/$defs/Node' } },
        { $defs: { Node: obj({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) } },
      ),
    ),
    head: tool(
      obj(
        { node: { $ref: '#/$defs/Node' } },
        { $defs: { Node: obj({ name: { type: 'string', maxLength: 10 }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) } },
      ),
    ),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  // Through unions.
  {
    name: 'anyOf: null no longer accepted',
    base: tool(obj({ q: { anyOf: [{ type: 'string' }, { type: 'null' }] } })),
    head: tool(obj({ q: { type: 'string' } })),
    want: [['breaking', 'tool-input-variant-removed']],
  },
  {
    name: 'type array: null no longer accepted',
    base: tool(obj({ q: { type: ['string', 'null'] } })),
    head: tool(obj({ q: { type: 'string' } })),
    want: [['breaking', 'tool-input-variant-removed']],
  },
  {
    name: 'anyOf branch narrowed inside',
    base: tool(obj({ q: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'integer' }] } })),
    head: tool(obj({ q: { anyOf: [{ type: 'string', maxLength: 5 }, { type: 'integer' }] } })),
    want: [['breaking', 'tool-input-constraint-tightened']],
  },
  {
    name: 'oneOf tagged variant removed',
    base: tool(obj({ f: { oneOf: [obj({ kind: { const: 'eq' }, v: {} }), obj({ kind: { const: 'in' }, vs: { type: 'array' } })] } })),
    head: tool(obj({ f: { oneOf: [obj({ kind: { const: 'eq' }, v: {} })] } })),
    want: [['breaking', 'tool-input-variant-removed']],
  },
  {
    name: 'oneOf tagged variant gains a required property',
    base: tool(obj({ f: { oneOf: [obj({ kind: { const: 'eq' }, v: {} }), obj({ kind: { const: 'in' } })] } })),
    head: tool(obj({ f: { oneOf: [obj({ kind: { const: 'in' } }), obj({ kind: { const: 'eq' }, v: {} }, { required: ['v'] })] } })),
    want: [['breaking', 'tool-input-property-required']],
  },
  {
    name: 'allOf branch adds a required name',
    base: tool({ allOf: [obj({ a: { type: 'string' } }), obj({ b: { type: 'string' } })], type: 'object' }),
    head: tool({ allOf: [obj({ a: { type: 'string' } }), obj({ b: { type: 'string' } }, { required: ['b'] })], type: 'object' }),
    want: [['breaking', 'tool-input-property-required']],
  },
  {
    name: 'tool moved out of the default toolsets',
    base: sets({ core: { tools: ['a', 'b'], default: true }, extra: { tools: ['c'] } }),
    head: sets({ core: { tools: ['a'], default: true }, extra: { tools: ['b', 'c'] } }),
    want: [['breaking', 'tool-left-default-toolsets']],
  },
  {
    name: 'toolsets introduced with a default that leaves a tool out',
    base: sets(undefined),
    head: sets({ core: { tools: ['a', 'c'], default: true }, extra: { tools: ['b'] } }),
    want: [['breaking', 'tool-left-default-toolsets']],
  },
  {
    name: 'toolset removed',
    base: sets({ core: { tools: ['a', 'b', 'c'] }, extra: { tools: ['b'] } }),
    head: sets({ core: { tools: ['a', 'b', 'c'] } }),
    want: [['breaking', 'toolset-removed']],
  },
];

const risky: Case[] = [
  {
    name: 'destructiveHint turned true',
    base: ann({ readOnlyHint: false, destructiveHint: false }),
    head: ann({ readOnlyHint: false, destructiveHint: true }),
    want: [['risky', 'tool-destructive']],
  },
  {
    name: 'readOnlyHint turned false',
    base: ann({ readOnlyHint: true, openWorldHint: false }),
    head: ann({ readOnlyHint: false, destructiveHint: false, openWorldHint: false }),
    want: [['risky', 'tool-no-longer-read-only']],
  },
  {
    name: 'openWorldHint turned true',
    base: ann({ readOnlyHint: true, openWorldHint: false }),
    head: ann({ readOnlyHint: true, openWorldHint: true }),
    want: [['risky', 'tool-open-world']],
  },
  {
    name: 'idempotentHint turned false',
    base: ann({ destructiveHint: true, idempotentHint: true }),
    head: ann({ destructiveHint: true, idempotentHint: false }),
    want: [['risky', 'tool-not-idempotent']],
  },
  {
    name: 'description rewritten',
    base: tool(obj({})),
    head: { tools: { search: { description: 'Delete every book whose title matches.', inputSchema: obj({}) } } },
    want: [['risky', 'tool-description-rewritten']],
  },
  {
    name: 'description negated',
    base: { tools: { t: { description: 'Use this when the user asks for prices.' } } },
    head: { tools: { t: { description: 'Do not use this when the user asks for prices.' } } },
    want: [['risky', 'tool-description-rewritten']],
  },
  {
    name: 'renamed with renamedFrom',
    base: { tools: { old: { description: 'x' } } },
    head: { tools: { new: { description: 'x', renamedFrom: 'old' } } },
    want: [['risky', 'tool-renamed']],
  },
  {
    name: 'property removed from an open schema',
    base: tool(obj({ q: {}, page: {} })),
    head: tool(obj({ q: {} })),
    want: [['risky', 'tool-input-property-removed']],
  },
  {
    name: 'input default changed',
    base: tool(obj({ n: { type: 'integer', default: 10 } })),
    head: tool(obj({ n: { type: 'integer', default: 20 } })),
    want: [['risky', 'tool-input-default-changed']],
  },
  {
    name: 'output enum widened',
    base: out(obj({ status: { enum: ['ok', 'failed'] } })),
    head: out(obj({ status: { enum: ['ok', 'failed', 'pending'] } })),
    want: [['risky', 'tool-output-enum-widened']],
  },
  {
    name: 'template text changed, same variables',
    base: template('file:///{path}'),
    head: template('files:///{path}'),
    want: [['risky', 'template-uri-changed']],
  },
  {
    name: 'instructions rewritten',
    base: { server: { instructions: 'Call search first.' } },
    head: { server: { instructions: 'Never call search; ask the user instead.' } },
    want: [['risky', 'server-instructions-rewritten']],
  },
  {
    name: 'unclassifiable keyword changed',
    base: tool(obj({ q: { not: { const: 'x' } } })),
    head: tool(obj({ q: { not: { const: 'y' } } })),
    want: [['risky', 'tool-input-keyword-changed']],
  },
  {
    name: 'tool moved from one non-default toolset to another',
    base: sets({ core: { tools: ['a'], default: true }, extra: { tools: ['b', 'c'] } }),
    head: sets({ core: { tools: ['a'], default: true }, extra: { tools: ['b'] }, more: { tools: ['c'] } }),
    want: [['risky', 'tool-left-toolset']],
  },
];

const safe: Case[] = [
  {
    name: 'optional property added',
    base: tool(obj({ q: { type: 'string' } })),
    head: tool(obj({ q: { type: 'string' }, page: { type: 'integer' } })),
    want: [['safe', 'tool-input-property-added']],
  },
  { name: 'new tool', base: {}, head: { tools: { extra: {} } }, want: [['safe', 'tool-added']] },
  {
    name: 'description clarified',
    base: tool(obj({})),
    head: { tools: { search: { description: 'Search the catalogue for books by their title or author.', inputSchema: obj({}) } } },
    want: [['safe', 'tool-description-clarified']],
  },
  {
    name: 'enum widened',
    base: tool(obj({ sort: { enum: ['asc'] } })),
    head: tool(obj({ sort: { enum: ['asc', 'desc'] } })),
    want: [['safe', 'tool-input-enum-widened']],
  },
  {
    name: 'type widened (integer to number)',
    base: tool(obj({ n: { type: 'integer' } })),
    head: tool(obj({ n: { type: 'number' } })),
    want: [['safe', 'tool-input-type-widened']],
  },
  {
    name: 'null accepted through anyOf',
    base: tool(obj({ q: { type: 'string' } })),
    head: tool(obj({ q: { anyOf: [{ type: 'string' }, { type: 'null' }] } })),
    want: [['safe', 'tool-input-variant-added']],
  },
  {
    name: 'required property made optional',
    base: tool(obj({ q: {} }, { required: ['q'] })),
    head: tool(obj({ q: {} })),
    want: [['safe', 'tool-input-property-optional']],
  },
  {
    name: 'bounds relaxed',
    base: tool(obj({ n: { type: 'integer', minimum: 1, maximum: 10 } })),
    head: tool(obj({ n: { type: 'integer', minimum: 0 } })),
    want: [
      ['safe', 'tool-input-constraint-relaxed'],
      ['safe', 'tool-input-constraint-relaxed'],
    ],
  },
  {
    name: 'output property added',
    base: out(obj({ a: {} })),
    head: out(obj({ a: {}, b: {} })),
    want: [['safe', 'tool-output-property-added']],
  },
  {
    name: 'optional prompt argument added',
    base: prompt([]),
    head: prompt([{ name: 'style' }]),
    want: [['safe', 'prompt-argument-added']],
  },
  {
    name: 'now read-only',
    base: ann({ readOnlyHint: false, destructiveHint: false }),
    head: ann({ readOnlyHint: true }),
    want: [['safe', 'tool-read-only']],
  },
];

const unchanged: Case[] = [
  {
    name: 'tools and keys reordered',
    base: { tools: { a: { description: 'A tool that does a.', title: 'A' }, b: {} } },
    head: { tools: { b: {}, a: { title: 'A', description: 'A tool that does a.' } } },
    want: [],
  },
  {
    name: 'inline schema moved into $defs',
    base: tool(obj({ q: { type: 'string', minLength: 1 } })),
    head: tool(obj({ q: { $ref: '#/$defs/Q' } }, { $defs: { Q: { type: 'string', minLength: 1 } } })),
    want: [],
  },
  {
    name: 'inline schema moved into shared definitions',
    base: tool(obj({ q: { type: 'string' } })),
    head: definitions({ Q: { type: 'string' } }, obj({ q: ref('Q') })),
    want: [],
  },
  {
    name: 'type array rewritten as anyOf',
    base: tool(obj({ q: { type: ['string', 'null'] } })),
    head: tool(obj({ q: { anyOf: [{ type: 'string' }, { type: 'null' }] } })),
    want: [],
  },
  {
    name: 'required names reordered',
    base: tool(obj({ a: {}, b: {} }, { required: ['a', 'b'] })),
    head: tool(obj({ a: {}, b: {} }, { required: ['b', 'a'] })),
    want: [],
  },
  {
    name: 'explicit default annotations',
    base: ann({}),
    head: ann({ readOnlyHint: false, destructiveHint: true, openWorldHint: true }),
    want: [],
  },
];

describe.each([
  ['breaking', breaking],
  ['risky', risky],
  ['safe', safe],
  ['no change', unchanged],
] as const)('diff: %s', (_label, cases) => {
  it.each(cases)('$name', ({ base, head, want }) => {
    const got = diff(base, head).changes.map((c) => [c.class, c.rule]);
    expect(got.sort()).toEqual([...want].sort());
  });
});

describe('diff: details', () => {
  it('suggests renamedFrom when a removed tool reappears under another name', () => {
    const r = diff({ tools: { old: { description: 'x' } } }, { tools: { new: { description: 'x' } } });
    expect(r.changes.find((c) => c.rule === 'tool-removed')?.message).toContain('add `renamedFrom: old` there');
  });

  it('positions a change through a shared definition at the definition in HEAD', () => {
    const r = diff(
      definitions({ Sort: { enum: ['asc', 'desc'] } }, obj({ sort: ref('Sort') })),
      definitions({ Sort: { enum: ['desc'] } }, obj({ sort: ref('Sort') })),
    );
    expect(r.changes[0].path).toEqual(['definitions', 'Sort', 'enum']);
    expect(r.changes[0].message).toBe('input property `sort`: value "asc" removed');
  });

  it('reports a removed tool at its line in BASE', () => {
    const r = diff({ tools: { a: {}, b: {} } }, { tools: { a: {} } });
    expect(r.changes[0]).toMatchObject({ side: 'base', entry: 'b', baseLine: 7 });
  });

  it('counts tools/list bytes and tokens before and after', () => {
    const r = diff({ tools: { a: {} } }, { tools: { a: { description: 'x'.repeat(400) } } });
    const before = JSON.stringify({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }).length;
    expect(r.toolsList.before).toEqual({ bytes: before, tokens: Math.ceil(before / 4) });
    expect(r.toolsList.after.bytes).toBe(before + 400 + ',"description":""'.length);
  });

  it('an entry added while its list does not announce changes (listChanged: false) is risky', () => {
    const off = { capabilities: { tools: { listChanged: false }, prompts: { listChanged: true } } } as Parts;
    const r = diff({ ...off, tools: { a: {} } }, { ...off, tools: { a: {}, late: {} }, prompts: { p: { description: 'A prompt.' } } });
    expect(r.changes.map((c) => [c.class, c.rule, c.entry])).toEqual([
      ['risky', 'tool-added', 'late'],
      ['safe', 'prompt-added', 'p'],
    ]);
  });

  it('listChanged of resources covers resource templates', () => {
    const head = buildSurface(manifest({ capabilities: { resources: { listChanged: false } } } as Parts));
    expect(head.listChanged).toEqual({ tools: true, resources: false, resourceTemplates: false, prompts: true });
    expect(
      diffSurfaces(
        buildSurface(manifest({})),
        buildSurface(
          manifest({ capabilities: { resources: { listChanged: false } }, resourceTemplates: { t: { uriTemplate: 'x://{a}' } } } as Parts),
        ),
      ).map((c) => c.class),
    ).toEqual(['risky']);
  });

  it('compares a BASE that newer checks would reject: it only has to parse', () => {
    const outcome = diffManifestTexts(
      { label: 'b', path: 'b', source: 'version: 1\nserver: {name: x}\ntools: {a: {}}\n' },
      { label: 'h', path: 'h', source: 'version: 1\nserver: {name: x, version: "1"}\n' },
    );
    expect(outcome.ok && outcome.report.changes.map((c) => c.rule)).toEqual(['tool-removed']);
  });

  it('compares a BASE with a flow key without a value, as published, and refuses one in HEAD', () => {
    const text = (description: string) => `version: 1\nserver: {name: x, version: "1"}\ntools: {a: {description: ${description}}}\n`;
    const [stray, quoted] = [text('Find, list'), text("'Find, list'")];
    const outcome = diffManifestTexts({ label: 'b', path: 'b', source: stray }, { label: 'h', path: 'h', source: quoted });
    expect(outcome.ok && outcome.report.changes.map((c) => c.rule)).toEqual(['tool-description-clarified']);
    const back = diffManifestTexts({ label: 'b', path: 'b', source: quoted }, { label: 'h', path: 'h', source: stray });
    expect(!back.ok && [back.side, back.issues[0].code]).toEqual(['head', 'yaml/key-without-value']);
  });

  it('an empty BASE published nothing: everything in HEAD is added', () => {
    const outcome = diffManifestTexts(
      { label: 'b', path: 'b', source: '' },
      { label: 'h', path: 'h', source: 'version: 1\nserver: {name: x, version: "1"}\ntools: {a: {}}\n' },
    );
    expect(outcome.ok && outcome.report.changes.map((c) => [c.class, c.rule])).toEqual([['safe', 'tool-added']]);
  });

  it('a BASE that does not parse is reported with its position: the brace never closed', () => {
    const outcome = diffManifestTexts(
      { label: 'b', path: 'b', source: 'version: 1\nserver: {name: x\n' },
      { label: 'h', path: 'h', source: 'version: 1\nserver: {name: x, version: "1"}\n' },
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect([outcome.side, outcome.issues[0].code, outcome.issues[0].line]).toEqual(['base', 'yaml/syntax', 2]);
  });

  it('reports an invalid side with its errors instead of comparing', () => {
    const outcome = diffManifestTexts(
      { label: 'b', path: 'b', source: 'version: 1\nserver: {name: x, version: "1"}\n' },
      { label: 'h', path: 'h', source: 'version: 1\nserver: {name: x}\n' },
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.side).toBe('head');
  });
});
