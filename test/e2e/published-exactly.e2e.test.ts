// What a generated server lists is the manifest as written. For every golden case and every example, generated
// by the current generator, built and served over stdio, each of tools/list, resources/list,
// resources/templates/list and prompts/list is read raw (every page, no client-side parsing) in both protocol eras
// and compared, as canonical JSON, with the manifest's own entries: the entry's key as `name`, the fields that only
// steer the generator removed, shared schemas bundled into the tool schemas. Nothing else may differ. examples/scaled
// serves HTTP only with a shared store: it is read over HTTP, with a real Redis. The client is a host that renders
// MCP Apps views: a manifest with views lists them among the resources (`text/html;profile=mcp-app`, `_meta.ui` from
// the view's fields) and its tools carry `_meta.ui` ({resourceUri, visibility}, never the deprecated flat key), app-only
// ones included, the server declaring the extension; a client without views gets the same lists without any of that.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../generator/core/canonical-json.js';
import { bundleSchema } from '../../generator/core/schema-refs.js';
import { loadManifest } from '../../generator/load/load-manifest.js';
import { resolveSchemaFiles } from '../../generator/load/schema-files/resolve.js';
import { readPublished, withClient, type Json } from '../import/lists.js';
import { buildProject, connectHttp, connectStdio, copyExample, ROOT, runCli, tempDir, type Era } from '../support/project.js';
import { binary, freePort, RedisServer, Replica } from '../support/scale-cluster.js';

/** Manifest-only fields, per section: they steer the generator and are never published. */
const GENERATOR_ONLY: Record<string, string[]> = {
  tools: ['policy', 'examples', 'renamedFrom', 'ui'],
  resources: ['text', 'blob', 'file', 'examples', 'renamedFrom'],
  resourceTemplates: ['complete', 'examples', 'renamedFrom'],
  prompts: ['messages', 'examples', 'renamedFrom'],
};
/** Fields a protocol revision does not have, which the SDK's wire codec leaves out there. */
const NOT_IN_ERA: Record<Era, Record<string, string[]>> = { legacy: {}, modern: { tools: ['execution'] } };

const without = (entry: Json, keys: string[]): Json => Object.fromEntries(Object.entries(entry).filter(([k]) => !keys.includes(k)));

/** The lists the manifest declares, derived from its data alone. */
function declared(manifestPath: string, era: Era): Record<string, Json[]> {
  const data = resolveSchemaFiles(loadManifest(manifestPath, readFileSync(manifestPath, 'utf8'))).data as unknown as Json;
  const shared = (data.definitions ?? {}) as Record<string, Json>;
  const out: Record<string, Json[]> = {};
  for (const section of Object.keys(GENERATOR_ONLY)) {
    out[section] = Object.entries((data[section] ?? {}) as Record<string, Json>).map(([name, entry]) => {
      const e: Json = { name, ...without(entry, [...GENERATOR_ONLY[section], ...(NOT_IN_ERA[era][section] ?? [])]) };
      if (section === 'tools') {
        e.inputSchema = bundleSchema((entry.inputSchema ?? { type: 'object' }) as Json, shared);
        if (entry.outputSchema !== undefined) e.outputSchema = bundleSchema(entry.outputSchema as Json, shared);
      }
      if (section === 'prompts' && Array.isArray(entry.arguments))
        e.arguments = (entry.arguments as Json[]).map((a) => without(a, ['complete']));
      if (section === 'tools' && entry.ui !== undefined) e._meta = { ...(entry._meta as Json), ui: toolUi(data, entry.ui as Json) };
      return e;
    });
  }
  out.resources.push(...views(data));
  return out;
}

const UI_TYPE = 'text/html;profile=mcp-app';
const UI_EXTENSION = { 'io.modelcontextprotocol/ui': { mimeTypes: [UI_TYPE] } };

/** A view's URI: as written, or ui://<server name as a host>/<view> (the names of these manifests need no escaping). */
function viewUri(data: Json, name: string): string {
  const app = ((data.apps ?? {}) as Record<string, Json>)[name];
  return (app?.uri as string | undefined) ?? `ui://${String((data.server as Json).name).toLowerCase()}/${name}`;
}

function toolUi(data: Json, ui: Json): Json {
  return {
    ...(ui.app !== undefined ? { resourceUri: viewUri(data, ui.app as string) } : {}),
    visibility: ui.visibility ?? ['model', 'app'],
  };
}

/** The views as resources/list carries them, after the manifest's resources. */
function views(data: Json): Json[] {
  return Object.entries((data.apps ?? {}) as Record<string, Json>).map(([name, app]) => {
    const ui: Json = {};
    if (app.csp !== undefined) ui.csp = app.csp;
    const asked = Object.entries((app.permissions ?? {}) as Json).filter(([, on]) => on === true);
    if (asked.length) ui.permissions = Object.fromEntries(asked.map(([k]) => [k, {}]));
    if (app.domain !== undefined) ui.domain = app.domain;
    if (app.prefersBorder !== undefined) ui.prefersBorder = app.prefersBorder;
    const meta = { ...(app._meta as Json | undefined), ...(Object.keys(ui).length ? { ui } : {}) };
    return {
      uri: viewUri(data, name),
      name,
      ...(app.title !== undefined ? { title: app.title } : {}),
      ...(app.description !== undefined ? { description: app.description } : {}),
      mimeType: UI_TYPE,
      ...(Object.keys(meta).length ? { _meta: meta } : {}),
    };
  });
}

/** What a client that renders no views is listed: no view, no `_meta.ui` (nor an emptied `_meta`), no app-only tool. */
function withoutViews(want: Record<string, Json[]>): Record<string, Json[]> {
  const plain = (e: Json): Json => {
    const { ui: _ui, ...meta } = (e._meta ?? {}) as Json;
    return Object.keys(meta).length ? { ...e, _meta: meta } : without(e, ['_meta']);
  };
  const appOnly = (e: Json) => {
    const ui = (e._meta as Json | undefined)?.ui as Json | undefined;
    return Array.isArray(ui?.visibility) && !(ui.visibility as string[]).includes('model');
  };
  return {
    ...want,
    tools: want.tools.filter((t) => !appOnly(t)).map(plain),
    resources: want.resources.filter((r) => r.mimeType !== UI_TYPE || !String(r.uri).startsWith('ui://')),
  };
}

const FIXTURES = join(ROOT, 'test', 'fixtures');
// The golden cases that generate a project (as test/golden.test.ts tells them from the error cases).
const goldens = readdirSync(FIXTURES).filter(
  (n) => existsSync(join(FIXTURES, n, 'mcp.yaml')) && !n.startsWith('error-') && !existsSync(join(FIXTURES, n, 'expected-stderr.txt')),
);
const examples = readdirSync(join(ROOT, 'examples')).filter((n) => existsSync(join(ROOT, 'examples', n, 'mcp.yaml')));
/** Examples served over HTTP with a shared store rather than over stdio. */
const OVER_HTTP = new Set(['scaled']);

/** A golden case's inputs (mcp.yaml and its schema files) or a copy of an example, generated afresh. */
function project(kind: 'golden' | 'example', name: string): string {
  let dir: string;
  if (kind === 'example') dir = copyExample(name);
  else {
    dir = tempDir(`published-${name}-`);
    for (const f of readdirSync(join(FIXTURES, name))) {
      if (f === 'expected' || f.startsWith('expected-')) continue;
      mkdirSync(dir, { recursive: true });
      cpSync(join(FIXTURES, name, f), join(dir, f), { recursive: true });
    }
  }
  const r = runCli(['generate', '-m', 'mcp.yaml'], dir);
  if (r.code !== 0) throw new Error(`generate failed in ${dir}:\n${r.stderr}`);
  buildProject(dir);
  return dir;
}

const cases = [
  ...goldens.map((name) => ({ kind: 'golden' as const, name })),
  ...examples.map((name) => ({ kind: 'example' as const, name })),
];

/** The listings as a client reads them: over stdio, or over HTTP from a replica on a fresh Redis. */
async function listings(dir: string, name: string, era: Era, ui = true) {
  if (!OVER_HTTP.has(name)) return withClient(connectStdio(dir, era, [], { ui }), readPublished);
  const redis = new RedisServer(await freePort(), join(tempDir('published-redis-'), 'data'));
  await redis.start();
  // Replicas share the key that protects request state; a shared store refuses to start without one.
  const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: 'a-request-state-key-of-at-least-32-bytes-0123456789' };
  const replica = new Replica(dir, await freePort(), 'a', env);
  try {
    await replica.start();
    return await withClient(connectHttp(replica.url, era, { ui }), readPublished);
  } finally {
    await replica.stop();
    await redis.stop();
  }
}

function compare(published: Awaited<ReturnType<typeof listings>>, want: Record<string, Json[]>): void {
  for (const section of Object.keys(GENERATOR_ONLY) as (keyof typeof want & keyof typeof published)[]) {
    const got = published[section as 'tools'];
    expect(
      got.map((e) => e.name),
      `${section} order`,
    ).toEqual(want[section].map((e) => e.name));
    for (const [i, entry] of got.entries()) expect(canonicalJson(entry), `${section}[${i}]`).toBe(canonicalJson(want[section][i]));
  }
}

describe.each(cases)('$kind $name: every listing is the manifest as written', ({ kind, name }) => {
  let built: string | undefined;
  it.skipIf(OVER_HTTP.has(name) && !binary('redis-server')).each(['legacy', 'modern'] as const)('%s era', async (era) => {
    const dir = (built ??= project(kind, name));
    const published = await listings(dir, name, era);
    const want = declared(join(dir, 'mcp.yaml'), era);
    expect(Object.values(want).flat().length).toBeGreaterThan(0);
    compare(published, want);
    const apps = existsSync(join(dir, 'scripts', 'build-views.mjs')) || want.tools.some((t) => (t._meta as Json | undefined)?.ui);
    const extension = (p: typeof published) => (p.capabilities.extensions as Json | undefined)?.['io.modelcontextprotocol/ui'];
    expect(extension(published), 'the MCP Apps extension').toEqual(apps ? UI_EXTENSION['io.modelcontextprotocol/ui'] : undefined);
    if (apps) {
      const plain = await listings(dir, name, era, false);
      expect(extension(plain)).toEqual(UI_EXTENSION['io.modelcontextprotocol/ui']);
      compare(plain, withoutViews(want));
    }
  });
});
