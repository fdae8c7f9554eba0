// Who a request is for, and which places among the requests in flight it holds (see Place in limits.gen.ts), carried
// to its handlers on their context, with no AsyncLocalStorage: on Node 20 and 22 it turns on promise hooks for every
// promise of the process, and some runtimes lack it. The SDK builds each handler's context synchronously while a
// transport hands it the request (its handler runs later, in a microtask): layers.gen.ts has every context stamped
// here then, with the scope of the message being handed over, or of the HTTP request the context names.
import type { AuthInfo, McpServerFactory, ServerContext, Transport } from '@modelcontextprotocol/server';
import { type Place, type Placing, principalOf } from './limits.gen.js';

/** What a request's handlers work for: its caller, and the places they hold until they end. */
export interface RequestScope {
  /** See principalOf: the caller's credential, else its address (HTTP, WebSocket), else `anonymous` (stdio). */
  readonly principal: string;
  readonly places: readonly Place[];
  /**
   * Keeps the platform running until `promise` settles (the entry's waitUntil: Workers, Vercel), for work a request
   * leaves behind it: a task's handler.
   */
  readonly outlive?: (promise: Promise<unknown>) => void;
}

const SCOPE = Symbol('mcp-gen.scope');
type Scoped = { [SCOPE]?: RequestScope };

/** The scopes of the HTTP requests the SDK serves (2026-07-28 and stateless ones): their contexts name the Request. */
const byRequest = new WeakMap<Request, RequestScope>();
/** The scope of the message a transport is handing over right now (a synchronous call: no other runs meanwhile). */
let delivering: RequestScope | undefined;

/** Gives `request` its scope, before the SDK serves it (fetch.gen.ts). */
export function scopeRequest(request: Request, scope: RequestScope): void {
  byRequest.set(request, scope);
}

/**
 * The context the SDK built for a handler, stamped with its scope: the message's being handed over, else its HTTP
 * request's (layers.gen.ts calls it for every context). Spreads of the context (`{...ctx}`) keep the stamp.
 */
export function stamp<C extends object>(ctx: C, info: { request?: Request } | undefined): C {
  const scope = delivering ?? (info?.request ? byRequest.get(info.request) : undefined);
  if (scope) (ctx as Scoped)[SCOPE] = scope;
  return ctx;
}

/** Holds the places of the request `ctx` serves until the returned function is called. */
export function holdPlaces(ctx: object): () => void {
  const releases = ((ctx as Scoped)[SCOPE]?.places ?? []).map((place) => place.hold());
  return () => {
    for (const release of releases) release();
  };
}

/** `ctx` holding no place: a task's handler outlives its request, and the task limit counts it instead. */
export function detached<C extends object>(ctx: C): C {
  const scope = (ctx as Scoped)[SCOPE];
  const principal = scope?.principal ?? principalOf(authOf(ctx));
  return { ...ctx, [SCOPE]: { principal, places: [], ...(scope?.outlive && { outlive: scope.outlive }) } };
}

/** Has the platform keep running until `work`, which the request of `ctx` leaves behind it, settles. */
export function outlive(ctx: object, work: Promise<unknown>): void {
  (ctx as Scoped)[SCOPE]?.outlive?.(work);
}

/** The caller a handler works for (see principalOf); without a scope, its credential's, else `anonymous`. */
export function callerOf(ctx: object): string {
  return (ctx as Scoped)[SCOPE]?.principal ?? principalOf(authOf(ctx));
}

const authOf = (ctx: object): AuthInfo | undefined => (ctx as Partial<ServerContext>).http?.authInfo;

/**
 * Has each request `transport` (one connection or session) hands to the SDK reach it in its scope: the places
 * `placing` keeps for it, and the connection's caller. Call it once the server is connected: the hand-over is wrapped
 * around the SDK's own, which it reads for every message.
 */
export function placeRequests(transport: Transport, placing: Placing, principal = 'anonymous'): void {
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const places = placing.placesOf(message);
    const outer = delivering;
    delivering = { principal, places };
    try {
      return places.length > 0 ? places[0].deliver(() => deliver?.(message, extra)) : deliver?.(message, extra);
    } finally {
      delivering = outer;
    }
  };
}

/** `factory`'s servers, each placing its requests by `placing` once connected (for serveStdio, which connects them). */
export function placingFactory(factory: McpServerFactory, placing: Placing, principal?: string): McpServerFactory {
  return async (ctx) => {
    const server = await factory(ctx);
    const connect = server.connect.bind(server);
    server.connect = async (transport: Transport) => {
      await connect(transport);
      placeRequests(transport, placing, principal);
    };
    return server;
  };
}
