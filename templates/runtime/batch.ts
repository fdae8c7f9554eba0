import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/server';

/**
 * JSON-RPC batches (protocol revision 2025-03-26, where servers MUST accept them). The SDK's message parser takes
 * one message per frame, so a batch frame is split into its messages, and the responses to its requests are held
 * until all are in and then written back as one array, as JSON-RPC 2.0 asks.
 */
export class BatchCollector {
  readonly #pending = new Map<RequestId, Batch>();

  /**
   * The messages of one parsed frame: a batch's members (its requests remembered), or the frame itself. An empty
   * batch gets the Invalid Request error JSON-RPC prescribes, through `reply`.
   */
  split(frame: unknown, reply: (frame: unknown) => void): unknown[] {
    if (!Array.isArray(frame)) return [frame];
    if (frame.length === 0) {
      reply({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request: empty batch' } });
      return [];
    }
    const ids = frame.filter(isRequest).map((m) => m.id);
    if (ids.length > 0) {
      const batch: Batch = { waiting: new Set(ids), responses: [] };
      for (const id of ids) this.#pending.set(id, batch);
    }
    return frame;
  }

  /** What to write for an outgoing message: itself, nothing yet (held for its batch), or the completed batch. */
  outgoing(message: JSONRPCMessage): unknown | undefined {
    const id = 'id' in message && !('method' in message) ? message.id : undefined;
    const batch = id === undefined ? undefined : this.#pending.get(id);
    if (!batch || id === undefined) return message;
    this.#pending.delete(id);
    batch.waiting.delete(id);
    batch.responses.push(message);
    return batch.waiting.size === 0 ? batch.responses : undefined;
  }
}

interface Batch {
  waiting: Set<RequestId>;
  responses: JSONRPCMessage[];
}

function isRequest(m: unknown): m is { id: RequestId; method: string } {
  return typeof m === 'object' && m !== null && 'method' in m && 'id' in m && (m as { id: unknown }).id !== null;
}
