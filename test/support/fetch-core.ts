// The HTTP core of a generated server (templates/runtime/fetch.ts), loaded as a project has it and driven with web
// Requests in process: no socket, no Node adapter. The servers it builds have an echo tool, a tool that needs the
// notes:write scope, a tool that reports the caller it works for, and one that waits until the test lets it go.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpServer as Server } from '@modelcontextprotocol/server';
import { depsDir } from './generated-deps.js';
import { runtimeCopies } from './runtime-copy.js';

// The SDK the generated projects install (mcp-gen itself depends on the client only).
const sdk = await import(pathToFileURL(join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server', 'dist', 'index.mjs')).href);
const { fromJsonSchema, McpServer, requireScopes } = sdk as typeof import('@modelcontextprotocol/server');

const at = runtimeCopies([
  'ask',
  'auth',
  'caller',
  'fetch',
  'fetch-answers',
  'fetch-body',
  'fetch-sessions',
  'host-guard',
  'http',
  'layers',
  'limits',
  'listings',
  'log',
  'loopback',
  'node-request',
  'notify',
  'observe',
  'scope',
  'sessions',
]);
type FetchModule = typeof import('../../templates/runtime/fetch.js');
const { createFetchHandler } = (await import(at('fetch'))) as FetchModule;
const { createAuthenticator } = (await import(at('auth'))) as typeof import('../../templates/runtime/auth.js');
const { layered } = (await import(at('layers'))) as typeof import('../../templates/runtime/layers.js');
const { callerOf } = (await import(at('scope'))) as typeof import('../../templates/runtime/scope.js');
const { answering } = (await import(at('ask'))) as typeof import('../../templates/runtime/ask.js');

export type FetchOptions = Partial<import('../../templates/runtime/fetch.js').FetchOptions>;
export type FetchInfo = import('../../templates/runtime/fetch.js').FetchInfo;

export const ORIGIN = 'http://127.0.0.1:3000';
export const WRITER = 'writer-0123456789abcdef-0123456789';
export const READER = 'reader-0123456789abcdef-0123456789';
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** Calls of the `wait` and `progress` tools not let go yet: each resolves its call. */
export const waiting: (() => void)[] = [];
/** The tools whose request's signal aborted (the client went away). */
export const aborted: string[] = [];

function build(): Server {
  const server = new McpServer({ name: 'core', version: '1.0.0' }, { capabilities: { tools: {} } });
  const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
  const textInput = fromJsonSchema<{ text: string }>({
    type: 'object',
    properties: { text: { type: 'string' } },
    required: ['text'],
  });
  server.registerTool('echo', { description: 'Echo', inputSchema: textInput }, async ({ text: t }) => text(t));
  server.registerTool(
    'write',
    { description: 'Needs notes:write', inputSchema: textInput, scopeChallenge: requireScopes('notes:write') },
    async ({ text: t }) => text(`saved ${t}`),
  );
  server.registerTool('whoami', { description: 'The caller' }, async (ctx) => text(callerOf(ctx)));
  // As the generated adapters run every handler: holding its request's places until it ends.
  server.registerTool('wait', { description: 'Waits to be let go' }, (ctx) =>
    answering(ctx, () => new Promise((resolve) => waiting.push(() => resolve(text('done'))))),
  );
  server.registerTool('hang', { description: 'Answers once its request is aborted' }, (ctx) => {
    return new Promise((resolve) => ctx.mcpReq.signal.addEventListener('abort', () => resolve(text(String(aborted.push('hang'))))));
  });
  server.registerTool('progress', { description: 'Reports progress, then waits to be let go' }, async (ctx) => {
    const progressToken = ctx.mcpReq._meta?.progressToken ?? 0;
    await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2 } });
    return new Promise((resolve) => waiting.push(() => resolve(text('done'))));
  });
  return layered(server, { listings: { tools: [], resources: [], resourceTemplates: [], prompts: [] } });
}

/** The core with `options` over the manifest defaults: the MCP endpoint at /mcp on 127.0.0.1. */
export function core(options: FetchOptions = {}) {
  return createFetchHandler(
    { perRequest: build, connection: build },
    { host: '127.0.0.1', path: '/mcp', env: { WRITER_TOKEN: WRITER, READER_TOKEN: READER }, ...options },
    { createAuthenticator: createAuthenticator as never },
  );
}

const { startHttp } = (await import(at('http'))) as typeof import('../../templates/runtime/http.js');

/** The same servers behind Node's http server on a free loopback port. */
export function node(options: Partial<import('../../templates/runtime/http.js').HttpOptions> = {}) {
  return startHttp({ perRequest: build, connection: build }, { host: '127.0.0.1', port: 0, path: '/mcp', ...options });
}

/** Bearer credentials: the writer holds notes:write, the reader does not. */
export const BEARER = {
  type: 'bearer',
  credentials: [
    { env: 'WRITER_TOKEN', principal: 'writer', scopes: ['notes:write'] },
    { env: 'READER_TOKEN', principal: 'reader', scopes: [] },
  ],
};

/** A POST to `path` as a client on this machine sends it, `headers` added or replaced. */
export function post(body: unknown, headers: Record<string, string> = {}, path = '/mcp'): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      host: '127.0.0.1:3000',
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const initialize = (protocolVersion = '2025-11-25', id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

export const call = (name: string, args: object = {}, id: number | string = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** A 2026-07-28 tools/call with its headers, as a client sends it. */
export function modernCall(name: string, args: object = {}, headers: Record<string, string> = {}): Request {
  const body = { ...call(name, args), params: { name, arguments: args, _meta: MODERN_META } };
  return post(body, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': name, ...headers });
}

/** The JSON-RPC message of a response: its JSON body, or the data of its one SSE event. */
export async function messageOf(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  return JSON.parse(/^data: (.+)$/m.exec(text)?.[1] ?? text);
}

/** Status, the headers that matter to a client, and the body of a refusal. */
export async function refusal(response: Response) {
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'connection', 'retry-after', 'allow', 'www-authenticate'])
    if (response.headers.has(name)) headers[name] = response.headers.get(name) as string;
  return { status: response.status, headers, body: await response.json() };
}

/** Opens a 2025-era session at `protocolVersion` and returns the headers its requests carry. */
export async function session(
  handler: ReturnType<typeof core>,
  protocolVersion = '2025-11-25',
  extra: Record<string, string> = {},
  info?: FetchInfo,
): Promise<Record<string, string>> {
  const opened = await handler.fetch(post(initialize(protocolVersion), extra), info);
  const headers = { ...extra, 'mcp-session-id': opened.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': protocolVersion };
  await opened.text();
  const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
  await (await handler.fetch(post(initialized, headers), info)).text();
  return headers;
}
