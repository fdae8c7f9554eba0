// The in-process Store: the semantics the Redis store (templates/runtime/store-redis.ts) implements with scripts,
// kept beside the tests that pin them down. A generated server with `scale.store: memory` needs no store at all: each
// of its pieces keeps its own state in the process.
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { Admission, LimitRequest, SessionChange, SessionRecord, Store } from '../../templates/runtime/store.js';

interface Expiring<T> {
  value: T;
  expires: number;
}

/** The store of one process: the reference the Redis store follows. */
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

  async createSession(id: string, record: SessionRecord, limits: { ttlMs: number; maxPerPrincipal: number }): Promise<boolean> {
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
    if ('subscribe' in change && !record.subscriptions.includes(change.subscribe)) record.subscriptions.push(change.subscribe);
    if ('unsubscribe' in change) record.subscriptions = record.subscriptions.filter((uri) => uri !== change.unsubscribe);
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

  async eventsAfter(sessionId: string, eventId: string): Promise<{ streamId: string; events: [string, JSONRPCMessage][] } | undefined> {
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
      if (calls.length >= rate.requests) return { ok: false, reason: 'rateLimit', retryAfterMs: calls[0] + rate.windowMs - now };
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
