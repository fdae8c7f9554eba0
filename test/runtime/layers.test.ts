// layers.gen.ts, the one module of the generated runtime that touches the SDK's internals: the layers around every
// request, in their fixed order, and the start-up check that stops a server whose SDK lacks what they need, naming
// the SDK's version (here with a stub SDK that is the real one without the internal).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { ROOT } from '../support/project.js';
import { runtimeCopies } from '../support/runtime-copy.js';

type LayersModule = typeof import('../../templates/runtime/layers.js');
type ServeModule = typeof import('../../templates/runtime/serve.js');

const RUNTIME = ['layers', 'ask', 'limits', 'notify', 'listings', 'log', 'observe', 'scope', 'serve', 'cli', 'shutdown'];
const at = runtimeCopies(RUNTIME);
const { checkSdk, layered, SdkSeamError, spreadRequestIds } = (await import(at('layers'))) as LayersModule;
const sdk = await import(pathToFileURL(join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server', 'dist', 'index.mjs')).href);
const { McpServer, InMemoryTransport, fromJsonSchema } = sdk as typeof import('@modelcontextprotocol/server');
const installed: { version: string } = JSON.parse(
  readFileSync(join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server', 'package.json'), 'utf8'),
);

const listings = { tools: [], resources: [], resourceTemplates: [], prompts: [] };

describe('the start-up check of the SDK internals', () => {
  it('passes on the SDK the project pins', async () => {
    await expect(checkSdk(new McpServer({ name: 's', version: '1' }))).resolves.toBeUndefined();
  });

  it.each(['_requestHandlers', '_requestMessageId'])('fails naming %s and the installed SDK version when it is gone', async (name) => {
    const server = new McpServer({ name: 's', version: '1' });
    Reflect.deleteProperty(server.server, name);
    const error = await checkSdk(server).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SdkSeamError);
    expect((error as Error).message).toContain(`@modelcontextprotocol/server ${installed.version})`);
    expect((error as Error).message).toContain(`Protocol.${name}`);
  });

  it('fails naming buildContext when the SDK no longer builds handler contexts through it', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    Reflect.set(server.server, 'buildContext', undefined);
    const error = await checkSdk(server).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SdkSeamError);
    expect((error as Error).message).toContain('Protocol.buildContext');
    expect(() => layered(server, { listings })).toThrow(SdkSeamError);
  });

  it('refuses to build a server without its layers rather than serve one with a layer missing', () => {
    const renamed = new McpServer({ name: 's', version: '1' });
    // An SDK that renamed the map: the handlers are elsewhere, the layers would wrap nothing.
    Reflect.set(renamed.server, '_handlersByMethod', Reflect.get(renamed.server, '_requestHandlers'));
    Reflect.deleteProperty(renamed.server, '_requestHandlers');
    expect(() => layered(renamed, { listings })).toThrow(SdkSeamError);
    const noIds = new McpServer({ name: 's', version: '1' });
    Reflect.deleteProperty(noIds.server, '_requestMessageId');
    expect(() => spreadRequestIds(noIds, 7)).toThrow(/Protocol\._requestMessageId/);
  });

  it('stops the process at start-up, before onStart, on an SDK without the internal', async () => {
    const serve = await stubbedServe();
    let started = false;
    const lifecycle = {
      onStart: async () => {
        started = true;
        return {};
      },
      onShutdown: async () => undefined,
    };
    const build = () => new McpServer({ name: 's', version: '1' });
    const settings = {
      name: 'stubbed',
      version: '1.0.0',
      transports: { stdio: true, http: false },
      http: { host: '127.0.0.1', port: 0, path: '/mcp' },
    };
    await expect(serve.start(settings, lifecycle, build, ['--transport', 'stdio'])).rejects.toThrow(
      /@modelcontextprotocol\/server 9\.9\.9-stub\) has no Protocol\._requestHandlers/,
    );
    expect(started).toBe(false);
  });
});

describe('the layers around every request', () => {
  it('wraps tools/call in the fixed order: toolsets, then policies, then tasks, around the SDK handler', async () => {
    const seen: string[] = [];
    const layer = (name: string) => ({
      around: {
        'tools/call': (next: (r: never, c: never) => Promise<unknown>) => async (request: never, ctx: never) => {
          seen.push(name);
          return next(request, ctx);
        },
      },
    });
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('echo', { inputSchema: fromJsonSchema({ type: 'object' }) }, async () => {
      seen.push('handler');
      return { content: [{ type: 'text', text: 'ok' }] };
    });
    layered(server, {
      listings: { ...listings, tools: [{ name: 'echo', inputSchema: { type: 'object' } }] },
      tasks: layer('tasks'),
      policies: layer('policies'),
      toolsets: layer('toolsets'),
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'c', version: '1' });
    await client.connect(clientSide);
    await client.callTool({ name: 'echo', arguments: {} });
    // The published list replaced the SDK's, before toolsets could filter it.
    expect((await client.listTools()).tools).toEqual([{ name: 'echo', inputSchema: { type: 'object' } }]);
    await client.close();
    expect(seen).toEqual(['toolsets', 'policies', 'tasks', 'handler']);
  });
});

/** serve.gen.ts over a stub SDK: the real one, whose servers lack `_requestHandlers`, under the version 9.9.9-stub. */
async function stubbedServe(): Promise<ServeModule> {
  const dir = join(ROOT, '.cache', 'runtime-src', 'stub-sdk');
  rmSync(dir, { recursive: true, force: true });
  const modules = join(dir, 'node_modules');
  const real = join(depsDir(), 'node_modules');
  mkdirSync(join(modules, '@modelcontextprotocol'), { recursive: true });
  for (const entry of readdirSync(real)) if (entry !== '@modelcontextprotocol') symlinkSync(join(real, entry), join(modules, entry));
  for (const entry of readdirSync(join(real, '@modelcontextprotocol')))
    if (entry !== 'server') symlinkSync(join(real, '@modelcontextprotocol', entry), join(modules, '@modelcontextprotocol', entry));
  const stub = join(modules, '@modelcontextprotocol', 'server');
  mkdirSync(stub);
  const original = pathToFileURL(join(real, '@modelcontextprotocol', 'server', 'dist', 'index.mjs')).href;
  const exports = { '.': './index.mjs', './validators/ajv': './ajv.mjs' };
  writeFileSync(
    join(stub, 'package.json'),
    JSON.stringify({ name: '@modelcontextprotocol/server', version: '9.9.9-stub', type: 'module', exports }),
  );
  const ajv = pathToFileURL(join(real, '@modelcontextprotocol', 'server', 'dist', 'validators', 'ajv.mjs')).href;
  writeFileSync(join(stub, 'ajv.mjs'), `export * from ${JSON.stringify(ajv)};\n`);
  writeFileSync(
    join(stub, 'index.mjs'),
    `export * from ${JSON.stringify(original)};
import { McpServer as Real } from ${JSON.stringify(original)};
export class McpServer extends Real {
  constructor(...args) {
    super(...args);
    delete this.server._requestHandlers;
  }
}
`,
  );
  for (const name of RUNTIME) copyFileSync(join(ROOT, 'templates', 'runtime', `${name}.ts`), join(dir, `${name}.gen.ts`));
  return (await import(join(dir, 'serve.gen.ts'))) as ServeModule;
}
