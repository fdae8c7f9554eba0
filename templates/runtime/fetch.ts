// The HTTP server's request path, written once on the web's Request and Response: health and readiness probes, the
// OAuth protected-resource metadata, the Host and Origin checks, the server card, authentication, each caller's share
// of the POSTs served at once, and the MCP endpoint in both eras. Node's http server (http.gen.ts) is one adapter over
// it; any runtime with fetch handlers can be another (`createFetchHandler(...).fetch(request, info)`). Nothing here is
// Node-only: no node:* module, no AsyncLocalStorage (a request's caller and places reach its handlers on their
// context, see scope.gen.ts).
import {
  type AuthInfo,
  createMcpHandler,
  type McpServerFactory,
  ProtocolErrorCode,
  type ServerEventBus,
} from '@modelcontextprotocol/server';
import { anonymousPrincipal } from './caller.gen.js';
import { busy, crowded, exchangeEnd, json, type OnClose, rpcError } from './fetch-answers.gen.js';
import { type BodyRead, isLegacyPost, readJsonBody, statelessBatchRefusal } from './fetch-body.gen.js';
import { type LegacyExchange, processSessions } from './fetch-sessions.gen.js';
import { hostGuard, type HostGuardOptions } from './host-guard.gen.js';
import { Flight, LIMITS, type Place, principalFor, Shares, shareOf } from './limits.gen.js';
import { logger } from './log.gen.js';
import { addSink } from './notify.gen.js';
import { type RequestScope, scopeRequest } from './scope.gen.js';

export type { BodyRead, LegacyExchange, OnClose };

/** What the adapter knows of a request beyond the Request itself; every field is optional. */
export interface FetchInfo {
  /** The client's address (Node: the connection's, past the proxies it trusts): a caller without credentials. */
  remoteAddress?: string;
  /** Keeps the platform running until `promise` settles (Workers, Vercel): handlers that outlive their response. */
  waitUntil?(promise: Promise<unknown>): void;
  /** Reads the body once, up to maxBytes, for an adapter that holds it outside `request.body` (Node's stream). */
  body?(maxBytes: number): Promise<BodyRead>;
  /**
   * Calls `listener` once the response has been sent or the client went away, for an adapter that knows (Node: the
   * response's close event); without it, the core watches the request's signal and the response's stream itself.
   */
  onClose?: OnClose;
}

/** A request's caller once it passed every check: its principal, its verified credential, and the places it holds. */
export type Caller = RequestScope & { auth?: AuthInfo };

/** What a shared store (scale.store redis, store-setup.gen.ts) lends the HTTP server. */
export interface ScaleHooks {
  /** The bus subscriptions/listen streams subscribe to; `notify` publishes on it. */
  bus: ServerEventBus;
  /** /readyz: the store answers. */
  ready(): boolean;
  /** Serves 2025-era session traffic (initialize, POST, GET, DELETE with Mcp-Session-Id) from the store. */
  legacy(exchange: LegacyExchange): Promise<Response>;
  /** Closes this replica's session instances (streams end with a retry hint; the sessions live on) and the store. */
  close(): Promise<void>;
}

/** A user-supplied token check (export `verifyAccessToken` from src/lifecycle.ts). */
type VerifyAccessToken = (token: string) => Promise<AuthInfo>;

// The optional pieces live in their own generated files, which a project has only when its manifest enables them
// (auth.gen.ts, jwt.gen.ts, server-card.gen.ts): the entry loads those and passes them in, so this file names them by
// shape only and a project without them neither compiles nor installs their code.
interface Authenticator {
  authenticate(request: Request): Promise<AuthInfo | Response>;
  metadata(request: Request, pathname: string): Response | undefined;
}
interface ServerCardEndpoint {
  serve(request: Request, pathname: string): Promise<Response> | undefined;
}

/** The HTTP server's optional pieces: each is the export of the same name of its generated file. */
export interface FetchPlugins {
  createAuthenticator?(
    config: never,
    hook: VerifyAccessToken | undefined,
    env: Readonly<Record<string, string | undefined>>,
    jwtVerifier: never,
  ): Authenticator;
  jwtVerifier?(options: never): unknown;
  serverCardEndpoint?(card: never, mcpPath: string): ServerCardEndpoint;
}

/** An option that needs a piece the project lacks is a hand edit or a stale project: say which, never ignore it. */
function plugin<K extends keyof FetchPlugins>(plugins: FetchPlugins, name: K): NonNullable<FetchPlugins[K]> {
  const found = plugins[name];
  if (!found)
    throw new Error(`the HTTP options need ${name}, which this project's generated code lacks: run mcp-gen generate`);
  return found as NonNullable<FetchPlugins[K]>;
}

// `readonly` and `null` let callers pass `as const` manifest defaults unchanged.
export interface FetchOptions extends HostGuardOptions {
  /** The MCP endpoint's path. */
  path: string;
  maxBodyBytes?: number;
  /** 2025-era sessions: closed after this long without a request; at most this many per principal. */
  sessionIdleTimeoutMs?: number;
  maxSessionsPerPrincipal?: number;
  /** Requests one 2025-era session may have unanswered at once. */
  maxRequestsInFlight?: number;
  /** POSTs served at once, over all clients. */
  maxConcurrentRequests?: number;
  /** The fraction of maxConcurrentRequests one principal may hold. */
  maxPrincipalShare?: number;
  /** Who may call: every request but health and metadata probes must authenticate. */
  auth?: object | null;
  /** For oauth without a JWKS URL: the token check exported from src/lifecycle.ts. */
  verifyAccessToken?: VerifyAccessToken;
  /** Where the credentials' variables are read, once, at creation (Node: process.env; Workers: the env binding). */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * stateful: 2025-era clients get sessions, kept in this process (or the shared store); stateless: a fresh server per
   * 2025-era request, GET and DELETE answered 405 (where no process outlives its request).
   */
  mode?: 'stateful' | 'stateless';
  /** json: 2026-07-28 answers are one JSON body, never a stream (mid-call notifications are dropped). */
  responseMode?: 'json';
  /** A shared store (scale.store redis): sessions, notifications and readiness come from it. */
  scale?: ScaleHooks | null;
  /** The server card (draft SEP-2127), served at `<path>/server-card` and under /.well-known/mcp/, when set. */
  serverCard?: object | null;
  /**
   * Endpoints the adapter serves itself beside MCP, behind the same checks (Node: the deprecated HTTP+SSE transport):
   * the answer to a request one of them serves, undefined for any other.
   */
  serveBeside?(request: Request, caller: Caller): Promise<Response> | undefined;
}

/**
 * Two factories: `perRequest` builds the short-lived servers of 2026-07-28 (and stateless 2025-era) requests;
 * `connection` builds servers that live as long as a 2025-era session.
 */
export interface FetchFactories {
  perRequest: McpServerFactory;
  connection: McpServerFactory;
}

export interface FetchHandler {
  /** Answers one request; never throws (a failure is the 500 of a JSON-RPC internal error). */
  fetch(request: Request, info?: FetchInfo): Promise<Response>;
  /**
   * Answers 503 from now on (probes say `closing`); once `drain` settles (Node: the requests in flight have ended),
   * ends the 2025-era sessions, the shared store and the SDK's handler.
   */
  close(drain?: Promise<void>): Promise<void>;
}

/**
 * The MCP endpoint at `options.path`. 2026-07-28 requests go to the SDK's stateless per-request handler; 2025-era
 * traffic (initialize handshake, session GET and DELETE) to sessions, or to the SDK's stateless serving with
 * `mode: 'stateless'`. The factory learns which era it serves from `ctx.era`.
 */
export function createFetchHandler(
  factories: FetchFactories,
  options: FetchOptions,
  plugins: FetchPlugins = {},
): FetchHandler {
  const maxBody = options.maxBodyBytes ?? LIMITS.maxBodyBytes;
  const guard = hostGuard(options);
  const stateless = options.mode === 'stateless';
  const scale = options.scale ?? undefined;
  // Stateful: `reject` is safe, 2025-era traffic is routed away before it gets here.
  const modern = createMcpHandler(factories.perRequest, {
    legacy: stateless ? 'stateless' : 'reject',
    maxRequestBodySize: maxBody,
    ...(options.responseMode && { responseMode: options.responseMode }),
    ...(scale && { bus: scale.bus }),
  });
  // With a shared store, `notify` publishes on the bus the handler's listen streams already hear.
  const removeSink = scale ? () => undefined : addSink(modern.notify);
  const sessions =
    stateless || scale
      ? undefined
      : processSessions(factories.connection, {
          idleTimeoutMs: options.sessionIdleTimeoutMs,
          maxPerPrincipal: options.maxSessionsPerPrincipal,
          maxRequestsInFlight: options.maxRequestsInFlight,
        });
  // Secrets are read here, at creation: a missing one stops the start.
  const authenticator = options.auth
    ? plugin(plugins, 'createAuthenticator')(
        options.auth as never,
        options.verifyAccessToken,
        options.env ?? {},
        plugins.jwtVerifier as never,
      )
    : undefined;
  const card = options.serverCard
    ? plugin(plugins, 'serverCardEndpoint')(options.serverCard as never, options.path)
    : undefined;
  // A POST's place is free once its exchange is over and the handlers it started have ended. Its caller holds it
  // within its share of them.
  const posts = new Flight(options.maxConcurrentRequests ?? LIMITS.maxConcurrentRequests);
  const shares = new Shares(shareOf(posts.max, options.maxPrincipalShare));
  let closing = false;

  function probe(pathname: string): Response {
    if (pathname === '/healthz') return json(closing ? 503 : 200, { status: closing ? 'closing' : 'ok' });
    // Readiness: not while draining, nor while the shared store is unreachable (load balancers route elsewhere).
    const status = closing ? 'closing' : scale && !scale.ready() ? 'store unavailable' : 'ready';
    return json(status === 'ready' ? 200 : 503, { status });
  }

  const legacy = (exchange: LegacyExchange): Promise<Response> =>
    scale ? scale.legacy(exchange) : (sessions as NonNullable<typeof sessions>).serve(exchange);

  async function post(request: Request, info: FetchInfo, caller: Caller, onClose: OnClose): Promise<Response> {
    const read = await readJsonBody(request, maxBody, info.body);
    if (read instanceof Response) return read;
    const { body } = read;
    if (stateless) {
      const refusal = statelessBatchRefusal(request, body);
      if (refusal) return refusal;
    } else if (isLegacyPost(request, body)) return legacy({ request, body, ...caller, onClose });
    // Its handlers are stamped with its caller and places (their context names this Request).
    scopeRequest(request, caller);
    return modern.fetch(request, { parsedBody: body, ...(caller.auth && { authInfo: caller.auth }) });
  }

  async function route(request: Request, info: FetchInfo, place: Place | undefined, onClose: OnClose) {
    const { method } = request;
    const pathname = pathOf(request.url);
    // Health probes (load balancers, k8s) send an IP as Host; the answer reveals nothing, so it is served ahead of
    // the DNS-rebinding guards.
    if ((pathname === '/healthz' || pathname === '/readyz') && (method === 'GET' || method === 'HEAD'))
      return probe(pathname);
    const metadata = authenticator?.metadata(request, pathname);
    if (metadata) return metadata;
    const foreign = guard(request);
    if (foreign) return foreign;
    if (closing) return rpcError(503, -32000, 'Server is shutting down', { connection: 'close' });
    // Public metadata, like the OAuth metadata above, but only for the Host and Origin names this server answers.
    const cardAnswer = card?.serve(request, pathname);
    if (cardAnswer) return cardAnswer;
    const auth = authenticator ? await authenticator.authenticate(request) : undefined;
    if (auth instanceof Response) return auth;
    const principal = auth ? await principalFor(auth) : anonymousPrincipal(info.remoteAddress);
    // Before anything is read: a caller past its share is refused whatever it sends.
    if (place && !shares.admit(place, principal)) return crowded(shares.max);
    const caller: Caller = {
      principal,
      auth,
      places: place ? [place] : [],
      ...(info.waitUntil && { outlive: info.waitUntil }),
    };
    const beside = options.serveBeside?.(request, caller);
    if (beside) return beside;
    if (pathname !== options.path) return json(404, { error: 'Not Found' });
    if (method === 'POST') return post(request, info, caller, onClose);
    // Stateless: the SDK's handler answers session operations itself (405).
    if (method === 'GET' || method === 'DELETE')
      return stateless ? modern.fetch(request, auth && { authInfo: auth }) : legacy({ request, ...caller, onClose });
    return rpcError(405, -32000, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
  }

  async function fetch(request: Request, info: FetchInfo = {}): Promise<Response> {
    const watched = info.onClose ? undefined : exchangeEnd(request);
    const onClose = info.onClose ?? (watched as NonNullable<typeof watched>).onClose;
    let place: Place | undefined;
    if (request.method === 'POST') {
      // Refused before anything is read or built for it. Health probes and streams are GETs, never refused here.
      if (!posts.hasRoom()) return busy(posts.max);
      const taken = posts.take();
      onClose(() => taken.end());
      place = taken;
    }
    let response: Response;
    try {
      response = await route(request, info, place, onClose);
    } catch (error) {
      logger.error({ err: error }, 'http error');
      response = rpcError(500, ProtocolErrorCode.InternalError, 'Internal server error');
    }
    if (place && info.waitUntil) info.waitUntil(place.whenFree());
    return watched ? watched.seal(response) : response;
  }

  let closed: Promise<void> | undefined;
  async function shutdown(drain: Promise<void> | undefined): Promise<void> {
    closing = true;
    await drain;
    await sessions?.close();
    await scale?.close().catch((error: unknown) => logger.error({ err: error }, 'http error'));
    removeSink();
    await modern.close().catch((error: unknown) => logger.error({ err: error }, 'http error'));
  }

  return { fetch, close: (drain) => (closed ??= shutdown(drain)) };
}

/** The path of a Request's URL (absolute, as the Request constructor writes it), without query or fragment. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  let end = url.length;
  for (const mark of ['?', '#']) {
    const at = url.indexOf(mark, start);
    if (at >= 0 && at < end) end = at;
  }
  return url.slice(start, end);
}
