// The platforms' shared entry (templates/runtime/platform.ts), in process: the app starts once per instance, at the
// first request, with the environment the platform hands over (a Worker's bindings, strings only, over process.env);
// a start that fails answers 500 and is tried again at the next request, as a restarted process would be.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpServer as Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { runtimeCopies } from '../support/runtime-copy.js';

const sdk = (await import(
  pathToFileURL(join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server', 'dist', 'index.mjs')).href
)) as typeof import('@modelcontextprotocol/server');
const at = runtimeCopies([
  'ask',
  'auth',
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
  'platform',
  'scope',
  'sessions',
]);
const { platformServer } = (await import(at('platform'))) as typeof import('../../templates/runtime/platform.js');
const { createAuthenticator } = (await import(at('auth'))) as typeof import('../../templates/runtime/auth.js');

const TOKEN = 'binding-token-0123456789abcdef0123';
const initialize = (headers: Record<string, string> = {}) =>
  new Request('https://notes.acct.workers.dev/mcp', {
    method: 'POST',
    headers: {
      host: 'notes.acct.workers.dev',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
const WORKER = { mode: 'stateless', responseMode: 'json', platformHosts: ['notes.*.workers.dev'] } as const;
const build = (): Server => new sdk.McpServer({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });

describe('platformServer', () => {
  it('starts the app once, at the first request, and serves every request after it with that app', async () => {
    let starts = 0;
    const apps: number[] = [];
    const server = platformServer({ http: { path: '/mcp' } }, WORKER, { onStart: async () => ++starts }, (app) => {
      apps.push(app);
      return build();
    });
    expect(starts).toBe(0);
    const answers = await Promise.all([1, 2, 3].map(() => server.fetch(initialize())));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(starts).toBe(1);
    expect(new Set(apps)).toEqual(new Set([1]));
  });

  it('answers 500 while the app fails to start, and starts it at a later request', async () => {
    let attempts = 0;
    const server = platformServer(
      { http: { path: '/mcp' } },
      WORKER,
      {
        onStart: async () => {
          if (++attempts === 1) throw new Error('database unreachable');
          return {};
        },
      },
      build,
    );
    const failed = await server.fetch(initialize());
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });
    expect((await server.fetch(initialize())).status).toBe(200);
    expect(attempts).toBe(2);
  });

  it("reads credentials from the platform's bindings, strings only, over process.env", async () => {
    const server = platformServer(
      { http: { path: '/mcp', auth: { type: 'bearer', credentials: [{ env: 'NOTES_TOKEN', principal: 'ops', scopes: [] }] } } },
      WORKER,
      { onStart: async () => ({}) },
      build,
      { plugins: { createAuthenticator: createAuthenticator as never } },
    );
    // A Worker's env also holds objects (KV, Durable Objects): they are no credential, and are left out.
    const env = { NOTES_TOKEN: TOKEN, KV: { get: () => TOKEN } };
    expect((await server.fetch(initialize(), {}, env)).status).toBe(401);
    expect((await server.fetch(initialize({ authorization: `Bearer ${TOKEN}` }), {}, env)).status).toBe(200);
    expect((await server.fetch(initialize({ authorization: 'Bearer [object Object]' }), {}, env)).status).toBe(401);
  });

  // The shared store (scale.store redis on vercel and lambda), here a stand-in recording what the entry does with it:
  // the real one is served against redis-server in test/platforms/lambda-vercel.test.ts.
  function recordedStore(problem?: string) {
    const seen = { settingsRead: [] as (string | undefined)[], connects: 0, closes: 0 };
    const store = (env: Readonly<Record<string, string | undefined>>) => {
      seen.settingsRead.push(env.MCP_STORE_URL);
      if (problem) throw new Error(problem);
      return async () => {
        seen.connects++;
        return {
          bus: new sdk.InMemoryServerEventBus(),
          ready: () => true,
          legacy: async () => new Response(null, { status: 500 }),
          close: async () => void seen.closes++,
        };
      };
    };
    return { seen, store };
  }

  it("reads the store's settings from the instance's variables before onStart, and connects it once, closing nothing per request", async () => {
    let starts = 0;
    const { seen, store } = recordedStore();
    const server = platformServer({ http: { path: '/mcp' } }, WORKER, { onStart: async () => ++starts }, build, { store });
    const answers = await Promise.all([1, 2, 3].map(() => server.fetch(initialize(), {}, { MCP_STORE_URL: 'redis://store:6379' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect({ ...seen, starts }).toEqual({ settingsRead: ['redis://store:6379'], connects: 1, closes: 0, starts: 1 });
  });

  it('answers 500 without running onStart when the store is not configured', async () => {
    let starts = 0;
    const { seen, store } = recordedStore('MCP_STORE_URL is not set');
    const server = platformServer({ http: { path: '/mcp' } }, WORKER, { onStart: async () => ++starts }, build, { store });
    expect((await server.fetch(initialize())).status).toBe(500);
    expect({ connects: seen.connects, starts }).toEqual({ connects: 0, starts: 0 });
  });

  it('closes the connection of a start that failed after it, so that the next attempt does not wire in a second', async () => {
    const { seen, store } = recordedStore();
    const auth = { type: 'bearer', credentials: [{ env: 'NOTES_TOKEN', principal: 'ops', scopes: [] }] };
    const server = platformServer({ http: { path: '/mcp', auth } }, WORKER, { onStart: async () => ({}) }, build, {
      plugins: { createAuthenticator: createAuthenticator as never },
      store,
    });
    // The credential's variable is missing: the HTTP core refuses to start, after the store was connected.
    expect((await server.fetch(initialize(), {}, {})).status).toBe(500);
    expect(seen).toMatchObject({ connects: 1, closes: 1 });
    expect((await server.fetch(initialize({ authorization: `Bearer ${TOKEN}` }), {}, { NOTES_TOKEN: TOKEN })).status).toBe(200);
    expect(seen).toMatchObject({ connects: 2, closes: 1 });
  });
});
