// The answers the HTTP core (fetch.gen.ts) gives itself, and how it learns that an exchange is over. Each refusal is
// the JSON-RPC error envelope the SDK's transports use for transport-level rejections (no id known).

/** A JSON body with `status` and extra `headers`. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

export function rpcError(status: number, code: number, message: string, headers?: Record<string, string>): Response {
  return json(status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

/** A POST past maxConcurrentRequests: 503 (the server, not the client, is at its limit), with -32003. */
export function busy(max: number): Response {
  const message = `Server busy: it is serving ${max} requests at once; retry shortly`;
  const data = { reason: 'maxConcurrentRequests', maxConcurrentRequests: max };
  // The body was not read, so the connection cannot carry another request.
  const headers = { 'retry-after': '1', connection: 'close' };
  return json(503, { jsonrpc: '2.0', error: { code: -32003, message, data }, id: null }, headers);
}

/** A POST past its caller's share of maxConcurrentRequests: 429 (this caller is at its limit), with -32003. */
export function crowded(max: number): Response {
  const message =
    `Too many requests from this caller: it has ${max} open, or ${max} handlers still running after their ` +
    'requests ended; retry once some have ended';
  const data = { reason: 'maxConcurrentRequestsPerPrincipal', maxConcurrentRequestsPerPrincipal: max };
  const headers = { 'retry-after': '1', connection: 'close' };
  return json(429, { jsonrpc: '2.0', error: { code: -32003, message, data }, id: null }, headers);
}

/** Calls its listener once the exchange is over: the response sent in full, or the client gone. */
export type OnClose = (listener: () => void) => void;

/**
 * The end of an exchange, for an adapter that cannot tell it (FetchInfo.onClose): a response without a stream body
 * is over once returned; an event stream once it has ended or been cancelled; any exchange once the client went away
 * (the request's signal aborted). `seal` wraps the response's stream to see its end.
 */
export function exchangeEnd(request: Request): { onClose: OnClose; seal(response: Response): Response } {
  const listeners: (() => void)[] = [];
  let over = false;
  const end = () => {
    if (over) return;
    over = true;
    for (const listener of listeners.splice(0)) listener();
  };
  request.signal.addEventListener('abort', end, { once: true });
  return {
    onClose: (listener) => (over ? listener() : void listeners.push(listener)),
    seal(response) {
      const body = response.body;
      if (over || listeners.length === 0) return response;
      if (!body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
        end();
        return response;
      }
      const reader = body.getReader();
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          try {
            const { done, value } = await reader.read();
            if (!done) return controller.enqueue(value);
            end();
            controller.close();
          } catch (error) {
            end();
            controller.error(error);
          }
        },
        cancel(reason) {
          end();
          return reader.cancel(reason);
        },
      });
      return new Response(stream, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
  };
}
