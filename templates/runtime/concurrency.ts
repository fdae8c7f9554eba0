// Counts of work running at once, per key: tool policies count calls per tool and principal, tasks count the
// working calls of each owner.

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
