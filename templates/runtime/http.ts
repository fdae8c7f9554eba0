// Node's http server over the HTTP core (fetch.gen.ts): each request becomes one web Request (node-request.gen.ts) and
// the core's Response is written back, streamed. What only a long-lived Node process does stays here: the slow-client
// timeouts of the listener, WebSocket upgrades, the deprecated HTTP+SSE transport, and the drain on shutdown.
import type { Duplex } from 'node:stream';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { anonymousPrincipal } from './caller.gen.js';
import { createFetchHandler, type FetchFactories, type FetchOptions, type FetchPlugins } from './fetch.gen.js';
import { unlistedHostWarning, upgradeAllowed } from './host-guard.gen.js';
import { LIMITS, type Place } from './limits.gen.js';
import { logger } from './log.gen.js';
import { clientAddressOf, toFetch, writeResponse } from './node-request.gen.js';
import type { SessionLimits } from './sessions.gen.js';

export type { ScaleHooks } from './fetch.gen.js';

// The Node-only pieces below live in their own generated files (sse.gen.ts, websocket.gen.ts), which a project has
// only when its manifest enables them: the entry loads those and passes them in.
interface SseEndpoint {
  open(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void>;
  post(req: IncomingMessage, res: ServerResponse, principal: string, places?: readonly Place[]): Promise<void>;
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

/** The HTTP server's optional pieces: each is the export of the same name of its generated file. */
export interface HttpPlugins extends FetchPlugins {
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
}

export interface HttpOptions extends Omit<FetchOptions, 'env' | 'serveBeside'> {
  /** The address to listen on. */
  host: string;
  port: number;
  /** Slow-client limits: time to send the headers, the whole request, and how long an idle keep-alive lasts. */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  keepAliveTimeoutMs?: number;
  /**
   * Proxies whose X-Forwarded-For names the client (addresses, CIDR ranges, loopback, linklocal, uniquelocal);
   * without them, an unauthenticated caller is its connection's address.
   */
  trustProxy?: readonly string[] | null;
  /** The deprecated HTTP+SSE transport on the same listener, when set. */
  sse?: { path: string; messagesPath: string } | null;
  /** MCP over WebSocket on the same listener, when set. */
  websocket?: ({ path: string } & Omit<WebSocketLimits, 'maxBodyBytes' | 'maxRequestsInFlight'>) | null;
}

/** `perRequest` and `connection` (see FetchFactories): the connection servers also serve SSE streams and WebSockets. */
export type HttpFactories = FetchFactories;

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

/** An option that needs a piece the project lacks is a hand edit or a stale project: say which, never ignore it. */
function plugin<K extends 'sseEndpoint' | 'webSocketEndpoint'>(plugins: HttpPlugins, name: K) {
  const found = plugins[name];
  if (!found)
    throw new Error(`the HTTP options need ${name}, which this project's generated code lacks: run mcp-gen generate`);
  return found as NonNullable<HttpPlugins[K]>;
}

/**
 * Serves MCP on `options.path` through the HTTP core, with the legacy HTTP+SSE transport and WebSocket upgrades on the
 * same listener when they are enabled.
 */
export async function startHttp(
  factories: HttpFactories,
  options: HttpOptions,
  plugins: HttpPlugins = {},
): Promise<HttpHandle> {
  const maxBody = options.maxBodyBytes ?? LIMITS.maxBodyBytes;
  const warning = unlistedHostWarning(options);
  if (warning) logger.warn(warning);
  const sse = options.sse
    ? plugin(plugins, 'sseEndpoint')(factories.connection, options.sse.messagesPath, {
        idleTimeoutMs: options.sessionIdleTimeoutMs,
        maxPerPrincipal: options.maxSessionsPerPrincipal,
        maxBodyBytes: maxBody,
        maxRequestsInFlight: options.maxRequestsInFlight,
      })
    : undefined;
  const ws = options.websocket
    ? plugin(plugins, 'webSocketEndpoint')(factories.connection, log, {
        ...options.websocket,
        maxBodyBytes: maxBody,
        maxRequestsInFlight: options.maxRequestsInFlight,
        maxPrincipalShare: options.maxPrincipalShare,
      })
    : undefined;
  // The Node request behind each Request, for the HTTP+SSE endpoints, which write to the Node response themselves.
  const nodeOf = new WeakMap<Request, { req: IncomingMessage; res: ServerResponse }>();
  const answered = new WeakSet<Response>();
  const serveSse = (request: Request, principal: string, places: readonly Place[]): Promise<Response> | undefined => {
    const node = nodeOf.get(request);
    const { pathname } = new URL(request.url);
    const served =
      sse && node && pathname === options.sse?.path && request.method === 'GET'
        ? sse.open(node.req, node.res, principal)
        : sse && node && pathname === options.sse?.messagesPath && request.method === 'POST'
          ? sse.post(node.req, node.res, principal, places)
          : undefined;
    if (!served) return undefined;
    return served.then(() => {
      const done = new Response(null);
      answered.add(done);
      return done;
    });
  };
  const core = createFetchHandler(
    factories,
    {
      ...options,
      env: process.env,
      ...(sse && { serveBeside: (request, caller) => serveSse(request, caller.principal, caller.places) }),
    },
    plugins,
  );
  const clientAddress = clientAddressOf(options.trustProxy);
  const inFlight = new Set<ServerResponse>();
  let drained: (() => void) | undefined;
  let closing = false;

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = (req.url ?? '/').split('?', 1)[0];
    // Validation keeps WebSocket and auth apart; should they meet anyway, upgrades are refused rather than
    // unauthenticated.
    const refusal =
      !ws || pathname !== options.websocket?.path
        ? '404 Not Found'
        : closing
          ? '503 Service Unavailable'
          : !upgradeAllowed(options, req.headers)
            ? '403 Forbidden'
            : options.auth
              ? '401 Unauthorized'
              : undefined;
    const refuse = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    const refused = refusal ?? ws!.upgrade(req, socket, head, anonymousPrincipal(clientAddress(req)));
    if (refused) refuse(refused);
  }

  const httpServer = createServer(
    {
      headersTimeout: options.headersTimeoutMs ?? LIMITS.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs ?? LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: CHECK_INTERVAL_MS,
    },
    (req, res) => {
      // A standalone SSE stream (GET) never ends on its own, so it must not hold up the drain.
      if (req.method !== 'GET') {
        inFlight.add(res);
        res.once('close', () => {
          inFlight.delete(res);
          if (inFlight.size === 0) drained?.();
        });
      }
      const { request, info } = toFetch(req, res, clientAddress(req));
      if (sse) nodeOf.set(request, { req, res });
      core
        .fetch(request, info)
        .then((response) => (answered.has(response) ? undefined : writeResponse(res, response)))
        .catch((error: unknown) => {
          log(error);
          if (res.headersSent) return void res.destroy();
          const body = { jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null };
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        });
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
    const drain =
      inFlight.size > 0
        ? new Promise<void>((resolve) => {
            drained = resolve;
            setTimeout(resolve, DRAIN_MS).unref();
          })
        : undefined;
    await core.close(drain);
    await Promise.allSettled([sse?.close(), ws?.close()]);
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
