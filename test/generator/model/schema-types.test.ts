import { describe, expect, it } from 'vitest';
import { printSchemaTypes } from '../../../generator/model/schema-types.js';

const one = (schema: unknown, shared: Record<string, unknown> = {}) =>
  printSchemaTypes([{ typeName: 'T', schema: schema as never }], shared as never).trim();

describe('printSchemaTypes', () => {
  const cases: { name: string; given: unknown; want: string }[] = [
    {
      name: 'required and optional properties, no index signature',
      given: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] },
      want: 'export interface T {\n  "a": string;\n  "b"?: number;\n}',
    },
    { name: 'an object without properties is open', given: { type: 'object' }, want: 'export interface T {\n  [key: string]: unknown;\n}' },
    {
      name: 'additionalProperties as a schema',
      given: { type: 'object', additionalProperties: { type: 'integer' } },
      want: 'export interface T {\n  [key: string]: number;\n}',
    },
    {
      name: 'declared properties plus extras widen the index signature',
      given: { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: true },
      want: 'export interface T {\n  "a"?: string;\n  [key: string]: unknown;\n}',
    },
    {
      name: 'nullable type arrays',
      given: { type: 'object', properties: { a: { type: ['string', 'null'] } } },
      want: 'export interface T {\n  "a"?: string | null;\n}',
    },
    {
      name: 'enums and consts',
      given: { type: 'object', properties: { u: { enum: ['c', 'f', 1, null] }, k: { const: 'eq' } } },
      want: 'export interface T {\n  "u"?: "c" | "f" | 1 | null;\n  "k"?: "eq";\n}',
    },
    {
      name: 'arrays and tuples',
      given: {
        type: 'object',
        properties: {
          a: { type: 'array', items: { type: ['string', 'null'] } },
          t: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
        },
      },
      want: 'export interface T {\n  "a"?: (string | null)[];\n  "t"?: [string, number];\n}',
    },
    {
      name: 'descriptions become doc comments that cannot be closed early',
      given: { type: 'object', description: 'Root */ x', properties: { a: { type: 'string', description: 'The */ a' } } },
      want: '/** Root *\\/ x */\nexport interface T {\n  /** The *\\/ a */\n  "a"?: string;\n}',
    },
    {
      name: 'odd property names are quoted',
      given: JSON.parse(
        '{"type":"object","properties":{"$match":{"type":"string"},"a-b":{"type":"string"},"__proto__":{"type":"string"}}}',
      ),
      want: 'export interface T {\n  "$match"?: string;\n  "a-b"?: string;\n  "__proto__"?: string;\n}',
    },
    {
      name: 'allOf is an intersection, anyOf a union',
      given: { allOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { anyOf: [{ type: 'string' }, { type: 'number' }] }] },
      want: 'export type T = {\n  "a"?: string;\n} & (string | number);',
    },
    {
      name: 'boolean schemas',
      given: { type: 'object', properties: { any: true, none: false } },
      want: 'export interface T {\n  "any"?: unknown;\n  "none"?: never;\n}',
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(one(given)).toBe(want);
  });

  it('names local $defs after their schema, and recursion goes through the name', () => {
    const schema = {
      type: 'object',
      properties: { f: { $ref: '#/$defs/Filter' } },
      $defs: { Filter: { type: 'object', properties: { all: { type: 'array', items: { $ref: '#/$defs/Filter' } } } } },
    };
    expect(one(schema)).toBe('export interface T {\n  "f"?: TFilter;\n}\n\nexport interface TFilter {\n  "all"?: TFilter[];\n}');
  });

  it('shares one named type per shared definition, and keeps tool type names free', () => {
    const shared = { city: { type: 'string' }, T: { type: 'number' } };
    const out = printSchemaTypes(
      [
        { typeName: 'T', schema: { type: 'object', properties: { c: { $ref: '#/definitions/city' }, n: { $ref: '#/definitions/T' } } } },
        { typeName: 'U', schema: { type: 'object', properties: { c: { $ref: '#/definitions/city' } } } },
      ],
      shared,
    );
    expect(out).toBe(
      'export interface T {\n  "c"?: City;\n  "n"?: T2;\n}\n\nexport interface U {\n  "c"?: City;\n}\n\nexport type City = string;\n\nexport type T2 = number;\n',
    );
  });

  it('a ref to the root is the type itself; an unresolvable ref is unknown', () => {
    expect(one({ type: 'object', properties: { self: { $ref: '#' }, gone: { $ref: '#/$defs/Nope' } } })).toBe(
      'export interface T {\n  "self"?: T;\n  "gone"?: unknown;\n}',
    );
  });
});
