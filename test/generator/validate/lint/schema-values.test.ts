import { describe, expect, it } from 'vitest';
import { rejectedSchemaValues } from '../../../../generator/validate/lint/schema-values.js';

describe('rejectedSchemaValues', () => {
  const cases: { name: string; given: unknown; want: string[] }[] = [
    {
      name: 'a default of the wrong type',
      given: { type: 'integer', default: 'x' },
      want: ['default: default "x" is rejected by its own schema: not an integer'],
    },
    {
      name: 'a fractional default on an integer',
      given: { type: 'integer', default: 2.5 },
      want: ['default: default 2.5 is rejected by its own schema: not an integer'],
    },
    {
      name: 'enum values YAML read as numbers, under type string',
      given: { type: 'object', properties: { v: { type: 'string', enum: [1, 'b'] } } },
      want: ['properties.v.enum.0: enum value 1 is rejected by its own schema: not a string'],
    },
    {
      name: 'a default outside the enum',
      given: { enum: ['a', 'b'], default: 'c' },
      want: ['default: default "c" is rejected by its own schema: not one of its enum'],
    },
    {
      name: 'a default that is not the const',
      given: { const: 1, default: 2 },
      want: ['default: default 2 is rejected by its own schema: not its const 1'],
    },
    {
      name: 'string bounds and pattern',
      given: { type: 'string', minLength: 2, pattern: '^[a-z]+$', examples: ['a', 'AB', 'ok'] },
      want: [
        'examples.0: example "a" is rejected by its own schema: shorter than minLength 2',
        'examples.1: example "AB" is rejected by its own schema: does not match its pattern "^[a-z]+$"',
      ],
    },
    {
      name: 'number bounds, inclusive and exclusive',
      given: { type: 'number', minimum: 1, exclusiveMaximum: 7, enum: [0, 1, 7] },
      want: [
        'enum.0: enum value 0 is rejected by its own schema: below its minimum 1',
        'enum.2: enum value 7 is rejected by its own schema: not below its exclusiveMaximum 7',
      ],
    },
    {
      name: 'array bounds',
      given: { type: 'array', maxItems: 1, default: [1, 2] },
      want: ['default: default [1,2] is rejected by its own schema: more than maxItems 1'],
    },
    {
      name: 'in a definition under $defs',
      given: { $defs: { N: { type: 'boolean', default: 'yes' } } },
      want: ['$defs.N.default: default "yes" is rejected by its own schema: not a boolean'],
    },
    {
      name: 'values the schema accepts',
      given: { type: ['string', 'null'], enum: ['a', null], default: null, minLength: 1, examples: ['a'] },
      want: [],
    },
    {
      name: 'an integer is a number; an unknown type and a bad pattern are not judged',
      given: { type: 'number', default: 3, properties: { p: { type: 'x', pattern: '(', default: 1 } } },
      want: [],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(rejectedSchemaValues(given, []).map((f) => `${f.path.join('.')}: ${f.message}`)).toEqual(want);
  });

  it('says what YAML did when text was meant', () => {
    const [finding] = rejectedSchemaValues({ type: 'string', enum: [1, true] }, ['x']);
    expect(finding).toMatchObject({ path: ['x', 'enum', 0], hint: 'YAML reads it as a number: quote it if it is text' });
    expect(rejectedSchemaValues({ type: 'integer', default: 'x' }, [])[0].hint).toBe('change the value or the schema so that they agree');
  });
});
