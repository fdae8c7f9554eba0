import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  type JSONRPCMessage,
  type McpServerFactory,
  type RequestId,
  type Transport,
} from '@modelcontextprotocol/server';
import { serveStdio, type StdioServerHandle } from '@modelcontextprotocol/server/stdio';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { BatchCollector } from './batch.gen.js';
import { LIMITS, type Place, type Placing, shareOf } from './limits.gen.js';
import { placingFactory } from './scope.gen.js';

/** The subprotocol MCP clients offer on the WebSocket handshake. */
export const MCP_SUBPROTOCOL = 'mcp';

/**
 * The SDK's Transport over one WebSocket: one JSON-RPC message (or batch) per text frame. The SDK has no official
 * WebSocket server transport; this is the same contract its stdio transport fulfils, over a socket.
 */
export class WebSocketServerTransport implements Transport, Placing {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Called at every frame in either direction (idle timeout), and once the handshake succeeded. */
  onactivity?: () => void;
  oninitialized?: () => void;
  readonly #socket: WebSocket;
  readonly #batches: BatchCollector;
  /** Frames that arrived after reading was paused, served once the client has read its answers. */
  readonly #held: { data: RawData; isBinary: boolean }[] = [];
  /**
   * Requests that complete the handshake when answered: initialize, or any 2026-07-28 request (it carries the
   * envelope).
   */
  #handshake: Set<RequestId> | undefined = new Set();

  constructor(socket: WebSocket, maxRequestsInFlight?: number) {
    this.#socket = socket;
    this.#batches = new BatchCollector(LIMITS.maxBatchSize, maxRequestsInFlight);
  }

  async start(): Promise<void> {
    this.#socket.on('message', (data, isBinary) => this.#receive(data, isBinary));
    this.#socket.on('error', (error) => this.onerror?.(error));
    this.#socket.once('close', () => this.onclose?.());
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#handshake && 'result' in message && this.#handshake.has(message.id)) {
      this.#handshake = undefined;
      this.oninitialized?.();
    }
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
    this.onactivity?.();
    const written = new Promise<void>((resolve, reject) =>
      this.#socket.send(JSON.stringify(frame), (error) => {
        if (this.#socket.isPaused && this.#socket.bufferedAmount <= LIMITS.maxUnreadBytes) this.#resume();
        return error ? reject(error) : resolve();
      }),
    );
    // A client that stops reading would have every answer it still asks for kept in memory: once too much waits
    // unread, its requests are no longer read (TCP holds them back) until it reads.
    if (this.#socket.bufferedAmount > LIMITS.maxUnreadBytes) this.#socket.pause();
    return written;
  }

  /**
   * An answer the transport gives itself. Its write fails when the client has reset the connection, which then
   * closes as usual: nobody awaits this write, and an unhandled rejection would end the process.
   */
  #reply(frame: unknown): void {
    this.#write(frame).catch(() => undefined);
  }

  #resume(): void {
    this.#socket.resume();
    while (!this.#socket.isPaused && this.#held.length > 0) {
      const next = this.#held.shift() as { data: RawData; isBinary: boolean };
      this.#receive(next.data, next.isBinary);
    }
  }

  placesOf(message: unknown): readonly Place[] {
    return this.#batches.placesOf(message);
  }

  #receive(data: RawData, isBinary: boolean): void {
    // ws may still hand over frames it had read before the pause: they wait too.
    if (this.#socket.isPaused) return void this.#held.push({ data, isBinary });
    this.onactivity?.();
    let frame: unknown;
    try {
      if (isBinary) throw new Error('binary frames are not JSON-RPC');
      frame = JSON.parse(data.toString());
    } catch (error) {
      this.#reply({
        jsonrpc: '2.0',
        id: null,
        error: { code: ProtocolErrorCode.ParseError, message: `Parse error: ${(error as Error).message}` },
      });
      return;
    }
    const reply = (out: unknown) => this.#reply(out);
    for (const message of this.#batches.split(frame, reply)) {
      this.#batches.observe(message, reply);
      if (
        this.#handshake &&
        'method' in message &&
        'id' in message &&
        opensSession(message) &&
        this.#handshake.size < LIMITS.maxBatchSize
      ) {
        this.#handshake.add(message.id);
      }
      this.onmessage?.(message);
    }
  }
}

function opensSession(message: { method: string; params?: unknown }): boolean {
  const meta = (message.params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  return (
    message.method === 'initialize' || (typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta)
  );
}

export interface WebSocketLimits {
  /** Largest message, in bytes (ws closes the connection with 1009 past it). */
  maxBodyBytes?: number;
  /** Requests one connection may have unanswered at once. */
  maxRequestsInFlight?: number;
  maxConnections?: number;
  idleTimeoutMs?: number;
  initTimeoutMs?: number;
  /** The fraction of maxConnections one principal may hold. */
  maxPrincipalShare?: number;
}

export interface WebSocketEndpoint {
  /**
   * Takes over an HTTP upgrade request for the endpoint's path, from `principal`; or returns the status it is refused
   * with: 503 when all connections are taken, 429 when the principal holds its share of them.
   */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, principal: string): string | undefined;
  close(): Promise<void>;
}

/** Close codes (RFC 6455): 1001 going away (idle), 1008 policy violation (no handshake in time). */
const IDLE_CLOSE = 1001;
const NO_HANDSHAKE_CLOSE = 1008;

/**
 * Each WebSocket connection is served like a stdio connection, through the SDK's serveStdio with this transport:
 * the opening message pins it to the 2025 era (initialize) or to 2026-07-28 (a request with the `_meta` envelope).
 * Connections are capped, over all clients and per principal, and closed when they stay silent too long or never
 * complete their handshake. What a connection's messages start counts as its principal's.
 */
export function webSocketEndpoint(
  factory: McpServerFactory,
  onError: (error: Error) => void,
  limits: WebSocketLimits = {},
): WebSocketEndpoint {
  const maxConnections = limits.maxConnections ?? LIMITS.webSocketMaxConnections;
  const idleMs = limits.idleTimeoutMs ?? LIMITS.webSocketIdleTimeoutMs;
  const initMs = limits.initTimeoutMs ?? LIMITS.webSocketInitTimeoutMs;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxBodyBytes ?? LIMITS.maxBodyBytes,
    handleProtocols: (offered) => (offered.has(MCP_SUBPROTOCOL) ? MCP_SUBPROTOCOL : false),
  });
  const connections = new Set<StdioServerHandle>();
  // Counted from the upgrade on, so a burst of handshakes cannot slip past the cap.
  let open = 0;
  const share = shareOf(maxConnections, limits.maxPrincipalShare);
  const held = new Map<string, number>();
  wss.on('connection', (socket: WebSocket, principal: string) => {
    const transport = new WebSocketServerTransport(socket, limits.maxRequestsInFlight);
    let idle: NodeJS.Timeout | undefined;
    const handshake = setTimeout(() => socket.close(NO_HANDSHAKE_CLOSE, 'no MCP handshake in time'), initMs);
    transport.oninitialized = () => clearTimeout(handshake);
    transport.onactivity = () => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(IDLE_CLOSE, 'idle timeout'), idleMs);
    };
    transport.onactivity();
    const handle = serveStdio(placingFactory(factory, transport, principal), { transport, onerror: onError });
    connections.add(handle);
    socket.once('close', () => {
      clearTimeout(handshake);
      clearTimeout(idle);
      connections.delete(handle);
      void handle.close().catch(onError);
    });
  });
  return {
    upgrade(req, socket, head, principal) {
      if (open >= maxConnections) return '503 Service Unavailable';
      const mine = held.get(principal) ?? 0;
      if (mine >= share) return '429 Too Many Requests';
      open++;
      held.set(principal, mine + 1);
      socket.once('close', () => {
        open--;
        const left = (held.get(principal) ?? 1) - 1;
        if (left > 0) held.set(principal, left);
        else held.delete(principal);
      });
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, principal));
      return undefined;
    },
    async close() {
      await Promise.allSettled([...connections].map((handle) => handle.close()));
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
