import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { checkJsonSchema, jsonSchemaDialect, type SchemaProblem } from '../../../generator/validate/json-schema.js';
import { metaSchemaValidatorFactories } from '../../../generator/validate/spec-validators.gen.js';

const D07 = 'http://json-schema.org/draft-07/schema#';
const D2019 = 'https://json-schema.org/draft/2019-09/schema';
const D2020 = 'https://json-schema.org/draft/2020-12/schema';
const TYPES = 'must be one of "array", "boolean", "integer", "null", "number", "object", "string"';
const MEANT_STRING = "did you mean 'string'?";
const UNSUPPORTED = 'use JSON Schema 2020-12 (the default when $schema is absent), 2019-09 or draft-07';

describe('jsonSchemaDialect', () => {
  const cases: { given: unknown; want: string | undefined }[] = [
    { given: {}, want: '2020-12' },
    { given: true, want: '2020-12' },
    { given: { $schema: 5 }, want: '2020-12' },
    { given: { $schema: D2020 }, want: '2020-12' },
    { given: { $schema: 'http://json-schema.org/draft/2020-12/schema#' }, want: '2020-12' },
    { given: { $schema: D2019 }, want: '2019-09' },
    { given: { $schema: 'http://json-schema.org/draft/2019-09/schema#' }, want: '2019-09' },
    { given: { $schema: D07 }, want: 'draft-07' },
    { given: { $schema: 'http://json-schema.org/draft-07/schema' }, want: 'draft-07' },
    { given: { $schema: 'https://json-schema.org/draft-07/schema#' }, want: 'draft-07' },
    { given: { $schema: 'http://json-schema.org/draft-06/schema#' }, want: undefined },
    { given: { $schema: 'http://json-schema.org/draft-04/schema#' }, want: undefined },
    { given: { $schema: 'http://json-schema.org/schema#' }, want: undefined },
    { given: { $schema: 'json-schema.org/draft-07/schema' }, want: undefined },
  ];
  test.each(cases)('$given', ({ given, want }) => {
    expect(jsonSchemaDialect(given)).toBe(want);
  });
});

const accepted: { name: string; given: unknown }[] = [
  { name: 'empty object', given: { type: 'object' } },
  { name: 'boolean schemas', given: true },
  {
    name: 'zod-to-json-schema style draft-07 with definitions and $ref',
    given: {
      $schema: D07,
      type: 'object',
      properties: { home: { $ref: '#/definitions/Address' }, tags: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] } },
      required: ['home'],
      additionalProperties: false,
      definitions: { Address: { type: 'object', properties: { street: { type: 'string', minLength: 1 } } } },
    },
  },
  {
    name: 'pydantic style 2020-12 with $defs, nullable anyOf, defaults and titles',
    given: {
      type: 'object',
      title: 'Args',
      properties: {
        unit: { $ref: '#/$defs/Unit', default: 'metric' },
        days: { anyOf: [{ type: 'integer', minimum: 1, maximum: 16 }, { type: 'null' }], default: null, title: 'Days' },
      },
      $defs: { Unit: { enum: ['metric', 'imperial'], type: 'string', title: 'Unit' } },
    },
  },
  {
    name: 'oneOf with const tags, nullable type arrays, schema-valued additionalProperties, propertyNames',
    given: {
      type: ['object', 'null'],
      oneOf: [
        { properties: { kind: { const: 'circle' }, r: { type: 'number', exclusiveMinimum: 0 } }, required: ['kind'] },
        { properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
      ],
      additionalProperties: { type: ['string', 'number'] },
      propertyNames: { pattern: '^[a-z_]+$' },
    },
  },
  {
    name: 'formats, known or not, and vendor keywords',
    given: {
      type: 'object',
      properties: {
        when: { type: 'string', format: 'date-time' },
        zip: { type: 'string', format: 'zip-code' },
        city: { type: 'string', 'x-mcp-header': 'X-City', 'x-foo': { anything: [1, { $ref: 'not checked' }] } },
      },
    },
  },
  {
    name: 'property names that look like keywords or prototype members',
    given: JSON.parse(
      '{"type":"object","properties":{"$match":{},"type":{"type":"string"},"function":{},"__proto__":{"type":"string"},' +
        '"constructor":{"type":"number"},"$ref":{"type":"string"},"properties":{"type":"object"}},"required":["__proto__","$ref"]}',
    ),
  },
  {
    name: '2020-12 keywords: prefixItems, dependentRequired, if/then/else, unevaluatedProperties',
    given: {
      $schema: D2020,
      type: 'object',
      properties: { point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'number' }], items: false } },
      dependentRequired: { a: ['b'] },
      if: { properties: { a: { const: 1 } } },
      then: { required: ['c'] },
      else: true,
      unevaluatedProperties: false,
    },
  },
  {
    name: '2020-12 with $dynamicRef',
    given: { $dynamicAnchor: 'node', properties: { kids: { type: 'array', items: { $dynamicRef: '#node' } } } },
  },
  { name: 'legacy dependencies', given: { dependencies: { a: ['b'], c: { required: ['d'] } } } },
  { name: '2019-09 with $recursiveRef', given: { $schema: D2019, $recursiveAnchor: true, properties: { child: { $recursiveRef: '#' } } } },
  { name: 'pattern that needs the u flag', given: { type: 'string', pattern: '^\\p{L}+$' } },
  // Not strictly a URI reference, but ajv (and so the SDK) resolves it.
  { name: '$ref with a space', given: { properties: { a: { $ref: '#/$defs/my thing' } }, $defs: { 'my thing': {} } } },
];

const rejected: { name: string; given: unknown; want: SchemaProblem[] }[] = [
  { name: 'misspelled type', given: { type: 'strng' }, want: [{ path: ['type'], message: TYPES, hint: MEANT_STRING }] },
  {
    name: 'misspelled type in a list',
    given: { type: ['strng', 'null'] },
    want: [{ path: ['type', 0], message: TYPES, hint: MEANT_STRING }],
  },
  {
    name: 'a type name of another language',
    given: { type: 'int' },
    want: [{ path: ['type'], message: TYPES, hint: "did you mean 'integer'?" }],
  },
  {
    name: 'date as a type',
    given: { type: 'date' },
    want: [{ path: ['type'], message: TYPES, hint: "did you mean 'string' with format: date?" }],
  },
  { name: 'type that is a number', given: { type: 5 }, want: [{ path: ['type'], message: `${TYPES} or an array` }] },
  {
    name: 'a bound quoted, so text',
    given: { type: 'integer', minimum: '1' },
    want: [
      {
        path: ['minimum'],
        message: 'must be a number',
        hint: 'this value is quoted, so it is text; write it without quotes for the number 1',
      },
    ],
  },
  {
    name: 'uniqueItems: yes',
    given: { type: 'array', uniqueItems: 'yes' },
    want: [{ path: ['uniqueItems'], message: 'must be a boolean', hint: 'YAML 1.2 reads yes as text, not a boolean: write true' }],
  },
  {
    name: 'required as a string',
    given: { required: 'x' },
    want: [{ path: ['required'], message: 'must be an array', hint: 'write a list: required: [x]' }],
  },
  {
    name: 'required: true on a property, as in other schema languages',
    given: { properties: { city: { type: 'string', required: true } } },
    want: [
      {
        path: ['properties', 'city', 'required'],
        message: 'must be an array',
        hint: "JSON Schema lists required names on the object: put 'city' in the required: [...] beside properties, and drop required: true here",
      },
    ],
  },
  {
    name: 'a bare null in a type list, which YAML reads as no value',
    given: { type: ['string', null] },
    want: [{ path: ['type', 1], message: TYPES, hint: 'quote it: "null" (a bare null is YAML for no value)' }],
  },
  {
    name: 'a bare null as the type',
    given: { type: null },
    want: [{ path: ['type'], message: `${TYPES} or an array`, hint: 'quote it: "null" (a bare null is YAML for no value)' }],
  },
  { name: 'required with a number', given: { required: ['a', 1] }, want: [{ path: ['required', 1], message: 'must be a string' }] },
  { name: 'properties as an array', given: { properties: [] }, want: [{ path: ['properties'], message: 'must be an object' }] },
  { name: 'negative minLength', given: { minLength: -1 }, want: [{ path: ['minLength'], message: 'must be >= 0' }] },
  { name: 'fractional maxItems', given: { maxItems: 1.5 }, want: [{ path: ['maxItems'], message: 'must be an integer' }] },
  {
    name: 'dependencies with a number',
    given: { dependencies: { a: ['b', 1] } },
    want: [{ path: ['dependencies', 'a', 1], message: 'must be a string' }],
  },
  {
    name: 'bad $anchor',
    given: { $defs: { a: { $anchor: '1 x' } } },
    want: [{ path: ['$defs', 'a', '$anchor'], message: 'must match pattern "^[A-Za-z_][-A-Za-z0-9._]*$"' }],
  },
  {
    name: 'enum that is not a list',
    given: { $defs: { u: { enum: 'a' } } },
    want: [{ path: ['$defs', 'u', 'enum'], message: 'must be an array', hint: 'write a list: enum: [a]' }],
  },
  {
    name: 'deep mistakes',
    given: { properties: { a: { items: { type: 'strng' } }, b: { additionalProperties: 'no' } } },
    want: [
      { path: ['properties', 'a', 'items', 'type'], message: TYPES, hint: MEANT_STRING },
      { path: ['properties', 'b', 'additionalProperties'], message: 'must be an object or a boolean' },
    ],
  },
  {
    name: 'mistake inside an anyOf branch',
    given: { anyOf: [{ type: 'string' }, { minimum: 'x' }] },
    want: [{ path: ['anyOf', 1, 'minimum'], message: 'must be a number' }],
  },
  {
    name: 'mistake under a __proto__ property',
    given: JSON.parse('{"properties":{"__proto__":{"type":"strng"}}}'),
    want: [{ path: ['properties', '__proto__', 'type'], message: TYPES, hint: MEANT_STRING }],
  },
  {
    name: 'draft-07 tuple items are checked per item',
    given: { $schema: D07, items: [{ type: 'string' }, { type: 'bad' }] },
    want: [{ path: ['items', 1, 'type'], message: TYPES }],
  },
  // 2020-12 replaced tuple `items` with prefixItems; ajv in the SDK refuses the old form.
  {
    name: '2020-12 tuple items',
    given: { items: [{ type: 'string' }] },
    want: [{ path: ['items'], message: 'must be an object or a boolean' }],
  },
  {
    name: '2019-09 mistakes',
    given: { $schema: D2019, properties: { a: { minLength: -1 } } },
    want: [{ path: ['properties', 'a', 'minLength'], message: 'must be >= 0' }],
  },
  {
    name: 'pattern the SDK cannot compile',
    given: { properties: { id: { type: 'string', pattern: '^[\\w-\\.]+$' } } },
    want: [
      {
        path: ['properties', 'id', 'pattern'],
        message:
          'is not a valid regular expression with the "u" flag ajv uses: Invalid regular expression: /^[\\w-\\.]+$/u: Invalid character class',
      },
    ],
  },
  {
    name: 'patternProperties key that is no regex',
    given: { patternProperties: { '(': {} } },
    want: [
      {
        path: ['patternProperties', '('],
        message:
          'property name is not a valid regular expression with the "u" flag ajv uses: Invalid regular expression: /(/u: Unterminated group',
      },
    ],
  },
  {
    name: 'draft-04',
    given: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
    want: [{ path: ['$schema'], message: `unsupported $schema 'http://json-schema.org/draft-04/schema#': ${UNSUPPORTED}` }],
  },
  {
    name: 'draft-06',
    given: { $schema: 'http://json-schema.org/draft-06/schema#' },
    want: [{ path: ['$schema'], message: `unsupported $schema 'http://json-schema.org/draft-06/schema#': ${UNSUPPORTED}` }],
  },
  {
    name: 'custom meta-schema',
    given: { $schema: 'https://example.com/meta' },
    want: [{ path: ['$schema'], message: `unsupported $schema 'https://example.com/meta': ${UNSUPPORTED}` }],
  },
  { name: '$schema that is not a string', given: { $schema: 7 }, want: [{ path: ['$schema'], message: 'must be a string' }] },
  { name: 'a number', given: 5, want: [{ path: [], message: 'must be an object or a boolean' }] },
  { name: 'null', given: null, want: [{ path: [], message: 'must be an object or a boolean' }] },
  { name: 'an array', given: [], want: [{ path: [], message: 'must be an object or a boolean' }] },
];

describe('checkJsonSchema accepts what real servers publish', () => {
  test.each(accepted)('$name', ({ given }) => {
    expect(checkJsonSchema(given)).toEqual([]);
  });
});

describe('checkJsonSchema rejects invalid schemas, with paths', () => {
  test.each(rejected)('$name', ({ given, want }) => {
    expect(checkJsonSchema(given)).toEqual(want);
  });
});

// The generated meta-schema validators merge the 2019-09 / 2020-12 vocabularies into one schema for speed; they
// must give the same verdict as ajv with the official meta-schemas on every schema of both tables, in each dialect.
describe('generated meta-schema validators agree with the official meta-schemas', () => {
  const require = createRequire(import.meta.url);
  const official = (AjvClass: any, id: string) => {
    const ajv = new AjvClass({ strict: false });
    require('ajv-formats').default(ajv);
    for (const name of ['uri', 'uri-reference']) ajv.addFormat(name, true);
    ajv.addFormat('regex', (s: string) => {
      try {
        return Boolean(new RegExp(s, 'u'));
      } catch {
        return false;
      }
    });
    ajv._metaOpts = { ...ajv._metaOpts, validateFormats: true }; // ajv skips formats in meta-schemas by default
    return ajv.getSchema(id);
  };
  const dialects = [
    { dialect: 'draft-07', $schema: D07, validate: official(require('ajv').default, 'http://json-schema.org/draft-07/schema') },
    { dialect: '2019-09', $schema: D2019, validate: official(require('ajv/dist/2019').default, D2019) },
    { dialect: '2020-12', $schema: D2020, validate: official(require('ajv/dist/2020').default, D2020) },
  ];
  const corpus = [...accepted, ...rejected]
    .filter(({ given }) => jsonSchemaDialect(given) !== undefined)
    .flatMap(({ name, given }) => dialects.map((d) => ({ ...d, name, given })));
  test.each(corpus)('$dialect: $name', ({ dialect, $schema, validate, given }) => {
    const schema = given !== null && typeof given === 'object' && !Array.isArray(given) ? { ...given, $schema } : given;
    const generated = metaSchemaValidatorFactories[dialect]();
    expect(generated(schema)).toBe(validate(schema));
  });
});
