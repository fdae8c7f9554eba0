// What the replicas serving 2025-era sessions tell each other on the store's `sessions` channel, and the small helpers
// of session-store.gen.ts.
import {
  isJSONRPCErrorResponse,
  isJSONRPCResponse,
  type JSONRPCMessage,
  type McpServer,
  type ServerEvent,
} from '@modelcontextprotocol/server';
import { isAnswer, isObject, isText, readJson } from './store-input.gen.js';

export type SessionNews = { sid: string } & (
  | { kind: 'holder'; replica: string }
  | { kind: 'subs'; uri: string; on: boolean }
  | { kind: 'gone' }
  | { kind: 'answer'; message: JSONRPCMessage & { id: string | number } }
);

function isSessionNews(v: unknown): v is SessionNews {
  if (!isObject(v) || !isText(v.sid, 256)) return false;
  switch (v.kind) {
    case 'holder':
      return isText(v.replica, 1024);
    case 'subs':
      return isText(v.uri, 64 * 1024) && typeof v.on === 'boolean';
    case 'gone':
      return true;
    case 'answer':
      return isAnswer(v.message);
    default:
      return false;
  }
}

/** One message of the `sessions` channel, or undefined (logged) when it is not one; `maxChars` bounds an answer. */
export const readNews = (text: string, maxChars: number): SessionNews | undefined =>
  readJson('message on channel sessions', text, maxChars, isSessionNews);

export function deliver(local: { server: McpServer; subscriptions: Set<string> }, event: ServerEvent) {
  if (event.kind === 'resource_updated')
    return local.subscriptions.has(event.uri) ? local.server.server.sendResourceUpdated({ uri: event.uri }) : undefined;
  if (event.kind === 'tools_list_changed') return Promise.resolve(local.server.sendToolListChanged());
  if (event.kind === 'prompts_list_changed') return Promise.resolve(local.server.sendPromptListChanged());
  return Promise.resolve(local.server.sendResourceListChanged());
}

export function answers(body: unknown): (JSONRPCMessage & { id: string | number })[] {
  return (Array.isArray(body) ? body : [body]).filter(
    (m): m is JSONRPCMessage & { id: string | number } => isJSONRPCResponse(m) || isJSONRPCErrorResponse(m),
  );
}

export function answersOnly(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.length > 0 && answers(body).length === messages.length;
}

/**
 * A GET stream's headers would only leave with its first event (up to the 15 s keep-alive): a client could not tell
 * that its stream is open. An SSE comment sends them at once.
 */
export function opened(response: Response): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const comment = new TextEncoder().encode(': open\n\n');
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({ start: (controller) => controller.enqueue(comment) }),
  );
  return new Response(body, { status: response.status, headers: response.headers });
}

export async function drain(response: Promise<Response>): Promise<void> {
  await (await response).text();
}

export function chain(first: (() => void) | undefined, then: () => unknown): () => void {
  return () => {
    first?.();
    then();
  };
}
