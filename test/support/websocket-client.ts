// A client-side MCP transport over WebSocket (subprotocol "mcp"), for driving generated servers in tests. `ws`
// comes from the generated projects' shared dependency install (mcp-gen itself does not depend on it).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { depsDir } from './generated-deps.js';

interface Socket {
  readyState: number;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  once(event: 'open' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  send(data: string, callback: (error?: Error) => void): void;
  close(): void;
}
type SocketClass = new (url: string, protocols: string[]) => Socket;

export function webSocketClass(): SocketClass {
  return createRequire(join(depsDir(), 'node_modules', 'package.json'))('ws') as SocketClass;
}

export class WebSocketClientTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  #socket: Socket | undefined;

  constructor(private readonly url: string) {}

  start(): Promise<void> {
    const WebSocket = webSocketClass();
    const socket = new WebSocket(this.url, ['mcp']);
    this.#socket = socket;
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => {
        socket.on('error', (error) => this.onerror?.(error));
        // One message per macrotask: the SDK's Protocol dispatches notifications a microtask late but responses at
        // once, so a progress notification and its response read in the same tick would lose the notification.
        socket.on('message', (data) =>
          setImmediate(() => {
            try {
              this.onmessage?.(JSON.parse(data.toString()) as JSONRPCMessage);
            } catch (error) {
              this.onerror?.(error as Error);
            }
          }),
        );
        socket.once('close', () => this.onclose?.());
        resolve();
      });
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => this.#socket!.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }

  async close(): Promise<void> {
    this.#socket?.close();
  }
}

/**
 * Wraps a client transport so that each incoming message is handled in its own macrotask, for the same reason as
 * above: otherwise a progress notification read in the same tick as its response is dropped by the client.
 */
export function oneMessagePerTask<T extends Transport>(transport: T): T {
  const start = transport.start.bind(transport);
  transport.start = async () => {
    const deliver = transport.onmessage;
    transport.onmessage = (message, extra) => void setImmediate(() => deliver?.(message, extra));
    await start();
  };
  return transport;
}
