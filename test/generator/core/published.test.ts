import { describe, expect, it } from 'vitest';
import type { JsonSchema, Manifest, Prompt, Resource, ResourceTemplate, Tool } from '../../../generator/core/manifest-types.js';
import {
  DEFAULT_INPUT_SCHEMA,
  promptArgsSchema,
  publishedPrompt,
  publishedResource,
  publishedResourceTemplate,
  publishedServerInfo,
  publishedTool,
} from '../../../generator/core/published.js';

const shared: Record<string, JsonSchema> = {
  City: { type: 'object', properties: { zip: { $ref: '#/definitions/Zip' } } },
  Zip: { type: 'string' },
  Unused: { type: 'null' },
};
const cityInput = { type: 'object', properties: { city: { $ref: '#/definitions/City' } } };
const bundledCity = { ...cityInput, definitions: { City: shared.City, Zip: shared.Zip } };

describe('publishedTool', () => {
  const cases: { name: string; given: [string, Tool]; want: Record<string, unknown> }[] = [
    { name: 'default inputSchema', given: ['t', {}], want: { name: 't', inputSchema: { type: 'object' } } },
    { name: 'boolean inputSchema kept', given: ['t', { inputSchema: true }], want: { name: 't', inputSchema: true } },
    {
      name: 'every field, bundled schemas',
      given: [
        'get_forecast',
        {
          _meta: { 'x/y': 1 },
          icons: [{ src: 'https://x/i.png', 'x-scale': 2 }],
          execution: { taskSupport: 'optional' },
          annotations: { readOnlyHint: true, 'vendor/hint': { level: 1 } },
          outputSchema: cityInput,
          inputSchema: cityInput,
          description: 'd',
          title: 'T',
        },
      ],
      want: {
        name: 'get_forecast',
        title: 'T',
        description: 'd',
        inputSchema: bundledCity,
        outputSchema: bundledCity,
        annotations: { readOnlyHint: true, 'vendor/hint': { level: 1 } },
        execution: { taskSupport: 'optional' },
        icons: [{ src: 'https://x/i.png', 'x-scale': 2 }],
        _meta: { 'x/y': 1 },
      },
    },
    {
      name: 'unbundled schema stays as written',
      given: ['t', { inputSchema: { type: 'object', $defs: { A: {} }, properties: { a: { $ref: '#/$defs/A' } } } }],
      want: { name: 't', inputSchema: { type: 'object', $defs: { A: {} }, properties: { a: { $ref: '#/$defs/A' } } } },
    },
  ];
  it.each(cases)('$name', ({ given: [name, tool], want }) => {
    const got = publishedTool(name, tool, shared);
    expect(got).toEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
  });

  it('puts keys in name/title/description/inputSchema/outputSchema/annotations/execution/icons/_meta order', () => {
    const tool = {
      _meta: {},
      icons: [],
      execution: {},
      annotations: {},
      outputSchema: {},
      inputSchema: {},
      description: '',
      title: '',
    } as Tool;
    expect(Object.keys(publishedTool('t', tool, {}))).toEqual([
      'name',
      'title',
      'description',
      'inputSchema',
      'outputSchema',
      'annotations',
      'execution',
      'icons',
      '_meta',
    ]);
  });

  it('does not mutate the tool or the shared definitions', () => {
    const tool: Tool = { inputSchema: structuredClone(cityInput) };
    const before = structuredClone({ tool, shared });
    publishedTool('t', tool, shared);
    expect({ tool, shared }).toEqual(before);
  });

  it('the default input schema is { type: "object" }', () => {
    expect(DEFAULT_INPUT_SCHEMA).toEqual({ type: 'object' });
  });
});

describe('publishedResource / publishedResourceTemplate', () => {
  it.each([
    { name: 'minimal', given: { uri: 'file:///a' } as Resource, want: { uri: 'file:///a', name: 'r' } },
    {
      name: 'all published fields in order; text stays private',
      given: {
        text: 'hi',
        _meta: { m: 1 },
        icons: [],
        annotations: { priority: 1 },
        size: 0,
        mimeType: 'text/plain',
        description: 'd',
        title: 'T',
        uri: 'a:b',
      } as Resource,
      want: {
        uri: 'a:b',
        name: 'r',
        title: 'T',
        description: 'd',
        mimeType: 'text/plain',
        size: 0,
        annotations: { priority: 1 },
        icons: [],
        _meta: { m: 1 },
      },
    },
  ])('resource: $name', ({ given, want }) => {
    const got = publishedResource('r', given);
    expect(got).toEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
  });

  it.each([
    { name: 'minimal', given: { uriTemplate: 'a:{b}' } as ResourceTemplate, want: { uriTemplate: 'a:{b}', name: 'tpl' } },
    {
      name: 'all fields in order',
      given: {
        _meta: {},
        icons: [],
        annotations: { audience: ['user'] },
        mimeType: 'm',
        description: 'd',
        title: 'T',
        uriTemplate: 'x:{y}',
      } as ResourceTemplate,
      want: {
        uriTemplate: 'x:{y}',
        name: 'tpl',
        title: 'T',
        description: 'd',
        mimeType: 'm',
        annotations: { audience: ['user'] },
        icons: [],
        _meta: {},
      },
    },
  ])('template: $name', ({ given, want }) => {
    const got = publishedResourceTemplate('tpl', given);
    expect(got).toEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
  });
});

describe('publishedPrompt', () => {
  const cases: { name: string; given: Prompt; want: Record<string, unknown> }[] = [
    { name: 'minimal', given: {}, want: { name: 'p' } },
    {
      name: 'arguments as written (title kept, required only where given); messages and completions are not published',
      given: {
        _meta: { k: 1 },
        icons: [],
        messages: [{ role: 'user', text: 'x' }],
        arguments: [
          { name: 'a' },
          { required: true, description: 'B', name: 'b', title: 'Bee', complete: ['x'] },
          { name: 'c', required: false },
        ],
        description: 'd',
        title: 'T',
      },
      want: {
        name: 'p',
        title: 'T',
        description: 'd',
        arguments: [{ name: 'a' }, { name: 'b', title: 'Bee', description: 'B', required: true }, { name: 'c', required: false }],
        icons: [],
        _meta: { k: 1 },
      },
    },
    { name: 'empty argument list kept', given: { arguments: [] }, want: { name: 'p', arguments: [] } },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const got = publishedPrompt('p', given);
    expect(got).toEqual(want);
    expect(Object.keys(got)).toEqual(Object.keys(want));
    const args = (got.arguments ?? []) as object[];
    args.forEach((a, i) => expect(Object.keys(a)).toEqual(Object.keys((want.arguments as object[])[i])));
  });
});

describe('promptArgsSchema', () => {
  const cases: { name: string; given: Prompt; want: unknown }[] = [
    { name: 'no arguments', given: {}, want: undefined },
    { name: 'empty arguments', given: { arguments: [] }, want: undefined },
    {
      name: 'strings, descriptions, required list',
      given: { arguments: [{ name: 'a' }, { name: 'b', required: true, description: 'B' }, { name: 'c', required: false }] },
      want: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string', description: 'B' }, c: { type: 'string' } },
        required: ['b'],
      },
    },
    {
      name: 'no required key when nothing is required',
      given: { arguments: [{ name: 'a' }] },
      want: { type: 'object', properties: { a: { type: 'string' } } },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(promptArgsSchema(given)).toStrictEqual(want);
  });

  it('an argument named __proto__ is an own property', () => {
    const got = promptArgsSchema({ arguments: [{ name: '__proto__', required: true }] }) as { properties: object };
    expect(Object.hasOwn(got.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(got.properties)).toBe(Object.prototype);
  });
});

describe('publishedServerInfo', () => {
  it('picks serverInfo fields in order and leaves instructions out', () => {
    const m = {
      version: 1,
      server: { instructions: 'i', icons: [], websiteUrl: 'https://w', description: 'd', title: 't', version: '1.0.0', name: 'n' },
    } as Manifest;
    const got = publishedServerInfo(m);
    expect(Object.keys(got)).toEqual(['name', 'version', 'title', 'description', 'websiteUrl', 'icons']);
    expect(got).toEqual({ name: 'n', version: '1.0.0', title: 't', description: 'd', websiteUrl: 'https://w', icons: [] });
  });
});
