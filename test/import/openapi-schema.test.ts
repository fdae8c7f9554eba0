import { describe, expect, it } from 'vitest';
import type { SpecFinding } from '../../generator/import/openapi/load.js';
import { SchemaConverter, type Side } from '../../generator/import/openapi/schema.js';

type Json = Record<string, unknown>;

function convert(schema: unknown, opts: { side?: Side; version?: '3.0' | '3.1'; components?: Json } = {}) {
  const findings: SpecFinding[] = [];
  const doc = { openapi: opts.version === '3.1' ? '3.1.0' : '3.0.3', components: { schemas: opts.components ?? {} } };
  const converter = new SchemaConverter(doc, opts.version ?? '3.0', findings);
  return { ...converter.convertRoot(schema, ['root'], opts.side ?? 'input'), findings };
}

describe('SchemaConverter: OpenAPI 3.0 keywords in JSON Schema 2020-12 terms', () => {
  const cases: { name: string; given: unknown; want: unknown }[] = [
    {
      name: 'integer and format stay exact',
      given: { type: 'integer', format: 'int64', minimum: 1 },
      want: { type: 'integer', format: 'int64', minimum: 1 },
    },
    {
      name: 'nullable string becomes a type array',
      given: { type: 'string', nullable: true, format: 'date' },
      want: { type: ['string', 'null'], format: 'date' },
    },
    {
      name: 'nullable enum admits null',
      given: { type: 'string', enum: ['a', 'b'], nullable: true },
      want: { type: ['string', 'null'], enum: ['a', 'b', null] },
    },
    {
      name: 'nullable without a type wraps in anyOf, annotations outside',
      given: { allOf: [{ type: 'object' }], nullable: true, description: 'd' },
      want: { description: 'd', anyOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }] },
    },
    { name: 'nullable: false is dropped', given: { type: 'string', nullable: false }, want: { type: 'string' } },
    {
      name: 'exclusiveMinimum: true moves the bound',
      given: { type: 'number', minimum: 0, exclusiveMinimum: true },
      want: { type: 'number', exclusiveMinimum: 0 },
    },
    {
      name: 'exclusiveMaximum: false is dropped',
      given: { type: 'number', maximum: 5, exclusiveMaximum: false },
      want: { type: 'number', maximum: 5 },
    },
    { name: 'example becomes examples', given: { type: 'string', example: 'Rex' }, want: { type: 'string', examples: ['Rex'] } },
    {
      name: 'OpenAPI-only keywords and extensions are dropped',
      given: {
        type: 'object',
        xml: { name: 'x' },
        externalDocs: { url: 'u' },
        'x-internal': true,
        properties: { a: { type: 'string', 'x-order': 1 } },
      },
      want: { type: 'object', properties: { a: { type: 'string' } } },
    },
    {
      name: 'nested subschemas are converted too',
      given: { type: 'array', items: { type: 'object', additionalProperties: { type: 'integer', nullable: true } } },
      want: { type: 'array', items: { type: 'object', additionalProperties: { type: ['integer', 'null'] } } },
    },
    {
      name: 'enum values, defaults and patterns pass through',
      given: { type: 'string', enum: ['x'], default: 'x', pattern: '^x$' },
      want: { type: 'string', enum: ['x'], default: 'x', pattern: '^x$' },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const r = convert(given);
    expect(r.schema).toEqual(want);
    expect(r.defs).toBeUndefined();
    expect(r.findings).toEqual([]);
  });
});

describe('SchemaConverter: readOnly and writeOnly', () => {
  const user = {
    type: 'object',
    required: ['id', 'name', 'password'],
    properties: {
      id: { type: 'integer', readOnly: true },
      name: { type: 'string' },
      password: { type: 'string', writeOnly: true },
      created: { $ref: '#/components/schemas/Stamp' },
    },
  };
  const components = { Stamp: { type: 'string', format: 'date-time', readOnly: true } };

  it('inputs leave out readOnly properties (also behind a $ref) and their required entries', () => {
    const r = convert(user, { components });
    expect(r.schema).toEqual({
      type: 'object',
      required: ['name', 'password'],
      properties: { name: { type: 'string' }, password: { type: 'string', writeOnly: true } },
    });
    expect(r.defs).toEqual({ Stamp: { type: 'string', format: 'date-time', readOnly: true } });
  });

  it('outputs leave out writeOnly properties', () => {
    const r = convert(user, { components, side: 'output' });
    expect(r.schema).toEqual({
      type: 'object',
      required: ['id', 'name'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' }, created: { $ref: '#/$defs/Stamp' } },
    });
  });

  it('drops required entirely when every required property is hidden', () => {
    const r = convert({ type: 'object', required: ['id'], properties: { id: { type: 'string', readOnly: true } } });
    expect(r.schema).toEqual({ type: 'object', properties: {} });
  });
});

describe('SchemaConverter: references become $defs', () => {
  it('collects referenced components transitively, under their names, once each', () => {
    const components = {
      Pet: { type: 'object', properties: { owner: { $ref: '#/components/schemas/Owner' }, friend: { $ref: '#/components/schemas/Pet' } } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Unused: { type: 'string' },
    };
    const r = convert({ type: 'array', items: { $ref: '#/components/schemas/Pet' } }, { components });
    expect(r.schema).toEqual({ type: 'array', items: { $ref: '#/$defs/Pet' } });
    expect(r.defs).toEqual({
      Pet: { type: 'object', properties: { owner: { $ref: '#/$defs/Owner' }, friend: { $ref: '#/$defs/Pet' } } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
    });
  });

  it('ignores $ref siblings in 3.0 and keeps them in 3.1', () => {
    const components = { Id: { type: 'string' } };
    const given = { $ref: '#/components/schemas/Id', description: 'the id' };
    expect(convert(given, { components }).schema).toEqual({ $ref: '#/$defs/Id' });
    expect(convert(given, { components, version: '3.1' }).schema).toEqual({ $ref: '#/$defs/Id', description: 'the id' });
  });

  it('keeps 3.1 schemas as they are (type arrays, const, examples)', () => {
    const given = { type: ['string', 'null'], const: 'x', examples: ['x'], nullable: true };
    expect(convert(given, { version: '3.1' }).schema).toEqual({ type: ['string', 'null'], const: 'x', examples: ['x'] });
  });

  it('reports remote and dangling references with their paths', () => {
    const r = convert({ type: 'object', properties: { a: { $ref: 'other.yaml#/X' }, b: { $ref: '#/components/schemas/Nope' } } });
    expect(r.findings).toEqual([
      {
        path: ['root', 'properties', 'a', '$ref'],
        message: '$ref "other.yaml#/X" points outside this document',
        hint: expect.stringContaining('bundle'),
      },
      { path: ['root', 'properties', 'b', '$ref'], message: '$ref "#/components/schemas/Nope" does not resolve in this document' },
    ]);
  });
});

describe('SchemaConverter: oneOf with a discriminator', () => {
  const components = {
    Cat: { type: 'object', properties: { petType: { type: 'string' }, indoor: { type: 'boolean' } } },
    Dog: { type: 'object', properties: { petType: { type: 'string' } } },
    Bird: { type: 'object', properties: { petType: { type: 'string' } } },
  };
  it('pins each branch to its tag: mapping by name, by pointer, or the component name', () => {
    const given = {
      oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }, { $ref: '#/components/schemas/Bird' }],
      discriminator: { propertyName: 'petType', mapping: { cat: 'Cat', dog: '#/components/schemas/Dog', hound: 'Dog' } },
    };
    const r = convert(given, { components });
    expect(r.schema).toEqual({
      oneOf: [
        { $ref: '#/$defs/Cat', properties: { petType: { const: 'cat' } }, required: ['petType'] },
        { $ref: '#/$defs/Dog', properties: { petType: { enum: ['dog', 'hound'] } }, required: ['petType'] },
        { $ref: '#/$defs/Bird', properties: { petType: { const: 'Bird' } }, required: ['petType'] },
      ],
    });
    expect(Object.keys(r.defs ?? {})).toEqual(['Cat', 'Dog', 'Bird']);
  });
});
