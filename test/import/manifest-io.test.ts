// The manifest side of import: snapshots become manifest entries with their gaps found, the YAML reads back as
// exactly the manifest object, and --merge adds without touching what exists.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatManifest } from '../../generator/fmt/index.js';
import { describeDifference, jsonDiff } from '../../generator/import/json-diff.js';
import { manifestYaml } from '../../generator/import/manifest-writer.js';
import { mergeManifest } from '../../generator/import/merge-manifest.js';
import type { ServerSnapshot } from '../../generator/import/server/snapshot.js';
import { snapshotToManifest } from '../../generator/import/server/snapshot-to-manifest.js';

function snapshot(parts: Partial<ServerSnapshot>): ServerSnapshot {
  return {
    source: 'test',
    protocolVersion: '2025-11-25',
    serverInfo: { name: 's', version: '1.0.0' },
    capabilities: {},
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
    ...parts,
  };
}

describe('jsonDiff', () => {
  const cases: { name: string; a: unknown; b: unknown; want: string[] }[] = [
    { name: 'equal, key order ignored', a: { x: 1, y: [1, { z: null }] }, b: { y: [1, { z: null }], x: 1 }, want: [] },
    { name: 'missing and added keys', a: { x: 1 }, b: { y: 2 }, want: ['x: source has 1, generated has nothing', 'y: generated adds 2'] },
    {
      name: 'array order matters',
      a: { l: [1, 2] },
      b: { l: [2, 1] },
      want: ['l[0]: source 1, generated 2', 'l[1]: source 2, generated 1'],
    },
    { name: 'array length differs', a: { l: [1] }, b: { l: [1, 2] }, want: ['l: source [1], generated [1,2]'] },
    { name: 'false is not absent', a: { r: false }, b: {}, want: ['r: source has false, generated has nothing'] },
  ];
  it.each(cases)('$name', ({ a, b, want }) => {
    expect(jsonDiff(a, b).map((d) => describeDifference(d))).toEqual(want);
  });
});

describe('snapshotToManifest', () => {
  it('copies every field the manifest holds verbatim, in the schema order, and nothing else', () => {
    const tool = {
      _meta: { 'a/b': [1, { c: null }] },
      execution: { taskSupport: 'optional' },
      inputSchema: { type: 'object', properties: { 'odd key': { type: ['string', 'null'] } }, propertyNames: { pattern: '^[a-z ]+$' } },
      annotations: { readOnlyHint: true, futureHint: 1 },
      name: 'API-get.user',
      title: 'T',
    };
    const r = snapshotToManifest(snapshot({ capabilities: { tools: {} }, tools: [tool] }));
    const entry = (r.manifest.tools as Record<string, Record<string, unknown>>)['API-get.user'];
    expect(Object.keys(entry)).toEqual(['title', 'inputSchema', 'annotations', 'execution', '_meta']);
    expect(entry.inputSchema).toBe(tool.inputSchema);
    // Open spec objects keep keys of the server's own.
    expect(entry.annotations).toEqual({ readOnlyHint: true, futureHint: 1 });
    expect(entry.execution).toEqual({ taskSupport: 'optional' });
    expect(r.gaps.filter((g) => g.path[0] === 'tools')).toEqual([]);
    expect(r.notes.get('tools/API-get.user')).toBeUndefined();
  });

  it('carries prompt arguments as published: titles, and `required` only where the source sends it', () => {
    const prompts = [{ name: 'p', arguments: [{ name: 'a', title: 'A', required: true }, { name: 'b' }, { name: 'c', required: false }] }];
    const r = snapshotToManifest(snapshot({ capabilities: { prompts: {} }, prompts }));
    expect((r.manifest.prompts as Record<string, unknown>).p).toEqual({ arguments: prompts[0].arguments });
    expect(r.gaps.filter((g) => g.path[0] === 'prompts')).toEqual([]);
  });

  it('still reports what the manifest cannot hold: a key the spec does not define on a tool itself', () => {
    const r = snapshotToManifest(
      snapshot({ capabilities: { tools: {} }, tools: [{ name: 't', inputSchema: { type: 'object' }, vendorField: 1 }] }),
    );
    expect(r.gaps.filter((g) => g.path[0] === 'tools').map((g) => g.message)).toEqual([
      'tools.t.vendorField: source has 1, generated has nothing',
    ]);
  });

  it('keeps the first of two resources with one name and reports the second', () => {
    const resources = [
      { name: 'log', uri: 'file:///a.log' },
      { name: 'log', uri: 'file:///b.log' },
    ];
    const r = snapshotToManifest(snapshot({ capabilities: { resources: {} }, resources }));
    expect(r.manifest.resources).toEqual({ log: { uri: 'file:///a.log' } });
    expect(r.gaps.map((g) => g.message)).toContain('a second entry named "log" (at index 1) was left out: manifest names are unique');
  });

  it('keeps server info and instructions, with defaults when the server leaves name or version out', () => {
    const r = snapshotToManifest(snapshot({ serverInfo: { title: 'X', websiteUrl: 'https://x.example' }, instructions: 'Use it.' }));
    expect(r.manifest.server).toEqual({
      name: 'imported-server',
      version: '0.0.0',
      title: 'X',
      websiteUrl: 'https://x.example',
      instructions: 'Use it.',
    });
  });
});

describe('manifestYaml', () => {
  it('reads back as exactly the manifest, with small collections on one line and notes as comments', () => {
    const shared = { type: 'string', enum: ['a', 'b'] };
    const manifest = {
      version: 1,
      server: { name: 's', version: '1', instructions: 'line 1\nline 2' },
      tools: {
        yes: {
          inputSchema: {
            type: 'object',
            properties: { on: shared, '200': shared, $ref: { const: null }, x: { description: 'a "quoted" #hash: value' } },
          },
        },
        other: { inputSchema: { type: 'object', properties: { s: shared } }, _meta: { 'k/v': '\u2028' } },
      },
    };
    const text = manifestYaml(manifest, { header: ['first', 'second'], notes: new Map([['tools/other', ['note 1', 'note 2']]]) });
    expect(parse(text)).toEqual(manifest);
    expect(text).toMatch(/^# first\n# second\n/);
    expect(text).toContain('  # note 1\n  # note 2\n  other:\n');
    expect(text).toContain('      properties: {s: {type: string, enum: [a, b]}}\n');
    expect(text).not.toMatch(/[&*]a\d/);
  });

  it('writes keys in the order fmt gives them, whatever order the source used', () => {
    const manifest = {
      tools: {
        t: {
          annotations: { readOnlyHint: true },
          inputSchema: {
            required: ['city'],
            properties: { city: { default: 'Paris', description: 'City.', type: 'string', minLength: 1 } },
            type: 'object',
          },
          description: 'Does it.',
        },
      },
      server: { version: '1', name: 's' },
      version: 1,
    };
    const text = manifestYaml(manifest, { header: ['imported'] });
    expect(parse(text)).toEqual(manifest);
    expect(formatManifest(text)).toMatchObject({ ok: true, changed: false });
    expect(text.indexOf('version: 1')).toBeLessThan(text.indexOf('server:'));
    expect(text).toContain('city: {type: string, description: City., minLength: 1, default: Paris}');
  });
});

describe('mergeManifest', () => {
  const existing = '# reviewed\nversion: 1\nserver: {name: s, version: "1"}\ntools:\n  a:\n    description: mine # keep\n';
  it('adds new entries, keeps and reports changed ones, keeps comments', () => {
    const incoming = {
      version: 1,
      server: { name: 's', version: '2' },
      tools: { a: { description: 'theirs' }, b: { description: 'new' } },
      prompts: { p: { description: 'q' } },
    };
    const r = mergeManifest(existing, incoming, new Map([['tools/b', ['from import']]]))!;
    expect(parse(r.text)).toEqual({
      version: 1,
      server: { name: 's', version: '1' },
      tools: { a: { description: 'mine' }, b: { description: 'new' } },
      prompts: { p: { description: 'q' } },
    });
    expect(r.text).toContain('# reviewed\n');
    expect(r.text).toContain('description: mine # keep\n');
    expect(r.text).toContain('  # from import\n  b:');
    expect(r.report).toEqual({
      added: ['tools/b', 'prompts/p'],
      changed: [{ entry: 'tools/a', differences: ['description: manifest "mine", source "theirs"'] }],
      notInSource: [],
      server: ['version: manifest "1", source "2"'],
    });
  });

  it('adds an entry in the order fmt gives, and leaves the order of what exists', () => {
    const mine =
      'version: 1\nserver: {name: s, version: "1"}\ntools:\n  a:\n    annotations: {readOnlyHint: true}\n    description: mine\n';
    const incoming = {
      tools: { b: { annotations: { readOnlyHint: true }, inputSchema: { required: ['x'], type: 'object' }, description: 'new' } },
    };
    const r = mergeManifest(mine, incoming, new Map())!;
    expect(r.text).toBe(
      `${mine}  b:\n    description: new\n    inputSchema: {type: object, required: [x]}\n    annotations: {readOnlyHint: true}\n`,
    );
  });

  it('leaves the text byte for byte when nothing is new', () => {
    const r = mergeManifest(
      existing,
      { version: 1, server: { name: 's', version: '1' }, tools: { a: { description: 'mine' } } },
      new Map(),
    )!;
    expect(r.text).toBe(existing);
  });

  it('gives up on text that is not a YAML map', () => {
    expect(mergeManifest('- a\n- b\n', {}, new Map())).toBeUndefined();
    expect(mergeManifest('a: [\n', {}, new Map())).toBeUndefined();
  });
});
