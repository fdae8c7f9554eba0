import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatPath } from '../../../../generator/core/finding.js';
import { loadManifest } from '../../../../generator/load/load-manifest.js';
import { resolveSchemaFiles } from '../../../../generator/load/schema-files/resolve.js';
import { notFound, type SchemaFileSource } from '../../../../generator/load/schema-files/source.js';
import { validateManifest } from '../../../../generator/validate/validate-manifest.js';

const BASE = { version: 1, server: { name: 'files', version: '1.0.0' } };

/** Files in memory, counting reads: what the resolver asks of a source, and nothing else. */
function memory(files: Record<string, string>): SchemaFileSource & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    read: (path) => {
      reads.push(path);
      return Object.hasOwn(files, path) ? { ok: true, bytes: Buffer.from(files[path]) } : notFound();
    },
  };
}

function resolveIn(manifest: Record<string, unknown>, files: Record<string, string>) {
  const source = memory(files);
  const loaded = loadManifest('/project/mcp.yaml', stringify({ ...BASE, ...manifest }, { lineWidth: 0 }));
  return { loaded, resolved: resolveSchemaFiles(loaded, source), reads: source.reads };
}

const input = (properties: Record<string, unknown>) => ({ tools: { t: { inputSchema: { type: 'object', properties } } } });

describe('resolveSchemaFiles: the manifest it produces', () => {
  const cases: {
    name: string;
    given: { manifest: Record<string, unknown>; files: Record<string, string> };
    want: { definitions?: unknown; tools?: unknown };
  }[] = [
    {
      name: 'a whole file becomes a definition named after it',
      given: {
        manifest: { schemaFiles: true, ...input({ c: { $ref: './schemas/city.json' } }) },
        files: { 'schemas/city.json': '{"type": "string"}' },
      },
      want: { definitions: { city: { type: 'string' } }, tools: input({ c: { $ref: '#/definitions/city' } }).tools },
    },
    {
      name: 'a pointer into YAML; refs inside resolve against that file; $id, $schema, $anchor and $defs are dropped',
      given: {
        manifest: { schemaFiles: true, ...input({ c: { $ref: 'schemas/geo.yaml#/$defs/City' } }) },
        files: {
          'schemas/geo.yaml': [
            '$schema: https://json-schema.org/draft/2020-12/schema',
            '$defs:',
            '  City: {$id: x, $anchor: city, type: object, properties: {country: {$ref: "#/$defs/Country"}, zone: {$ref: "common/zone.json"}}}',
            '  Country: {type: string}',
          ].join('\n'),
          'schemas/common/zone.json': '{"$defs": {"Z": {"type": "integer"}}, "$ref": "#/$defs/Z"}',
        },
      },
      want: {
        definitions: {
          City: { type: 'object', properties: { country: { $ref: '#/definitions/Country' }, zone: { $ref: '#/definitions/zone' } } },
          Country: { type: 'string' },
          Z: { type: 'integer' },
          zone: { $ref: '#/definitions/Z' },
        },
        tools: input({ c: { $ref: '#/definitions/City' } }).tools,
      },
    },
    {
      name: "a manifest definition that is only a file ref takes the file's schema under its own name",
      given: {
        manifest: {
          schemaFiles: true,
          definitions: { Town: { $ref: 'town.json' }, Other: { type: 'null' } },
          ...input({ a: { $ref: '#/definitions/Town' }, b: { $ref: 'town.json' } }),
        },
        files: { 'town.json': '{"type": "object", "properties": {"name": {"type": "string"}}}' },
      },
      want: {
        definitions: { Town: { type: 'object', properties: { name: { type: 'string' } } }, Other: { type: 'null' } },
        tools: input({ a: { $ref: '#/definitions/Town' }, b: { $ref: '#/definitions/Town' } }).tools,
      },
    },
    {
      name: "a tool schema that is only a file ref is replaced by the file's schema, keeping its dialect",
      given: {
        manifest: { schemaFiles: true, tools: { t: { inputSchema: { $ref: 'in.json' } } } },
        files: {
          'in.json':
            '{"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "properties": {"n": {"$ref": "#/definitions/N"}}, "definitions": {"N": {"type": "number"}}}',
        },
      },
      want: {
        definitions: { N: { type: 'number' } },
        tools: {
          t: {
            inputSchema: {
              $schema: 'http://json-schema.org/draft-07/schema#',
              type: 'object',
              properties: { n: { $ref: '#/definitions/N' } },
            },
          },
        },
      },
    },
    {
      name: 'recursion through items, within and across files, stays recursive',
      given: {
        manifest: { schemaFiles: true, ...input({ tree: { $ref: 'a.json' } }) },
        files: {
          'a.json': '{"type": "object", "properties": {"kids": {"type": "array", "items": {"$ref": "b.json"}}, "self": {"$ref": "#"}}}',
          'b.json': '{"type": "object", "properties": {"back": {"$ref": "a.json"}}}',
        },
      },
      want: {
        definitions: {
          a: {
            type: 'object',
            properties: { kids: { type: 'array', items: { $ref: '#/definitions/b' } }, self: { $ref: '#/definitions/a' } },
          },
          b: { type: 'object', properties: { back: { $ref: '#/definitions/a' } } },
        },
      },
    },
    {
      name: 'properties named like the dropped keywords are data, and stay',
      given: {
        manifest: { schemaFiles: true, ...input({ c: { $ref: 'k.json' } }) },
        files: { 'k.json': '{"type": "object", "properties": {"definitions": {"type": "string"}, "$id": {"type": "integer"}}}' },
      },
      want: { definitions: { k: { type: 'object', properties: { definitions: { type: 'string' }, $id: { type: 'integer' } } } } },
    },
    {
      name: 'names the manifest uses are avoided',
      given: {
        manifest: { schemaFiles: true, definitions: { city: { type: 'null' } }, ...input({ c: { $ref: 's/city.json' } }) },
        files: { 's/city.json': '{"type": "string"}' },
      },
      want: { definitions: { city: { type: 'null' }, s_city: { type: 'string' } } },
    },
    {
      name: 'without schemaFiles: true nothing is read or changed',
      given: { manifest: input({ c: { $ref: 'city.json' } }), files: { 'city.json': '{}' } },
      want: { definitions: undefined, tools: input({ c: { $ref: 'city.json' } }).tools },
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const { resolved } = resolveIn(given.manifest, given.files);
    const data = resolved.data as unknown as Record<string, unknown>;
    expect(resolved.schemaFiles.findings).toEqual([]);
    expect(data.definitions).toEqual(want.definitions);
    if (want.tools) expect(data.tools).toEqual(want.tools);
  });

  it('leaves the parsed data as it was (diff reuses it for the other side) and reads each file once', () => {
    const { loaded, resolved, reads } = resolveIn(
      { schemaFiles: true, ...input({ a: { $ref: 'c.json' }, b: { $ref: 'c.json#/properties/x' }, d: { $ref: './c.json' } }) },
      { 'c.json': '{"properties": {"x": {"type": "string"}}}' },
    );
    const before = structuredClone(loaded.data);
    expect(resolved.data).not.toEqual(before);
    expect(loaded.data).toEqual(before);
    expect(reads).toEqual(['c.json']);
    expect(resolved.schemaFiles.files).toEqual([{ path: 'c.json', digest: expect.stringMatching(/^c\.json:[0-9a-f]{64}$/) }]);
  });

  it('a definition named __proto__ stays data', () => {
    const { resolved } = resolveIn(
      { schemaFiles: true, ...input({ a: { $ref: 's/x.json#/$defs/__proto__' } }) },
      { 's/x.json': '{"$defs": {"__proto__": {"type": "string"}}}' },
    );
    const defs = (resolved.data as unknown as { definitions: Record<string, unknown> }).definitions;
    expect(Object.getPrototypeOf(defs)).toBe(Object.prototype);
    expect(Object.keys(defs)).toEqual(['proto']);
  });
});

describe('resolveSchemaFiles: problems', () => {
  const cases: { name: string; given: { ref: string; files?: Record<string, string> }; want: string[] }[] = [
    { name: 'missing file', given: { ref: 'nope.json' }, want: ['schema/file-not-found p.$ref'] },
    {
      name: 'missing pointer target',
      given: { ref: 'a.json#/$defs/B', files: { 'a.json': '{"$defs": {"A": {}}}' } },
      want: ['schema/file-pointer p.$ref'],
    },
    {
      name: 'pointer at data',
      given: { ref: 'a.json#/$defs/A/type', files: { 'a.json': '{"$defs": {"A": {"type": "string"}}}' } },
      want: ['schema/file-not-schema p.$ref'],
    },
    { name: 'parse error', given: { ref: 'a.yaml', files: { 'a.yaml': 'type: [' } }, want: ['schema/file-parse p.$ref'] },
    { name: 'escape', given: { ref: '../a.json' }, want: ['schema/file-outside p.$ref'] },
    { name: 'URL', given: { ref: 'https://example.com/a.json' }, want: ['schema/external-ref p.$ref'] },
    {
      name: 'problem inside a file, at the ref in that file',
      given: { ref: 'a.json', files: { 'a.json': '{"properties": {"x": {"$ref": "../up.json"}}}' } },
      want: ['schema/file-outside definitions.a.properties.x.$ref'],
    },
    {
      name: 'loop of in-place refs across two files',
      given: { ref: 'a.json', files: { 'a.json': '{"allOf": [{"$ref": "b.json"}]}', 'b.json': '{"$ref": "a.json"}' } },
      want: ['schema/ref-cycle definitions.b.$ref'],
    },
    {
      name: 'a file nested past the depth limit',
      given: { ref: 'a.json', files: { 'a.json': `${'['.repeat(200)}${']'.repeat(200)}` } },
      want: ['schema/too-deep p.$ref'],
    },
  ];
  it.each(cases)('$name', ({ given, want }) => {
    const { resolved } = resolveIn({ schemaFiles: true, ...input({ p: { $ref: given.ref } }) }, given.files ?? {});
    expect(
      resolved.schemaFiles.findings.map((f) => `${f.code} ${formatPath(f.path).replace('tools.t.inputSchema.properties.', '')}`),
    ).toEqual(want);
  });
});

describe('validateManifest with schema files', () => {
  it("shows a problem inside a file at the manifest's $ref, naming the line in the file, once", () => {
    const text = [
      'version: 1',
      'server: {name: x, version: "1"}',
      'schemaFiles: true',
      'tools:',
      '  t:',
      '    inputSchema:',
      '      type: object',
      '      properties:',
      "        p: {$ref: 'schemas/p.json'}",
      '',
    ].join('\n');
    const files = memory({
      'schemas/p.json': '{\n  "type": "object",\n  "properties": {\n    "q": {"type": "strng"},\n    "r": {"$ref": "gone.json"}\n  }\n}\n',
    });
    const issues = validateManifest(resolveSchemaFiles(loadManifest('/p/mcp.yaml', text), files)).filter((i) => i.severity === 'error');
    expect(issues.map((i) => ({ code: i.code, path: i.path, line: i.line, column: i.column, message: i.message }))).toEqual([
      {
        code: 'schema/file-not-found',
        path: 'tools.t.inputSchema.properties.p.$ref',
        line: 9,
        column: 19,
        message: 'in schemas/p.json:5:19: $ref "gone.json": schemas/gone.json does not exist',
      },
      {
        code: 'schema/invalid',
        path: 'tools.t.inputSchema.properties.p.$ref',
        line: 9,
        column: 19,
        message: expect.stringMatching(/^in schemas\/p\.json:4:19: not valid JSON Schema: must be one of "array"/),
      },
    ]);
  });

  it('a whole tool schema from a file that cannot be read gets one error, at the ref, not also one for its type', () => {
    const manifest = { ...BASE, schemaFiles: true, tools: { t: { inputSchema: { $ref: './in.json' } } } };
    const files = memory({ 'in.json': '{"type": "object",}' });
    const issues = validateManifest(resolveSchemaFiles(loadManifest('/p/mcp.yaml', stringify(manifest)), files));
    expect(issues.map((i) => `${i.code} ${i.path}`)).toEqual(['schema/file-parse tools.t.inputSchema.$ref']);
  });

  it('without the opt-in, a file ref stays an error whose hint says how to opt in', () => {
    const issues = validateManifest(
      resolveSchemaFiles(loadManifest('/p/mcp.yaml', stringify({ ...BASE, ...input({ p: { $ref: './city.json' } }) }))),
    );
    expect(issues.map((i) => i.code)).toEqual(['schema/external-ref']);
    expect(issues[0].hint).toContain('schemaFiles: true');
  });
});
