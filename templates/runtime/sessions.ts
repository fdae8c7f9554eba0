import { LIMITS } from './limits.gen.js';

export interface SessionLimits {
  /** A session without a request (and with no request or stream still open) for this long is closed. */
  idleTimeoutMs?: number;
  /** Sessions one principal may hold at once. */
  maxPerPrincipal?: number;
}

interface SessionRecord<T> {
  transport: T;
  /** Who created the session (see principalOf): the only caller it answers. */
  principal: string;
  lastSeen: number;
  /** Requests of this session still running, GET streams included: a session in use is never idle. */
  busy: number;
}

/**
 * The open sessions of one transport (2025-era Streamable HTTP, HTTP+SSE), each bound to the principal that created
 * it, counted per principal, and closed when idle. Everything is kept in this process; a shared store would replace
 * this class behind the same methods.
 */
export class SessionTable<T extends { close(): Promise<void> }> {
  readonly #records = new Map<string, SessionRecord<T>>();
  readonly #perPrincipal = new Map<string, number>();
  readonly #idleMs: number;
  readonly #maxPerPrincipal: number;
  readonly #sweeper: ReturnType<typeof setInterval>;

  constructor(limits: SessionLimits = {}) {
    this.#idleMs = limits.idleTimeoutMs ?? LIMITS.sessionIdleTimeoutMs;
    this.#maxPerPrincipal = limits.maxPerPrincipal ?? LIMITS.maxSessionsPerPrincipal;
    this.#sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(100, this.#idleMs / 4)));
    // Node's timers keep the process alive unless told not to; other runtimes' have no such method.
    (this.#sweeper as { unref?: () => void }).unref?.();
  }

  /** The session's transport when `principal` owns it. Another principal gets exactly what an unknown id gets. */
  find(id: string, principal: string): T | undefined {
    const record = this.#records.get(id);
    if (!record) return undefined;
    // Idle past the timeout is expired now, whenever the sweeper last ran.
    if (record.busy === 0 && Date.now() - record.lastSeen > this.#idleMs) {
      this.remove(id);
      void record.transport.close().catch(() => undefined);
      return undefined;
    }
    if (record.principal !== principal) return undefined;
    record.lastSeen = Date.now();
    return record.transport;
  }

  /** Marks one request of the session as running; the returned function ends it. */
  hold(id: string): () => void {
    const record = this.#records.get(id);
    if (!record) return () => {};
    record.busy++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      record.busy--;
      record.lastSeen = Date.now();
    };
  }

  /** Takes one of the principal's session slots for a session about to be created; false when all are taken. */
  reserve(principal: string): boolean {
    const count = this.#perPrincipal.get(principal) ?? 0;
    if (count >= this.#maxPerPrincipal) return false;
    this.#perPrincipal.set(principal, count + 1);
    return true;
  }

  /** Gives back a slot whose session was never created (its initialize failed). */
  unreserve(principal: string): void {
    const count = (this.#perPrincipal.get(principal) ?? 1) - 1;
    if (count > 0) this.#perPrincipal.set(principal, count);
    else this.#perPrincipal.delete(principal);
  }

  /** Registers a created session in the slot `reserve` took for it. */
  add(id: string, principal: string, transport: T): void {
    this.#records.set(id, { transport, principal, lastSeen: Date.now(), busy: 0 });
  }

  /** Forgets a session (closed, deleted or expired) and frees its principal's slot. */
  remove(id: string): void {
    const record = this.#records.get(id);
    if (!record) return;
    this.#records.delete(id);
    this.unreserve(record.principal);
  }

  /** Closes the sessions idle for longer than the timeout. */
  sweep(now = Date.now()): void {
    for (const [id, record] of this.#records) {
      if (record.busy > 0 || now - record.lastSeen <= this.#idleMs) continue;
      this.remove(id);
      void record.transport.close().catch(() => undefined);
    }
  }

  get size(): number {
    return this.#records.size;
  }

  /** Stops the sweeper and closes every session. */
  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    // Closing a transport fires its onclose, which edits the map: copy first.
    await Promise.allSettled([...this.#records.values()].map((record) => record.transport.close()));
  }
}
