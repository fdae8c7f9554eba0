// $ref and size safety: only local references resolve and nothing is ever fetched; cycles are fine; schemas and
// data that are too deep, too wide or chain too many refs are reported as positioned errors, quickly, without
// exhausting the stack.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../generator/generate.js';
import { longestRefChain, measureJson, SCHEMA_LIMITS } from '../../generator/core/schema-refs.js';
import { tempDir } from '../support/project.js';
import { BASE, errors, validate } from './validate.js';

const tool = (inputSchema: unknown) => ({ tools: { t: { inputSchema } } });
const nested = (levels: number) => {
  let schema: Record<string, unknown> = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { p: schema } };
  return schema;
};
const chain = (length: number) => {
  const definitions: Record<string, unknown> = {};
  for (let i = 0; i < length; i++) definitions[`D${i}`] = { type: 'object', properties: { next: { $ref: `#/definitions/D${i + 1}` } } };
  definitions[`D${length}`] = { type: 'string' };
  return { definitions, tools: { t: { inputSchema: { type: 'object', properties: { x: { $ref: '#/definitions/D0' } } } } } };
};

describe('external references are never fetched', () => {
  let requests = 0;
  let url = '';
  const server = createServer((_req, res) => {
    requests++;
    res.end('{"type":"object"}');
  });
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/schema.json`;
  });
  afterAll(() => void server.close());

  it('reports every non-local ref, and generate writes nothing', async () => {
    const manifest = {
      definitions: { Remote: { $ref: url }, File: { $ref: 'file:///etc/passwd' } },
      tools: {
        t: {
          inputSchema: {
            type: 'object',
            properties: { a: { $ref: url }, b: { $ref: '../secret.json#/x' }, c: { $ref: 'other.yaml' }, d: { $ref: '//evil.example/s' } },
          },
        },
      },
    };
    expect(errors(manifest).sort()).toEqual([
      'schema/external-ref definitions.File.$ref',
      'schema/external-ref definitions.Remote.$ref',
      'schema/external-ref tools.t.inputSchema.properties.a.$ref',
      'schema/external-ref tools.t.inputSchema.properties.b.$ref',
      'schema/external-ref tools.t.inputSchema.properties.c.$ref',
      'schema/external-ref tools.t.inputSchema.properties.d.$ref',
    ]);
    const dir = tempDir('mcp-gen-refs-');
    writeFileSync(join(dir, 'mcp.yaml'), stringify({ ...BASE, ...manifest }));
    const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
    expect(result.plan).toBeUndefined();
    expect(readdirSync(dir)).toEqual(['mcp.yaml']);
    expect(requests).toBe(0);
  });

  it('a property named $ref, or a $ref inside a default, is data', () => {
    expect(errors(tool({ type: 'object', properties: { $ref: { type: 'string', default: { $ref: url } } } }))).toEqual([]);
  });
});

describe('cycles', () => {
  it('recursive definitions and self references validate and generate', async () => {
    const manifest = {
      definitions: {
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/definitions/Node' } }, peer: { $ref: '#/definitions/Peer' } },
        },
        Peer: { type: 'object', properties: { back: { $ref: '#/definitions/Node' } } },
      },
      tools: { t: { inputSchema: { type: 'object', properties: { root: { $ref: '#/definitions/Node' }, self: { $ref: '#' } } } } },
    };
    expect(validate(manifest)).toEqual([]);
    const dir = tempDir('mcp-gen-cycles-');
    writeFileSync(join(dir, 'mcp.yaml'), stringify({ ...BASE, ...manifest }));
    const started = performance.now();
    const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
    expect(result.issues).toEqual([]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a chain of refs counts a cycle once', () => {
    const root = {
      definitions: { A: { $ref: '#/definitions/B' }, B: { $ref: '#/definitions/A' } },
      properties: { x: { $ref: '#/definitions/A' } },
    };
    expect(longestRefChain(root).length).toBe(2);
  });
});

describe('limits', () => {
  const cases: { name: string; given: Record<string, unknown>; want: RegExp[] }[] = [
    {
      name: 'nesting past the depth limit',
      given: tool(nested(80)),
      want: [/^schema\/too-deep tools\.t\.inputSchema(\.properties\.p){64}$/],
    },
    { name: 'nesting within it', given: tool(nested(60)), want: [] },
    {
      name: 'too many properties',
      given: tool({
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 10_500 }, (_, i) => [`p${i}`, { type: 'string' }])),
      }),
      want: [/^schema\/too-large tools\.t\.inputSchema$/],
    },
    {
      name: 'a shared definition too deep',
      given: { definitions: { Deep: nested(100) }, ...tool({ type: 'object', properties: { d: { $ref: '#/definitions/Deep' } } }) },
      want: [/^schema\/too-deep definitions\.Deep\./],
    },
    {
      name: 'a chain of refs past the limit',
      given: chain(SCHEMA_LIMITS.refChain + 5),
      want: [/^schema\/ref-chain tools\.t\.inputSchema$/],
    },
    { name: 'a chain within it', given: chain(SCHEMA_LIMITS.refChain - 5), want: [] },
    { name: 'deep _meta', given: { tools: { t: { _meta: nested(40) } } }, want: [/^manifest\/too-deep tools\.t\._meta\./] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const started = performance.now();
    const found = errors(given);
    expect(found).toHaveLength(want.length);
    want.forEach((pattern, i) => expect(found[i]).toMatch(pattern));
    // Most of the time goes into parsing the YAML again for positions, which grows with the manifest's size.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('refs that fan out exponentially stay linear', () => {
    const definitions: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++)
      definitions[`D${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/definitions/D${i + 1}` }, b: { $ref: `#/definitions/D${i + 1}` } },
      };
    definitions.D40 = { type: 'string' };
    const started = performance.now();
    expect(errors({ definitions, ...tool({ type: 'object', properties: { x: { $ref: '#/definitions/D0' } } }) })).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('YAML nested far deeper than any limit ends in positioned errors, not a crash', () => {
    for (const text of [
      `version: 1\nserver: {name: x, version: "1"}\ntools:\n  t:\n    inputSchema: ${'{a: '.repeat(50_000)}1${'}'.repeat(50_000)}\n`,
      `version: 1\nserver: {name: x, version: "1"}\ntools:\n  t:\n    _meta: ${'['.repeat(50_000)}${']'.repeat(50_000)}\n`,
    ]) {
      const issues = validate(text);
      expect(issues.length).toBeGreaterThan(0);
      for (const issue of issues) expect(issue.line).toBeGreaterThan(0);
    }
  });

  it('measureJson stops at the first limit without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(measureJson(deep, 10, 1e9).tooDeep).toEqual(Array(10).fill(0));
    expect(measureJson({ a: [1, 2, { b: 3 }] }, 10, 1e9)).toEqual({ nodes: 6 });
    expect(measureJson(Array(100).fill(0), 10, 50).nodes).toBe(51);
  });

  it('a generated project is never written for an oversized manifest', async () => {
    const dir = tempDir('mcp-gen-limits-');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'mcp.yaml'), stringify({ ...BASE, ...chain(200) }));
    const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: false });
    expect(result.issues.map((i) => i.code)).toEqual(['schema/ref-chain']);
    expect(readdirSync(dir)).toEqual(['mcp.yaml']);
  });
});
