import type { JSONRPCMessage, ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';

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
  /** The client's initialize request, replayed to rebuild the session on another replica. */
  initialize: JSONRPCMessage;
  /** Who created the session; anyone else presenting its id gets 404. */
  principal: string;
  /** The replica serving the session's GET stream: the one that delivers its notifications. */
  holder?: string;
  logLevel?: string;
  subscriptions: string[];
}

export type SessionChange = { holder: string } | { logLevel: string } | { subscribe: string } | { unsubscribe: string };

export interface LimitRequest {
  /** Tool and principal: counters are kept per key. */
  key: string;
  rateLimit?: { requests: number; windowMs: number };
  maxConcurrency?: number;
  /** A slot held longer than this (a replica died holding it) is freed. */
  leaseMs: number;
}

export type Admission =
  | { ok: true; release(): Promise<void> }
  | { ok: false; reason: 'rateLimit'; retryAfterMs: number }
  | { ok: false; reason: 'maxConcurrency' };

/** JSON-RPC error code of a request that needed the store while it was unreachable. */
export const STORE_UNAVAILABLE = -32005;

export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(cause?: unknown) {
    super(`state store unavailable${cause instanceof Error ? `: ${cause.message}` : ''}`);
  }
}

// Who a caller is, for sessions and shared limits: the same key the in-process limits use.
export { principalOf } from './limits.gen.js';

/**
 * A ServerEventBus over the store's pub/sub: every replica's subscriptions/listen streams (and 2025-era sessions)
 * hear events published on any replica. Events published while the store is down are lost, and logged.
 */
export class StoreBus implements ServerEventBus {
  readonly #listeners = new Set<(event: ServerEvent) => void>();
  readonly #store: Store;
  #unsubscribe?: () => void;

  constructor(
    store: Store,
    readonly channel = 'events',
  ) {
    this.#store = store;
  }

  /** The promise settles once the store took the event (notify.gen.ts waits for it before a call answers). */
  publish(event: ServerEvent): Promise<void> {
    return this.#store
      .publish(this.channel, JSON.stringify(event))
      .catch((error: unknown) =>
        console.error('[mcp] notification not sent:', error instanceof Error ? error.message : error),
      );
  }

  subscribe(listener: (event: ServerEvent) => void): () => void {
    this.#listeners.add(listener);
    this.#unsubscribe ??= this.#store.subscribe(this.channel, (message) => {
      const event = JSON.parse(message) as ServerEvent;
      for (const l of [...this.#listeners]) {
        try {
          l(event);
        } catch (error) {
          console.error('[mcp] notification listener failed:', error);
        }
      }
    });
    return () => void this.#listeners.delete(listener);
  }
}

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

  async admit({ key, rateLimit, maxConcurrency, leaseMs }: LimitRequest): Promise<Admission> {
    const now = Date.now();
    const slots = this.#slots.get(key) ?? new Map<symbol, number>();
    for (const [slot, until] of slots) if (until <= now) slots.delete(slot);
    if (maxConcurrency !== undefined && slots.size >= maxConcurrency) return { ok: false, reason: 'maxConcurrency' };
    if (rateLimit) {
      const calls = (this.#calls.get(key) ?? []).filter((t) => t > now - rateLimit.windowMs);
      if (calls.length >= rateLimit.requests)
        return { ok: false, reason: 'rateLimit', retryAfterMs: calls[0] + rateLimit.windowMs - now };
      calls.push(now);
      this.#calls.set(key, calls);
    }
    const slot = Symbol(key);
    slots.set(slot, now + leaseMs);
    this.#slots.set(key, slots);
    return { ok: true, release: async () => void slots.delete(slot) };
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
