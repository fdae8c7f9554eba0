// Every field the MCP spec (2025-06-18, 2025-11-25, 2026-07-28) defines for tools, resources, resource templates,
// prompts, prompt arguments, serverInfo and content is expressible in the manifest. Objects the spec leaves open
// (ToolAnnotations, ToolExecution, Annotations, Icon) take other keys too, with a lint warning that suggests the
// defined key; keys the spec's types forbid stay errors. Entries are published exactly as written.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  publishedPrompt,
  publishedResource,
  publishedResourceTemplate,
  publishedServerInfo,
  publishedTool,
} from '../../../generator/core/published.js';
import type { Manifest } from '../../../generator/core/manifest-types.js';
import { loadManifest } from '../../../generator/load/load-manifest.js';
import { validateManifest } from '../../../generator/validate/validate-manifest.js';

const server = { name: 'demo', version: '1.0.0' };
const described = { description: 'Look up one record by its id and return it.' };
/** A tool whose inputSchema is closed (additionalProperties: false) over `location` and `city`. */
const closed = (required: string[], more: Record<string, unknown> = {}) => ({
  tools: {
    t: {
      inputSchema: {
        type: 'object',
        properties: { location: { type: 'string' }, city: { type: 'string' } },
        required,
        additionalProperties: false,
        ...more,
      },
    },
  },
});

const validate = (body: Record<string, unknown>) =>
  validateManifest(loadManifest('mcp.yaml', stringify({ version: 1, server, ...body })), { lint: true }).map((i) => ({
    code: i.code,
    severity: i.severity,
    path: i.path,
    hint: i.hint?.split(/; | Or turn off/)[0],
  }));

describe('spec fields are expressible', () => {
  const revisions = ['2025-06-18', '2025-11-25', '2026-07-28'];
  const spec = (rev: string) => JSON.parse(readFileSync(new URL(`../../../schemas/mcp/${rev}.schema.json`, import.meta.url), 'utf8'));
  const manifest = JSON.parse(readFileSync(new URL('../../../schemas/manifest.schema.json', import.meta.url), 'utf8'));
  const props = (node: { properties?: object }) => Object.keys(node.properties ?? {});
  const defs = manifest.definitions;
  // Spec definition -> the manifest's object for it, and the spec fields the manifest spells differently.
  const mapping: { spec: string; manifest: { properties?: object }; derived: string[] }[] = [
    { spec: 'Tool', manifest: defs.Tool, derived: ['name'] },
    { spec: 'ToolAnnotations', manifest: defs.ToolAnnotations, derived: [] },
    { spec: 'ToolExecution', manifest: defs.ToolExecution, derived: [] },
    { spec: 'Resource', manifest: defs.Resource, derived: ['name'] },
    { spec: 'ResourceTemplate', manifest: defs.ResourceTemplate, derived: ['name'] },
    { spec: 'Prompt', manifest: defs.Prompt, derived: ['name'] },
    { spec: 'PromptArgument', manifest: defs.Prompt.properties.arguments.items, derived: [] },
    { spec: 'Implementation', manifest: manifest.properties.server, derived: [] },
    { spec: 'Annotations', manifest: defs.Annotations, derived: [] },
    { spec: 'Icon', manifest: defs.Icon, derived: [] },
    { spec: 'TextContent', manifest: defs.PromptContent, derived: [] },
    { spec: 'ImageContent', manifest: defs.PromptContent, derived: [] },
    { spec: 'AudioContent', manifest: defs.PromptContent, derived: [] },
    { spec: 'EmbeddedResource', manifest: defs.PromptContent, derived: [] },
    { spec: 'ResourceLink', manifest: defs.PromptContent, derived: [] },
  ];
  it.each(revisions.flatMap((rev) => mapping.map((m) => ({ rev, ...m }))))('$rev $spec', ({ rev, spec: name, manifest: node, derived }) => {
    const d = spec(rev).$defs ?? spec(rev).definitions;
    if (!d[name]) return;
    const missing = props(d[name]).filter((k) => !derived.includes(k) && !props(node).includes(k));
    expect(missing).toEqual([]);
  });
});

describe('open spec objects take extra keys, with a lint warning', () => {
  const cases: { name: string; given: Record<string, unknown>; want: { code: string; severity: string; path: string; hint?: string }[] }[] =
    [
      {
        name: 'a typo in tool annotations: did-you-mean',
        given: { tools: { get_record: { ...described, annotations: { readonlyHint: true } } } },
        want: [
          {
            code: 'lint/unknown-spec-key',
            severity: 'warning',
            path: 'tools.get_record.annotations.readonlyHint',
            hint: "did you mean 'readOnlyHint'?",
          },
        ],
      },
      {
        name: "a vendor's own annotation key: listed keys",
        given: { tools: { get_record: { ...described, annotations: { readOnlyHint: true, 'x-browser/pageHint': 'any' } } } },
        want: [
          {
            code: 'lint/unknown-spec-key',
            severity: 'warning',
            path: 'tools.get_record.annotations["x-browser/pageHint"]',
            hint: "the spec's keys here: title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint",
          },
        ],
      },
      {
        name: 'execution with a misspelt key',
        given: { tools: { get_record: { ...described, annotations: { readOnlyHint: true }, execution: { tasksupport: 'optional' } } } },
        want: [
          {
            code: 'lint/unknown-spec-key',
            severity: 'warning',
            path: 'tools.get_record.execution.tasksupport',
            hint: "did you mean 'taskSupport'?",
          },
        ],
      },
      {
        name: 'resource annotations and an icon',
        given: {
          resources: {
            hours: { uri: 'info://hours', ...described, annotations: { priorty: 1 }, icons: [{ src: 'https://x/i.png', size: '48x48' }] },
          },
        },
        want: [
          {
            code: 'lint/unknown-spec-key',
            severity: 'warning',
            path: 'resources.hours.annotations.priorty',
            hint: "did you mean 'priority'?",
          },
          { code: 'lint/unknown-spec-key', severity: 'warning', path: 'resources.hours.icons[0].size', hint: "did you mean 'sizes'?" },
        ],
      },
      {
        name: 'content annotations in a prompt message',
        given: {
          prompts: {
            p: { ...described, messages: [{ role: 'user', content: { type: 'text', text: 'hi', annotations: { audiance: ['user'] } } }] },
          },
        },
        want: [
          {
            code: 'lint/unknown-spec-key',
            severity: 'warning',
            path: 'prompts.p.messages[0].content.annotations.audiance',
            hint: "did you mean 'audience'?",
          },
        ],
      },
      {
        name: 'every defined key: quiet',
        given: {
          tools: {
            get_record: {
              ...described,
              annotations: { title: 'T', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
              execution: { taskSupport: 'forbidden' },
              icons: [{ src: 'https://x/i.png', mimeType: 'image/png', sizes: ['48x48'], theme: 'dark' }],
            },
          },
          prompts: { p: { ...described, arguments: [{ name: 'a', title: 'A', description: 'An argument', required: false }] } },
        },
        want: [],
      },
    ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(validate(given)).toEqual(want);
  });
});

describe('keys and values the spec forbids stay errors', () => {
  const cases: { name: string; given: Record<string, unknown>; want: { code: string; path: string }[] }[] = [
    {
      name: 'a hint that is not a boolean',
      given: { tools: { t: { annotations: { readOnlyHint: 'yes' } } } },
      want: [{ code: 'manifest/invalid-type', path: 'tools.t.annotations.readOnlyHint' }],
    },
    {
      name: 'an unknown taskSupport',
      given: { tools: { t: { execution: { taskSupport: 'sometimes' } } } },
      want: [{ code: 'manifest/invalid-value', path: 'tools.t.execution.taskSupport' }],
    },
    {
      name: 'a priority above 1',
      given: { resources: { r: { uri: 'a:b', annotations: { priority: 2 } } } },
      want: [{ code: 'manifest/invalid-value', path: 'resources.r.annotations.priority' }],
    },
    {
      name: 'an icon without src',
      given: { tools: { t: { icons: [{ mimeType: 'image/png' }] } } },
      want: [{ code: 'manifest/missing-key', path: 'tools.t.icons[0]' }],
    },
    {
      name: 'an unknown key on a prompt argument (not an open object)',
      given: { prompts: { p: { arguments: [{ name: 'a', titel: 'A' }] } } },
      want: [{ code: 'manifest/unknown-key', path: 'prompts.p.arguments[0].titel' }],
    },
    {
      name: 'an inputSchema without type: object',
      given: { tools: { t: { inputSchema: { properties: { a: { type: 'string' } } } } } },
      want: [{ code: 'schema/root-not-object', path: 'tools.t.inputSchema' }],
    },
    {
      name: 'a required argument that additionalProperties: false forbids',
      given: closed(['location', 'cityy']),
      want: [{ code: 'schema/required-forbidden', path: 'tools.t.inputSchema.required[1]' }],
    },
    { name: 'required arguments all declared, additionalProperties: false', given: closed(['location']), want: [] },
    {
      name: 'a name patternProperties may allow is left alone',
      given: closed(['cityy'], { patternProperties: { '^c': { type: 'string' } } }),
      want: [],
    },
    {
      name: 'a required field of structuredContent that additionalProperties: false forbids',
      given: { tools: { t: { outputSchema: { type: 'object', properties: {}, required: ['total'], additionalProperties: false } } } },
      want: [{ code: 'schema/required-forbidden', path: 'tools.t.outputSchema.required[0]' }],
    },
    {
      name: 'an unknown key on a tool',
      given: { tools: { t: { executon: {} } } },
      want: [{ code: 'manifest/unknown-key', path: 'tools.t.executon' }],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(
      validate(given)
        .filter((i) => i.severity === 'error')
        .map(({ code, path }) => ({ code, path })),
    ).toEqual(want);
  });
});

it('a forbidden required argument says the tool can never be called, and what was meant', () => {
  const [issue] = validateManifest(loadManifest('mcp.yaml', stringify({ version: 1, server, ...closed(['location', 'cityy']) })));
  expect(issue).toMatchObject({
    severity: 'error',
    message:
      'required names "cityy", which additionalProperties: false forbids (properties does not declare it): no arguments are valid, so the tool can never be called',
    hint: "did you mean 'city'?",
  });
});

it('an inputSchema with properties and no type is told to add type: object', () => {
  const text = stringify({ version: 1, server, tools: { t: { inputSchema: { properties: { a: { type: 'string' } } } } } });
  const [issue] = validateManifest(loadManifest('mcp.yaml', text)).filter((i) => i.severity === 'error');
  expect(issue).toMatchObject({
    message: 'inputSchema has no type: MCP requires type: object at its root',
    hint: 'add type: object beside properties',
  });
});

describe('published exactly as written', () => {
  const manifest = {
    version: 1,
    server: { name: 'n', version: '1', title: 'T', description: 'd', websiteUrl: 'https://w', icons: [{ src: 'https://i', 'x-dpi': 2 }] },
    tools: {
      t: {
        title: 'T',
        annotations: { readOnlyHint: true, 'x-own': { deep: [1] } },
        execution: { taskSupport: 'optional', 'x-later': true },
        icons: [{ src: 'https://i', theme: 'light' }],
        _meta: { 'a/b': null },
      },
    },
    resources: { r: { uri: 'a:b', annotations: { priority: 0, 'x-tier': 'gold' }, icons: [] } },
    resourceTemplates: { rt: { uriTemplate: 'a:{b}', annotations: { audience: ['assistant'], 'x-k': 1 } } },
    prompts: {
      p: {
        arguments: [
          { name: 'x', title: 'X' },
          { name: 'y', required: true, complete: ['a'] },
          { name: 'z', required: false, description: 'Z' },
        ],
      },
    },
  } as unknown as Manifest;
  const cases: { name: string; given: () => unknown; want: unknown }[] = [
    { name: 'serverInfo', given: () => publishedServerInfo(manifest), want: manifest.server },
    {
      name: 'tool: extension keys in annotations and execution',
      given: () => publishedTool('t', manifest.tools!.t, {}),
      want: {
        name: 't',
        title: 'T',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, 'x-own': { deep: [1] } },
        execution: { taskSupport: 'optional', 'x-later': true },
        icons: [{ src: 'https://i', theme: 'light' }],
        _meta: { 'a/b': null },
      },
    },
    {
      name: 'resource',
      given: () => publishedResource('r', manifest.resources!.r),
      want: { uri: 'a:b', name: 'r', annotations: { priority: 0, 'x-tier': 'gold' }, icons: [] },
    },
    {
      name: 'resource template',
      given: () => publishedResourceTemplate('rt', manifest.resourceTemplates!.rt),
      want: { uriTemplate: 'a:{b}', name: 'rt', annotations: { audience: ['assistant'], 'x-k': 1 } },
    },
    {
      name: 'prompt arguments: title kept, required only where written',
      given: () => publishedPrompt('p', manifest.prompts!.p),
      want: {
        name: 'p',
        arguments: [
          { name: 'x', title: 'X' },
          { name: 'y', required: true },
          { name: 'z', description: 'Z', required: false },
        ],
      },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(given()).toStrictEqual(want);
  });

  it('the manifest with every extension validates without errors', () => {
    expect(validateManifest(loadManifest('mcp.yaml', stringify(manifest))).filter((i) => i.severity === 'error')).toEqual([]);
  });
});
