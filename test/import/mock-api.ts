// A loopback HTTP server standing in for the API behind an OpenAPI document: it records every request (method,
// path, query, headers, body) and answers from a route table, so tests see exactly what generated handlers send.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  contentType?: string;
  body?: unknown;
  delayMs?: number;
}

export type Route = (req: Recorded) => Reply | undefined;

export interface MockApi {
  url: string;
  requests: Recorded[];
  /** The last request whose method and path match. */
  last(method: string, path: string): Recorded | undefined;
  close(): Promise<void>;
}

export async function startMockApi(routes: Route[], prefix = ''): Promise<MockApi> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://mock');
      const recorded: Recorded = {
        method: req.method ?? '',
        path: url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = routes.map((r) => r(recorded)).find((r) => r !== undefined) ?? {
        status: 404,
        body: { code: 404, message: 'no route' },
      };
      const send = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        if (reply.body === undefined) {
          res.writeHead(status).end();
          return;
        }
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(status, { 'content-type': reply.contentType ?? 'application/json' }).end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs).unref();
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    last: (method, path) => [...requests].reverse().find((r) => r.method === method && r.path === path),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Route helper: answers `reply` for this method and path (a path may use `*` for one segment). */
export function on(method: string, path: string, reply: Reply | ((req: Recorded) => Reply)): Route {
  const pattern = new RegExp(
    `^${path
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  return (req) => (req.method === method && pattern.test(req.path) ? (typeof reply === 'function' ? reply(req) : reply) : undefined);
}
