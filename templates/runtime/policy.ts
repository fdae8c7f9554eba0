import {
  ProtocolError,
  requireScopes,
  type AuthInfo,
  type ScopeChallengeHandler,
  type ServerContext,
} from '@modelcontextprotocol/server';
import {
  ConcurrencyLimiter,
  STORE_UNAVAILABLE,
  StoreUnavailableError,
  type Admission,
  type LimitRequest,
} from './concurrency.gen.js';
import type { Layer } from './layers.gen.js';
import { callerOf } from './scope.gen.js';
import { observeRefusal } from './observe.gen.js';

/**
 * JSON-RPC error codes of refused tool calls, in the range JSON-RPC leaves to implementations (-32000 to -32099).
 * Over Streamable HTTP, missing scopes are answered before a call reaches a server, with the spec's scope challenge
 * (see `scopeChallenge`); -32002 is what transports without one get.
 */
export const POLICY_ERROR = { missingScopes: -32002, rateLimited: -32003, timedOut: -32004 } as const;

export interface ToolPolicy {
  readonly scopes?: readonly string[];
  readonly timeoutMs?: number;
  readonly rateLimit?: { readonly requests: number; readonly windowMs: number };
  readonly maxConcurrency?: number;
  readonly maxConcurrencyPerPrincipal?: number;
}

/** Keys seen within a window are kept; past this many, windows that have run out are swept. */
const SWEEP_AT = 10_000;

/**
 * Sliding-window rate limits: at most `requests` admissions per key in any `windowMs`. Kept in this process; a
 * shared store would replace it behind `take`.
 */
export class RateLimiter {
  /** Admission times per key, oldest first. */
  readonly #calls = new Map<string, { times: number[]; windowMs: number }>();

  /** Counts one admission for `key`, or returns how long to wait (ms) when the window is full. */
  take(
    key: string,
    requests: number,
    windowMs: number,
    now = Date.now(),
  ): { ok: true } | { ok: false; retryAfterMs: number } {
    const times = (this.#calls.get(key)?.times ?? []).filter((t) => t > now - windowMs);
    if (times.length >= requests) return { ok: false, retryAfterMs: times[0] + windowMs - now };
    times.push(now);
    this.#calls.set(key, { times, windowMs });
    if (this.#calls.size > SWEEP_AT) this.#sweep(now);
    return { ok: true };
  }

  #sweep(now: number): void {
    for (const [key, { times, windowMs }] of this.#calls)
      if (times.every((t) => t <= now - windowMs)) this.#calls.delete(key);
  }
}

/**
 * The policies of every tool, with their counters. One instance lives at module scope, because the HTTP entry
 * builds a server per request and limits must hold across all of them. Rate limits and per-principal concurrency
 * count per principal: the user (`sub`) of an OAuth client, else the client or credential (see principalOf).
 */
export class Policies {
  readonly #byTool: Readonly<Record<string, ToolPolicy>>;
  readonly #rates = new RateLimiter();
  readonly #running = new ConcurrencyLimiter();
  readonly #challenges = new Map<string, ScopeChallengeHandler | undefined>();

  constructor(byTool: Readonly<Record<string, ToolPolicy>>) {
    this.#byTool = byTool;
  }

  /**
   * The scope challenge of a tool that requires scopes: over Streamable HTTP the SDK answers a call whose token lacks
   * one with 403 and `WWW-Authenticate: Bearer error="insufficient_scope", scope="..."` (the spec's authorization
   * section), in both eras and for a whole batch, before any handler runs, so that a client can step up. Other
   * transports carry no tokens; `run` refuses there with -32002.
   */
  scopeChallenge(tool: string): ScopeChallengeHandler | undefined {
    if (this.#challenges.has(tool)) return this.#challenges.get(tool);
    const scopes = Object.hasOwn(this.#byTool, tool) ? this.#byTool[tool].scopes : undefined;
    const required = scopes?.length ? requireScopes(...(scopes as [string, ...string[]])) : undefined;
    const handler: ScopeChallengeHandler | undefined =
      required &&
      ((context) => {
        const challenge = required(context);
        if (challenge) observeRefusal(tool, POLICY_ERROR.missingScopes);
        return challenge;
      });
    // Servers are built per request: each tool's handler is made once.
    this.#challenges.set(tool, handler);
    return handler;
  }

  /** Runs one tools/call under its tool's policy; `call` gets the context whose signal the timeout aborts. */
  async run<R>(tool: string, ctx: ServerContext, call: (ctx: ServerContext) => Promise<R>): Promise<R> {
    const policy = Object.hasOwn(this.#byTool, tool) ? this.#byTool[tool] : undefined;
    if (!policy) return call(ctx);
    const auth = ctx.http?.authInfo;
    // Unauthenticated transports (stdio) serve the local user, who holds every scope.
    const missing = auth ? missingScopes(policy.scopes, auth) : [];
    if (missing.length > 0) throw scopeError(tool, policy.scopes ?? [], missing);
    const release = await this.#admit(tool, callerOf(ctx), policy);
    if (policy.timeoutMs === undefined) return call(ctx).finally(release);

    const controller = new AbortController();
    const signal = AbortSignal.any([ctx.mcpReq.signal, controller.signal]);
    // The slot is held until the handler really returns, even after the client got its timeout error.
    const work = call({ ...ctx, mcpReq: { ...ctx.mcpReq, signal } }).finally(release);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const error = new ProtocolError(POLICY_ERROR.timedOut, `Tool ${tool} timed out after ${policy.timeoutMs} ms`, {
          tool,
          timeoutMs: policy.timeoutMs,
        });
        controller.abort(error);
        reject(error);
      }, policy.timeoutMs);
    });
    work.catch(() => undefined); // its outcome after a timeout is nobody's
    try {
      return await Promise.race([work, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Refuses a call past the tool's concurrency limits or rate limit; otherwise counts it and returns its release. The
   * counters are the same with either store, under the same keys: in this process, or (scale.store redis) in the
   * shared store, across every replica.
   */
  async #admit(tool: string, principal: string, policy: ToolPolicy): Promise<() => void> {
    const concurrency: Counted[] = [];
    if (policy.maxConcurrency !== undefined)
      concurrency.push({ key: `${tool}\u0000`, max: policy.maxConcurrency, reason: 'maxConcurrency' });
    if (policy.maxConcurrencyPerPrincipal !== undefined)
      concurrency.push({
        key: `${tool}\u0000${principal}`,
        max: policy.maxConcurrencyPerPrincipal,
        reason: 'maxConcurrencyPerPrincipal',
      });
    const rate = policy.rateLimit && { key: `${tool}\u0000${principal}`, ...policy.rateLimit };
    if (concurrency.length === 0 && !rate) return () => undefined;
    const admission = limiter
      ? await admitShared(limiter, tool, { concurrency, rate, leaseMs: LEASE_MS })
      : this.#admitHere(concurrency, rate);
    if (admission.ok) return admission.release;
    if (admission.reason === 'rateLimit') {
      const { requests, windowMs } = rate!;
      const { retryAfterMs } = admission;
      throw new ProtocolError(
        POLICY_ERROR.rateLimited,
        `Rate limit of tool ${tool}: ${requests} call(s) per ${windowMs} ms; retry in ${retryAfterMs} ms`,
        { tool, reason: 'rateLimit', retryAfterMs, requests, windowMs },
      );
    }
    const { max, reason } = concurrency[admission.full];
    const who = reason === 'maxConcurrencyPerPrincipal' ? ' for this caller' : '';
    throw new ProtocolError(
      POLICY_ERROR.rateLimited,
      `Tool ${tool} is already running ${max} time(s)${who}: try again later`,
      { tool, reason, [reason]: max },
    );
  }

  /** The counters of this process (scale.store memory). */
  #admitHere(concurrency: Counted[], rate: LimitRequest['rate']): LocalAdmission {
    const slot = this.#running.acquire(concurrency);
    if ('full' in slot) return { ok: false, reason: 'concurrency', full: concurrency.indexOf(slot.full) };
    const taken = rate ? this.#rates.take(rate.key, rate.requests, rate.windowMs) : { ok: true as const };
    if (taken.ok) return { ok: true, release: slot.release };
    slot.release();
    return { ok: false, reason: 'rateLimit', retryAfterMs: taken.retryAfterMs };
  }
}

type Counted = { key: string; max: number; reason: 'maxConcurrency' | 'maxConcurrencyPerPrincipal' };
/** An admission whose release is synchronous (a shared store's is made so: an unreleased slot frees itself). */
type LocalAdmission = Exclude<Admission, { ok: true }> | { ok: true; release: () => void };

/**
 * A shared slot's lease: the store frees a slot not renewed for this long (its replica died holding it). A running
 * call renews it every third of that, so it holds its slot until its handler returns, as in one process.
 */
const LEASE_MS = 30_000;

/** Where limits are counted across replicas: the shared store's admission (scale.store redis). */
type SharedLimiter = { admit(request: LimitRequest): Promise<Admission> };

/** Set by useLimiter (scale.store redis): rate limits and concurrency count across every replica. */
let limiter: SharedLimiter | undefined;

export function useLimiter(shared: SharedLimiter | undefined): void {
  limiter = shared;
}

/** The policies' share of the shared store (store-setup.gen.ts's connectScale): their counters move into it. */
export function sharePolicies(store: SharedLimiter): () => void {
  useLimiter(store);
  return () => useLimiter(undefined);
}

/** Admits a call through the shared store, atomically (one script per call). */
async function admitShared(store: SharedLimiter, tool: string, request: LimitRequest): Promise<LocalAdmission> {
  let admission: Admission;
  try {
    admission = await store.admit(request);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const why = error.full ? 'the state store is full' : 'its counters are unreachable';
    throw new ProtocolError(STORE_UNAVAILABLE, `Tool ${tool} is limited and ${why}: try again shortly`, {
      tool,
      reason: 'storeUnavailable',
      retryAfterMs: 1000,
    });
  }
  if (!admission.ok) return admission;
  const { release } = admission;
  return { ok: true, release: () => void release().catch(() => undefined) }; // an unreleased slot's lease runs out
}

export function missingScopes(required: readonly string[] | undefined, auth: AuthInfo): string[] {
  return (required ?? []).filter((scope) => !auth.scopes.includes(scope));
}

function scopeError(tool: string, required: readonly string[], missing: string[]): ProtocolError {
  return new ProtocolError(POLICY_ERROR.missingScopes, `Forbidden: tool ${tool} needs scope ${missing.join(' ')}`, {
    tool,
    requiredScopes: [...required],
    missingScopes: missing,
  });
}

/**
 * The policies' layer (see layers.gen.ts), in front of the server's tools/call handler. McpServer turns anything a
 * tool throws into an `isError` result, so refusals that must reach the client as JSON-RPC errors are raised around
 * its handler.
 */
export function policyLayer(policies: Policies): Layer {
  return {
    around: {
      'tools/call': (next) => (request, ctx) => {
        const name = request.params?.name;
        return typeof name === 'string' ? policies.run(name, ctx, (c) => next(request, c)) : next(request, ctx);
      },
    },
  };
}
