// apps.gen.ts, the server side of MCP Apps that ext-apps' helpers lack: each view's HTML read once at start-up (from
// the built file, or from a source handed in), a missing view a start-up error naming the build, and the gating per
// client. Driven through the HTTP core (fetch.gen.ts) by the real client in both eras, 2025-era sessions and stateless
// 2025-era serving included: a client that advertises the view type sees what the manifest declares; one that does
// not is served as a plain MCP client.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { tempDir } from '../support/project.js';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies([
  'apps',
  'ask',
  'caller',
  'fetch',
  'fetch-answers',
  'fetch-body',
  'fetch-sessions',
  'host-guard',
  'layers',
  'limits',
  'listings',
  'log',
  'loopback',
  'notify',
  'observe',
  'scope',
  'sessions',
]);
const { appsLayer, MissingViewsError, Views, withText } = (await import(at('apps'))) as typeof import('../../templates/runtime/apps.js');
const { createFetchHandler } = (await import(at('fetch'))) as typeof import('../../templates/runtime/fetch.js');
const { layered } = (await import(at('layers'))) as typeof import('../../templates/runtime/layers.js');
const modules = join(depsDir(), 'node_modules', '@modelcontextprotocol');
const sdk = (await import(
  pathToFileURL(join(modules, 'server', 'dist', 'index.mjs')).href
)) as typeof import('@modelcontextprotocol/server');
const extApps = (await import(
  pathToFileURL(join(modules, 'ext-apps', 'dist', 'src', 'server', 'index.js')).href
)) as typeof import('@modelcontextprotocol/ext-apps/server');

const VIEW_URI = 'ui://weather/forecast_view';
const HTML = '<!doctype html><title>forecast</title><p>the view</p>';
const UI_META = { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: true } };
const forecastTool = {
  name: 'get_forecast',
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: VIEW_URI, visibility: ['model', 'app'] }, 'example.com/kept': 1 },
};
const refreshTool = {
  name: 'refresh_forecast',
  inputSchema: { type: 'object' },
  _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } },
};
const plainTool = { name: 'plain', inputSchema: { type: 'object' } };
const noteResource = { uri: 'notes://today', name: 'today', mimeType: 'text/plain' };
const viewResource = { uri: VIEW_URI, name: 'forecast_view', mimeType: 'text/html;profile=mcp-app', _meta: UI_META };
const listings = {
  tools: [forecastTool, refreshTool, plainTool],
  resources: [noteResource, viewResource],
  resourceTemplates: [],
  prompts: [],
};

const views = new Views(() => new URL('file:///nowhere/'), [{ name: 'forecast_view', file: 'dist/ui/forecast_view.html' }]);
await views.load(() => HTML);

function build({ era }: { era: 'legacy' | 'modern' }) {
  const server = new sdk.McpServer({ name: 'weather', version: '1.0.0' }, { capabilities: { logging: {} } });
  const forecast = { city: 'Paris', days: [{ high: 21 }] };
  const output = sdk.fromJsonSchema({ type: 'object' });
  extApps.registerAppTool(server, 'get_forecast', { outputSchema: output, _meta: { ui: { resourceUri: VIEW_URI } } }, async () => ({
    // No text block: the layer adds the structured content as text.
    content: [],
    structuredContent: forecast,
  }));
  extApps.registerAppTool(server, 'refresh_forecast', { _meta: { ui: { resourceUri: VIEW_URI, visibility: ['app'] } } }, async () => ({
    content: [{ type: 'text', text: 'refreshed' }],
  }));
  server.registerTool('plain', {}, async () => ({ content: [{ type: 'text', text: 'plain' }] }));
  server.registerResource('today', 'notes://today', { mimeType: 'text/plain' }, async (uri) => ({
    contents: [{ uri: uri.href, text: 'today' }],
  }));
  extApps.registerAppResource(server, 'forecast_view', VIEW_URI, { _meta: UI_META }, views.read(viewResource));
  const config = { appOnly: ['refresh_forecast'], openers: ['get_forecast', 'refresh_forecast'], views: [VIEW_URI] };
  return layered(server, { listings, apps: appsLayer(config, era) });
}

const handlers: { close(): Promise<void> }[] = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});

type Serving = 'session' | 'stateless' | 'modern';
const UI = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

/** A client of the HTTP core: in the 2025 era with a session or statelessly, or in 2026-07-28; with the UI extension or not. */
async function connect(serving: Serving, capabilities: object): Promise<Client> {
  const handler = createFetchHandler(
    { perRequest: build, connection: build },
    { host: '127.0.0.1', path: '/mcp', env: {}, ...(serving === 'stateless' ? { mode: 'stateless' as const } : {}) },
  );
  handlers.push(handler);
  const client = new Client(
    { name: 'host', version: '1.0.0' },
    { capabilities, versionNegotiation: { mode: serving === 'modern' ? 'auto' : 'legacy' } },
  );
  clients.push(client);
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(url, init);
    request.headers.set('host', '127.0.0.1:3000');
    return handler.fetch(request);
  };
  await client.connect(new StreamableHTTPClientTransport(new URL('http://127.0.0.1:3000/mcp'), { fetch }));
  return client;
}

describe.each(['session', 'modern'] as const)('a %s client', (serving) => {
  it('that renders views sees the extension, the tools with _meta.ui, the app-only tool and the view, and reads it', async () => {
    const client = await connect(serving, UI);
    expect(client.getNegotiatedProtocolVersion()).toBe(serving === 'modern' ? '2026-07-28' : '2025-11-25');
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] },
    });
    expect((await client.listTools()).tools).toEqual([forecastTool, refreshTool, plainTool]);
    expect((await client.listResources()).resources).toEqual([noteResource, viewResource]);
    expect((await client.readResource({ uri: VIEW_URI })).contents).toEqual([
      { uri: VIEW_URI, mimeType: 'text/html;profile=mcp-app', text: HTML, _meta: UI_META },
    ]);
    expect(await client.callTool({ name: 'refresh_forecast', arguments: {} })).toMatchObject({ content: [{ text: 'refreshed' }] });
  });

  it('that does not gets plain tools: no _meta.ui (the rest of _meta kept), no app-only tool, no view, and the text', async () => {
    const client = await connect(serving, {});
    const { ui: _ui, ...kept } = forecastTool._meta;
    expect((await client.listTools()).tools).toEqual([{ ...forecastTool, _meta: kept }, plainTool]);
    expect((await client.listResources()).resources).toEqual([noteResource]);
    const result = await client.callTool({ name: 'get_forecast', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: '{"city":"Paris","days":[{"high":21}]}' }]);
    expect(result.structuredContent).toEqual({ city: 'Paris', days: [{ high: 21 }] });
    // Not listed to it, so not there: as an unknown tool.
    await expect(client.callTool({ name: 'refresh_forecast', arguments: {} })).rejects.toThrow(/Tool refresh_forecast not found/);
  });

  it('that lists another view type only is not taken for one that renders these', async () => {
    const client = await connect(serving, { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/x-other'] } } });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['get_forecast', 'plain']);
  });
});

it('a 2026-07-28 list depends on the client, so it is private to it', async () => {
  const client = await connect('modern', UI);
  const seen: unknown[] = [];
  const raw = await client.request({ method: 'tools/list', params: {} });
  seen.push((raw as { cacheScope?: string }).cacheScope);
  expect(seen).toEqual(['private']);
});

it('stateless 2025-era serving, which never sees the handshake, lists what the manifest declares', async () => {
  const client = await connect('stateless', {});
  expect((await client.listTools()).tools).toEqual([forecastTool, refreshTool, plainTool]);
});

describe('the views at start-up', () => {
  const files = [
    { name: 'forecast_view', file: 'dist/ui/forecast_view.html' },
    { name: 'map_view', file: 'dist/ui/map_view.html' },
  ];

  it('are read from the built files, relative to the project folder', async () => {
    const dir = tempDir('mcp-gen-views-');
    mkdirSync(join(dir, 'dist', 'ui'), { recursive: true });
    for (const { name, file } of files) writeFileSync(join(dir, file), `<!doctype html><p>${name}</p>`);
    const loaded = new Views(() => pathToFileURL(`${dir}/`), files);
    await loaded.load();
    const read = loaded.read({ name: 'map_view', mimeType: 'text/html;profile=mcp-app' });
    expect(read(new URL('ui://weather/map_view'))).toEqual({
      contents: [{ uri: 'ui://weather/map_view', mimeType: 'text/html;profile=mcp-app', text: '<!doctype html><p>map_view</p>' }],
    });
  });

  it('stop the start naming each view not built, its file and the script that builds it', async () => {
    const dir = tempDir('mcp-gen-views-');
    mkdirSync(join(dir, 'dist', 'ui'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'ui', 'map_view.html'), '  \n');
    const error = await new Views(() => pathToFileURL(`${dir}/`), files).load().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingViewsError);
    expect((error as Error).message).toBe(
      'MCP Apps views not built: forecast_view (dist/ui/forecast_view.html), map_view (dist/ui/map_view.html); ' +
        'run npm run build:views (npm run build runs it too), then start the server again',
    );
  });

  it('come from the source the entry hands in, for platforms without files', async () => {
    const asked: string[] = [];
    // A bundled Worker has no file URL for its module: the project folder is never asked for.
    const embedded = new Views(() => {
      throw new Error('no files on this platform');
    }, files);
    await embedded.load((view) => {
      asked.push(view.file);
      return `<p>${view.name} embedded</p>`;
    });
    expect(asked).toEqual(['dist/ui/forecast_view.html', 'dist/ui/map_view.html']);
    expect(embedded.read({ name: 'forecast_view' })(new URL(VIEW_URI)).contents[0]).toMatchObject({
      text: '<p>forecast_view embedded</p>',
    });
  });

  it('are never served empty: a read before load is an error that says so', () => {
    const unloaded = new Views(() => new URL('file:///nowhere/'), files);
    expect(() => unloaded.read({ name: 'forecast_view' })(new URL(VIEW_URI))).toThrow('view forecast_view is not loaded');
  });
});

describe('the text of a tool that opens a view', () => {
  it('is kept when the handler wrote one, and is the structured content otherwise', () => {
    const own = { content: [{ type: 'text', text: 'Sunny in Paris' }], structuredContent: { a: 1 } };
    expect(withText(own)).toBe(own);
    expect(withText({ content: [{ type: 'text', text: ' ' }], structuredContent: { a: 1 } })).toEqual({
      content: [
        { type: 'text', text: ' ' },
        { type: 'text', text: '{"a":1}' },
      ],
      structuredContent: { a: 1 },
    });
    const error = { isError: true, content: [{ type: 'text', text: 'no such city' }] };
    expect(withText(error)).toBe(error);
    expect(withText({ task: { taskId: 't' } })).toEqual({ task: { taskId: 't' } });
  });
});
