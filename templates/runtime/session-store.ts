import {
  type EventStore,
  isInitializeRequest,
  type JSONRPCMessage,
  type McpServer,
  type McpServerFactory,
  type ServerEvent,
  type ServerEventBus,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { json, rpcError } from './fetch-answers.gen.js';
import type { LegacyExchange } from './fetch-sessions.gen.js';
import {
  askedRevision,
  BATCH_REFUSED,
  batchesServed,
  keptClient,
  RunningIds,
  type SessionClient,
} from './limits.gen.js';
import { spreadRequestIds, wrap } from './layers.gen.js';
import { placeRequests } from './scope.gen.js';
import { answers, answersOnly, chain, deliver, drain, opened, readNews, type SessionNews } from './session-news.gen.js';
import { STORE_UNAVAILABLE, StoreUnavailableError, type Store } from './store.gen.js';

export interface SessionStoreOptions {
  /** Builds the server of a 2025-era session (not attached to the process-wide notifier: delivery is done here). */
  build: McpServerFactory;
  store: Store;
  bus: ServerEventBus;
  /** This replica's name in the store (which replica delivers a session's notifications). */
  replica: string;
  ttlMs: number;
  retention: number;
  maxSessionsPerPrincipal: number;
  maxBodyBytes: number;
  /** Requests one session may have unanswered at once, on this replica. */
  maxRequestsInFlight?: number;
  /** Suggested reconnection delay for SSE streams (their priming events carry it). */
  retryMs?: number;
}

interface Local {
  id: string;
  principal: string;
  transport: WebStandardStreamableHTTPServerTransport;
  server: McpServer;
  /** Ids of this instance's server-to-client requests still waiting for an answer. */
  pending: Set<string | number>;
  /** Whether this replica delivers the session's notifications (it served its latest GET stream). */
  holder: boolean;
  subscriptions: Set<string>;
  lastUsed: number;
  /** While on, stream events are not stored: the replayed handshake of a rehydration is nobody's history. */
  muted: { on: boolean };
  /** The revision the session's initialize request asked for: it decides whether batches are served. */
  revision: string | undefined;
  /** Ids of this instance's requests not answered yet (another replica's instance routes its own). */
  running: RunningIds;
}

/** The initialize request a rebuilt session replays: what the client sent, as far as the session kept it. */
function replayed(client: SessionClient): JSONRPCMessage {
  return { jsonrpc: '2.0', id: `rehydrate-${crypto.randomUUID()}`, method: 'initialize', params: { ...client } };
}

/** A random integer in [1, 2^40): where a rebuilt session's own request ids start (see spreadRequestIds). */
function idStart(): number {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 8) * 2 ** 32 + low || 1;
}

/** The event id suffix of a message that was not stored (replayed handshake, or sent during a store outage). */
const UNSTORED = '@unstored';

const unavailable = (error?: StoreUnavailableError) =>
  rpcError(
    503,
    STORE_UNAVAILABLE,
    error?.full
      ? 'State store full: it takes no new session now; try again later'
      : 'State store unavailable: try again shortly',
    { 'retry-after': '1' },
  );

/**
 * 2025-era sessions kept in the shared store, so that any replica serves any session. A replica that meets an
 * unknown session id loads its record, builds a fresh server, connects it to a transport that keeps the session's
 * id, and replays the client's initialize request and initialized notification (answers discarded), then its log
 * level. Resumable streams go to the store's event log, so a GET stream resumes on any replica. A session is bound
 * to its principal: another one presenting its id gets 404, as for an unknown id.
 */
export function storeSessions(options: SessionStoreOptions) {
  const { store, replica } = options;
  const locals = new Map<string, Local>();
  const opening = new Map<string, Promise<Local | undefined>>();
  const post = (sid: string | undefined, message: unknown, extra: Record<string, string> = {}) =>
    new Request('http://session.invalid/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sid ? { 'mcp-session-id': sid } : {}),
        ...extra,
      },
      body: JSON.stringify(message),
    });
  const news = (message: SessionNews) => store.publish('sessions', JSON.stringify(message)).catch(() => undefined);

  function eventStore(sid: string, muted: { on: boolean }): EventStore {
    return {
      storeEvent: async (streamId, message) => {
        if (muted.on) return `${streamId}${UNSTORED}`;
        // During a store outage messages still flow; they just cannot be replayed.
        return store.appendEvent(sid, streamId, message, options.retention, options.ttlMs).catch((error: unknown) => {
          if (error instanceof StoreUnavailableError) return `${streamId}${UNSTORED}`;
          throw error;
        });
      },
      getStreamIdForEventId: async (eventId) =>
        eventId.lastIndexOf('@') > 0 ? eventId.slice(0, eventId.lastIndexOf('@')) : undefined,
      replayEventsAfter: async (eventId, { send }) => {
        // Resuming after an event that was never stored: nothing to replay, the stream goes on live.
        if (eventId.endsWith(UNSTORED)) return eventId.slice(0, -UNSTORED.length);
        const found = await store.eventsAfter(sid, eventId);
        if (!found) throw new Error(`unknown event id ${eventId}`);
        // Priming events (empty data) mark a position; they are not messages.
        for (const [id, message] of found.events) if ('jsonrpc' in message) await send(id, message);
        return found.streamId;
      },
    };
  }

  async function open(
    sid: string,
    principal: string,
    initialize: unknown,
    fresh?: { holder: boolean },
  ): Promise<Local> {
    const muted = { on: !fresh };
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => sid,
      eventStore: eventStore(sid, muted),
      retryInterval: options.retryMs ?? 1_000,
      onsessionclosed: async () => {
        await store.deleteSession(sid);
        await news({ sid, kind: 'gone' });
      },
    });
    const server = (await options.build({ era: 'legacy' })) as McpServer;
    // Several replicas may each ask the same session something; their request ids must not collide.
    spreadRequestIds(server, idStart());
    const local: Local = {
      id: sid,
      principal,
      transport,
      server,
      pending: new Set(),
      holder: fresh?.holder ?? false,
      subscriptions: new Set(),
      lastUsed: Date.now(),
      muted,
      revision: askedRevision(initialize),
      running: new RunningIds(options.maxRequestsInFlight),
    };
    // Server-to-client requests (elicitation, sampling) are remembered: their answer may reach another replica.
    const send = transport.send.bind(transport);
    transport.send = (message, sendOptions) => {
      if ('method' in message && 'id' in message) local.pending.add(message.id);
      return send(message, sendOptions);
    };
    transport.onclose = chain(transport.onclose, () => locals.get(sid) === local && locals.delete(sid));
    persistAfter(server, 'resources/subscribe', sid, (params) => ({ subscribe: String(params.uri) }));
    persistAfter(server, 'resources/unsubscribe', sid, (params) => ({ unsubscribe: String(params.uri) }));
    persistAfter(server, 'logging/setLevel', sid, (params) => ({ logLevel: String(params.level) }));
    await server.connect(transport);
    placeRequests(transport, local.running, principal);
    locals.set(sid, local);
    return local;
  }

  /** Stores what the session learns after its handshake, once the SDK's own handler accepted it. */
  function persistAfter(
    server: McpServer,
    method: string,
    sid: string,
    change: (params: Record<string, unknown>) => Parameters<Store['updateSession']>[1],
  ): void {
    wrap(server, method, (original) => async (request, ctx) => {
      const result = await original(request, ctx);
      const update = change(request.params ?? {});
      await store.updateSession(sid, update);
      if ('subscribe' in update) await news({ sid, kind: 'subs', uri: update.subscribe, on: true });
      if ('unsubscribe' in update) await news({ sid, kind: 'subs', uri: update.unsubscribe, on: false });
      return result;
    });
  }

  /** Rebuilds a session this replica has not served yet (or not since it restarted). */
  async function rehydrate(sid: string, principal: string): Promise<Local | undefined> {
    const record = await store.getSession(sid);
    if (!record || record.principal !== principal) return undefined;
    const initialize = replayed(record.client);
    const local = await open(sid, principal, initialize);
    local.holder = record.holder === replica;
    for (const uri of record.subscriptions) local.subscriptions.add(uri);
    await drain(local.transport.handleRequest(post(undefined, initialize)));
    await drain(local.transport.handleRequest(post(sid, { jsonrpc: '2.0', method: 'notifications/initialized' })));
    if (record.logLevel)
      await drain(
        local.transport.handleRequest(
          post(sid, {
            jsonrpc: '2.0',
            id: `rehydrate-${crypto.randomUUID()}`,
            method: 'logging/setLevel',
            params: { level: record.logLevel },
          }),
        ),
      );
    // The replayed handshake above was muted; from here on stream events are real.
    local.muted.on = false;
    return local;
  }

  async function find(sid: string, principal: string): Promise<Local | 'gone' | 'unavailable'> {
    const local = locals.get(sid);
    let state: 1 | 0 | -1;
    try {
      state = await store.touchSession(sid, principal, options.ttlMs);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      // During an outage the sessions this replica already serves go on; others cannot be checked.
      if (local && local.principal === principal) return local;
      return 'unavailable';
    }
    if (state === 0 && local) void local.transport.close();
    if (state !== 1) return 'gone';
    if (local) return local;
    let pending = opening.get(sid);
    if (!pending) {
      pending = rehydrate(sid, principal).finally(() => opening.delete(sid));
      opening.set(sid, pending);
    }
    return (await pending) ?? 'gone';
  }

  /** The session's answer to `exchange`: the transport's, a GET stream's headers sent at once (see `opened`). */
  async function answer(local: Local, { request, body, auth }: LegacyExchange): Promise<Response> {
    const response = await local.transport.handleRequest(request, {
      ...(body !== undefined && { parsedBody: body }),
      ...(auth !== undefined && { authInfo: auth }),
    });
    return opened(response);
  }

  async function initialize(exchange: LegacyExchange): Promise<Response> {
    const { body, principal } = exchange;
    const kept = keptClient(body);
    if ('refusal' in kept) return json(400, kept.refusal);
    const sid = crypto.randomUUID();
    let created: boolean;
    try {
      created = await store.createSession(
        sid,
        { client: kept.client, principal, holder: replica, subscriptions: [] },
        { ttlMs: options.ttlMs, maxPerPrincipal: options.maxSessionsPerPrincipal },
      );
    } catch (error) {
      if (error instanceof StoreUnavailableError) return unavailable(error);
      throw error;
    }
    if (!created)
      return rpcError(
        429,
        -32000,
        `Too many sessions: at most ${options.maxSessionsPerPrincipal} per principal; ` +
          'end one (DELETE) or let it expire',
      );
    const local = await open(sid, principal, body, { holder: true });
    return answer(local, exchange);
  }

  async function serve(exchange: LegacyExchange): Promise<Response> {
    const { request, body, principal } = exchange;
    const method = request.method;
    const sid = request.headers.get('mcp-session-id');
    if (!sid) {
      if (method !== 'POST' || !isInitializeRequest(body))
        return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
      return initialize(exchange);
    }
    const local = await find(sid, principal);
    if (local === 'unavailable') return unavailable();
    // 404 (not 400) tells the client its session is gone and to initialize again.
    if (local === 'gone') return rpcError(404, -32001, 'Session not found');
    local.lastUsed = Date.now();
    if (method === 'POST' && Array.isArray(body) && !batchesServed(local.revision))
      return rpcError(400, -32600, `Bad Request: ${BATCH_REFUSED}`);
    if (method === 'POST' && answersOnly(body) && !answers(body).some((m) => local.pending.has(m.id))) {
      // Answers to a server-to-client request another replica sent: that replica's instance is waiting for them.
      await Promise.all(answers(body).map((message) => news({ sid, kind: 'answer', message })));
      return new Response(null, { status: 202 });
    }
    if (method === 'GET' && !local.holder) {
      // This replica now serves the stream, so it delivers the session's notifications from here on.
      local.holder = true;
      await store.updateSession(sid, { holder: replica }).catch(() => undefined);
      await news({ sid, kind: 'holder', replica });
    }
    if (method === 'POST') {
      // Its request ids are the session's until its response has ended.
      const claimed = local.running.claim(body, exchange.places);
      if (claimed instanceof Response) return claimed;
      exchange.onClose(() => local.running.release(claimed));
      for (const m of answers(body)) local.pending.delete(m.id);
    }
    return answer(local, exchange);
  }

  // An answer carries what a client POSTed: up to a body's size, with room for the envelope.
  const stopNews = store.subscribe('sessions', (text) => {
    const message = readNews(text, 2 * options.maxBodyBytes + 1024);
    const local = message && locals.get(message.sid);
    if (!message || !local) return;
    if (!local) return;
    if (message.kind === 'gone') void local.transport.close();
    if (message.kind === 'holder') local.holder = message.replica === replica;
    if (message.kind === 'subs')
      void (message.on ? local.subscriptions.add(message.uri) : local.subscriptions.delete(message.uri));
    if (message.kind === 'answer' && local.pending.delete(message.message.id))
      local.transport.onmessage?.(message.message);
  });

  // One replica delivers each event to each session: the one serving its stream (or that served it last, which
  // stores events for replay while the client is away).
  const stopBus = options.bus.subscribe((event: ServerEvent) => {
    for (const local of locals.values()) {
      if (!local.holder || !local.server.isConnected()) continue;
      const sent = deliver(local, event);
      if (sent) sent.catch(() => undefined);
    }
  });

  // Instances idle past the TTL are dropped here; the store expires the session itself.
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - options.ttlMs;
      for (const local of locals.values()) if (local.lastUsed < cutoff) void local.transport.close();
    },
    Math.min(options.ttlMs, 60_000),
  );
  sweep.unref();

  return {
    serve,
    /**
     * Ends this replica's instances without ending the sessions: their streams close and clients reconnect elsewhere.
     */
    async close(): Promise<void> {
      clearInterval(sweep);
      stopNews();
      stopBus();
      await Promise.allSettled([...locals.values()].map((local) => local.transport.close()));
    },
  };
}
