import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  type AuthInfo,
  createMcpHandler,
  isInitializeRequest,
  isJsonContentType,
  isLegacyRequest,
  type McpServerFactory,
  ProtocolErrorCode,
  readRequestBody,
  type ServerEventBus,
} from '@modelcontextprotocol/server';
import { callerOf } from './caller.gen.js';
import { logger } from './log.gen.js';
import { hostGuards, upgradeAllowed } from './host-guard.gen.js';
import {
  asCaller,
  askedRevision,
  BATCH_REFUSED,
  batchesServed,
  Flight,
  keptClient,
  LIMITS,
  type Place,
  placeRequests,
  principalOf,
  RunningIds,
  Shares,
  shareOf,
} from './limits.gen.js';
import { addSink } from './notify.gen.js';
import { SessionTable, type SessionLimits } from './sessions.gen.js';

/** A user-supplied token check (export `verifyAccessToken` from src/lifecycle.ts). */
type VerifyAccessToken = (token: string) => Promise<AuthInfo>;

// The optional pieces below live in their own generated files, which a project has only when its manifest enables
// them (auth.gen.ts, jwt.gen.ts, sse.gen.ts, websocket.gen.ts, server-card.gen.ts): the entry loads those and passes
// them in, so this file names them by shape only and a project without them neither compiles nor installs their code.
interface Authenticator {
  authenticate(req: IncomingMessage, res: ServerResponse): Promise<AuthInfo | undefined>;
  serveMetadata(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
}
interface SseEndpoint {
  open(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void>;
  post(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void>;
  close(): Promise<void>;
}
interface WebSocketLimits {
  maxBodyBytes?: number;
  maxRequestsInFlight?: number;
  maxConnections?: number;
  idleTimeoutMs?: number;
  initTimeoutMs?: number;
  maxPrincipalShare?: number;
}
interface WebSocketEndpoint {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, principal: string): string | undefined;
  close(): Promise<void>;
}
interface ServerCardEndpoint {
  serve(req: IncomingMessage, res: ServerResponse, pathname: string): boolean;
}

/**
 * What the HTTP entry needs from a shared store, built by store-setup.gen.ts with `scale.store: redis`; declared here
 * so that a server without a shared store carries none of the store's code.
 */
export interface ScaleHooks {
  /** The bus subscriptions/listen streams subscribe to; `notify` publishes on it. */
  bus: ServerEventBus;
  /** /readyz: the store answers. */
  ready(): boolean;
  /** Serves 2025-era session traffic (initialize, POST, GET, DELETE with Mcp-Session-Id) from the store. */
  legacy(req: IncomingMessage & { auth?: AuthInfo }, res: ServerResponse, body?: unknown): Promise<void>;
  /** Closes this replica's session instances (streams end with a retry hint; the sessions live on) and the store. */
  close(): Promise<void>;
}

/** The HTTP server's optional pieces: each is the export of the same name of its generated file. */
export interface HttpPlugins {
  createAuthenticator?(
    config: never,
    hook: VerifyAccessToken | undefined,
    env: NodeJS.ProcessEnv,
    jwtVerifier: never,
  ): Authenticator;
  jwtVerifier?(options: never): unknown;
  sseEndpoint?(
    factory: McpServerFactory,
    messagesPath: string,
    limits: SessionLimits & { maxBodyBytes?: number; maxRequestsInFlight?: number },
  ): SseEndpoint;
  webSocketEndpoint?(
    factory: McpServerFactory,
    onError: (error: Error) => void,
    limits: WebSocketLimits,
  ): WebSocketEndpoint;
  serverCardEndpoint?(card: never, mcpPath: string): ServerCardEndpoint;
}

/** An option that needs a piece the project lacks is a hand edit or a stale project: say which, never ignore it. */
function plugin<K extends keyof HttpPlugins>(plugins: HttpPlugins, name: K): NonNullable<HttpPlugins[K]> {
  const found = plugins[name];
  if (!found)
    throw new Error(`the HTTP options need ${name}, which this project's generated code lacks: run mcp-gen generate`);
  return found as NonNullable<HttpPlugins[K]>;
}

export interface HttpOptions {
  host: string;
  port: number;
  path: string;
  // `readonly` and `null` let callers pass `as const` manifest defaults unchanged.
  /**
   * Hostnames (no port; IPv6 in brackets) accepted in the Host header; default: the bind address and localhost names.
   */
  allowedHosts?: readonly string[] | null;
  /** Origin hostnames accepted from browsers; requests without Origin always pass. */
  allowedOrigins?: readonly string[] | null;
  maxBodyBytes?: number;
  /** Slow-client limits: time to send the headers, the whole request, and how long an idle keep-alive lasts. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /** 2025-era sessions: closed after this long without a request; at most this many per principal. */
  sessionIdleTimeoutMs?: number;
  maxSessionsPerPrincipal?: number;
  /** Requests one session, stream or WebSocket may have unanswered at once. */
  maxRequestsInFlight?: number;
  /** HTTP POSTs served at once, over all clients. */
  maxConcurrentRequests?: number;
  /** The fraction of maxConcurrentRequests (and of WebSocket connections) one principal may hold. */
  maxPrincipalShare?: number;
  /**
   * Proxies whose X-Forwarded-For names the client (addresses, CIDR ranges, loopback, linklocal, uniquelocal);
   * without them, an unauthenticated caller is its connection's address.
   */
  trustProxy?: readonly string[] | null;
  /** Who may call: every request but health and metadata probes must authenticate. */
  auth?: object | null;
  /** For oauth without a JWKS URL: the token check exported from src/lifecycle.ts. */
  verifyAccessToken?: VerifyAccessToken;
  /** stateful: 2025-era clients get sessions; stateless: a fresh server per 2025-era request (no GET/DELETE). */
  mode?: 'stateful' | 'stateless';
  /** The deprecated HTTP+SSE transport on the same listener, when set. */
  sse?: { path: string; messagesPath: string } | null;
  /** MCP over WebSocket on the same listener, when set. */
  websocket?: ({ path: string } & Omit<WebSocketLimits, 'maxBodyBytes' | 'maxRequestsInFlight'>) | null;
  /** A shared store (scale.store redis): sessions, notifications and readiness come from it. */
  scale?: ScaleHooks | null;
  /** The server card (draft SEP-2127), served at `<path>/server-card` and under /.well-known/mcp/, when set. */
  serverCard?: object | null;
}

/**
 * Two factories: `perRequest` builds the short-lived servers of 2026-07-28 (and stateless 2025-era) requests;
 * `connection` builds servers that live as long as a 2025-era session, an SSE stream or a WebSocket.
 */
export interface HttpFactories {
  perRequest: McpServerFactory;
  connection: McpServerFactory;
}

export interface HttpHandle {
  url: string;
  /** Where the HTTP+SSE and WebSocket transports listen, when enabled. */
  extraUrls: string[];
  close(): Promise<void>;
}

// Requests that outlive this (subscription streams, stuck tools) are cut by close().
const DRAIN_MS = 5_000;
// How often Node looks for connections past headersTimeoutMs / requestTimeoutMs.
const CHECK_INTERVAL_MS = 1_000;
const log = (error: unknown) => logger.error({ err: error }, 'http error');

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** A POST past maxConcurrentRequests: 503 (the server, not the client, is at its limit), with -32003. */
function busy(res: ServerResponse, max: number): void {
  const message = `Server busy: it is serving ${max} requests at once; retry shortly`;
  const data = { reason: 'maxConcurrentRequests', maxConcurrentRequests: max };
  // The body was not read, so the connection cannot carry another request.
  const headers = { 'retry-after': '1', connection: 'close' };
  send(res, 503, { jsonrpc: '2.0', error: { code: -32003, message, data }, id: null }, headers);
}

/** A POST past its caller's share of maxConcurrentRequests: 429 (this caller is at its limit), with -32003. */
function crowded(res: ServerResponse, max: number): void {
  const message =
    `Too many requests from this caller: it has ${max} open, or ${max} handlers still running after their ` +
    'requests ended; retry once some have ended';
  const data = { reason: 'maxConcurrentRequestsPerPrincipal', maxConcurrentRequestsPerPrincipal: max };
  const headers = { 'retry-after': '1', connection: 'close' };
  send(res, 429, { jsonrpc: '2.0', error: { code: -32003, message, data }, id: null }, headers);
}

// Same envelope the SDK transports use for transport-level rejections (no id known).
function rpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers?: Record<string, string>,
): void {
  send(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

/**
 * Serves MCP on `options.path`. 2026-07-28 requests go to the SDK's stateless
 * per-request handler; 2025-era traffic (initialize handshake, session GET and
 * DELETE) to sessionful transports, because the stateless fallback loses
 * server-to-client requests (sampling, elicitation) whose replies arrive on a
 * later HTTP request. The factory learns which era it serves from `ctx.era`.
 * The same listener serves the legacy HTTP+SSE transport and WebSocket upgrades
 * when they are enabled.
 */
export async function startHttp(
  factories: HttpFactories,
  options: HttpOptions,
  plugins: HttpPlugins = {},
): Promise<HttpHandle> {
  const maxBody = options.maxBodyBytes ?? LIMITS.maxBodyBytes;
  const checks = hostGuards(options);
  const stateless = options.mode === 'stateless';
  const sessionLimits = {
    idleTimeoutMs: options.sessionIdleTimeoutMs,
    maxPerPrincipal: options.maxSessionsPerPrincipal,
  };
  const sessions = new SessionTable<NodeStreamableHTTPServerTransport>(sessionLimits);
  // What each 2025-era session keeps beside its transport: the revision its initialize asked for (it decides whether
  // batches are served) and the ids of its requests not answered yet.
  const kept = new WeakMap<object, { revision: string | undefined; running: RunningIds }>();
  // Stateful: `reject` is safe, 2025-era traffic is routed away before it gets here.
  const scale = options.scale ?? undefined;
  const modern = createMcpHandler(factories.perRequest, {
    legacy: stateless ? 'stateless' : 'reject',
    maxRequestBodySize: maxBody,
    ...(scale && { bus: scale.bus }),
  });
  const modernNode = toNodeHandler(modern, { maxRequestBodySize: maxBody, onerror: log });
  // With a shared store, `notify` publishes on the bus the handler's listen streams already hear.
  const removeSink = scale ? () => undefined : addSink(modern.notify);
  const sse: SseEndpoint | undefined = options.sse
    ? plugin(plugins, 'sseEndpoint')(factories.connection, options.sse.messagesPath, {
        ...sessionLimits,
        maxBodyBytes: maxBody,
        maxRequestsInFlight: options.maxRequestsInFlight,
      })
    : undefined;
  const ws: WebSocketEndpoint | undefined = options.websocket
    ? plugin(plugins, 'webSocketEndpoint')(factories.connection, log, {
        ...options.websocket,
        maxBodyBytes: maxBody,
        maxRequestsInFlight: options.maxRequestsInFlight,
        maxPrincipalShare: options.maxPrincipalShare,
      })
    : undefined;
  // Secrets are read here, before listening: a missing one stops the start.
  const authenticator = options.auth
    ? plugin(plugins, 'createAuthenticator')(
        options.auth as never,
        options.verifyAccessToken,
        process.env,
        plugins.jwtVerifier as never,
      )
    : undefined;
  const card = options.serverCard
    ? plugin(plugins, 'serverCardEndpoint')(options.serverCard as never, options.path)
    : undefined;
  const inFlight = new Set<ServerResponse>();
  // A POST's place is free once its response has closed and the handlers it started have ended. Its caller holds it
  // within its share of them.
  const posts = new Flight(options.maxConcurrentRequests ?? LIMITS.maxConcurrentRequests);
  const shares = new Shares(shareOf(posts.max, options.maxPrincipalShare));
  const anonymous = callerOf(options.trustProxy);
  let drained: (() => void) | undefined;
  let closing = false;

  // A session answers only the principal that created it: anyone else gets the 404 of an unknown session.
  async function legacy(req: IncomingMessage, res: ServerResponse, principal: string, body?: unknown): Promise<void> {
    if (scale) return scale.legacy(req, res, body);
    const header = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    if (sessionId) {
      const transport = sessions.find(sessionId, principal);
      // 404 (not 400) tells the client its session is gone and to initialize again.
      if (!transport) return rpcError(res, 404, -32001, 'Session not found');
      const session = kept.get(transport);
      if (Array.isArray(body) && !batchesServed(session?.revision))
        return rpcError(res, 400, ProtocolErrorCode.InvalidRequest, `Bad Request: ${BATCH_REFUSED}`);
      if (req.method === 'POST' && session && !session.running.claim(body, res, true)) return;
      res.once('close', sessions.hold(sessionId));
      return transport.handleRequest(req, res, body);
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      return rpcError(res, 400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    const client = keptClient(body);
    if ('refusal' in client) return send(res, 400, client.refusal);
    if (!sessions.reserve(principal)) {
      return rpcError(
        res,
        429,
        -32000,
        'Too many open sessions for this caller: end one (DELETE) or wait for idle ones to expire',
      );
    }
    let created = false;
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        created = true;
        sessions.add(id, principal, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
    };
    const running = new RunningIds(options.maxRequestsInFlight);
    kept.set(transport, { revision: askedRevision(body), running });
    try {
      await (await factories.connection({ era: 'legacy' })).connect(transport);
      placeRequests(transport, running);
      await transport.handleRequest(req, res, body);
    } finally {
      if (!created) sessions.unreserve(principal);
    }
  }

  async function post(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void> {
    if (!isJsonContentType(req.headers['content-type'])) {
      return rpcError(res, 415, -32000, 'Unsupported Media Type: Content-Type must be application/json');
    }
    // The Node stream can be read once, so read it here and hand the parsed body to either leg.
    const request = await toWebRequest(req, undefined, { maxRequestBodySize: maxBody }).catch((error: unknown) => {
      if (error instanceof Error && error.name === 'RequestBodyTooLargeError') return undefined;
      throw error;
    });
    const read = request && (await readRequestBody(request, maxBody));
    if (!request || !read || read.tooLarge) {
      return rpcError(res, 413, -32000, `Payload Too Large: body exceeds ${maxBody} bytes`, { connection: 'close' });
    }
    let body: unknown;
    try {
      body = JSON.parse(read.text);
    } catch {
      return rpcError(res, 400, ProtocolErrorCode.ParseError, 'Parse error: request body is not valid JSON');
    }
    // Without a session, the revision is the header's; a request without one is 2025-03-26 (Streamable HTTP).
    const header = req.headers['mcp-protocol-version'];
    if (stateless && Array.isArray(body) && !batchesServed(header === undefined ? '2025-03-26' : String(header)))
      return rpcError(res, 400, ProtocolErrorCode.InvalidRequest, `Bad Request: ${BATCH_REFUSED}`);
    // The Request's body is spent; given `body`, the predicate reads only headers from it.
    if (!stateless && (await isLegacyRequest(request, body, { maxRequestBodySize: maxBody })))
      return legacy(req, res, principal, body);
    return modernNode(req, res, body);
  }

  async function route(req: IncomingMessage, res: ServerResponse, place?: Place): Promise<void> {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    // Health probes (load balancers, k8s) send an IP as Host; the answer reveals
    // nothing, so it is served ahead of the DNS-rebinding guards.
    if (pathname === '/healthz' && (req.method === 'GET' || req.method === 'HEAD')) {
      return send(res, closing ? 503 : 200, { status: closing ? 'closing' : 'ok' });
    }
    // Readiness: not while draining, nor while the shared store is unreachable (load balancers route elsewhere).
    if (pathname === '/readyz' && (req.method === 'GET' || req.method === 'HEAD')) {
      const status = closing ? 'closing' : scale && !scale.ready() ? 'store unavailable' : 'ready';
      return send(res, status === 'ready' ? 200 : 503, { status });
    }
    if (authenticator?.serveMetadata(req, res, pathname)) return;
    if (!checks.every((check) => check(req, res))) return;
    if (closing) return rpcError(res, 503, -32000, 'Server is shutting down', { connection: 'close' });
    // Public metadata, like the OAuth metadata above, but only for the Host and Origin names this server answers.
    if (card?.serve(req, res, pathname)) return;
    const auth = authenticator ? await authenticator.authenticate(req, res) : undefined;
    if (authenticator && !auth) return;
    // Both SDK legs read the verified caller from `req.auth` and hand it to handlers as ctx.http.authInfo.
    (req as IncomingMessage & { auth?: AuthInfo }).auth = auth;
    const principal = principalOf(auth);
    // Before anything is read: a caller past its share is refused whatever it sends.
    if (place && !shares.admit(place, principal)) return crowded(res, shares.max);
    if (sse && pathname === options.sse?.path && req.method === 'GET') return sse.open(req, res, principal);
    if (sse && pathname === options.sse?.messagesPath && req.method === 'POST') return sse.post(req, res, principal);
    if (pathname !== options.path) return send(res, 404, { error: 'Not Found' });
    if (req.method === 'POST') return post(req, res, principal);
    // Stateless: the SDK's handler answers session operations itself (405).
    if (req.method === 'GET' || req.method === 'DELETE')
      return stateless ? modernNode(req, res) : legacy(req, res, principal);
    return rpcError(res, 405, -32000, 'Method Not Allowed', { allow: 'GET, POST, DELETE' });
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    // Validation keeps WebSocket and auth apart; should they meet anyway, upgrades are refused rather than
    // unauthenticated.
    const refusal =
      !ws || pathname !== options.websocket?.path
        ? '404 Not Found'
        : closing
          ? '503 Service Unavailable'
          : !upgradeAllowed(options, req)
            ? '403 Forbidden'
            : authenticator
              ? '401 Unauthorized'
              : undefined;
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    const refused = refusal ?? ws!.upgrade(req, socket, head, anonymous(req));
    if (refused) refuse(refused);
  }

  const httpServer = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? LIMITS.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    (req, res) => {
      let place: Place | undefined;
      if (req.method === 'POST') {
        // Refused before anything is read or built for it. Health probes and streams are GETs, never refused here.
        if (!posts.hasRoom()) return busy(res, posts.max);
        const taken = posts.take();
        res.once('close', () => taken.end());
        place = taken;
      }
      // A standalone SSE stream (GET) never ends on its own, so it must not hold up the drain.
      if (req.method !== 'GET') {
        inFlight.add(res);
        res.once('close', () => {
          inFlight.delete(res);
          if (inFlight.size === 0) drained?.();
        });
      }
      // Without credentials, the caller is its address: what its request starts counts as that caller's.
      asCaller(anonymous(req), () => (place ? place.run(() => route(req, res, place)) : route(req, res))).catch(
        (error) => {
          log(error);
          if (res.headersSent) res.destroy();
          else rpcError(res, 500, ProtocolErrorCode.InternalError, 'Internal server error');
        },
      );
    },
  );

  httpServer.keepAliveTimeout = options.keepAliveTimeoutMs ?? LIMITS.keepAliveTimeoutMs;
  httpServer.on('upgrade', upgrade);

  await new Promise<void>((resolve, reject) => {
    // listen() wants a bare IPv6 address; Host headers and URLs want it bracketed.
    httpServer.once('error', reject).listen(options.port, options.host.replace(/^\[(.*)\]$/, '$1'), () => {
      httpServer.off('error', reject).on('error', log);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  const urlHost = options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
  let closed: Promise<void> | undefined;

  async function shutdown(): Promise<void> {
    closing = true;
    const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
    httpServer.closeIdleConnections();
    if (inFlight.size > 0) {
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, DRAIN_MS).unref();
      });
    }
    await sessions.close();
    await scale?.close().catch(log);
    await Promise.allSettled([sse?.close(), ws?.close()]);
    removeSink();
    await modern.close().catch(log);
    httpServer.closeIdleConnections();
    const force = setTimeout(() => httpServer.closeAllConnections(), DRAIN_MS).unref();
    await stopped;
    clearTimeout(force);
  }

  const base = `${urlHost}:${port}`;
  return {
    url: `http://${base}${options.path}`,
    extraUrls: [
      ...(options.sse ? [`http://${base}${options.sse.path}`] : []),
      ...(options.websocket ? [`ws://${base}${options.websocket.path}`] : []),
    ],
    close: () => (closed ??= shutdown()),
  };
}
