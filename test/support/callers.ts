// Raw HTTP and WebSocket clients bound to a loopback address of their choosing (on Linux every address of
// 127.0.0.0/8 reaches this machine): several callers without credentials, which the generated server tells apart by
// address, each sending exactly the bytes a hostile client would.
import { type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { depsDir } from './generated-deps.js';
import { INITIALIZE, INITIALIZED } from './raw-peers.js';

/** One 2026-07-28 request: its message with the `_meta` envelope, and the standard headers that go with it. */
export function modern(id: number, method: string, params: Record<string, unknown> = {}, capabilities: object = {}) {
  const name = typeof params.name === 'string' ? params.name : typeof params.taskId === 'string' ? params.taskId : undefined;
  return {
    message: {
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'caller', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    },
    headers: {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    } as Record<string, string>,
  };
}

/** An HTTP exchange whose head has arrived: its body is read on demand; `close` drops the connection. */
export interface Exchange {
  status: number;
  headers: IncomingHttpHeaders;
  text(): Promise<string>;
  /** Resolves with the body so far once `predicate` holds of it (an event on a stream that stays open). */
  until(predicate: (body: string) => boolean, ms?: number): Promise<string>;
  close(): void;
}

/** Sends one request from `from` and resolves at its response's head. */
export function send(
  url: string,
  from: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Exchange> {
  return start(url, from, method, body, headers).response;
}

/** Sends one request from `from`: its response once the head arrives, and the connection to drop before then. */
export function start(
  url: string,
  from: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  headers: Record<string, string> = {},
): { response: Promise<Exchange>; drop(): void } {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  let drop: () => void = () => undefined;
  const response = new Promise<Exchange>((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress: from,
        agent: false,
        headers: {
          accept: 'application/json, text/event-stream',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => resolve(exchange(res, () => req.destroy())),
    );
    drop = () => void req.destroy();
    req.on('error', reject);
    req.end(payload);
  });
  return { response, drop };
}

function exchange(res: IncomingMessage, close: () => void): Exchange {
  let body = '';
  let ended = false;
  const waiting = new Set<() => void>();
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    body += chunk;
    for (const wake of waiting) wake();
  });
  res.on('close', () => {
    ended = true;
    for (const wake of waiting) wake();
  });
  const until = (predicate: (text: string) => boolean, ms = 10_000) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out; got so far: ${body.slice(0, 500)}`)), ms);
      const check = () => {
        if (predicate(body) || ended) {
          clearTimeout(timer);
          waiting.delete(check);
          if (predicate(body)) resolve(body);
          else reject(new Error(`the response ended without it: ${body.slice(0, 500)}`));
        }
      };
      waiting.add(check);
      check();
    });
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    text: () => until(() => ended, 30_000).catch(() => body),
    until,
    close,
  };
}

/** A POST whose head and first bytes of body arrive, and the rest never: its status once answered, and its end. */
export function slowPost(url: string, from: string): { status: Promise<number>; close(): void } {
  const { hostname, port, pathname } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port), localAddress: from });
  socket.write(
    `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{"jsonrpc":`,
  );
  let data = '';
  const status = new Promise<number>((resolve) => {
    socket.on('data', (chunk) => {
      data += chunk.toString();
      const head = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (head) resolve(Number(head[1]));
    });
    socket.on('error', () => undefined);
  });
  return { status, close: () => socket.destroy() };
}

/** Initializes a 2025-era session from `from`: the status, and the session id when one was created. */
export async function initializeFrom(url: string, from: string): Promise<{ status: number; sessionId: string }> {
  const init = await send(url, from, 'POST', INITIALIZE);
  await init.text();
  const sessionId = String(init.headers['mcp-session-id'] ?? '');
  if (init.status === 200) {
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    await (await send(url, from, 'POST', INITIALIZED, headers)).text();
  }
  return { status: init.status, sessionId };
}

interface Socket {
  on(event: 'message', listener: (data: Buffer) => void): void;
  once(event: 'open' | 'close', listener: () => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  send(data: string): void;
  terminate(): void;
}
type SocketClass = new (url: string, protocols: string[], options: { localAddress: string }) => Socket;

/** A WebSocket (subprotocol mcp) from `from`: its frames, or the refusal of its upgrade (`Unexpected server response: 429`). */
export async function webSocketFrom(url: string, from: string) {
  const WebSocket = createRequire(join(depsDir(), 'node_modules', 'package.json'))('ws') as SocketClass;
  const socket = new WebSocket(url, ['mcp'], { localAddress: from });
  const frames: { id?: unknown; result?: unknown; error?: unknown }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => resolve());
  });
  return { frames, send: (message: unknown) => socket.send(JSON.stringify(message)), close: () => socket.terminate() };
}
