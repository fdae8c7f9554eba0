// Nothing here is Node-only: the HTTP core (fetch.gen.ts) runs on every runtime with fetch handlers.
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
  /**
   * The fraction of each capacity shared by all clients (maxConcurrentRequests, its lingering handlers,
   * webSocketMaxConnections) that one principal may hold, rounded down, at least 1: one caller, signed in or
   * anonymous, cannot take what the others need. A tenth leaves a lone caller 100 POSTs at once, as many as one
   * session may have in flight.
   */
  maxPrincipalShare: 0.1,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  /** A 2025-era HTTP session without a request for this long is closed. */
  sessionIdleTimeoutMs: 30 * 60_000,
  /** Open 2025-era HTTP sessions (and HTTP+SSE streams) one principal may hold. */
  maxSessionsPerPrincipal: 100,
  /**
   * Bytes (as JSON) of what a 2025-era HTTP session keeps of its client's initialize request: protocolVersion,
   * capabilities and clientInfo. They live as long as the session (in the shared store with scale.store redis), so a
   * client could otherwise park a whole request body in each of its sessions.
   */
  maxSessionClientBytes: 16 * 1024,
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

/** What a 2025-era session keeps of its client's initialize request: what another replica needs to rebuild it. */
export interface SessionClient {
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  clientInfo: Record<string, unknown>;
}

/**
 * The part of an initialize request a session keeps, or the JSON-RPC error that refuses the request when that part is
 * past maxSessionClientBytes. The SDK checks the shape when it answers the request; this bounds what outlives it.
 */
export function keptClient(
  initialize: unknown,
): { client: SessionClient } | { refusal: { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string } } } {
  const request = (typeof initialize === 'object' && initialize !== null ? initialize : {}) as {
    id?: unknown;
    params?: Record<string, unknown>;
  };
  const { protocolVersion, capabilities, clientInfo } = request.params ?? {};
  const client = { protocolVersion, capabilities, clientInfo } as SessionClient;
  const bytes = new TextEncoder().encode(JSON.stringify(client)).byteLength;
  if (bytes <= LIMITS.maxSessionClientBytes) return { client };
  const message =
    `Invalid params: capabilities and clientInfo take ${bytes} bytes; ` +
    `a session keeps at most ${LIMITS.maxSessionClientBytes}`;
  return { refusal: { jsonrpc: '2.0', id: request.id ?? null, error: { code: -32602, message } } };
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

/**
 * The answer to a request past maxRequestsInFlight: -32003, the code of every other concurrency refusal. The limit
 * holds for requests unanswered and, apart, for handlers still running after their request was cancelled or abandoned.
 */
export function tooManyInFlight(id: string | number | null, flight: Flight) {
  const max = flight.max;
  const message = `Too many requests in flight: ${
    flight.lingeringFull
      ? `handlers of ${max} cancelled or abandoned requests still run; send more once they end`
      : `at most ${max} may be unanswered at once; send more as answers arrive`
  }`;
  const data = { reason: 'maxRequestsInFlight', maxRequestsInFlight: max };
  return { jsonrpc: '2.0' as const, id, error: { code: -32003, message, data } };
}

/**
 * One request's place among the requests in flight of its connection or session (or one POST's among all of a server's
 * POSTs). The place is open until the transport is done with the request: answered, cancelled, or its HTTP response
 * closed. But a handler that ignores its abort signal goes on running after a cancel, and a client that cancelled and
 * sent again could have any number of them running, each holding its memory. So the handlers a request starts hold
 * its place (`answering` wraps every handler in `holdPlaces`, which finds the places on the handler's context, see
 * scope.gen.ts): once the transport is done with it, a place whose handlers still run lingers, and it is free when
 * they have ended. Lingering places are bounded apart (see Flight),
 * so that a handler on its way out after a cancel does not hold up the request sent next.
 */
export class Place {
  #state: PlaceState = 'open';
  #answered = false;
  #cancelled = false;
  #delivered = false;
  #holders = 0;
  readonly #moves: Move[];

  constructor(move: Move) {
    this.#moves = [move];
  }

  /**
   * Counts this place in `flight` too, from the state it is in now: a POST takes its server-wide place before its
   * caller is known (authenticated), and its caller's share once it is. `then` runs after each move.
   */
  countIn(flight: Flight, then: () => void): void {
    const move = flight.counter(this.#state);
    this.#moves.push((from, to) => {
      move(from, to);
      then();
    });
  }

  /** Whether the request has reached the SDK: over stdio and WebSocket it may wait in the SDK's queue. */
  get delivered(): boolean {
    return this.#delivered;
  }

  /** Runs `hand` (the hand-over of the request to the SDK): from then on a cancel frees the place. */
  deliver<T>(hand: () => T): T {
    this.#delivered = true;
    try {
      return hand();
    } finally {
      this.#settle();
    }
  }

  /** Resolves once the place is free: what a platform keeps running after the response (see FetchInfo.waitUntil). */
  whenFree(): Promise<void> {
    if (this.#state === 'free') return Promise.resolve();
    return new Promise((resolve) =>
      this.#moves.push((_from, to) => {
        if (to === 'free') resolve();
      }),
    );
  }

  /** The request is answered, or its HTTP response closed. */
  end(): void {
    this.#answered = true;
    this.#settle();
  }

  /** The client cancelled the request. Until it has reached the SDK it stays open: it will run all the same. */
  cancel(): void {
    this.#cancelled = true;
    this.#settle();
  }

  /** A handler that starts once its place is free takes it again: it runs all the same. */
  hold(): () => void {
    this.#holders++;
    if (this.#state === 'free') this.#to('lingering');
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#holders--;
      this.#settle();
    };
  }

  #settle(): void {
    const done = this.#answered || (this.#cancelled && this.#delivered);
    if (this.#state === 'open' && done) this.#to(this.#holders > 0 ? 'lingering' : 'free');
    else if (this.#state === 'lingering' && this.#holders === 0) this.#to('free');
  }

  #to(state: PlaceState): void {
    const from = this.#state;
    this.#state = state;
    for (const move of this.#moves) move(from, state);
  }
}

type PlaceState = 'open' | 'lingering' | 'free';
type Move = (from: PlaceState, to: PlaceState) => void;

/**
 * The places of one connection or session (or of all POSTs): at most `max` open, and at most `max` lingering, whose
 * handlers outlive their request. A request is refused while either is full.
 */
export class Flight {
  readonly #count = { open: 0, lingering: 0, free: 0 };

  constructor(readonly max: number) {}

  hasRoom(count = 1): boolean {
    return this.#count.open + count <= this.max && !this.lingeringFull;
  }

  get lingeringFull(): boolean {
    return this.#count.lingering >= this.max;
  }

  /** Whether no place is open or lingering. */
  get idle(): boolean {
    return this.#count.open === 0 && this.#count.lingering === 0;
  }

  take(): Place {
    return new Place(this.counter('open'));
  }

  /** Counts one place in `state` and returns what moves it. */
  counter(state: PlaceState): Move {
    this.#count[state]++;
    return (from, to) => {
      this.#count[from]--;
      this.#count[to]++;
    };
  }
}

/** The share of `max` one principal may hold (LIMITS.maxPrincipalShare): rounded down, at least 1. */
export function shareOf(max: number, share: number = LIMITS.maxPrincipalShare): number {
  return Math.max(1, Math.floor(max * share));
}

/**
 * Each principal's places among a capacity all callers share (the POSTs of an HTTP server): at most `max` open and
 * `max` lingering per principal. A principal is forgotten once it holds none.
 */
export class Shares {
  readonly #flights = new Map<string, Flight>();

  constructor(readonly max: number) {}

  /** Counts `place` as `principal`'s; false, counting nothing, when the principal's share is full. */
  admit(place: Place, principal: string): boolean {
    const flight = this.#flights.get(principal) ?? new Flight(this.max);
    if (!flight.hasRoom()) return false;
    this.#flights.set(principal, flight);
    const forget = () => {
      if (flight.idle && this.#flights.get(principal) === flight) this.#flights.delete(principal);
    };
    place.countIn(flight, forget);
    forget(); // a POST whose response closed while its caller was checked holds nothing
    return true;
  }
}

/**
 * What knows the places of each request of one connection: BatchCollector, RunningIds. The first is the request's own
 * (the connection's), delivered with it; any other is the place of the HTTP request that carried it.
 */
export interface Placing {
  placesOf(message: unknown): readonly Place[];
}

/** The id of a request, for the maps of places; undefined for anything else. */
export function requestIdOf(message: unknown): string | number | undefined {
  const { id, method } = (message ?? {}) as { id?: unknown; method?: unknown };
  return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? id : undefined;
}

/**
 * The request ids of a connection's requests not answered yet (2025-era HTTP sessions and HTTP+SSE; stdio and
 * WebSocket keep theirs in BatchCollector), each with its place. The SDK routes each answer by its id, so a second
 * request with an id in use would take the first one's answer and leave the first waiting for good (and "the request
 * ID MUST NOT have been previously used"). The places not free yet are the connection's requests in flight, which
 * `max` bounds.
 */
export class RunningIds implements Placing {
  /** Each id's place, then the places of the HTTP request that carried it. */
  readonly #ids = new Map<string | number, readonly Place[]>();
  readonly #flight: Flight;

  constructor(max: number = LIMITS.maxRequestsInFlight) {
    this.#flight = new Flight(max);
  }

  /**
   * Claims the ids of `body`'s requests, each with `carrier` (the places of the HTTP request that carried them, which
   * their handlers hold too); or, when one is already in use, claims none and returns the 400 (-32600) to answer;
   * likewise the 429 (-32003) when they would take it past `max` requests in flight. Otherwise returns the claimed
   * ids: Streamable HTTP releases them when its response has ended (the answers go there), HTTP+SSE each by its answer.
   */
  claim(body: unknown, carrier: readonly Place[] = []): Response | (string | number)[] {
    const ids: (string | number)[] = [];
    for (const m of Array.isArray(body) ? body : [body]) {
      const id = requestIdOf(m);
      if (id === undefined) continue;
      if (this.#ids.has(id) || ids.includes(id)) return Response.json(idInUse(id), { status: 400 });
      ids.push(id);
    }
    // Notifications (a cancel among them) are always taken.
    if (ids.length > 0 && !this.#flight.hasRoom(ids.length))
      return Response.json(tooManyInFlight(ids[0], this.#flight), { status: 429 });
    for (const id of ids) this.#ids.set(id, [this.#flight.take(), ...carrier]);
    return ids;
  }

  release(ids: readonly (string | number)[]): void {
    for (const id of ids) {
      this.#ids.get(id)?.[0].end();
      this.#ids.delete(id);
    }
  }

  placesOf(message: unknown): readonly Place[] {
    const id = requestIdOf(message);
    return (id === undefined ? undefined : this.#ids.get(id)) ?? [];
  }
}

/**
 * Who a caller is, for everything counted or owned per caller (rate limits, concurrency, sessions, shares, tasks):
 * the user (`sub`) together with the OAuth client, else the client or credential, else the token itself (hashed, see
 * principalFor), so two callers never share a key by accident. Without credentials, `anonymous` (the one local user
 * over stdio; an HTTP or WebSocket caller without credentials is its address, on its requests' scope).
 */
export function principalOf(auth: AuthInfo | undefined): string {
  if (!auth) return 'anonymous';
  const sub = auth.extra?.sub;
  if (typeof sub === 'string' && sub !== '') return `user:${JSON.stringify([auth.clientId ?? '', sub])}`;
  if (auth.clientId) return `client:${auth.clientId}`;
  const known = tokenPrincipals.get(auth);
  // Every credential reaches handlers through the HTTP core, which hashed its token (principalFor): one that did not
  // would have no key of its own, so it is refused rather than counted under a shared one.
  if (known === undefined)
    throw new Error('principalOf: a credential without client or user that was not verified here');
  return known;
}

/** Tokens without a client or user, by the AuthInfo the HTTP core verified: their principal, hashed once. */
const tokenPrincipals = new WeakMap<AuthInfo, string>();

/**
 * principalOf for a credential the HTTP core has just verified: a token without client or user is hashed here (Web
 * Crypto digests are asynchronous) and remembered for principalOf.
 */
export async function principalFor(auth: AuthInfo): Promise<string> {
  const sub = auth.extra?.sub;
  if (auth.clientId || (typeof sub === 'string' && sub !== '')) return principalOf(auth);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth.token)));
  const hex = Array.from(digest.subarray(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
  const principal = `token:${hex}`;
  tokenPrincipals.set(auth, principal);
  return principal;
}
