// Raw JSON-RPC peers for attack tests: they send exactly the bytes a hostile client would (oversized frames, broken
// batches, split characters) and collect what the generated server answers, without an SDK client in between.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webSocketClass } from './websocket-client.js';

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
export const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };
export const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
export const cancel = (id: number) => ({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } });

/** A tool `wait` that answers 'waited' after `input.ms` milliseconds, or stops when its call is cancelled. */
export const WAIT_TOOL = {
  manifest: `  wait:
    description: Answers after the given number of milliseconds
    inputSchema: {type: object, properties: {ms: {type: integer}}, required: [ms]}
`,
  handler: `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { setTimeout as sleep } from 'node:timers/promises';
export const wait: ToolHandler<'wait'> = async (input, ctx) => {
  await sleep(input.ms, undefined, { signal: ctx.signal });
  return text('waited');
};
`,
  call: (id: number, ms: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'wait', arguments: { ms } } }),
};

/** An initialized 2025-11-25 Streamable HTTP session at `url`: `post` sends one message with its headers. */
export async function streamableSession(url: string) {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = await fetch(url, { method: 'POST', headers, body: JSON.stringify(INITIALIZE) });
  const session = { ...headers, 'mcp-session-id': init.headers.get('mcp-session-id')!, 'mcp-protocol-version': '2025-11-25' };
  await init.text();
  const post = (message: object, signal?: AbortSignal) =>
    fetch(url, { method: 'POST', headers: session, body: JSON.stringify(message), signal });
  await post(INITIALIZED);
  return { post, end: () => fetch(url, { method: 'DELETE', headers: session }) };
}

/**
 * An HTTP+SSE stream opened at the `/sse` beside the MCP endpoint `url`: what it has received so far, and the
 * endpoint it names for the client's messages.
 */
export async function sseStream(url: string): Promise<{ stream: IncomingMessage; events: () => string; endpoint: URL }> {
  const stream = await new Promise<IncomingMessage>((resolve) =>
    httpGet(url.replace(/\/mcp$/, '/sse'), { headers: { accept: 'text/event-stream' } }, resolve),
  );
  let events = '';
  stream.on('data', (chunk) => (events += chunk));
  await until(() => /data: \S+/.test(events), 'the endpoint event');
  return { stream, events: () => events, endpoint: new URL(/data: (\S+)/.exec(events)![1], url) };
}

/** POSTs one message to an HTTP+SSE stream's endpoint. */
export const postTo = (endpoint: URL, message: object) =>
  fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });

/** Waits until `predicate` holds, polling; throws with `what` after `ms`. */
export async function until(predicate: () => boolean, what: string, ms = 10_000, everyMs = 20): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Resolves once `value` has not changed for `steadyMs` (read every 100 ms): whatever was to happen has happened. */
export async function untilSteady(value: () => number, what: string, steadyMs = 500, ms = 30_000): Promise<void> {
  let last = Number.NaN;
  let since = Date.now();
  await until(
    () => {
      const now = value();
      if (now !== last) [last, since] = [now, Date.now()];
      return Date.now() - since >= steadyMs;
    },
    what,
    ms,
    100,
  );
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** The built server over stdio, spoken to line by line. */
export class RawStdio {
  readonly child: ChildProcess;
  readonly frames: unknown[] = [];
  stderr = '';
  #buffer = '';

  constructor(dir: string) {
    this.child = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'stdio'], {
      cwd: dir,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.#buffer += chunk.toString('utf8');
      let end: number;
      while ((end = this.#buffer.indexOf('\n')) >= 0) {
        const line = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 1);
        if (line.trim()) this.frames.push(JSON.parse(line));
      }
    });
    this.child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
  }

  write(data: string | Buffer): Promise<void> {
    return new Promise((resolve, reject) => this.child.stdin!.write(data, (error) => (error ? reject(error) : resolve())));
  }

  send(message: unknown): Promise<void> {
    return this.write(`${JSON.stringify(message)}\n`);
  }

  /** The first frame (message or batch array) after `from` that `match` accepts. */
  async next(match: (frame: unknown) => boolean, what: string, from = 0, ms = 10_000): Promise<unknown> {
    await until(() => this.frames.slice(from).some(match), what, ms);
    return this.frames.slice(from).find(match);
  }

  /** Batches exist only in 2025-03-26 and before: a batch test initializes with that revision. */
  async initialize(protocolVersion = INITIALIZE.params.protocolVersion): Promise<void> {
    await this.send({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } });
    await this.next((f) => (f as { id?: unknown }).id === 0, 'the initialize result');
    await this.send(INITIALIZED);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) return resolve();
      this.child.once('exit', () => resolve());
      this.child.kill('SIGTERM');
    });
  }
}

/** One WebSocket connection (subprotocol mcp), collecting frames and the close code. */
export class RawWebSocket {
  readonly frames: unknown[] = [];
  closeCode: number | undefined;
  readonly #socket: InstanceType<ReturnType<typeof webSocketClass>>;

  private constructor(socket: InstanceType<ReturnType<typeof webSocketClass>>) {
    this.#socket = socket;
    socket.on('message', (data: Buffer) => this.frames.push(JSON.parse(data.toString())));
    socket.once('close', ((code: number) => (this.closeCode = code)) as () => void);
    socket.on('error', () => undefined);
  }

  /** Opens a connection; rejects with the HTTP status line when the upgrade is refused. */
  static open(url: string): Promise<RawWebSocket> {
    const WebSocket = webSocketClass();
    const socket = new WebSocket(url, ['mcp']);
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      socket.once('open', () => resolve(new RawWebSocket(socket)));
    });
  }

  send(data: unknown): Promise<void> {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    return new Promise((resolve) => this.#socket.send(text, () => resolve()));
  }

  async next(match: (frame: unknown) => boolean, what: string, ms = 10_000): Promise<unknown> {
    await until(() => this.frames.some(match), what, ms);
    return this.frames.find(match);
  }

  async closed(ms = 5_000): Promise<number> {
    await until(() => this.closeCode !== undefined, 'the connection to close', ms);
    return this.closeCode!;
  }

  /** Batches exist only in 2025-03-26 and before: a batch test initializes with that revision. */
  async initialize(protocolVersion = INITIALIZE.params.protocolVersion): Promise<void> {
    await this.send({ ...INITIALIZE, params: { ...INITIALIZE.params, protocolVersion } });
    await this.next((f) => (f as { id?: unknown }).id === 0, 'the initialize result');
    await this.send(INITIALIZED);
  }

  /** Stops (or starts again) reading what the server sends, as a client that stalls would. */
  reading(on: boolean): void {
    if (on) this.#socket.resume();
    else this.#socket.pause();
  }

  /** Bytes sent that the server has not taken yet. */
  get unsent(): number {
    return this.#socket.bufferedAmount;
  }

  close(): void {
    this.#socket.close();
  }

  /** Drops the connection without a closing handshake, as a client that crashes or loses its network does. */
  terminate(): void {
    this.#socket.terminate();
  }
}

/**
 * Announces a `bytes`-long text message on a fresh WebSocket connection (hand-made frame header, then the payload in
 * 1 MiB pieces, as an attacker would stream it) and returns the close code the server answers with.
 */
export function oversizedWebSocketMessage(url: string, bytes: number): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    let upgraded = false;
    const timer = setTimeout(() => socket.destroy(new Error('no close frame from the server')), 10_000);
    socket.on('error', (error) => (received.length ? undefined : reject(error)));
    socket.once('connect', () => {
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mcp\r\n\r\n`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (!upgraded) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        if (!received.subarray(0, 12).toString().startsWith('HTTP/1.1 101')) return reject(new Error(received.toString()));
        upgraded = true;
        received = received.subarray(end + 4);
        const header = Buffer.alloc(14);
        header[0] = 0x81; // FIN, text
        header[1] = 0x80 | 127; // masked, 64-bit length
        header.writeBigUInt64BE(BigInt(bytes), 2);
        randomBytes(4).copy(header, 10);
        socket.write(header);
        const piece = Buffer.alloc(Math.min(bytes, 1024 * 1024), 0x61);
        let sent = 0;
        const pump = () => {
          while (sent < bytes && !socket.destroyed) {
            sent += piece.length;
            if (!socket.write(piece)) return void socket.once('drain', pump);
          }
        };
        pump();
      }
      // A close frame: 0x88, its length, then the status code.
      if (upgraded && received.length >= 4 && received[0] === 0x88) {
        clearTimeout(timer);
        resolve(received.readUInt16BE(2));
        socket.destroy();
      }
    });
  });
}

/** Sends the head of a POST announcing `bytes` of body and a first piece of it; resolves with the response status. */
export function statusOfLargePost(url: string, bytes: number): Promise<number> {
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(Math.min(bytes, 16_384), 0x20));
    });
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (status) {
        resolve(Number(status[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    setTimeout(() => socket.destroy(new Error('no answer')), 10_000);
  });
}
