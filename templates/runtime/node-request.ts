// Node's side of the HTTP core (fetch.gen.ts): an IncomingMessage as one web Request, whose body the core reads once,
// straight from the Node stream, when it gets that far; and the core's Response written back to the ServerResponse,
// streamed event by event. The Request's signal aborts when the client goes away before its response is complete, so
// the SDK stops the work it started for it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import ipaddr from 'ipaddr.js';
import proxyaddr from 'proxy-addr';
import type { BodyRead } from './fetch-body.gen.js';
import type { FetchInfo } from './fetch.gen.js';

/**
 * The address of the client behind `req`: the connection's, unless the connection comes from a proxy `trustProxy`
 * lists (transports.http.trustProxy: addresses, CIDR ranges, or the names loopback, linklocal and uniquelocal): then
 * the client's address in X-Forwarded-For, read from the right past every trusted proxy, as Express reads it
 * (proxy-addr, its library). A header from a connection not listed is never read: any client can send one.
 * `Forwarded` (RFC 7239) is not read: a proxy that sets X-Forwarded-For passes a client's `Forwarded` on untouched, so
 * reading both would let the client choose.
 */
export function clientAddressOf(trustProxy: readonly string[] | null | undefined) {
  const trust = trustProxy?.length ? proxyaddr.compile([...trustProxy]) : undefined;
  return (req: IncomingMessage): string | undefined => {
    const connection = req.socket.remoteAddress;
    const client = trust ? proxyaddr(req, trust) : connection;
    // An entry a trusted proxy passed on that is no address names nobody: the connection's address stands.
    return client !== undefined && ipaddr.isValid(client) ? client : connection;
  };
}

/** Header names and values a Host may carry and still name a URL's authority; anything else is not used for it. */
const PLAIN_HOST = /^[A-Za-z0-9.\-:[\]]+$/;

/**
 * `req` as the core's Request and FetchInfo. The Request has no body: the core reads it through `info.body`, bounded,
 * after the checks that may refuse the request unread. Headers are Node's (a repeated Host or Authorization is the
 * first one, as Node keeps it). The URL's path is the request line's, never taken from a Host header.
 */
export function toFetch(req: IncomingMessage, res: ServerResponse, remoteAddress: string | undefined) {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  const raw = req.url ?? '/';
  // An absolute-form or asterisk request target names no path here: it is served as a path nobody serves (404).
  const path = raw.startsWith('/') ? raw : `/${encodeURIComponent(raw)}`;
  const host = req.headers.host;
  const init: RequestInit = { method: req.method, headers, signal: abort.signal };
  let request: Request;
  try {
    request = new Request(`http://${host && PLAIN_HOST.test(host) ? host : 'localhost'}${path}`, init);
  } catch {
    request = new Request(`http://localhost${path}`, init);
  }
  const info: FetchInfo = {
    remoteAddress,
    body: (maxBytes) => readBody(req, maxBytes),
    onClose: (listener) => void res.once('close', listener),
  };
  return { request, info };
}

/**
 * The body of `req` as text, read once: refused unread when its Content-Length is past `maxBytes`, and as soon as more
 * than that has arrived otherwise (the rest is never read: the core answers 413 with `connection: close`).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  if (Number(req.headers['content-length']) > maxBytes) return Promise.resolve({ tooLarge: true });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (outcome: () => void) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) return void chunks.push(chunk);
      req.pause();
      finish(() => resolve({ tooLarge: true }));
    };
    const onEnd = () => finish(() => resolve({ tooLarge: false, text: Buffer.concat(chunks, size).toString('utf8') }));
    const onError = (error: Error) => finish(() => reject(error));
    const onClose = () => finish(() => reject(new Error('the client went away before sending its whole body')));
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

const isEventStream = (response: Response) => response.headers.get('content-type')?.startsWith('text/event-stream');

/**
 * Writes `response` to `res`: a JSON or empty body at once, an event stream as its events come, each written (and so
 * sent) when it arrives, waiting while the client reads slower than the server writes. When the client goes away the
 * stream is cancelled, which ends the SDK's stream for it.
 */
export async function writeResponse(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) headers[name] = value;
  if (response.body === null) return void res.writeHead(response.status, headers).end();
  if (!isEventStream(response)) {
    const body = Buffer.from(await response.arrayBuffer());
    return void res.writeHead(response.status, headers).end(body);
  }
  res.writeHead(response.status, headers);
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once('close', gone);
  try {
    const next = reader.read();
    // The headers leave with the first event when it is ready at once (a call's answer), and alone otherwise (a
    // stream that waits for events): either way the client sees at once that its stream is open.
    let read = await Promise.race([next, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
    if (read === undefined) {
      res.flushHeaders();
      read = await next;
    }
    for (; !read.done && !res.destroyed; read = await reader.read()) if (!res.write(read.value)) await drained(res);
  } catch {
    // The stream failed or was cancelled: the response ends with what was sent.
  } finally {
    res.off('close', gone);
    res.end();
  }
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}
