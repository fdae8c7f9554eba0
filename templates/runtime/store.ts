import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { Admission, LimitRequest } from './concurrency.gen.js';
import type { SessionClient } from './limits.gen.js';

/**
 * Where the state that replicas of one server share lives (manifest `scale.store: redis`): the Redis store
 * (store-redis.gen.ts) keeps it in Redis or Valkey. Without it, each piece keeps its state in the process.
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

// Counted limits and the store's unavailability belong to whatever counts calls (the tool policies too).
export { type Admission, type LimitRequest, STORE_UNAVAILABLE, StoreUnavailableError } from './concurrency.gen.js';
// Who a caller is, for sessions and shared limits: the same key the in-process limits use.
export { principalOf, type SessionClient } from './limits.gen.js';
