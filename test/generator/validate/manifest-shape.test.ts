import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkManifestShape } from '../../../generator/validate/manifest-shape.js';
import type { Finding } from '../../../generator/core/finding.js';

const base = { version: 1, server: { name: 'weather', version: '1.0.0' } };
// The allowed keys come from the schema itself, so new tool fields do not break this table.
const TOOL_KEYS = Object.keys(
  JSON.parse(readFileSync(new URL('../../../schemas/manifest.schema.json', import.meta.url), 'utf8')).definitions.Tool.properties,
).join(', ');

describe('checkManifestShape', () => {
  const cases: { name: string; given: unknown; want: Finding[] }[] = [
    { name: 'minimal manifest', given: base, want: [] },
    {
      name: 'full valid manifest',
      given: {
        ...base,
        transports: { stdio: true, http: { host: '0.0.0.0', port: 8080, path: '/mcp', allowedHosts: ['a'] } },
        definitions: { City: { type: 'string' }, Any: true },
        tools: { t: { description: 'd', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } } },
        resources: { r: { uri: 'file:///a', text: 'x', annotations: { audience: ['user'], priority: 0.5 } } },
        resourceTemplates: { rt: { uriTemplate: 'a:{b}' } },
        prompts: { p: { arguments: [{ name: 'a', required: true }], messages: [{ role: 'assistant', text: 'x' }] } },
      },
      want: [],
    },
    {
      name: 'unknown key with did-you-mean',
      given: { ...base, tools: { get_forecast: { descripton: 'x' } } },
      want: [
        {
          code: 'manifest/unknown-key',
          path: ['tools', 'get_forecast', 'descripton'],
          at: 'key',
          message: "unknown key 'descripton'",
          hint: "did you mean 'description'?",
        },
      ],
    },
    {
      name: 'unknown key far from all: lists the allowed keys',
      given: { ...base, tools: { t: { zzzzzzzz: 1 } } },
      want: [
        {
          code: 'manifest/unknown-key',
          path: ['tools', 't', 'zzzzzzzz'],
          at: 'key',
          message: "unknown key 'zzzzzzzz'",
          hint: `allowed keys here: ${TOOL_KEYS}`,
        },
      ],
    },
    {
      name: 'a key of the other kind: the entry is in the wrong section',
      given: { ...base, resources: { r: { uriTemplate: 'x://{a}' } }, resourceTemplates: { t: { uri: 'x://a', uriTemplate: 'x://{a}' } } },
      want: [
        {
          code: 'manifest/unknown-key',
          path: ['resources', 'r', 'uriTemplate'],
          at: 'key',
          message: "unknown key 'uriTemplate'",
          hint: 'a resource with a uriTemplate is a resource template: move this entry under resourceTemplates:',
        },
        {
          code: 'manifest/unknown-key',
          path: ['resourceTemplates', 't', 'uri'],
          at: 'key',
          message: "unknown key 'uri'",
          hint: 'a resource template has a uriTemplate (rename uri to uriTemplate); a resource with a fixed uri goes under resources:',
        },
      ],
    },
    {
      name: 'unknown top-level key',
      given: { ...base, tool: {} },
      want: [{ code: 'manifest/unknown-key', path: ['tool'], at: 'key', message: "unknown key 'tool'", hint: "did you mean 'tools'?" }],
    },
    {
      name: 'unknown key in the http transport',
      given: { ...base, transports: { http: { prot: 1 } } },
      want: [
        {
          code: 'manifest/unknown-key',
          path: ['transports', 'http', 'prot'],
          at: 'key',
          message: "unknown key 'prot'",
          hint: "did you mean 'port'?",
        },
      ],
    },
    {
      name: 'missing server.version',
      given: { version: 1, server: { name: 'x' } },
      want: [{ code: 'manifest/missing-key', path: ['server'], message: "missing required key 'version'", hint: "add 'version:' here" }],
    },
    {
      name: 'missing top-level keys',
      given: {},
      want: [
        { code: 'manifest/missing-key', path: [], message: "missing required key 'version'", hint: "add 'version:' here" },
        { code: 'manifest/missing-key', path: [], message: "missing required key 'server'", hint: "add 'server:' here" },
      ],
    },
    {
      name: 'version: 2',
      given: { ...base, version: 2 },
      want: [
        {
          code: 'manifest/invalid-value',
          path: ['version'],
          message: 'must be 1',
          hint: 'this mcp-gen reads manifests of format 1; format 2 needs a newer mcp-gen',
        },
      ],
    },
    {
      name: "version: '1'",
      given: { ...base, version: '1' },
      want: [
        {
          code: 'manifest/invalid-value',
          path: ['version'],
          message: 'must be 1',
          hint: 'this value is quoted, so it is text; write version: 1',
        },
      ],
    },
    {
      name: "port: 'x'",
      given: { ...base, transports: { http: { port: 'x' } } },
      want: [{ code: 'manifest/invalid-type', path: ['transports', 'http', 'port'], message: 'must be integer' }],
    },
    {
      name: "port: '3000', a number quoted, and a boolean quoted",
      given: { ...base, transports: { stdio: 'false', http: { port: '3000' } } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['transports', 'stdio'],
          message: 'must be boolean',
          hint: 'this value is quoted, so it is text; write it without quotes for the boolean false',
        },
        {
          code: 'manifest/invalid-type',
          path: ['transports', 'http', 'port'],
          message: 'must be integer',
          hint: 'this value is quoted, so it is text; write it without quotes for the integer 3000',
        },
      ],
    },
    {
      name: 'yes and off for booleans, which YAML 1.2 reads as text',
      given: { ...base, transports: { stdio: 'off' }, tools: { t: { annotations: { readOnlyHint: 'yes' } } } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['transports', 'stdio'],
          message: 'must be boolean',
          hint: 'YAML 1.2 reads off as text, not a boolean: write false',
        },
        {
          code: 'manifest/invalid-type',
          path: ['tools', 't', 'annotations', 'readOnlyHint'],
          message: 'must be boolean',
          hint: 'YAML 1.2 reads yes as text, not a boolean: write true',
        },
      ],
    },
    {
      name: 'prompt arguments written as a map, keyed by name',
      given: { ...base, prompts: { greet: { arguments: { who: { description: 'Who, by name', required: true } } } } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['prompts', 'greet', 'arguments'],
          message: 'must be array',
          hint: 'write a list, each argument with its name: - {name: who, description: "Who, by name", required: true}',
        },
      ],
    },
    {
      name: 'an icon size written as a number',
      given: { ...base, server: { name: 'x', version: '1', icons: [{ src: 'https://x.example/i.png', sizes: [48] }] } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['server', 'icons', 0, 'sizes', 0],
          message: 'must be string',
          hint: "icon sizes are text as WxH: write '48x48'",
        },
      ],
    },
    {
      name: 'another list written as a map',
      given: { ...base, server: { name: 'x', version: '1', icons: { small: { src: 'https://x.example/i.png' } } } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['server', 'icons'],
          message: 'must be array',
          hint: 'write a list: one item per line, each starting with "- "',
        },
      ],
    },
    {
      name: 'tools written as a tools/list result: the map form of the first, keyed by its name',
      given: { ...base, tools: [{ name: 'get_forecast', description: 'Forecast, daily', inputSchema: { type: 'object' } }] },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['tools'],
          message: 'must be object',
          hint: 'tools is a map from each name to its entry, not a list: under tools:, write get_forecast: {description: "Forecast, daily", inputSchema: {type: object}}, with no name: inside',
        },
      ],
    },
    {
      name: 'a long first entry has its nested values elided',
      given: { ...base, resources: [{ name: 'r', uri: 'x://r', _meta: { a: 'x'.repeat(120) } }] },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['resources'],
          message: 'must be object',
          hint: 'resources is a map from each name to its entry, not a list: under resources:, write r: {uri: "x://r", _meta: {...}}, with no name: inside',
        },
      ],
    },
    {
      name: 'a list of names, an empty list, and a list of unnamed entries',
      given: { ...base, tools: ['a', 'b'], prompts: [], definitions: [{ type: 'string' }] },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['definitions'],
          message: 'must be object',
          hint: 'definitions is a map from each name to its entry: write name: {...} lines, without "- "',
        },
        {
          code: 'manifest/invalid-type',
          path: ['tools'],
          message: 'must be object',
          hint: 'tools is a map from each name to its entry, not a list: under tools:, write a: {...}',
        },
        {
          code: 'manifest/invalid-type',
          path: ['prompts'],
          message: 'must be object',
          hint: 'for none, write prompts: {} or leave the key out',
        },
      ],
    },
    {
      name: "the server's version written as the manifest's",
      given: { ...base, version: '0.3.0' },
      want: [
        {
          code: 'manifest/invalid-value',
          path: ['version'],
          message: 'must be 1',
          hint: "version: is the manifest's format, 1; the server's own version goes in server.version",
        },
      ],
    },
    {
      name: "YAML 1.1's merge key, and an x- key holding anchors",
      given: { ...base, 'x-common': { readOnlyHint: true }, tools: { a: { '<<': { title: 'A' }, description: 'd' } } },
      want: [
        {
          code: 'manifest/unknown-key',
          path: ['x-common'],
          at: 'key',
          message: "unknown key 'x-common'",
          hint: "a manifest takes no 'x-' keys: data for clients goes in _meta, a note in a # comment, and an anchor (&name) on the first value that uses it",
        },
        {
          code: 'manifest/unknown-key',
          path: ['tools', 'a', '<<'],
          at: 'key',
          message: "unknown key '<<'",
          hint: "'<<' merges maps in YAML 1.1 only; a manifest is YAML 1.2: write the keys out, or share a whole value with an anchor (annotations: &ro {readOnlyHint: true}, then annotations: *ro)",
        },
      ],
    },
    {
      name: 'version: 1.10, which YAML reads as a number',
      given: { ...base, server: { name: 'x', version: 1.1 } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['server', 'version'],
          message: 'must be string',
          hint: 'YAML reads this unquoted value as the number 1.1; quote it to keep the text as written',
        },
      ],
    },
    {
      name: 'a title of true, and of null',
      given: { ...base, tools: { t: { title: true }, u: { title: null } } },
      want: [
        {
          code: 'manifest/invalid-type',
          path: ['tools', 't', 'title'],
          message: 'must be string',
          hint: 'YAML reads this unquoted value as the boolean true; quote it to keep the text as written',
        },
        {
          code: 'manifest/invalid-type',
          path: ['tools', 'u', 'title'],
          message: 'must be string',
          hint: 'YAML reads this unquoted value as null; quote it to keep the text as written',
        },
      ],
    },
    {
      name: 'port out of range',
      given: { ...base, transports: { http: { port: 70000 } } },
      want: [{ code: 'manifest/invalid-value', path: ['transports', 'http', 'port'], message: 'must be <= 65535' }],
    },
    {
      name: 'icon theme enum',
      given: { ...base, server: { ...base.server, icons: [{ src: 'a', theme: 'blue' }] } },
      want: [{ code: 'manifest/invalid-value', path: ['server', 'icons', 0, 'theme'], message: 'must be one of: "light", "dark"' }],
    },
    {
      name: 'enum value close to an allowed one',
      given: { ...base, transports: { http: { mode: 'Statefull' } } },
      want: [
        {
          code: 'manifest/invalid-value',
          path: ['transports', 'http', 'mode'],
          message: 'must be one of: "stateful", "stateless"',
          hint: "did you mean 'stateful'?",
        },
      ],
    },
    {
      name: 'prompt message role enum',
      given: { ...base, prompts: { p: { messages: [{ role: 'system', text: 'x' }] } } },
      want: [
        { code: 'manifest/invalid-value', path: ['prompts', 'p', 'messages', 0, 'role'], message: 'must be one of: "user", "assistant"' },
      ],
    },
    {
      name: 'audience item enum',
      given: { ...base, resources: { r: { uri: 'a:b', annotations: { audience: ['bot'] } } } },
      want: [
        {
          code: 'manifest/invalid-value',
          path: ['resources', 'r', 'annotations', 'audience', 0],
          message: 'must be one of: "user", "assistant"',
        },
      ],
    },
    {
      name: 'multi-type message',
      given: { ...base, tools: { t: { inputSchema: 3 } } },
      want: [{ code: 'manifest/invalid-type', path: ['tools', 't', 'inputSchema'], message: 'must be object or boolean' }],
    },
    {
      name: 'definition name with pointer escapes',
      given: { ...base, definitions: { 'a/b~c': 3 } },
      want: [{ code: 'manifest/invalid-type', path: ['definitions', 'a/b~c'], message: 'must be object or boolean' }],
    },
    {
      name: 'missing resource uri',
      given: { ...base, resources: { r: {} } },
      want: [{ code: 'manifest/missing-key', path: ['resources', 'r'], message: "missing required key 'uri'", hint: "add 'uri:' here" }],
    },
    { name: 'not a map', given: 'x', want: [{ code: 'manifest/invalid-type', path: [], message: 'must be object' }] },
    { name: 'null document', given: null, want: [{ code: 'manifest/invalid-type', path: [], message: 'must be object' }] },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    expect(checkManifestShape(given)).toEqual(want);
  });

  it('reports every error at once', () => {
    const got = checkManifestShape({ ...base, version: 2, tools: { t: { descripton: 'x', title: 5 } } });
    expect(got.map((f) => f.path.join('.'))).toEqual(['version', 'tools.t.descripton', 'tools.t.title']);
  });

  it("transports.http: 'yes' names both allowed types", () => {
    const [f] = checkManifestShape({ ...base, transports: { http: 'yes' } });
    expect(f.message).toBe('must be boolean or object');
  });

  it('a map key made of digits stays a string', () => {
    const [f] = checkManifestShape({ ...base, tools: { '0': { descripton: 'x' } } });
    expect(f.path).toEqual(['tools', '0', 'descripton']);
  });
});
