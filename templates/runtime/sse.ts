import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { SSEServerTransport } from '@modelcontextprotocol/server-legacy/sse';

export interface SseEndpoint {
  /** GET: opens the event stream and connects a fresh 2025-era server to it. */
  open(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** POST `messagesPath?sessionId=...`: one client message for that stream. */
  post(req: IncomingMessage, res: ServerResponse): Promise<void>;
  close(): Promise<void>;
}

/**
 * The deprecated HTTP+SSE transport (protocol 2024-11-05), for clients that predate Streamable HTTP, through the
 * SDK's frozen copy of it in @modelcontextprotocol/server-legacy.
 */
export function sseEndpoint(factory: McpServerFactory, messagesPath: string): SseEndpoint {
  const sessions = new Map<string, SSEServerTransport>();
  return {
    async open(_req, res) {
      const transport = new SSEServerTransport(messagesPath, res);
      sessions.set(transport.sessionId, transport);
      transport.onclose = () => void sessions.delete(transport.sessionId);
      await (await factory({ era: 'legacy' })).connect(transport);
    },
    async post(req, res) {
      const sessionId = new URL(req.url ?? '/', 'http://localhost').searchParams.get('sessionId');
      const transport = sessionId ? sessions.get(sessionId) : undefined;
      if (!transport) {
        res.writeHead(sessionId ? 404 : 400, { 'content-type': 'text/plain' }).end(sessionId ? 'Session not found' : 'Missing sessionId parameter');
        return;
      }
      await transport.handlePostMessage(req, res);
    },
    async close() {
      await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
    },
  };
}
