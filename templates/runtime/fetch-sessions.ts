// 2025-era sessions kept in this process, on the SDK's web-standard Streamable HTTP transport: for runtimes where the
// process lives on between requests (Node, Deno, Bun). The stateless fallback would lose server-to-client requests
// (sampling, elicitation), whose replies arrive on a later HTTP request. A session answers only the principal that
// created it: anyone else gets the 404 of an unknown session.
import {
  type AuthInfo,
  isInitializeRequest,
  type McpServerFactory,
  ProtocolErrorCode,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { json, type OnClose, rpcError } from './fetch-answers.gen.js';
import { askedRevision, BATCH_REFUSED, batchesServed, keptClient, type Place, RunningIds } from './limits.gen.js';
import { placeRequests } from './scope.gen.js';
import { type SessionLimits, SessionTable } from './sessions.gen.js';

/** One 2025-era request as the core hands it over: who sends it, its parsed body (POST), and its exchange's end. */
export interface LegacyExchange {
  request: Request;
  body?: unknown;
  auth?: AuthInfo;
  principal: string;
  /** The places the request holds (the POST's among all of the server's): its handlers hold them too. */
  places: readonly Place[];
  onClose: OnClose;
}

/** Serves 2025-era session traffic: initialize, then POST, GET and DELETE with Mcp-Session-Id. */
export type LegacySessions = {
  serve(exchange: LegacyExchange): Promise<Response>;
  close(): Promise<void>;
};

export function processSessions(
  factory: McpServerFactory,
  limits: SessionLimits & { maxRequestsInFlight?: number },
): LegacySessions {
  const sessions = new SessionTable<WebStandardStreamableHTTPServerTransport>(limits);
  // What each session keeps beside its transport: the revision its initialize asked for (it decides whether batches
  // are served) and the ids of its requests not answered yet.
  const kept = new WeakMap<object, { revision: string | undefined; running: RunningIds }>();

  async function open(exchange: LegacyExchange): Promise<Response> {
    const { request, body, principal } = exchange;
    if (request.method !== 'POST' || !isInitializeRequest(body))
      return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const client = keptClient(body);
    if ('refusal' in client) return json(400, client.refusal);
    if (!sessions.reserve(principal))
      return rpcError(
        429,
        -32000,
        'Too many open sessions for this caller: end one (DELETE) or wait for idle ones to expire',
      );
    let created = false;
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        created = true;
        sessions.add(id, principal, transport);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.remove(transport.sessionId);
    };
    const running = new RunningIds(limits.maxRequestsInFlight);
    kept.set(transport, { revision: askedRevision(body), running });
    try {
      await (await factory({ era: 'legacy' })).connect(transport);
      placeRequests(transport, running, principal);
      return await handle(transport, exchange);
    } finally {
      if (!created) sessions.unreserve(principal);
    }
  }

  function handle(transport: WebStandardStreamableHTTPServerTransport, { request, body, auth }: LegacyExchange) {
    return transport.handleRequest(request, {
      ...(body !== undefined && { parsedBody: body }),
      ...(auth !== undefined && { authInfo: auth }),
    });
  }

  return {
    async serve(exchange) {
      const sessionId = exchange.request.headers.get('mcp-session-id');
      if (!sessionId) return open(exchange);
      const transport = sessions.find(sessionId, exchange.principal);
      // 404 (not 400) tells the client its session is gone and to initialize again.
      if (!transport) return rpcError(404, -32001, 'Session not found');
      const session = kept.get(transport);
      if (Array.isArray(exchange.body) && !batchesServed(session?.revision))
        return rpcError(400, ProtocolErrorCode.InvalidRequest, `Bad Request: ${BATCH_REFUSED}`);
      const { running } = session ?? {};
      if (exchange.request.method === 'POST' && running) {
        // Its request ids are the session's until its response has ended.
        const claimed = running.claim(exchange.body, exchange.places);
        if (claimed instanceof Response) return claimed;
        exchange.onClose(() => running.release(claimed));
      }
      exchange.onClose(sessions.hold(sessionId));
      return handle(transport, exchange);
    },
    close: () => sessions.close(),
  };
}
