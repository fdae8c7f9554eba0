// Every manifest string reaches generated code only as an escaped literal: a project generated from a manifest with a
// hostile string in every field type-checks, declares nothing the strings try to inject, and publishes each string
// over the wire exactly as written, in both protocol eras.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, connectStdio, generateProject, type Era } from '../support/project.js';
import { HOSTILE, HOSTILE_KEYS, HUGE, PWNED } from './hostile.js';
import { entryName, hostileManifest, hostileManifestYaml, hostileMeta, MESSAGE_TEXTS } from './hostile-manifest.js';

let dir: string;
const manifest = hostileManifest() as Record<string, Record<string, Record<string, unknown>>>;

beforeAll(() => {
  dir = generateProject(hostileManifestYaml());
  buildProject(dir);
});

function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('emitted code', () => {
  it('declares and references no identifier the strings try to inject', () => {
    const files = sourceFiles(join(dir, 'src'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
      const injected: string[] = [];
      const visit = (node: ts.Node) => {
        if (ts.isIdentifier(node) && node.text.includes(PWNED))
          injected.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
      expect(injected).toEqual([]);
      // The literal and comment text is there: the check above looked at a file that holds the payloads.
      if (file.endsWith('definitions.gen.ts')) expect(text).toContain(PWNED);
    }
  });
});

/**
 * Results as they came off the wire (JSON.parse keeps a `__proto__` key as an own property), before the client's
 * schema parsing rebuilds objects: the 2025-era client drops such keys from what it returns.
 */
function wireResults(client: Client): Map<unknown, Record<string, unknown>> {
  const results = new Map<unknown, Record<string, unknown>>();
  const transport = client.transport!;
  const deliver = transport.onmessage!;
  transport.onmessage = (message, extra) => {
    const m = message as { id?: unknown; result?: Record<string, unknown> };
    if (m.result && m.id !== undefined) results.set(m.id, m.result);
    deliver.call(transport, message, extra);
  };
  return results;
}

describe.each(['legacy', 'modern'] as Era[])('over the wire (%s)', (era) => {
  let client: Client;
  let wire: Map<unknown, Record<string, unknown>>;
  beforeAll(async () => {
    client = await connectStdio(dir, era);
    wire = wireResults(client);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('serverInfo and instructions', () => {
    const server = manifest.server as unknown as Record<string, unknown>;
    const info = client.getServerVersion()!;
    expect(info.name).toBe(server.name);
    expect(info.version).toBe(server.version);
    expect(info.title).toBe(server.title);
    expect(info.websiteUrl).toBe(server.websiteUrl);
    expect(client.getInstructions()).toBe(HUGE);
  });

  it('tools/list: titles, descriptions, annotations, _meta and schemas', async () => {
    await client.listTools();
    const tools = [...wire.values()].find((r) => Array.isArray(r.tools))!.tools as Record<string, unknown>[] & { name: string }[];
    HOSTILE.forEach((h, i) => {
      const tool = tools.find((t) => t.name === `t${i}`) as {
        title: string;
        description: string;
        annotations: { title: string };
        _meta: unknown;
      };
      expect(tool.title).toBe(h);
      expect(tool.description).toBe(h);
      expect(tool.annotations?.title).toBe(h);
      expect(tool._meta).toEqual({ 'example.com/note': h });
    });
    const metaTool = tools.find((t) => t.name === 'meta_tool') as { _meta: Record<string, unknown> };
    expect(Object.keys(metaTool._meta)).toEqual(Object.keys(hostileMeta()));
    for (const [key, value] of Object.entries(hostileMeta())) expect(metaTool._meta[key]).toEqual(value);
    const schemaTool = tools.find((t) => t.name === 'schema_tool') as { description: string; inputSchema: unknown; outputSchema: unknown };
    expect(schemaTool.description).toBe(HUGE);
    const expected = manifest.tools.schema_tool.inputSchema as Record<string, unknown>;
    for (const schema of [schemaTool.inputSchema, schemaTool.outputSchema] as Record<string, unknown>[]) {
      const properties = schema.properties as Record<string, unknown>;
      expect(Object.keys(properties).sort()).toEqual([...HOSTILE_KEYS, 'shared', 'other'].sort());
      for (const key of HOSTILE_KEYS) {
        expect(Object.hasOwn(properties, key)).toBe(true);
        expect(properties[key]).toEqual((expected.properties as Record<string, unknown>)[key]);
      }
      expect(schema.description).toBe(HUGE);
      expect(schema.title).toBe(HOSTILE[0]);
      // Shared definitions travel with the schema, under their hostile names.
      const definitions = schema.definitions as Record<string, { description: string; enum?: string[] }>;
      expect(Object.hasOwn(definitions, '__proto__')).toBe(true);
      expect(definitions.__proto__ === Object.prototype).toBe(false);
      expect(definitions.constructor.enum).toEqual([...HOSTILE]);
    }
  });

  it('resources/list, resources/read and resources/templates/list', async () => {
    const { resources } = await client.listResources();
    for (const [i, h] of HOSTILE.entries()) {
      const listed = resources.find((r) => r.uri === `test://hostile/r${i}`)!;
      expect(listed.name).toBe(entryName(h, i, 'resource'));
      expect(listed.title).toBe(h);
      expect(listed.description).toBe(h);
      const read = await client.readResource({ uri: listed.uri });
      expect(read.contents).toEqual([{ uri: listed.uri, mimeType: 'text/plain', text: h }]);
    }
    const huge = await client.readResource({ uri: 'test://hostile/huge' });
    expect((huge.contents[0] as { text: string }).text).toBe(HUGE);
    const { resourceTemplates } = await client.listResourceTemplates();
    HOSTILE.slice(0, 6).forEach((h, i) => {
      const t = resourceTemplates.find((r) => r.uriTemplate === `test://tpl${i}/{id}`)!;
      expect([t.name, t.title, t.description]).toEqual([entryName(h, i), h, h]);
    });
    const completion = await client.complete({
      ref: { type: 'ref/resource', uri: 'test://tpl0/{id}' },
      argument: { name: 'id', value: '' },
    });
    expect(completion.completion.values).toEqual([...HOSTILE].slice(0, completion.completion.values.length));
  });

  it('prompts/list and prompts/get', async () => {
    const { prompts } = await client.listPrompts();
    for (const [i, h] of HOSTILE.entries()) {
      const name = entryName(h, i);
      const listed = prompts.find((p) => p.name === name)!;
      expect([listed.title, listed.description]).toEqual([h, h]);
      expect(listed.arguments?.map((a) => [a.name, a.description])).toEqual([
        ['$ref', h],
        [HOSTILE_KEYS[2], h],
      ]);
      const got = await client.getPrompt({ name, arguments: {} });
      expect(got.messages[0].content).toEqual({ type: 'text', text: MESSAGE_TEXTS[i % MESSAGE_TEXTS.length] });
      expect(got.messages[1].content).toMatchObject({ type: 'resource_link', name: h, description: h });
    }
  });
});
