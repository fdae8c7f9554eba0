// Resource templates, one per accepted RFC 6570 form, in a generated project whose handlers assign their variables
// to the exact types they should have (so tsc fails if types.gen.ts promised anything else) and echo them. A real
// client expands values into URIs (with the SDK's own expand(), or by hand where RFC 6570 writes a form the SDK
// does not), reads them, and gets the same values back; completion, subscriptions and mock mode use the same matcher.
import { UriTemplate, type Client } from '@modelcontextprotocol/client';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, connectStdio, generateProject, type Era } from '../support/project.js';

const TEMPLATES: Record<string, { template: string; type: string }> = {
  repo: { template: 'repo://{owner}/{name}', type: '{ owner: string; name: string }' },
  raw: { template: 'docs://raw/{+path}', type: '{ path: string }' },
  tree: { template: 'docs://tree{/path*}', type: '{ path: string[] }' },
  search: { template: 'search://items{?q,limit}', type: '{ q?: string; limit?: string }' },
  tagged: { template: 'search://tags?sort=asc{&tag*}', type: '{ tag?: string[] }' },
  guide: { template: 'page://guide{#section}', type: '{ section: string }' },
  image: { template: 'img://gallery/{name}{.ext}', type: '{ name: string; ext: string }' },
  day: { template: 'cal://day/{year}-{month}-{day}', type: '{ year: string; month: string; day: string }' },
  labels: { template: 'label://{names*}', type: '{ names: string[] }' },
};

const MANIFEST = `version: 1
server: {name: uri-forms, version: 0.1.0}
capabilities:
  resources: {subscribe: true}
resourceTemplates:
${Object.entries(TEMPLATES)
  .map(([name, t]) => `  ${name}:\n    uriTemplate: '${t.template}'\n    mimeType: application/json\n`)
  .join('')}`
  .replace("'repo://{owner}/{name}'\n", "'repo://{owner}/{name}'\n    complete:\n      owner: [alice, albert, bob]\n")
  .replace(
    "'search://items{?q,limit}'\n",
    "'search://items{?q,limit}'\n    examples:\n      hello: {uri: 'search://items?limit=5&q=hello', output: {contents: [{text: five hellos}]}}\n",
  );

/** Each handler checks its variables' type both ways (so it is exactly `type`) and echoes them. */
function handler(name: string, type: string): string {
  return `import type { ResourceTemplateHandler } from '../../generated/types.gen.js';

export const ${name}: ResourceTemplateHandler<'${name}'> = async (uri, variables) => {
  const exact: ${type} = variables;
  const back: typeof variables = exact;
  return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(back) }] };
};
`;
}

type Values = Record<string, string | string[]>;
const expand = (name: string, values: Values) => new UriTemplate(TEMPLATES[name].template).expand(values);

/** [template, URI, the variables the handler must get]: URIs from the SDK's expand(), or written as RFC 6570 does. */
const ROUND_TRIPS: [string, string, Values][] = [
  ['repo', expand('repo', { owner: 'alice', name: 'my repo,v2' }), { owner: 'alice', name: 'my repo,v2' }],
  ['raw', expand('raw', { path: 'guides/intro to mcp.md' }), { path: 'guides/intro to mcp.md' }],
  ['tree', expand('tree', { path: ['a', 'b c', 'd'] }), { path: ['a', 'b c', 'd'] }],
  ['tree', 'docs://tree', { path: [] }],
  ['search', expand('search', { q: 'hello world & more', limit: '5' }), { q: 'hello world & more', limit: '5' }],
  ['search', expand('search', { limit: '5' }), { limit: '5' }],
  ['search', expand('search', {}), {}],
  ['search', 'search://items?limit=5&q=x', { q: 'x', limit: '5' }],
  ['tagged', expand('tagged', { tag: ['red', 'blue'] }), { tag: ['red', 'blue'] }],
  ['tagged', 'search://tags?sort=asc&tag=red&tag=dark%20blue', { tag: ['red', 'dark blue'] }],
  ['tagged', 'search://tags?sort=asc', {}],
  ['guide', expand('guide', { section: 'getting started' }), { section: 'getting started' }],
  ['image', expand('image', { name: 'photo', ext: 'png' }), { name: 'photo', ext: 'png' }],
  ['image', expand('image', { name: 'archive', ext: 'tar.gz' }), { name: 'archive', ext: 'tar.gz' }],
  ['day', expand('day', { year: '2026', month: '07', day: '28' }), { year: '2026', month: '07', day: '28' }],
  ['labels', expand('labels', { names: ['x', 'y z'] }), { names: ['x', 'y z'] }],
  ['repo', 'repo://b%C3%A9a/caf%C3%A9', { owner: 'béa', name: 'café' }],
];

let dir: string;
beforeAll(() => {
  dir = generateProject(MANIFEST);
  for (const [name, t] of Object.entries(TEMPLATES)) {
    writeFileSync(join(dir, 'src', 'handlers', 'resource-templates', `${name}.ts`), handler(name, t.type));
  }
  buildProject(dir);
});

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});
async function connect(era: Era, args: string[] = []): Promise<Client> {
  const client = await connectStdio(dir, era, args);
  clients.push(client);
  return client;
}

describe.each<Era>(['legacy', 'modern'])('resource template forms (%s era)', (era) => {
  it('reads every expanded URI with the values it was expanded from', async () => {
    const client = await connect(era);
    for (const [name, uri, want] of ROUND_TRIPS) {
      const read = await client.readResource({ uri });
      const content = read.contents[0] as { uri: string; text: string };
      expect({ name, uri, got: JSON.parse(content.text) }).toEqual({ name, uri, got: want });
    }
  });

  it('matches no URI the template cannot produce', async () => {
    const client = await connect(era);
    for (const uri of [
      'search://items?q=1&other=2',
      'search://items?q=1&q=2',
      'repo://alice/a/b',
      'repo://alice/bad%E0%A4',
      'cal://day/2026-07',
      'img://gallery/photo',
    ]) {
      await expect(client.readResource({ uri }), uri).rejects.toThrow(/not found/i);
    }
  });
});

describe('the same matcher behind completion, subscriptions and mock mode', () => {
  it('completes a template variable by the listed template', async () => {
    const client = await connect('legacy');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(Object.values(TEMPLATES).map((t) => t.template));
    const done = await client.complete({
      ref: { type: 'ref/resource', uri: TEMPLATES.repo.template },
      argument: { name: 'owner', value: 'al' },
    });
    expect(done.completion.values).toEqual(['alice', 'albert']);
  });

  it('subscribes to URIs a template matches, and to no other', async () => {
    const client = await connect('legacy');
    await expect(client.subscribeResource({ uri: 'docs://tree/a/b/c' })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: 'search://items?limit=2' })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: 'search://items?nope=1' })).rejects.toThrow(/not found/i);
  });

  it('answers a template read in mock mode from the example whose URI matches the same values', async () => {
    const client = await connect('legacy', ['--mock']);
    const read = await client.readResource({ uri: 'search://items?q=hello&limit=5' });
    expect(read.contents).toEqual([{ uri: 'search://items?q=hello&limit=5', mimeType: 'application/json', text: 'five hellos' }]);
    const other = await client.readResource({ uri: 'docs://tree/x/y' });
    expect(other.contents).toEqual([{ uri: 'docs://tree/x/y', mimeType: 'application/json', text: expect.any(String) }]);
  });
});
