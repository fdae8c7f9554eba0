import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { parseJSONRPCMessage, ProtocolErrorCode, type JSONRPCMessage, type McpServerFactory, type Transport } from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { BatchCollector } from './batch.gen.js';

/** The subprotocol MCP clients offer on the WebSocket handshake. */
export const MCP_SUBPROTOCOL = 'mcp';

/**
 * The SDK's Transport over one WebSocket: one JSON-RPC message (or batch) per text frame. The SDK has no official
 * WebSocket server transport; this is the same contract its stdio transport fulfils, over a socket.
 */
export class WebSocketServerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #socket: WebSocket;
  readonly #batches = new BatchCollector();

  constructor(socket: WebSocket) {
    this.#socket = socket;
  }

  async start(): Promise<void> {
    this.#socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    this.#socket.on('error', (error) => this.onerror?.(error));
    this.#socket.once('close', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const out = this.#batches.outgoing(message);
    if (out !== undefined) await this.#write(out);
  }

  async close(): Promise<void> {
    if (this.#socket.readyState === this.#socket.CLOSED) return;
    const closed = new Promise<void>((resolve) => this.#socket.once('close', () => resolve()));
    this.#socket.close(1000);
    await closed;
  }

  #write(frame: unknown): Promise<void> {
    return new Promise((resolve, reject) => this.#socket.send(JSON.stringify(frame), (error) => (error ? reject(error) : resolve())));
  }

  #receive(data: RawData, isBinary: boolean): void {
    let frame: unknown;
    try {
      if (isBinary) throw new Error('binary frames are not JSON-RPC');
      frame = JSON.parse(data.toString());
    } catch (error) {
      void this.#write({ jsonrpc: '2.0', id: null, error: { code: ProtocolErrorCode.ParseError, message: `Parse error: ${(error as Error).message}` } });
      return;
    }
    for (const raw of this.#batches.split(frame, (reply) => void this.#write(reply))) {
      let message: JSONRPCMessage;
      try {
        message = parseJSONRPCMessage(raw);
      } catch (error) {
        this.onerror?.(error as Error);
        continue;
      }
      this.onmessage?.(message);
    }
  }
}

export interface WebSocketEndpoint {
  /** Takes over an HTTP upgrade request for the endpoint's path. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): Promise<void>;
}

/**
 * Each WebSocket connection is served like a stdio connection, through the SDK's serveStdio with this transport:
 * the opening message pins it to the 2025 era (initialize) or to 2026-07-28 (a request with the `_meta` envelope).
 */
export function webSocketEndpoint(factory: McpServerFactory, onError: (error: Error) => void): WebSocketEndpoint {
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has(MCP_SUBPROTOCOL) ? MCP_SUBPROTOCOL : false),
  });
  const connections = new Set<StdioServerHandle>();
  wss.on('connection', (socket: WebSocket) => {
    const handle = serveStdio(factory, { transport: new WebSocketServerTransport(socket), onerror: onError });
    connections.add(handle);
    socket.once('close', () => {
      connections.delete(handle);
      void handle.close().catch(onError);
    });
  });
  return {
    upgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)),
    async close() {
      await Promise.allSettled([...connections].map((handle) => handle.close()));
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
