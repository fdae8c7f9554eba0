import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJSONRPCMessage, type McpServerFactory } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';
import { LIMITS, type Place, RunningIds } from './limits.gen.js';
import { readBody, writeResponse } from './node-request.gen.js';
import { placeRequests } from './scope.gen.js';
import { SessionTable, type SessionLimits } from './sessions.gen.js';

export interface SseEndpoint {
  /** GET: opens the event stream for `principal` and connects a fresh 2025-era server to it. */
  open(req: IncomingMessage, res: ServerResponse, principal: string): Promise<void>;
  /**
   * POST `messagesPath?sessionId=...`: one client message for that stream, from the principal that opened it; its
   * handlers hold `places` too (the POST's among all of the server's).
   */
  post(req: IncomingMessage, res: ServerResponse, principal: string, places?: readonly Place[]): Promise<void>;
  close(): Promise<void>;
}

export interface SseLimits extends SessionLimits {
  maxBodyBytes?: number;
  /** Requests one stream may have unanswered at once. */
  maxRequestsInFlight?: number;
}

/**
 * The deprecated HTTP+SSE transport (protocol 2024-11-05), for clients that predate Streamable HTTP, through the
 * SDK's frozen copy of it in @modelcontextprotocol/server-legacy. Its POST handler reads up to a fixed 4 MiB and
 * echoes a body it cannot parse, so bodies are read, bounded and checked here, and handed over parsed.
 */
export function sseEndpoint(factory: McpServerFactory, messagesPath: string, limits: SseLimits = {}): SseEndpoint {
  const maxBody = limits.maxBodyBytes ?? LIMITS.maxBodyBytes;
  const sessions = new SessionTable<SSEServerTransport>(limits);
  // Each stream's response, and the ids of its requests not answered yet.
  const kept = new WeakMap<SSEServerTransport, { stream: ServerResponse; running: RunningIds }>();
  const plain = (res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
  return {
    async open(_req, res, principal) {
      if (!sessions.reserve(principal)) return plain(res, 429, 'Too many open streams for this caller');
      const transport = new SSEServerTransport(messagesPath, res);
      sessions.add(transport.sessionId, principal, transport);
      // Answers go out on the stream, so an id is free again once its answer has been sent (or the request cancelled).
      const ids = new RunningIds(limits.maxRequestsInFlight);
      kept.set(transport, { stream: res, running: ids });
      const send = transport.send.bind(transport);
      transport.send = (message, options) => {
        if (!('method' in message)) ids.release(requestIdsOf((message as { id?: unknown }).id));
        return send(message, options);
      };
      // The stream is in use for as long as it is open: it never counts as idle.
      res.once('close', sessions.hold(transport.sessionId));
      transport.onclose = () => sessions.remove(transport.sessionId);
      await (await factory({ era: 'legacy' })).connect(transport);
      placeRequests(transport, ids, principal);
    },
    async post(req, res, principal, places = []) {
      const sessionId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('sessionId');
      // Another principal's stream answers like one that does not exist.
      const transport = sessionId ? sessions.find(sessionId, principal) : undefined;
      if (!transport)
        return plain(res, sessionId ? 404 : 400, sessionId ? 'Session not found' : 'Missing sessionId parameter');
      // Answers go out on the event stream. While the client leaves too much of it unread, its messages wait here,
      // unread, rather than have every answer they ask for kept in memory.
      const { stream, running: ids } = kept.get(transport) as { stream: ServerResponse; running: RunningIds };
      while (!stream.destroyed && stream.writableLength > LIMITS.maxUnreadBytes) await drained(stream);
      if (stream.destroyed) return plain(res, 404, 'Session not found');
      const read = await readBody(req, maxBody);
      if (read.tooLarge)
        return plain(res, 413, `Payload Too Large: body exceeds ${maxBody} bytes`, { connection: 'close' });
      let message: unknown;
      try {
        message = parseJSONRPCMessage(JSON.parse(read.text));
      } catch {
        // Never echo the body: it is the client's, and may be large or crafted for whoever reads the answer.
        return plain(res, 400, 'Invalid message: not a JSON-RPC 2.0 message');
      }
      const { method, params } = message as { method?: unknown; params?: { requestId?: unknown } };
      if (method === 'notifications/cancelled') ids.release(requestIdsOf(params?.requestId));
      const claimed = ids.claim(message, places);
      if (claimed instanceof Response) return writeResponse(res, claimed);
      await transport.handlePostMessage(req, res, message);
    },
    close: () => sessions.close(),
  };
}

const draining = new WeakMap<ServerResponse, Promise<void>>();

/** Resolves when the stream has written out what it held, or closed: one wait per stream, however many wait. */
function drained(stream: ServerResponse): Promise<void> {
  let wait = draining.get(stream);
  if (!wait) {
    wait = new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done).off('close', done);
        draining.delete(stream);
        resolve();
      };
      stream.on('drain', done).on('close', done);
    });
    draining.set(stream, wait);
  }
  return wait;
}

const requestIdsOf = (id: unknown): (string | number)[] =>
  typeof id === 'string' || typeof id === 'number' ? [id] : [];
