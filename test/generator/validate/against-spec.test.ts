import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { packageRoot } from '../../../generator/core/package-root.js';
import {
  explainAjvErrors,
  SPEC_REVISIONS,
  validateAgainstSpec,
  type SpecKind,
  type SpecViolation,
} from '../../../generator/validate/against-spec.js';

// A plain .mjs build script has no type declarations; this is the part the test uses.
const buildScript = (await import('../../../scripts/build-spec-validators.mjs' as string)) as {
  buildSpecValidatorsSource(): string;
  OUTPUT: string;
  OUTPUT_TYPES: string;
  SPEC_VALIDATORS_TYPES: string;
};

const ALL = '2025-06-18, 2025-11-25, 2026-07-28';
const SINCE_2025_11 = '2025-11-25, 2026-07-28';
const BEFORE_2026 = '2025-06-18, 2025-11-25';

const tool = (extra: Record<string, unknown> = {}) => ({ name: 'get_forecast', inputSchema: { type: 'object' }, ...extra });
const resource = (extra: Record<string, unknown> = {}) => ({ name: 'readme', uri: 'file:///README.md', ...extra });
const template = (uriTemplate: string) => ({ name: 'city', uriTemplate });

describe('validateAgainstSpec', () => {
  const cases: { name: string; kind: SpecKind; given: unknown; want: SpecViolation[] }[] = [
    { name: 'minimal tool', kind: 'Tool', given: tool(), want: [] },
    {
      name: 'tool using every field',
      kind: 'Tool',
      given: tool({
        title: 'Forecast',
        description: 'Weather forecast',
        inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], $schema: 'x' },
        outputSchema: { type: 'object', properties: { temp: { type: 'number' } } },
        annotations: { title: 'Forecast', readOnlyHint: true, openWorldHint: false },
        icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'dark' }],
        execution: { taskSupport: 'optional' },
        _meta: { 'com.example/x': 1 },
      }),
      want: [],
    },
    // No revision's schema.json constrains tool names beyond "string" (2025-11-25 states rules in prose only).
    { name: 'tool name with a space', kind: 'Tool', given: tool({ name: 'get forecast' }), want: [] },
    {
      name: 'tool name not a string',
      kind: 'Tool',
      given: tool({ name: 42 }),
      want: [{ revision: ALL, path: ['name'], message: 'must be a string' }],
    },
    {
      name: 'tool without name and inputSchema',
      kind: 'Tool',
      given: {},
      want: [
        { revision: ALL, path: [], message: "must have required property 'inputSchema'" },
        { revision: ALL, path: [], message: "must have required property 'name'" },
      ],
    },
    {
      name: 'inputSchema of type array',
      kind: 'Tool',
      given: tool({ inputSchema: { type: 'array' } }),
      want: [{ revision: ALL, path: ['inputSchema', 'type'], message: 'must be equal to "object"' }],
    },
    {
      name: 'inputSchema without type',
      kind: 'Tool',
      given: tool({ inputSchema: {} }),
      want: [{ revision: ALL, path: ['inputSchema'], message: "must have required property 'type'" }],
    },
    // 2026-07-28 lets outputSchema be any JSON Schema.
    {
      name: 'outputSchema of type array',
      kind: 'Tool',
      given: tool({ outputSchema: { type: 'array' } }),
      want: [{ revision: BEFORE_2026, path: ['outputSchema', 'type'], message: 'must be equal to "object"' }],
    },
    // Before 2026-07-28 each inputSchema property must be an object; '/' in the name survives the JSON Pointer.
    {
      name: 'inputSchema property that is not a schema object',
      kind: 'Tool',
      given: tool({ inputSchema: { type: 'object', properties: { 'a/b~c': 'string' } } }),
      want: [{ revision: BEFORE_2026, path: ['inputSchema', 'properties', 'a/b~c'], message: 'must be an object' }],
    },
    // Icons exist since 2025-11-25; before that they are unknown, and unknown properties are allowed.
    {
      name: 'bad icon',
      kind: 'Tool',
      given: tool({ icons: [{ src: 'not a uri', theme: 'blue' }] }),
      want: [
        { revision: SINCE_2025_11, path: ['icons', 0, 'src'], message: 'must match format "uri"' },
        { revision: SINCE_2025_11, path: ['icons', 0, 'theme'], message: 'must be one of "dark", "light"' },
      ],
    },
    // execution.taskSupport exists only in 2025-11-25.
    {
      name: 'bad taskSupport',
      kind: 'Tool',
      given: tool({ execution: { taskSupport: 'sometimes' } }),
      want: [{ revision: '2025-11-25', path: ['execution', 'taskSupport'], message: 'must be one of "forbidden", "optional", "required"' }],
    },
    {
      name: 'annotation of the wrong type',
      kind: 'Tool',
      given: tool({ annotations: { readOnlyHint: 'yes' } }),
      want: [{ revision: ALL, path: ['annotations', 'readOnlyHint'], message: 'must be a boolean' }],
    },
    {
      name: '_meta not an object',
      kind: 'Tool',
      given: tool({ _meta: 'x' }),
      want: [{ revision: ALL, path: ['_meta'], message: 'must be an object' }],
    },
    {
      name: 'tool that is not an object',
      kind: 'Tool',
      given: 'get_forecast',
      want: [{ revision: ALL, path: [], message: 'must be an object' }],
    },

    { name: 'resource', kind: 'Resource', given: resource({ mimeType: 'text/markdown', size: 10 }), want: [] },
    {
      name: 'resource uri not a URI',
      kind: 'Resource',
      given: resource({ uri: 'not a uri' }),
      want: [{ revision: ALL, path: ['uri'], message: 'must match format "uri"' }],
    },
    {
      name: 'resource size and annotations out of range',
      kind: 'Resource',
      given: resource({ size: 1.5, annotations: { priority: 2, audience: ['robot'] } }),
      want: [
        { revision: ALL, path: ['annotations', 'audience', 0], message: 'must be one of "assistant", "user"' },
        { revision: ALL, path: ['annotations', 'priority'], message: 'must be <= 1' },
        { revision: ALL, path: ['size'], message: 'must be an integer' },
      ],
    },

    { name: 'resource template', kind: 'ResourceTemplate', given: template('weather://{city}/{?days}'), want: [] },
    {
      name: 'unclosed template expression',
      kind: 'ResourceTemplate',
      given: template('weather://{city'),
      want: [{ revision: ALL, path: ['uriTemplate'], message: 'must match format "uri-template"' }],
    },
    // RFC 6570 allows dots in variable names; ajv-formats' uri-template pattern does not.
    {
      name: 'dotted template variable',
      kind: 'ResourceTemplate',
      given: template('weather://{city.name}'),
      want: [{ revision: ALL, path: ['uriTemplate'], message: 'must match format "uri-template"' }],
    },

    { name: 'prompt', kind: 'Prompt', given: { name: 'p', arguments: [{ name: 'a', required: true }] }, want: [] },
    {
      name: 'prompt argument without name',
      kind: 'Prompt',
      given: { name: 'p', arguments: [{}, { name: 'b', required: 'yes' }] },
      want: [
        { revision: ALL, path: ['arguments', 0], message: "must have required property 'name'" },
        { revision: ALL, path: ['arguments', 1, 'required'], message: 'must be a boolean' },
      ],
    },

    { name: 'server info', kind: 'Implementation', given: { name: 'weather', version: '1.0.0' }, want: [] },
    {
      name: 'server info without version, bad website',
      kind: 'Implementation',
      given: { name: 'w', websiteUrl: 'nope' },
      want: [
        { revision: ALL, path: [], message: "must have required property 'version'" },
        { revision: SINCE_2025_11, path: ['websiteUrl'], message: 'must match format "uri"' },
      ],
    },
  ];
  test.each(cases)('$kind: $name', ({ kind, given, want }) => {
    expect(validateAgainstSpec(kind, given)).toEqual(want);
  });

  const revisionCases: { given: string[]; want: SpecViolation[] }[] = [
    { given: ['2026-07-28'], want: [] },
    { given: ['2025-06-18'], want: [{ revision: '2025-06-18', path: ['outputSchema', 'type'], message: 'must be equal to "object"' }] },
    { given: [], want: [] },
  ];
  test.each(revisionCases)('only revisions $given', ({ given, want }) => {
    expect(validateAgainstSpec('Tool', tool({ outputSchema: { type: 'array' } }), given)).toEqual(want);
  });

  test('an unknown revision is a programming error', () => {
    expect(() => validateAgainstSpec('Tool', tool(), ['2024-11-05'])).toThrow(/no MCP schema for Tool in revision '2024-11-05'/);
  });

  test('SPEC_REVISIONS are exactly the schema copies in schemas/mcp', () => {
    const files = readdirSync(join(packageRoot(), 'schemas', 'mcp')).filter((f) => f.endsWith('.schema.json'));
    expect(files.map((f) => f.replace('.schema.json', ''))).toEqual([...SPEC_REVISIONS]);
  });
});

describe('explainAjvErrors (with errors from a real ajv)', () => {
  const require = createRequire(import.meta.url);
  const Ajv2020 = require('ajv/dist/2020').default;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  const cases: { name: string; schema: object; given: unknown; want: { path: (string | number)[]; message: string }[] }[] = [
    {
      name: 'discriminated union: unknown tag lists all tags',
      schema: {
        oneOf: [
          { type: 'object', properties: { kind: { const: 'circle' }, r: { type: 'number' } }, required: ['kind'] },
          { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind'] },
        ],
      },
      given: { kind: 'oval' },
      want: [{ path: ['kind'], message: 'must be "circle" or "square"' }],
    },
    {
      name: 'nullable: both accepted types in one message',
      schema: { anyOf: [{ type: 'object' }, { type: 'null' }] },
      given: 3,
      want: [{ path: [], message: 'must be an object or null' }],
    },
    {
      name: 'the branch with the right shape wins',
      schema: { anyOf: [{ type: 'string', minLength: 2 }, { type: 'number' }] },
      given: 'x',
      want: [{ path: [], message: 'must NOT have fewer than 2 characters' }],
    },
    {
      name: 'oneOf matching twice is reported as such',
      schema: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
      given: 1,
      want: [{ path: [], message: 'must match exactly one schema in "oneOf" but matches 0 and 1' }],
    },
    {
      name: 'plain keywords keep their own messages and paths',
      schema: {
        type: 'object',
        properties: { tags: { type: 'array', uniqueItems: true, items: { pattern: '^[a-z]+$' } } },
        propertyNames: { maxLength: 4 },
        additionalProperties: false,
      },
      given: { tags: ['a', 'B', 'a'], extra: 1 },
      want: [
        { path: ['extra'], message: 'property name must NOT have more than 4 characters' },
        { path: ['extra'], message: 'is not an allowed property' },
        { path: ['tags', 1], message: 'must match pattern "^[a-z]+$"' },
        { path: ['tags'], message: 'must NOT have duplicate items (items 0 and 2 are identical)' },
      ],
    },
  ];
  test.each(cases)('$name', ({ schema, given, want }) => {
    const validate = ajv.compile(schema);
    expect(validate(given)).toBe(false);
    expect(explainAjvErrors(validate.errors, given)).toEqual(want);
  });
});

describe('generated validators', () => {
  // The committed file must be what the build script makes from the committed schemas and installed ajv.
  test('spec-validators.gen.js is up to date (else run: node scripts/build-spec-validators.mjs)', () => {
    const { buildSpecValidatorsSource, OUTPUT, OUTPUT_TYPES, SPEC_VALIDATORS_TYPES } = buildScript;
    const fresh = buildSpecValidatorsSource() === readFileSync(OUTPUT, 'utf8');
    expect(fresh, 'generator/spec-validators.gen.js is stale').toBe(true);
    expect(readFileSync(OUTPUT_TYPES, 'utf8')).toBe(SPEC_VALIDATORS_TYPES);
  }, 30_000);
});
