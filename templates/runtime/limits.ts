import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/server';

/**
 * The default of every size, count and time limit the generated server enforces, in one place. The manifest
 * overrides them (transports.http, transports.websocket, tool policies); docs/security-limits.md lists them.
 */
export const LIMITS = {
  /** Largest HTTP request body, HTTP+SSE message, WebSocket message and stdio line, in bytes. */
  maxBodyBytes: 4 * 1024 * 1024,
  /**
   * Bytes of answers a WebSocket or HTTP+SSE client may leave unread; past it, its next messages are not read until it
   * reads.
   */
  maxUnreadBytes: 1024 * 1024,
  /** Members of one JSON-RPC batch: the SDK's own limit for HTTP (MAX_BATCH_SIZE), on every transport. */
  maxBatchSize: 100,
  /**
   * Requests one connection or 2025-era session may have unanswered at once; one more is refused at once (each would
   * otherwise hold its handler, and a client can send them faster than any handler ends).
   */
  maxRequestsInFlight: 100,
  /**
   * HTTP POSTs served at once, over all clients: a 2026-07-28 request has a server of its own, and a client could
   * otherwise open POSTs until memory runs out.
   */
  maxConcurrentRequests: 1000,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  /** A 2025-era HTTP session without a request for this long is closed. */
  sessionIdleTimeoutMs: 30 * 60_000,
  /** Open 2025-era HTTP sessions (and HTTP+SSE streams) one principal may hold. */
  maxSessionsPerPrincipal: 100,
  /** resources/subscribe entries one session or connection may hold. */
  maxSubscriptionsPerSession: 100,
  /** Open WebSocket connections, over all clients. */
  webSocketMaxConnections: 100,
  /** A WebSocket connection that sends nothing for this long is closed. */
  webSocketIdleTimeoutMs: 5 * 60_000,
  /**
   * A WebSocket connection that has not completed its handshake (initialize, or a 2026-07-28 request) by then is
   * closed.
   */
  webSocketInitTimeoutMs: 10_000,
} as const;

/** Revisions that have JSON-RPC batches: 2025-06-18 removed them (a message "MUST be a single ... request"). */
const BATCH_REVISIONS: readonly string[] = ['2024-11-05', '2025-03-26'];

/**
 * The revision an initialize request asks for. Among the revisions that have batches it is the one negotiated (the
 * server speaks them all), so it is read from the request, not the answer: a batch a client pipelines after its
 * initialize is judged by it.
 */
export function askedRevision(initialize: unknown): string | undefined {
  const asked = (initialize as { params?: { protocolVersion?: unknown } } | undefined)?.params?.protocolVersion;
  return typeof asked === 'string' ? asked : undefined;
}

/** Whether a connection on `revision` is served batches; none without one (not initialized yet, or 2026-07-28). */
export const batchesServed = (revision: string | undefined): boolean =>
  revision !== undefined && BATCH_REVISIONS.includes(revision);

export const BATCH_REFUSED =
  'JSON-RPC batches were removed in protocol revision 2025-06-18: ' +
  'they are served only on connections that negotiated 2025-03-26 or earlier';

/** The answer to a request whose id is still in use, on every transport. */
export function idInUse(id: string | number) {
  const message = `Invalid Request: request id ${JSON.stringify(id)} is already in use by a request not answered yet`;
  return { jsonrpc: '2.0' as const, id, error: { code: -32600, message } };
}

/** The answer to a request past maxRequestsInFlight: -32003, the code of every other concurrency refusal. */
export function tooManyInFlight(id: string | number | null, max: number) {
  const message = `Too many requests in flight: at most ${max} may be unanswered at once; send more as answers arrive`;
  const data = { reason: 'maxRequestsInFlight', maxRequestsInFlight: max };
  return { jsonrpc: '2.0' as const, id, error: { code: -32003, message, data } };
}

/**
 * The request ids of a connection's requests not answered yet (2025-era HTTP sessions and HTTP+SSE; stdio and
 * WebSocket keep theirs in BatchCollector). The SDK routes each answer by its id, so a second request with an id in
 * use would take the first one's answer and leave the first waiting for good (and "the request ID MUST NOT have been
 * previously used"). Their number is the connection's requests in flight, which `max` bounds.
 */
export class RunningIds {
  readonly #ids = new Set<string | number>();

  constructor(readonly max: number = LIMITS.maxRequestsInFlight) {}

  /**
   * Claims the ids of `body`'s requests; or, when one is already in use, claims none, answers `res` with 400 and
   * -32600, and returns false; likewise with 429 and -32003 when they would take it past `max` requests in flight.
   * With `untilClosed` the ids are released when `res` closes (Streamable HTTP, where the answers go); otherwise by
   * `release` (HTTP+SSE, whose answers go on the event stream).
   */
  claim(body: unknown, res: ServerResponse, untilClosed: boolean): boolean {
    const ids: (string | number)[] = [];
    for (const m of Array.isArray(body) ? body : [body]) {
      const { id, method } = (m ?? {}) as { id?: unknown; method?: unknown };
      if (typeof method !== 'string' || (typeof id !== 'string' && typeof id !== 'number')) continue;
      if (this.#ids.has(id) || ids.includes(id)) return refuse(res, 400, idInUse(id));
      ids.push(id);
    }
    if (ids.length > 0 && this.#ids.size + ids.length > this.max)
      return refuse(res, 429, tooManyInFlight(ids[0], this.max));
    for (const id of ids) this.#ids.add(id);
    if (untilClosed) res.once('close', () => this.release(ids));
    return true;
  }

  release(ids: readonly (string | number)[]): void {
    for (const id of ids) this.#ids.delete(id);
  }
}

function refuse(res: ServerResponse, status: number, answer: unknown): false {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  return false;
}

/**
 * Who a caller is, for everything counted per caller (rate limits, concurrency, sessions): the user (`sub`) together
 * with the OAuth client, else the client or credential, else the token itself (hashed), so two callers never share
 * a key by accident. Unauthenticated transports serve one `anonymous` principal.
 */
export function principalOf(auth: AuthInfo | undefined): string {
  if (!auth) return 'anonymous';
  const sub = auth.extra?.sub;
  if (typeof sub === 'string' && sub !== '') return `user:${JSON.stringify([auth.clientId ?? '', sub])}`;
  if (auth.clientId) return `client:${auth.clientId}`;
  return `token:${createHash('sha256').update(auth.token).digest('hex').slice(0, 32)}`;
}
