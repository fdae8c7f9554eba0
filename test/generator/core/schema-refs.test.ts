import { describe, expect, it } from 'vitest';
import {
  bundleSchema,
  collectRefs,
  measureJson,
  resolveLocalRef,
  sharedDefinitionName,
  walkSchema,
} from '../../../generator/core/schema-refs.js';

const R = { $ref: '#/definitions/A' };

describe('collectRefs: $ref only in schema positions, in document order', () => {
  const cases: { name: string; given: unknown; want: (string | number)[][] }[] = [
    { name: 'root', given: R, want: [['$ref']] },
    { name: 'property schema', given: { properties: { a: R } }, want: [['properties', 'a', '$ref']] },
    { name: 'property named $ref is a name, its schema is walked', given: { properties: { $ref: { type: 'string' } } }, want: [] },
    { name: 'schema of a property named $ref', given: { properties: { $ref: R } }, want: [['properties', '$ref', '$ref']] },
    { name: 'default', given: { default: R }, want: [] },
    { name: 'const', given: { const: R }, want: [] },
    { name: 'enum', given: { enum: [R] }, want: [] },
    { name: 'examples', given: { examples: [R] }, want: [] },
    { name: 'vendor keyword', given: { 'x-foo': R }, want: [] },
    { name: 'unknown keyword with nested schema shape', given: { 'x-foo': { properties: { a: R } } }, want: [] },
    { name: 'items as schema', given: { items: R }, want: [['items', '$ref']] },
    { name: 'items as array', given: { items: [{}, R] }, want: [['items', 1, '$ref']] },
    { name: 'prefixItems', given: { prefixItems: [R] }, want: [['prefixItems', 0, '$ref']] },
    {
      name: 'anyOf/oneOf/allOf',
      given: { anyOf: [R], oneOf: [{}, R], allOf: [R] },
      want: [
        ['anyOf', 0, '$ref'],
        ['oneOf', 1, '$ref'],
        ['allOf', 0, '$ref'],
      ],
    },
    { name: '$defs', given: { $defs: { X: R } }, want: [['$defs', 'X', '$ref']] },
    { name: 'definitions', given: { definitions: { X: R } }, want: [['definitions', 'X', '$ref']] },
    { name: 'additionalProperties schema', given: { additionalProperties: R }, want: [['additionalProperties', '$ref']] },
    { name: 'additionalProperties boolean', given: { additionalProperties: false }, want: [] },
    { name: 'dependentSchemas', given: { dependentSchemas: { a: R } }, want: [['dependentSchemas', 'a', '$ref']] },
    {
      name: 'dependencies: schema form walked, array form is data',
      given: { dependencies: { a: R, b: ['$ref'] } },
      want: [['dependencies', 'a', '$ref']],
    },
    {
      name: 'if/then/else',
      given: { if: R, then: R, else: R },
      want: [
        ['if', '$ref'],
        ['then', '$ref'],
        ['else', '$ref'],
      ],
    },
    {
      name: 'not, contains, propertyNames',
      given: { not: R, contains: R, propertyNames: R },
      want: [
        ['not', '$ref'],
        ['contains', '$ref'],
        ['propertyNames', '$ref'],
      ],
    },
    { name: 'patternProperties', given: { patternProperties: { '^x': R } }, want: [['patternProperties', '^x', '$ref']] },
    { name: 'non-string $ref is ignored', given: { $ref: 5 }, want: [] },
    {
      name: 'nested deeply',
      given: { properties: { a: { items: { anyOf: [R] } } } },
      want: [['properties', 'a', 'items', 'anyOf', 0, '$ref']],
    },
    { name: 'boolean schema', given: true, want: [] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(collectRefs(given).map((u) => u.path)).toEqual(want);
  });

  it('reports the ref string', () => {
    expect(collectRefs({ items: [{ $ref: '#/$defs/X' }] })).toEqual([{ ref: '#/$defs/X', path: ['items', 0, '$ref'] }]);
  });
});

describe('walkSchema', () => {
  it('visits every subschema once with its path, root first, depth first in document order', () => {
    const seen: string[] = [];
    walkSchema({ properties: { a: { items: {} } }, not: {} }, (_s, path) => seen.push(path.join('/')));
    expect(seen).toEqual(['', 'properties/a', 'properties/a/items', 'not']);
  });

  it("starts paths at the given prefix and leaves the caller's array alone", () => {
    const prefix = ['tools', 'x', 'inputSchema'];
    const kept: (string | number)[][] = [];
    walkSchema({ anyOf: [{}, { properties: { b: {} } }] }, (_s, path) => kept.push([...path]), prefix);
    expect(kept).toEqual([prefix, [...prefix, 'anyOf', 0], [...prefix, 'anyOf', 1], [...prefix, 'anyOf', 1, 'properties', 'b']]);
    expect(prefix).toEqual(['tools', 'x', 'inputSchema']);
  });

  it('skips inherited keys: a schema whose prototype has properties walks only its own', () => {
    const seen: string[] = [];
    const schema = Object.create({ properties: { inherited: {} } }) as Record<string, unknown>;
    schema.type = 'object';
    walkSchema(schema, (_s, path) => seen.push(path.join('/')));
    expect(seen).toEqual(['']);
  });
});

describe('resolveLocalRef', () => {
  const root = {
    $defs: { A: { type: 'string' }, 'a/b': { const: 1 }, 'm~n': { const: 2 }, 'sp ace': { const: 3 }, '': { const: 4 } },
    prefixItems: [{ const: 'zero' }, { const: 'one' }],
    properties: { x: { $anchor: 'here', type: 'integer' } },
    const: { $anchor: 'data' },
  };
  const cases: { name: string; given: string; want: unknown }[] = [
    { name: 'whole document', given: '#', want: root },
    { name: '$defs', given: '#/$defs/A', want: { type: 'string' } },
    { name: '~1 is a slash', given: '#/$defs/a~1b', want: { const: 1 } },
    { name: '~0 is a tilde', given: '#/$defs/m~0n', want: { const: 2 } },
    { name: 'percent-encoding', given: '#/$defs/sp%20ace', want: { const: 3 } },
    { name: 'empty key', given: '#/$defs/', want: { const: 4 } },
    { name: 'array index', given: '#/prefixItems/1', want: { const: 'one' } },
    { name: 'array index out of range', given: '#/prefixItems/2', want: undefined },
    { name: 'array length is not an index', given: '#/prefixItems/length', want: undefined },
    { name: 'anchor', given: '#here', want: { $anchor: 'here', type: 'integer' } },
    { name: 'anchor inside const is data', given: '#data', want: undefined },
    { name: 'missing anchor', given: '#nowhere', want: undefined },
    { name: 'missing key', given: '#/$defs/B', want: undefined },
    { name: 'past a scalar', given: '#/$defs/A/type/x', want: undefined },
    { name: '__proto__', given: '#/__proto__', want: undefined },
    { name: 'constructor', given: '#/constructor', want: undefined },
    { name: 'toString under $defs', given: '#/$defs/toString', want: undefined },
    { name: 'not local', given: 'other.json#/$defs/A', want: undefined },
    { name: 'missing #', given: '/$defs/A', want: undefined },
  ];
  it.each(cases)('$name: $given', ({ given, want }) => {
    expect(resolveLocalRef(root, given)).toEqual(want);
  });

  it('an own __proto__ key resolves to its value', () => {
    const doc = JSON.parse('{"definitions": {"__proto__": {"type": "null"}}}');
    expect(resolveLocalRef(doc, '#/definitions/__proto__')).toEqual({ type: 'null' });
  });

  it('a malformed percent-escape resolves to undefined instead of throwing', () => {
    expect(resolveLocalRef(root, '#/$defs/100%')).toBeUndefined();
  });

  it('an array index with a leading zero does not resolve', () => {
    expect(resolveLocalRef(root, '#/prefixItems/01')).toBeUndefined();
  });
});

describe('sharedDefinitionName', () => {
  const cases: { given: string; want: string | undefined }[] = [
    { given: '#/definitions/City', want: 'City' },
    { given: '#/definitions/a~1b', want: 'a/b' },
    { given: '#/definitions/m~0n', want: 'm~n' },
    { given: '#/definitions/My%20City', want: 'My City' },
    { given: '#/$defs/City', want: undefined },
    { given: '#/definitions/', want: undefined },
    { given: 'x.json#/definitions/City', want: undefined },
  ];
  it.each(cases)('$given', ({ given, want }) => {
    expect(sharedDefinitionName(given)).toBe(want);
  });
});

describe('bundleSchema', () => {
  const shared = {
    City: { type: 'object', properties: { zip: { $ref: '#/definitions/Zip' } } },
    Zip: { type: 'string' },
    Alpha: { type: 'number' },
    Loop: { items: { $ref: '#/definitions/Loop' } },
    Unused: { type: 'null' },
  };
  const cases: { name: string; given: unknown; want: unknown }[] = [
    {
      name: 'transitive and sorted',
      given: { properties: { c: { $ref: '#/definitions/City' }, a: { $ref: '#/definitions/Alpha' } } },
      want: {
        properties: { c: { $ref: '#/definitions/City' }, a: { $ref: '#/definitions/Alpha' } },
        definitions: { Alpha: shared.Alpha, City: shared.City, Zip: shared.Zip },
      },
    },
    {
      name: 'self reference',
      given: { $ref: '#/definitions/Loop' },
      want: { $ref: '#/definitions/Loop', definitions: { Loop: shared.Loop } },
    },
    {
      name: 'own definitions kept, own wins, shared appended after them',
      given: { definitions: { Zip: { type: 'integer' } }, $ref: '#/definitions/City' },
      want: { definitions: { Zip: { type: 'integer' }, City: shared.City }, $ref: '#/definitions/City' },
    },
    { name: 'unknown name left alone', given: { $ref: '#/definitions/Nope' }, want: { $ref: '#/definitions/Nope' } },
    {
      name: 'ref in data is not bundled',
      given: { default: { $ref: '#/definitions/City' } },
      want: { default: { $ref: '#/definitions/City' } },
    },
    { name: 'boolean schema', given: true, want: true },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const before = structuredClone(given);
    const sharedBefore = structuredClone(shared);
    expect(bundleSchema(given, shared)).toEqual(want);
    expect(given).toEqual(before);
    expect(shared).toEqual(sharedBefore);
  });

  it('orders attached definitions by name', () => {
    const out = bundleSchema({ anyOf: [{ $ref: '#/definitions/Zip' }, { $ref: '#/definitions/Alpha' }] }, shared) as {
      definitions: object;
    };
    expect(Object.keys(out.definitions)).toEqual(['Alpha', 'Zip']);
  });

  it('returns the same object when nothing shared is referenced', () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/X' } }, $defs: { X: {} } };
    expect(bundleSchema(schema, shared)).toBe(schema);
  });

  it('does not attach Object.prototype members', () => {
    const schema = { $ref: '#/definitions/constructor' };
    expect(bundleSchema(schema, shared)).toBe(schema);
  });

  it('a shared definition named __proto__ becomes an own property', () => {
    const own = JSON.parse('{"__proto__": {"type": "boolean"}}');
    const out = bundleSchema({ $ref: '#/definitions/__proto__' }, own) as { definitions: Record<string, unknown> };
    expect(Object.hasOwn(out.definitions, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out.definitions)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out.definitions, '__proto__')?.value).toEqual({ type: 'boolean' });
  });

  it('a ref into a shared definition attaches that definition', () => {
    const out = bundleSchema({ $ref: '#/definitions/City/properties/zip' }, shared) as Record<string, unknown>;
    expect(resolveLocalRef(out, '#/definitions/City/properties/zip')).toEqual({ $ref: '#/definitions/Zip' });
  });
});

describe('measureJson', () => {
  const nest = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: [nest(depth - 1)] });
  const cases: {
    name: string;
    value: unknown;
    maxDepth: number;
    maxNodes: number;
    want: { nodes: number; tooDeep?: (string | number)[] };
  }[] = [
    { name: 'a scalar is one node', value: 5, maxDepth: 3, maxNodes: 10, want: { nodes: 1 } },
    { name: 'objects and arrays count with their values', value: { a: [1, 2], b: {} }, maxDepth: 5, maxNodes: 100, want: { nodes: 5 } },
    { name: 'the node limit stops the count one past it', value: [1, 2, 3, 4, 5], maxDepth: 5, maxNodes: 3, want: { nodes: 4 } },
    { name: 'nesting at the limit is fine', value: nest(2), maxDepth: 4, maxNodes: 100, want: { nodes: 5 } },
    {
      name: 'the first value past the depth limit is reported with its path',
      value: nest(3),
      maxDepth: 4,
      maxNodes: 100,
      want: { nodes: 5, tooDeep: ['a', 0, 'a', 0] },
    },
  ];
  it.each(cases)('$name', ({ value, maxDepth, maxNodes, want }) => {
    expect(measureJson(value, maxDepth, maxNodes)).toEqual(want);
  });

  it('measures a 100,000-deep value without recursion', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(measureJson(deep, 64, Number.MAX_SAFE_INTEGER).tooDeep).toHaveLength(64);
  });
});
