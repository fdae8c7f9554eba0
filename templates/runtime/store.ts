import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { SessionClient } from './limits.gen.js';

/**
 * Where the state that replicas of one server share lives (manifest `scale.store`). The memory store keeps it in
 * the process; the Redis store (store-redis.gen.ts, emitted with `scale: {store: redis}`) in Redis or Valkey.
 * Every operation may reject with StoreUnavailableError while the store is unreachable.
 */
export interface Store {
  readonly kind: 'memory' | 'redis';
  /** Whether the store answers right now (false during an outage, until the client has reconnected). */
  isReady(): boolean;

  /** Records a new 2025-era session; false when its principal already holds `maxPerPrincipal` live sessions. */
  createSession(
    id: string,
    record: SessionRecord,
    limits: { ttlMs: number; maxPerPrincipal: number },
  ): Promise<boolean>;
  /** The session's record, or undefined when it ended or expired. */
  getSession(id: string): Promise<SessionRecord | undefined>;
  /** Renews the session's idle timeout: 1 done, 0 no such session, -1 the session belongs to another principal. */
  touchSession(id: string, principal: string, ttlMs: number): Promise<1 | 0 | -1>;
  /** Remembers what the session learned after its handshake, so another replica can reapply it. */
  updateSession(id: string, change: SessionChange): Promise<void>;
  /** Ends the session everywhere: its record, subscriptions and stored events. */
  deleteSession(id: string): Promise<void>;

  /** Appends a message to a resumable stream of a session; returns its event id. */
  appendEvent(
    sessionId: string,
    streamId: string,
    message: JSONRPCMessage,
    retention: number,
    ttlMs: number,
  ): Promise<string>;
  /** The events of the stream `eventId` belongs to that came after it, oldest first. */
  eventsAfter(
    sessionId: string,
    eventId: string,
  ): Promise<{ streamId: string; events: [string, JSONRPCMessage][] } | undefined>;

  /** Admits one tool call under its limits, atomically across replicas; `release` frees its concurrency slot. */
  admit(request: LimitRequest): Promise<Admission>;

  /** Fire-and-forget broadcast to every replica, this one included. */
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

export interface SessionRecord {
  /** What the client's initialize request said of it, replayed to rebuild the session on another replica. */
  client: SessionClient;
  /** Who created the session; anyone else presenting its id gets 404. */
  principal: string;
  /** The replica serving the session's GET stream: the one that delivers its notifications. */
  holder?: string;
  logLevel?: string;
  subscriptions: string[];
}

export type SessionChange = { holder: string } | { logLevel: string } | { subscribe: string } | { unsubscribe: string };

/** One tool call's limits: each counter is kept under its own key, so several limits can share one. */
export interface LimitRequest {
  /** Calls running at once: at most `max` under each key (a tool over all callers; a tool per principal). */
  concurrency: readonly { key: string; max: number }[];
  /** At most `requests` admissions under `key` in any `windowMs`. */
  rate?: { key: string; requests: number; windowMs: number };
  /**
   * A held slot is renewed while its call runs; one not renewed for this long (its replica died holding it) is freed.
   */
  leaseMs: number;
}

export type Admission =
  | { ok: true; release(): Promise<void> }
  | { ok: false; reason: 'rateLimit'; retryAfterMs: number }
  /** `full`: the index in `concurrency` of the first limit already reached. */
  | { ok: false; reason: 'concurrency'; full: number };

/** JSON-RPC error code of a request that needed the store while it was unreachable. */
export const STORE_UNAVAILABLE = -32005;

/**
 * The store did not take a command: unreachable, or (`full`) out of memory (Redis `maxmemory` with noeviction), when
 * writes are refused and reads go on.
 */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  readonly full: boolean;
  constructor(cause?: unknown) {
    const text = cause instanceof Error ? cause.message : '';
    // A transaction refused as a whole (EXECABORT) names why in the errors of the commands it queued.
    const why = (cause as { previousErrors?: unknown[] } | undefined)?.previousErrors ?? [];
    const full = [cause, ...why].some((e) => e instanceof Error && /\bOOM\b/.test(e.message));
    super(
      full ? 'state store full: it refuses writes (maxmemory)' : `state store unavailable${text ? `: ${text}` : ''}`,
    );
    this.full = full;
  }
}

// Who a caller is, for sessions and shared limits: the same key the in-process limits use.
export { principalOf, type SessionClient } from './limits.gen.js';

interface Expiring<T> {
  value: T;
  expires: number;
}

/** The store of one process: what `scale.store: memory` means, and the reference the Redis store follows. */
export class MemoryStore implements Store {
  readonly kind = 'memory';
  readonly #sessions = new Map<string, Expiring<SessionRecord>>();
  readonly #events = new Map<string, [string, JSONRPCMessage][]>();
  readonly #calls = new Map<string, number[]>();
  readonly #slots = new Map<string, Map<symbol, number>>();
  readonly #channels = new Map<string, Set<(message: string) => void>>();
  #seq = 0;

  isReady(): boolean {
    return true;
  }

  #live(id: string): SessionRecord | undefined {
    const entry = this.#sessions.get(id);
    if (entry && entry.expires <= Date.now()) this.#drop(id);
    return this.#sessions.get(id)?.value;
  }

  #drop(id: string): void {
    this.#sessions.delete(id);
    for (const key of [...this.#events.keys()]) if (key.startsWith(`${id}\u0000`)) this.#events.delete(key);
  }

  async createSession(
    id: string,
    record: SessionRecord,
    limits: { ttlMs: number; maxPerPrincipal: number },
  ): Promise<boolean> {
    const held = [...this.#sessions.keys()].filter((sid) => this.#live(sid)?.principal === record.principal).length;
    if (held >= limits.maxPerPrincipal) return false;
    this.#sessions.set(id, { value: structuredClone(record), expires: Date.now() + limits.ttlMs });
    return true;
  }

  async getSession(id: string): Promise<SessionRecord | undefined> {
    const record = this.#live(id);
    return record && structuredClone(record);
  }

  async touchSession(id: string, principal: string, ttlMs: number): Promise<1 | 0 | -1> {
    const record = this.#live(id);
    if (!record) return 0;
    if (record.principal !== principal) return -1;
    this.#sessions.get(id)!.expires = Date.now() + ttlMs;
    return 1;
  }

  async updateSession(id: string, change: SessionChange): Promise<void> {
    const record = this.#live(id);
    if (!record) return;
    if ('holder' in change) record.holder = change.holder;
    if ('logLevel' in change) record.logLevel = change.logLevel;
    if ('subscribe' in change && !record.subscriptions.includes(change.subscribe))
      record.subscriptions.push(change.subscribe);
    if ('unsubscribe' in change)
      record.subscriptions = record.subscriptions.filter((uri) => uri !== change.unsubscribe);
  }

  async deleteSession(id: string): Promise<void> {
    this.#drop(id);
  }

  async appendEvent(sessionId: string, streamId: string, message: JSONRPCMessage, retention: number): Promise<string> {
    const key = `${sessionId}\u0000${streamId}`;
    const events = this.#events.get(key) ?? [];
    const id = `${streamId}@${++this.#seq}`;
    events.push([id, message]);
    if (events.length > retention) events.splice(0, events.length - retention);
    this.#events.set(key, events);
    return id;
  }

  async eventsAfter(
    sessionId: string,
    eventId: string,
  ): Promise<{ streamId: string; events: [string, JSONRPCMessage][] } | undefined> {
    const at = eventId.lastIndexOf('@');
    if (at <= 0) return undefined;
    const streamId = eventId.slice(0, at);
    const seq = Number(eventId.slice(at + 1));
    const events = this.#events.get(`${sessionId}\u0000${streamId}`) ?? [];
    return { streamId, events: events.filter(([id]) => Number(id.slice(id.lastIndexOf('@') + 1)) > seq) };
  }

  async admit({ concurrency, rate, leaseMs }: LimitRequest): Promise<Admission> {
    const now = Date.now();
    const held = concurrency.map(({ key }) => this.#slots.get(key) ?? new Map<symbol, number>());
    for (const slots of held) for (const [slot, until] of slots) if (until <= now) slots.delete(slot);
    const full = concurrency.findIndex(({ max }, i) => held[i].size >= max);
    if (full >= 0) return { ok: false, reason: 'concurrency', full };
    if (rate) {
      const calls = (this.#calls.get(rate.key) ?? []).filter((t) => t > now - rate.windowMs);
      if (calls.length >= rate.requests)
        return { ok: false, reason: 'rateLimit', retryAfterMs: calls[0] + rate.windowMs - now };
      calls.push(now);
      this.#calls.set(rate.key, calls);
    }
    // The lease matters only to a store shared by processes that may die: here the slot lives until released.
    void leaseMs;
    const slot = Symbol('slot');
    concurrency.forEach(({ key }, i) => this.#slots.set(key, held[i].set(slot, Number.POSITIVE_INFINITY)));
    return { ok: true, release: async () => held.forEach((slots) => slots.delete(slot)) };
  }

  async publish(channel: string, message: string): Promise<void> {
    // Asynchronous like a real broker: a publisher never re-enters its own listener.
    queueMicrotask(() => this.#channels.get(channel)?.forEach((listener) => listener(message)));
  }

  subscribe(channel: string, listener: (message: string) => void): () => void {
    const listeners = this.#channels.get(channel) ?? new Set();
    listeners.add(listener);
    this.#channels.set(channel, listeners);
    return () => void listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#channels.clear();
  }
}
