// Validation memoises what it learns about each schema object (refs, bundles, sizes) for one run. These tests pin
// that a memoised answer is the one a fresh computation gives, that it is scoped to the run (a schema changed
// between runs is read again), and that one schema object checked in several places is reported in each.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { bundleSchema, collectRefs, measureJson, SCHEMA_LIMITS, withSchemaMemo } from '../../../generator/core/schema-refs.js';
import { loadManifest } from '../../../generator/load/load-manifest.js';
import { validateManifest } from '../../../generator/validate/validate-manifest.js';

type Json = unknown;

/** The walk measureJson did before it recursed: an explicit stack, last child first. */
function measureReference(value: Json, maxDepth: number, maxNodes: number): { nodes: number; tooDeep?: (string | number)[] } {
  const stack: { value: Json; path: (string | number)[]; depth: number }[] = [{ value, path: [], depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    if (++nodes > maxNodes) return { nodes };
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= maxDepth) return { nodes, tooDeep: path };
    if (Array.isArray(v)) v.forEach((c, i) => stack.push({ value: c, path: [...path, i], depth: depth + 1 }));
    else for (const k of Object.keys(v)) stack.push({ value: (v as Record<string, Json>)[k], path: [...path, k], depth: depth + 1 });
  }
  return { nodes };
}

/** A deterministic pseudo-random JSON value. */
function randomJson(seed: number, depth: number): Json {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s;
  };
  const gen = (d: number): Json => {
    const r = next() % 10;
    if (d === 0 || r < 3) return r === 0 ? null : r === 1 ? 'x' : r;
    const n = next() % 4;
    if (r < 6) return Array.from({ length: n }, () => gen(d - 1));
    return Object.fromEntries(Array.from({ length: n }, (_, i) => [i % 2 ? `k${i}` : String(i), gen(d - 1)]));
  };
  return gen(depth);
}

describe('measureJson', () => {
  it('counts and finds the same too-deep path as the explicit-stack walk, at every limit', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = randomJson(seed, 8);
      for (const [maxDepth, maxNodes] of [
        [3, 1_000],
        [5, 20],
        [8, 7],
        [20, 1_000],
        [2, 3],
      ]) {
        expect(measureJson(value, maxDepth, maxNodes), `seed ${seed}, ${maxDepth}/${maxNodes}`).toEqual(
          measureReference(value, maxDepth, maxNodes),
        );
      }
    }
  });

  it('gives each limit its own answer inside a memoised run', () => {
    const value = { a: { b: { c: [1, 2] } } };
    withSchemaMemo(() => {
      expect(measureJson(value, 10, 100)).toEqual({ nodes: 6 });
      expect(measureJson(value, 2, 100)).toEqual({ nodes: 3, tooDeep: ['a', 'b'] });
      expect(measureJson(value, 10, 3)).toEqual({ nodes: 4 });
    });
  });
});

describe('collectRefs of a bundle, spelled out from its parts', () => {
  const shared = {
    A: { type: 'object', properties: { b: { $ref: '#/definitions/B' } } },
    B: { anyOf: [{ $ref: '#/definitions/C' }, { type: 'null' }] },
    C: { type: 'string' },
    '7': { items: { $ref: '#/definitions/A' } },
  };
  const schemas: Record<string, Json> = {
    'refs before and after a definitions key': {
      properties: { x: { $ref: '#/definitions/A' } },
      definitions: { Own: { $ref: '#/definitions/7' } },
      items: { $ref: '#/definitions/Own' },
    },
    'no definitions key: added last': { $ref: '#/definitions/A', not: { $ref: '#/definitions/7' } },
    'definitions that are not a map are replaced': { definitions: [{ $ref: '#/definitions/A' }], allOf: [{ $ref: '#/definitions/C' }] },
    'an integer-like definition name sorts first': { definitions: { z: { $ref: '#/definitions/B' } }, items: { $ref: '#/definitions/7' } },
    'nothing shared referenced': { properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: {} } },
  };
  it.each(Object.entries(schemas))('%s', (_, schema) => {
    const fresh = collectRefs(bundleSchema(schema, shared));
    withSchemaMemo(() => {
      collectRefs(schema); // the schema's own refs memoised first, as validation does
      const bundled = bundleSchema(schema, shared);
      expect(bundleSchema(schema, shared)).toBe(bundled);
      expect(collectRefs(bundled)).toEqual(fresh);
      expect(fresh.length).toBeGreaterThan(0);
    });
  });

  it('bundles one schema with different shared definitions separately', () => {
    const schema = { $ref: '#/definitions/A' };
    withSchemaMemo(() => {
      const withA = bundleSchema(schema, { A: { type: 'string' } });
      const withOtherA = bundleSchema(schema, { A: { type: 'number' } });
      expect(withA).toEqual({ $ref: '#/definitions/A', definitions: { A: { type: 'string' } } });
      expect(withOtherA).toEqual({ $ref: '#/definitions/A', definitions: { A: { type: 'number' } } });
    });
  });

  it('keeps nothing once the run is over: a schema changed afterwards is read again', () => {
    const schema: Record<string, Json> = { properties: { a: { $ref: '#/definitions/A' } } };
    withSchemaMemo(() => expect(collectRefs(schema).map((r) => r.ref)).toEqual(['#/definitions/A']));
    (schema.properties as Record<string, Json>).b = { $ref: '#/definitions/B' };
    withSchemaMemo(() => expect(collectRefs(schema).map((r) => r.ref)).toEqual(['#/definitions/A', '#/definitions/B']));
  });
});

describe('validation with memoised schema facts', () => {
  const codesAt = (issues: { code: string; path: string }[]) => issues.map((i) => `${i.code} ${i.path}`).sort();

  it('reports a problem in one schema object at every place the manifest uses it', () => {
    // The alias makes one object the shared definition, two tools' inputSchema and an outputSchema.
    const text = [
      'version: 1',
      'server: {name: demo, version: 1.0.0}',
      'definitions:',
      '  Query: &q',
      '    type: object',
      '    properties:',
      '      text: {type: string, description: Text, minLength: -1}',
      '      next: {$ref: "#/definitions/Missing", description: Next}',
      'tools:',
      '  find:',
      '    description: Finds the records matching a query',
      '    inputSchema: *q',
      '  count:',
      '    description: Counts the records matching a query',
      '    inputSchema: *q',
      '    outputSchema: *q',
      '',
    ].join('\n');
    const issues = validateManifest(loadManifest('mcp.yaml', text));
    const data = loadManifest('mcp.yaml', text).data as unknown as { tools: Record<string, { inputSchema: unknown }> };
    expect(data.tools.find.inputSchema).toBe(data.tools.count.inputSchema);
    const places = ['definitions.Query', 'tools.find.inputSchema', 'tools.count.inputSchema', 'tools.count.outputSchema'];
    expect(codesAt(issues)).toEqual(
      places.flatMap((p) => [`schema/invalid ${p}.properties.text.minLength`, `schema/unresolved-ref ${p}.properties.next.$ref`]).sort(),
    );
  });

  it('validates a manifest again after its schemas changed, with the new findings', () => {
    const text = stringify({
      version: 1,
      server: { name: 'demo', version: '1.0.0' },
      definitions: { Id: { type: 'string' } },
      tools: {
        get: {
          description: 'Gets one record by its id',
          inputSchema: { type: 'object', properties: { id: { $ref: '#/definitions/Id' } } },
        },
      },
    });
    const loaded = loadManifest('mcp.yaml', text);
    expect(validateManifest(loaded).filter((i) => i.severity === 'error')).toEqual([]);
    const input = (loaded.data as unknown as { tools: { get: { inputSchema: { properties: Record<string, unknown> } } } }).tools.get
      .inputSchema;
    input.properties.id = { $ref: '#/definitions/Ids' };
    expect(codesAt(validateManifest(loaded))).toEqual(['schema/unresolved-ref tools.get.inputSchema.properties.id.$ref']);
    input.properties.id = { $ref: '#/definitions/Id' };
    expect(validateManifest(loaded).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('counts a bundle from its parts exactly: too large one value past the limit, not at it', () => {
    // Two shared definitions that fit alone; with the tool's own values their bundle is near the node limit.
    const props = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string' }]));
    const definitions = { A: { type: 'object', properties: props(4_000) }, B: { type: 'object', properties: props(4_000) } };
    const fresh = (schema: unknown) => measureJson(bundleSchema(schema, definitions), SCHEMA_LIMITS.depth + 2, SCHEMA_LIMITS.nodes).nodes;
    const base = { type: 'object', properties: { a: { $ref: '#/definitions/A' }, b: { $ref: '#/definitions/B' } } };
    const padding = SCHEMA_LIMITS.nodes - fresh({ ...base, definitions: { Own: { enum: [] } } });
    for (const extra of [padding, padding + 1]) {
      // An own definition too, so the bundle replaces a `definitions` the schema has.
      const schema = { ...base, definitions: { Own: { enum: Array.from({ length: extra }, (_, i) => i) } } };
      const text = stringify({
        version: 1,
        server: { name: 'demo', version: '1.0.0' },
        definitions,
        tools: { t: { inputSchema: schema } },
      });
      const tooLarge = validateManifest(loadManifest('mcp.yaml', text)).filter((i) => i.code === 'schema/too-large');
      expect(fresh(schema) > SCHEMA_LIMITS.nodes).toBe(extra > padding);
      expect(tooLarge.map((i) => [i.path, i.message.startsWith('with the definitions it refers to')])).toEqual(
        extra > padding ? [['tools.t.inputSchema', true]] : [],
      );
    }
  });
});
