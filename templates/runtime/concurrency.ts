// Counts of work running at once, per key: tool policies count calls per tool and principal, tasks count the
// working calls of each owner. In this process (ConcurrencyLimiter), or, with `scale.store: redis`, in the shared
// store, which admits a LimitRequest and may be unavailable.

/** Calls running at once per key. Kept in this process; a shared store would replace it behind `acquire`. */
export class ConcurrencyLimiter {
  readonly #running = new Map<string, number>();

  /** Counts one call under every limit and returns its release, or names the first limit already full. */
  acquire<L extends { key: string; max: number }>(limits: readonly L[]): { release: () => void } | { full: L } {
    const full = limits.find(({ key, max }) => (this.#running.get(key) ?? 0) >= max);
    if (full) return { full };
    for (const { key } of limits) this.#running.set(key, (this.#running.get(key) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      for (const { key } of limits) {
        const left = (this.#running.get(key) ?? 1) - 1;
        if (left > 0) this.#running.set(key, left);
        else this.#running.delete(key);
      }
    };
    return { release };
  }
}

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
