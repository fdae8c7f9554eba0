import { parseJSONRPCMessage, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/server';
import {
  askedRevision,
  BATCH_REFUSED,
  batchesServed,
  Flight,
  idInUse,
  LIMITS,
  type Place,
  type Placing,
  requestIdOf,
  tooManyInFlight,
} from './limits.gen.js';

/**
 * JSON-RPC batches (protocol revision 2025-03-26, where servers MUST accept them; 2025-06-18 removed them, so a
 * connection on a later revision gets one Invalid Request for a batch). The SDK's message parser takes one message
 * per frame, so a batch frame is split into its messages, and the responses to its requests are held until all are
 * in and then written back as one array, as JSON-RPC 2.0 asks.
 */
export class BatchCollector implements Placing {
  readonly #pending = new Map<RequestId, Batch>();
  /**
   * The places of requests not answered yet, by id (another request with one of them could not be told apart in
   * replies); their handlers may hold them longer (see Place).
   */
  readonly #places = new Map<RequestId, Place>();
  /**
   * Cancelled requests the SDK has not taken from its queue yet, in order: their handlers will run, so they keep their
   * place. Their ids are free again (a cancelled request gets no response).
   */
  readonly #cancelled = new Map<RequestId, Place[]>();
  readonly #maxBatchSize: number;
  readonly #flight: Flight;

  /** The revision the connection's first initialize request asked for: it decides whether batches are served. */
  #revision: string | undefined;

  constructor(maxBatchSize: number = LIMITS.maxBatchSize, maxInFlight: number = LIMITS.maxRequestsInFlight) {
    this.#maxBatchSize = maxBatchSize;
    this.#flight = new Flight(maxInFlight);
  }

  /**
   * The valid messages of one parsed frame: a batch's members (its requests remembered), or the frame itself. Every
   * member is checked first: an invalid one is answered with -32600 inside the batch response, so the valid ones
   * are still answered and nothing waits for a reply that will never come. An invalid single message, an empty or
   * oversized batch, or a batch the connection's revision does not have gets one Invalid Request error, through
   * `reply`: the SDK's readers drop what they cannot parse without a word, and the client would wait forever. A
   * request past the connection's requests in flight is answered with -32003 at once, in its batch or on its own.
   */
  split(frame: unknown, reply: (frame: unknown) => void): JSONRPCMessage[] {
    if (!Array.isArray(frame)) {
      const message = parse(frame);
      if (!message) {
        reply(invalid(idOf(frame), 'not a JSON-RPC 2.0 message'));
        return [];
      }
      const id = 'method' in message && 'id' in message ? message.id : undefined;
      if (id === undefined) return [message];
      if (this.#inUse(id)) {
        reply(idInUse(id));
        return [];
      }
      if (!this.#flight.hasRoom()) {
        reply(tooManyInFlight(id, this.#flight));
        return [];
      }
      this.#places.set(id, this.#flight.take());
      return [message];
    }
    if (!batchesServed(this.#revision)) {
      reply(invalid(null, BATCH_REFUSED));
      return [];
    }
    if (frame.length === 0 || frame.length > this.#maxBatchSize) {
      const why =
        frame.length === 0
          ? 'empty batch'
          : `batch of ${frame.length} messages exceeds the limit of ${this.#maxBatchSize}`;
      reply(invalid(null, why));
      return [];
    }
    const valid: JSONRPCMessage[] = [];
    const errors: unknown[] = [];
    const ids = new Set<RequestId>();
    for (const member of frame) {
      const message = parse(member);
      const id = message && 'method' in message && 'id' in message ? message.id : undefined;
      if (!message) errors.push(invalid(idOf(member), 'not a JSON-RPC 2.0 message'));
      // A second request with the same id (in this batch or one still running) could not be told apart in replies.
      else if (id !== undefined && (ids.has(id) || this.#inUse(id)))
        errors.push(invalid(id, `duplicate request id ${JSON.stringify(id)}`));
      else if (id !== undefined && !this.#flight.hasRoom(ids.size + 1)) errors.push(tooManyInFlight(id, this.#flight));
      else {
        if (id !== undefined) ids.add(id);
        valid.push(message);
      }
    }
    if (ids.size === 0) {
      if (errors.length > 0) reply(errors);
      return valid;
    }
    const batch: Batch = { waiting: ids, responses: [...errors] };
    for (const id of ids) {
      this.#pending.set(id, batch);
      this.#places.set(id, this.#flight.take());
    }
    return valid;
  }

  #inUse(id: RequestId): boolean {
    return this.#places.has(id);
  }

  /** The place of a request being handed to the SDK (a cancelled one still queued there first). */
  placesOf(message: unknown): readonly Place[] {
    const id = requestIdOf(message);
    const place = id === undefined ? undefined : (this.#undelivered(id) ?? this.#places.get(id));
    return place ? [place] : [];
  }

  /** The first cancelled request with `id` still in the SDK's queue, taken out of it. */
  #undelivered(id: RequestId): Place | undefined {
    const queue = this.#cancelled.get(id);
    const first = queue?.shift();
    if (queue?.length === 0) this.#cancelled.delete(id);
    return first;
  }

  /** What to write for an outgoing message: itself, nothing yet (held for its batch), or the completed batch. */
  outgoing(message: JSONRPCMessage): unknown | undefined {
    const id = 'id' in message && !('method' in message) ? message.id : undefined;
    if (id !== undefined) {
      (this.#places.get(id) ?? this.#undelivered(id))?.end();
      this.#places.delete(id);
    }
    const batch = id === undefined ? undefined : this.#pending.get(id);
    if (!batch || id === undefined) return message;
    this.#pending.delete(id);
    batch.waiting.delete(id);
    batch.responses.push(message);
    return batch.waiting.size === 0 ? batch.responses : undefined;
  }

  /**
   * A request the client cancelled gets no response (MCP), so its batch stops waiting for it: given any incoming
   * message, a `notifications/cancelled` for a held request completes its batch (through `reply`) when it was the last.
   * The first `initialize` request that asks for a revision sets the connection's.
   */
  observe(message: unknown, reply: (frame: unknown) => void): void {
    if ((message as { method?: unknown } | null)?.method === 'initialize') this.#revision ??= askedRevision(message);
    if (
      typeof message !== 'object' ||
      message === null ||
      (message as { method?: unknown }).method !== 'notifications/cancelled'
    )
      return;
    const id = (message as { params?: { requestId?: unknown } }).params?.requestId;
    if (typeof id !== 'string' && typeof id !== 'number') return;
    // A cancelled request gets no response, so its id is free again; its place waits until the SDK has taken it.
    const place = this.#places.get(id);
    this.#places.delete(id);
    place?.cancel();
    if (place && !place.delivered) this.#cancelled.set(id, [...(this.#cancelled.get(id) ?? []), place]);
    const batch = this.#pending.get(id);
    if (!batch) return;
    this.#pending.delete(id);
    batch.waiting.delete(id);
    if (batch.waiting.size === 0 && batch.responses.length > 0) reply(batch.responses);
  }

  /** Requests whose batch is still waiting for their response (for tests and diagnostics). */
  get pendingCount(): number {
    return this.#pending.size;
  }
}

interface Batch {
  waiting: Set<RequestId>;
  responses: unknown[];
}

function parse(member: unknown): JSONRPCMessage | undefined {
  try {
    return parseJSONRPCMessage(member);
  } catch {
    return undefined;
  }
}

function idOf(member: unknown): RequestId | null {
  const id = typeof member === 'object' && member !== null ? (member as { id?: unknown }).id : undefined;
  // MCP ids are strings or integers: another id cannot be answered as given.
  return typeof id === 'string' || Number.isSafeInteger(id) ? (id as RequestId) : null;
}

function invalid(id: RequestId | null, why: string) {
  return { jsonrpc: '2.0', id, error: { code: -32600, message: `Invalid Request: ${why}` } };
}
