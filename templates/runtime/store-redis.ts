import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import {
  StoreUnavailableError,
  type Admission,
  type LimitRequest,
  type SessionChange,
  type SessionRecord,
  type Store,
} from './store.gen.js';
import { badInput, isLogLevel, isSessionClient, isStoredEvent, readJson } from './store-input.gen.js';
import { ADMIT, CREATE_SESSION, DELETE_SESSION, RENEW, TOUCH_SESSION } from './store-scripts.gen.js';
import { LIMITS } from './limits.gen.js';

type Scripts = Redis & {
  mcpCreate(...args: (string | number)[]): Promise<[number, number]>;
  mcpTouch(...args: (string | number)[]): Promise<[number, number]>;
  mcpDelete(...args: (string | number)[]): Promise<number>;
  mcpAdmit(keys: number, ...args: (string | number)[]): Promise<[number, string, number, number]>;
  mcpRenew(keys: number, ...args: (string | number)[]): Promise<number>;
};

/** What other modules (the task store) need to run their own commands on the store's connections. */
export interface RedisAccess {
  redis: Redis;
  prefix: string;
  /** Runs a command; a failure becomes StoreUnavailableError (`full` when Redis is out of memory). */
  run<T>(command: () => Promise<T>): Promise<T>;
}

/**
 * The Redis (or Valkey) store, over ioredis. Commands fail at once while the connection is down (no offline
 * queue, a command timeout), so a request that needs the store gets an error instead of hanging; the client
 * reconnects with backoff and resubscribes its channels. Everything read back is checked (store-input.gen.ts).
 */
export class RedisStore implements Store {
  readonly kind = 'redis';
  readonly #redis: Scripts;
  readonly #sub: Redis;
  readonly #prefix: string;
  readonly #channels = new Map<string, Set<(message: string) => void>>();
  #down = false;

  constructor(url: string, prefix: string) {
    this.#prefix = prefix;
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      // Backoff: 100 ms, 200 ms, ... up to 2 s between attempts, forever.
      retryStrategy: (attempt: number) => Math.min(attempt * 100, 2_000),
    };
    this.#redis = new Redis(url, options) as Scripts;
    // Subscriptions need their own connection; it may queue its SUBSCRIBE until connected.
    this.#sub = new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined });
    for (const [name, lua, keys] of [
      ['mcpCreate', CREATE_SESSION, 2],
      ['mcpTouch', TOUCH_SESSION, 4],
      ['mcpDelete', DELETE_SESSION, 3],
      ['mcpAdmit', ADMIT, undefined],
      ['mcpRenew', RENEW, undefined],
    ] as const) {
      this.#redis.defineCommand(name, { lua, ...(keys === undefined ? {} : { numberOfKeys: keys }) });
    }
    for (const client of [this.#redis, this.#sub]) {
      client.on('error', (error: Error) => {
        if (!this.#down) console.error(`[mcp] state store unreachable (${error.message}); reconnecting`);
        this.#down = true;
      });
      client.on('ready', () => {
        if (this.#down && this.isReady()) console.error('[mcp] state store reachable again');
        if (this.isReady()) this.#down = false;
      });
    }
    this.#sub.on('message', (channel: string, message: string) => {
      // A listener that throws must not throw into ioredis's parser: the connection would be lost.
      for (const listener of [...(this.#channels.get(channel.slice(this.#prefix.length)) ?? [])]) {
        try {
          listener(message);
        } catch (error) {
          console.error('[mcp] store message listener failed:', error);
        }
      }
    });
  }

  /** Waits up to `ms` for both connections; the server starts either way, not ready until they are. */
  async connected(ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (!this.isReady() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    return this.isReady();
  }

  isReady(): boolean {
    return this.#redis.status === 'ready' && this.#sub.status === 'ready';
  }

  /** The connection and key prefix, for the task store's own commands. */
  access(): RedisAccess {
    return { redis: this.#redis, prefix: this.#prefix, run: (command) => this.#run(command) };
  }

  async #run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /** Logs keys of the wrong type that a script deleted. */
  #repaired(count: number, what: string): void {
    if (count > 0) badInput(what, `${count} key(s) of the wrong type, deleted`);
  }

  #keys(id: string): [string, string, string] {
    const base = `${this.#prefix}s:${id}`;
    return [base, `${base}:subs`, `${base}:streams`];
  }

  createSession(
    id: string,
    record: SessionRecord,
    limits: { ttlMs: number; maxPerPrincipal: number },
  ): Promise<boolean> {
    const [hash] = this.#keys(id);
    const { client, principal, holder } = record;
    return this.#run(async () => {
      const keys = [hash, `${this.#prefix}p:${principal}`];
      const args = [id, JSON.stringify(client), principal, limits.ttlMs, limits.maxPerPrincipal, holder ?? ''];
      const [created, repaired] = await this.#redis.mcpCreate(...keys, ...args);
      this.#repaired(repaired, 'session record');
      return created === 1;
    });
  }

  getSession(id: string): Promise<SessionRecord | undefined> {
    const [hash, subs] = this.#keys(id);
    return this.#run(async () => {
      // A pipeline, not a transaction: Redis out of memory refuses to queue even reads in MULTI.
      const replies = (await this.#redis.pipeline().hgetall(hash).smembers(subs).exec()) ?? [];
      const [[fieldsError, fields], [subsError, uris]] = replies as [
        [Error | null, Record<string, string>],
        [Error | null, string[]],
      ];
      // A key of the wrong type (WRONGTYPE) is no session of ours.
      if (fieldsError || subsError) {
        badInput('session record', (fieldsError ?? subsError)?.message);
        return undefined;
      }
      if (!fields?.principal) return undefined;
      const client = readJson('session record', fields.client, 2 * LIMITS.maxSessionClientBytes, isSessionClient);
      if (!client) return undefined;
      return {
        client,
        principal: fields.principal,
        holder: fields.holder || undefined,
        logLevel: isLogLevel(fields.level) ? fields.level : undefined,
        subscriptions: uris ?? [],
      };
    });
  }

  touchSession(id: string, principal: string, ttlMs: number): Promise<1 | 0 | -1> {
    return this.#run(async () => {
      const keys = [...this.#keys(id), `${this.#prefix}p:${principal}`];
      const [state, repaired] = await this.#redis.mcpTouch(...keys, id, principal, ttlMs);
      this.#repaired(repaired, 'session record');
      return state as 1 | 0 | -1;
    });
  }

  updateSession(id: string, change: SessionChange): Promise<void> {
    const [hash, subs] = this.#keys(id);
    return this.#run(async () => {
      // Only live sessions change: a write racing a DELETE must not resurrect a key without expiry.
      if (!(await this.#redis.exists(hash))) return;
      const ttl = await this.#redis.pttl(hash);
      if ('holder' in change) await this.#redis.hset(hash, 'holder', change.holder);
      if ('logLevel' in change) await this.#redis.hset(hash, 'level', change.logLevel);
      if ('subscribe' in change) {
        const replies = await this.#redis.multi().sadd(subs, change.subscribe).pexpire(subs, Math.max(ttl, 1)).exec();
        const error = replies?.find(([failed]) => failed)?.[0];
        if (error) throw error;
      }
      if ('unsubscribe' in change) await this.#redis.srem(subs, change.unsubscribe);
    });
  }

  deleteSession(id: string): Promise<void> {
    return this.#run(async () => {
      const events = `${this.#prefix}e:${id}:`;
      this.#repaired(await this.#redis.mcpDelete(...this.#keys(id), id, `${this.#prefix}p:`, events), 'session record');
    });
  }

  appendEvent(
    sessionId: string,
    streamId: string,
    message: JSONRPCMessage,
    retention: number,
    ttlMs: number,
  ): Promise<string> {
    const key = `${this.#prefix}e:${sessionId}:${streamId}`;
    const streams = this.#keys(sessionId)[2];
    return this.#run(async () => {
      const replies = await this.#redis
        .multi()
        .xadd(key, 'MAXLEN', '~', retention, '*', 'm', JSON.stringify(message))
        .pexpire(key, ttlMs)
        .sadd(streams, key)
        .pexpire(streams, ttlMs)
        .exec();
      const [error, entry] = replies?.[0] ?? [new Error('no reply')];
      if (error) throw error;
      return `${streamId}@${entry as string}`;
    });
  }

  eventsAfter(
    sessionId: string,
    eventId: string,
  ): Promise<{ streamId: string; events: [string, JSONRPCMessage][] } | undefined> {
    const at = eventId.lastIndexOf('@');
    const entry = eventId.slice(at + 1);
    if (at <= 0 || !/^\d+-\d+$/.test(entry)) return Promise.resolve(undefined);
    const streamId = eventId.slice(0, at);
    return this.#run(async () => {
      // XRANGE start is inclusive (exclusive ranges need Redis 6.2): drop the entry itself.
      const rows = await this.#redis.xrange(`${this.#prefix}e:${sessionId}:${streamId}`, entry, '+').catch((error) => {
        if (!/WRONGTYPE/.test(String(error))) throw error;
        badInput('stored event', error.message);
        return [];
      });
      const events: [string, JSONRPCMessage][] = [];
      for (const [id, fields] of rows) {
        if (id === entry) continue;
        const message = readJson('stored event', fields[1], 2 * LIMITS.maxBodyBytes, isStoredEvent);
        if (message) events.push([`${streamId}@${id}`, message as JSONRPCMessage]);
      }
      return { streamId, events };
    });
  }

  admit({ concurrency, rate, leaseMs }: LimitRequest): Promise<Admission> {
    const token = randomUUID();
    const slots = concurrency.map(({ key }) => `${this.#prefix}c:${key}`);
    return this.#run(async () => {
      const [ok, reason, detail, repaired] = await this.#redis.mcpAdmit(
        1 + slots.length,
        `${this.#prefix}r:${rate?.key ?? ''}`,
        ...slots,
        rate?.requests ?? '',
        rate?.windowMs ?? 0,
        leaseMs,
        token,
        ...concurrency.map(({ max }) => max),
      );
      this.#repaired(repaired, 'limit counter');
      if (ok !== 1)
        return reason === 'rateLimit'
          ? { ok: false, reason, retryAfterMs: Number(detail) }
          : { ok: false, reason: 'concurrency', full: Number(detail) };
      if (slots.length === 0) return { ok: true, release: async () => undefined };
      // The slot is held while the call runs, however long: renewed well before its lease runs out.
      const renew = setInterval(
        () => void this.#redis.mcpRenew(slots.length, ...slots, leaseMs, token).catch(() => undefined),
        Math.max(Math.floor(leaseMs / 3), 10),
      ).unref();
      return {
        ok: true,
        release: () => {
          clearInterval(renew);
          return this.#run(async () => {
            await Promise.all(slots.map((key) => this.#redis.zrem(key, token)));
          });
        },
      };
    });
  }

  publish(channel: string, message: string): Promise<void> {
    return this.#run(async () => void (await this.#redis.publish(this.#prefix + channel, message)));
  }

  subscribe(channel: string, listener: (message: string) => void): () => void {
    let listeners = this.#channels.get(channel);
    if (!listeners) {
      this.#channels.set(channel, (listeners = new Set()));
      // ioredis resubscribes after every reconnect.
      this.#sub
        .subscribe(this.#prefix + channel)
        .catch((error: Error) => console.error('[mcp] subscribe failed:', error.message));
    }
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.#channels.clear();
    await Promise.allSettled([this.#redis.quit(), this.#sub.quit()]);
    this.#redis.disconnect();
    this.#sub.disconnect();
  }
}
