// The layers around every request (tasks, tool policies, the published lists, toolsets, the binding of request
// state, request logs, the trace span), installed in one fixed order, and the one place the generated runtime touches
// the SDK's internals. The SDK has no public hook to wrap the handler of a method it serves (tools/call, tools/list,
// every method for logs and spans): this module wraps the handlers the SDK keeps by method, and nothing else does.
// Nor has it one to tell a handler which request scope it serves (its caller, the places it holds): this module wraps
// the method that builds each handler's context, for scope.gen.ts to stamp it.
// What it relies on is checked once at start-up (checkSdk), so that another SDK version stops the server with the
// version named, instead of serving requests with a layer silently missing.
import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { REQUEST_STATE } from './ask.gen.js';
import { publishListings, type Listings } from './listings.gen.js';
import { LOGS } from './log.gen.js';
import { tracing, type OwnNames } from './observe.gen.js';
import { stamp } from './scope.gen.js';

/** A request as the SDK hands it to a handler. */
export interface RpcRequest {
  method: string;
  params?: Record<string, unknown>;
}
export type RequestHandler = (request: RpcRequest, ctx: ServerContext) => Promise<unknown>;
/** Puts a handler in front of `next`, the handler of `method` so far. */
export type Wrapper = (next: RequestHandler, method: string, server: McpServer) => RequestHandler;

/** One layer around the server's request handlers. */
export interface Layer {
  /** What the layer serves through the SDK's public API, installed before it wraps anything. */
  install?(server: McpServer): void;
  /** The methods it wraps (those the server has), each with its wrapper. */
  around?: Readonly<Record<string, Wrapper>>;
  /** Wraps the handler of every method the server has. */
  all?: Wrapper;
}

/** The layers a manifest adds; the others are in every server. */
export interface Layers {
  /** The definitions of definitions.gen.ts: what the list methods answer, and the names spans may carry. */
  listings: Listings;
  tasks?: Layer;
  policies?: Layer;
  toolsets?: Layer;
  /** MCP Apps: the lists and calls of a client that renders no views (apps.gen.ts). */
  apps?: Layer;
}

/** The SDK internals used here, each with what it must be. */
const INTERNALS = {
  /** Protocol's handlers by method, which the layers wrap. */
  _requestHandlers: { what: 'a Map of request handlers', ok: (value: unknown) => value instanceof Map },
  /** Protocol's counter of the ids of the requests it sends, which spreadRequestIds moves. */
  _requestMessageId: { what: 'a number', ok: (value: unknown) => typeof value === 'number' },
  /** The method that builds a handler's context while its request is handed over, which `scoped` wraps. */
  buildContext: { what: 'a method', ok: (value: unknown) => typeof value === 'function' },
} as const;

type Internal = keyof typeof INTERNALS;

/** The SDK lacks an internal the runtime relies on: this project's generated code does not fit the installed SDK. */
export class SdkSeamError extends Error {
  constructor(
    readonly internal: Internal,
    version?: string,
  ) {
    super(
      `the installed MCP SDK (@modelcontextprotocol/server ${version ?? '(version unknown)'}) has no ` +
        `Protocol.${internal} (${INTERNALS[internal].what}), which the generated runtime needs to wrap request ` +
        "handlers: install the SDK version the project's package.json pins (npm install), or regenerate with an " +
        'mcp-gen that supports this SDK',
    );
  }
}

const isHandler = (value: unknown): value is RequestHandler => typeof value === 'function';

function handlers(server: McpServer): Map<unknown, unknown> {
  const map: unknown = Reflect.get(server.server, '_requestHandlers');
  if (!(map instanceof Map)) throw new SdkSeamError('_requestHandlers');
  return map;
}

/** Wraps the handler of `method` when the server has one. */
export function wrap(server: McpServer, method: string, wrapper: Wrapper): void {
  const map = handlers(server);
  const next = map.get(method);
  if (isHandler(next)) map.set(method, wrapper(next, method, server));
}

/** Has every context the server builds for a handler stamped with its request's scope (scope.gen.ts). */
function scoped(server: McpServer): void {
  const build: unknown = Reflect.get(server.server, 'buildContext');
  if (typeof build !== 'function') throw new SdkSeamError('buildContext');
  const stamped = (ctx: object, info?: { request?: Request }): object =>
    stamp(Reflect.apply(build, server.server, [ctx, info]) as object, info);
  Reflect.set(server.server, 'buildContext', stamped);
}

function apply(server: McpServer, layer: Layer | undefined): void {
  if (!layer) return;
  layer.install?.(server);
  for (const [method, wrapper] of Object.entries(layer.around ?? {})) wrap(server, method, wrapper);
  const all = layer.all;
  if (all) for (const method of [...handlers(server).keys()]) if (typeof method === 'string') wrap(server, method, all);
}

/**
 * Installs the layers around every handler registered so far, each outside the one before: tasks, tool policies, the
 * published lists (which replace the SDK's), toolsets (which filter them), MCP Apps (which spare a client that renders
 * no views what only views use), the binding of request state (outside the SDK's own check of it), request logs and,
 * outermost, the request's trace span; and the scope on every context.
 */
export function layered(server: McpServer, layers: Layers): McpServer {
  const { listings } = layers;
  const published: Layer = { install: (s) => publishListings(s, listings) };
  const traced = tracing(() => ownNames(listings));
  scoped(server);
  for (const layer of [
    layers.tasks,
    layers.policies,
    published,
    layers.toolsets,
    layers.apps,
    REQUEST_STATE,
    LOGS,
    traced,
  ])
    apply(server, layer);
  return server;
}

const names = new WeakMap<Listings, OwnNames>();

/** The server's own tool and prompt names (once per process: the HTTP entry builds a server per request). */
function ownNames(listings: Listings): OwnNames {
  let own = names.get(listings);
  if (!own) {
    own = { tools: new Set(listings.tools.map((t) => t.name)), prompts: new Set(listings.prompts.map((p) => p.name)) };
    names.set(listings, own);
  }
  return own;
}

/**
 * Starts the ids of the requests `server` sends (elicitation, sampling) at a random number: several replicas may ask
 * the same 2025-era session something, and an answer is routed to whichever replica has its id pending. The SDK
 * numbers from 0 per instance.
 */
export function spreadRequestIds(server: McpServer, start: number): void {
  if (typeof Reflect.get(server.server, '_requestMessageId') !== 'number') throw new SdkSeamError('_requestMessageId');
  Reflect.set(server.server, '_requestMessageId', start);
}

/**
 * Checks at start-up that the installed SDK has every internal this module uses, on a server of it (`probe`): when
 * one is missing, the error names it and the SDK's version.
 */
export async function checkSdk(probe: McpServer): Promise<void> {
  for (const name of Object.keys(INTERNALS) as Internal[]) {
    if (!INTERNALS[name].ok(Reflect.get(probe.server, name))) throw new SdkSeamError(name, await sdkVersion());
  }
}

/** The installed @modelcontextprotocol/server's version, read from its package.json (its exports hide it). */
async function sdkVersion(): Promise<string | undefined> {
  try {
    const { createRequire } = await import('node:module');
    const { readFile } = await import('node:fs/promises');
    const { dirname, join } = await import('node:path');
    let dir = dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server'));
    for (let up = 0; up < 4; up++, dir = dirname(dir)) {
      const pkg: unknown = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8').catch(() => '{}'));
      if (Reflect.get(Object(pkg), 'name') === '@modelcontextprotocol/server') {
        const version: unknown = Reflect.get(Object(pkg), 'version');
        return typeof version === 'string' ? version : undefined;
      }
    }
  } catch {
    // A runtime without node:module or node:fs: the error still names what is missing.
  }
  return undefined;
}
