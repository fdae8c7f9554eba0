import type { ServerEvent, ServerEventBus } from '@modelcontextprotocol/server';
import type { Store } from './store.gen.js';
import { isServerEvent, readJson } from './store-input.gen.js';

/** Characters of one event on the channel: a URI and a few params; anything longer is not ours. */
const MAX_EVENT_CHARS = 256 * 1024;

/**
 * A ServerEventBus over the store's pub/sub: every replica's subscriptions/listen streams (and 2025-era sessions)
 * hear events published on any replica. Events published while the store is down are lost, and logged. A message
 * on the channel that is not an event is logged and dropped.
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
      const event = readJson(`message on channel ${this.channel}`, message, MAX_EVENT_CHARS, isServerEvent);
      if (!event) return;
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
