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

// Scripts run atomically on the server and read its clock (TIME), so replicas with skewed clocks agree.
const NOW = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

// KEYS: session hash, principal's sessions; ARGV: id, initialize, principal, ttl, max, holder
const CREATE = `${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 0 end
redis.call('HSET', KEYS[1], 'init', ARGV[2], 'principal', ARGV[3], 'holder', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`;

// KEYS: session hash, its subscriptions, its stream list, principal's sessions; ARGV: id, principal, ttl
const TOUCH = `${NOW}
local p = redis.call('HGET', KEYS[1], 'principal')
if not p then return 0 end
if p ~= ARGV[2] then return -1 end
for i = 1, 3 do redis.call('PEXPIRE', KEYS[i], ARGV[3]) end
redis.call('ZADD', KEYS[4], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[4], ARGV[3])
return 1`;

// KEYS: session hash, its subscriptions, its stream list; ARGV: id, key prefix of principals
const DELETE = `local p = redis.call('HGET', KEYS[1], 'principal')
if p then redis.call('ZREM', ARGV[2] .. p, ARGV[1]) end
local streams = redis.call('SMEMBERS', KEYS[3])
for _, k in ipairs(streams) do redis.call('DEL', k) end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return 1`;

// KEYS: call log, held slots; ARGV: requests ('' = none), windowMs, maxConcurrency ('' = none), leaseMs, token
const ADMIT = `${NOW}
if ARGV[3] ~= '' then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[3]) then return {0, 'maxConcurrency', 0} end
end
if ARGV[1] ~= '' then
  local window = tonumber(ARGV[2])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
  if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
    local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
    return {0, 'rateLimit', tonumber(oldest[2]) + window - now}
  end
  redis.call('ZADD', KEYS[1], now, ARGV[5])
  redis.call('PEXPIRE', KEYS[1], window)
end
if ARGV[3] ~= '' then
  redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[5])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
end
return {1, '', 0}`;

type Scripts = Redis & {
  mcpCreate(...args: (string | number)[]): Promise<number>;
  mcpTouch(...args: (string | number)[]): Promise<number>;
  mcpDelete(...args: (string | number)[]): Promise<number>;
  mcpAdmit(...args: (string | number)[]): Promise<[number, string, number]>;
};

/**
 * The Redis (or Valkey) store, over ioredis. Commands fail at once while the connection is down (no offline
 * queue, a command timeout), so a request that needs the store gets an error instead of hanging; the client
 * reconnects with backoff and resubscribes its channels.
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
      ['mcpCreate', CREATE, 2],
      ['mcpTouch', TOUCH, 4],
      ['mcpDelete', DELETE, 3],
      ['mcpAdmit', ADMIT, 2],
    ] as const) {
      this.#redis.defineCommand(name, { lua, numberOfKeys: keys });
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
      this.#channels.get(channel.slice(this.#prefix.length))?.forEach((listener) => listener(message));
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

  async #run<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
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
    const args = [
      id,
      JSON.stringify(record.initialize),
      record.principal,
      limits.ttlMs,
      limits.maxPerPrincipal,
      record.holder ?? '',
    ];
    return this.#run(
      async () => (await this.#redis.mcpCreate(hash, `${this.#prefix}p:${record.principal}`, ...args)) === 1,
    );
  }

  getSession(id: string): Promise<SessionRecord | undefined> {
    const [hash, subs] = this.#keys(id);
    return this.#run(async () => {
      const [[, fields], [, uris]] = (await this.#redis.multi().hgetall(hash).smembers(subs).exec()) as [
        [unknown, Record<string, string>],
        [unknown, string[]],
      ];
      if (!fields?.init) return undefined;
      return {
        initialize: JSON.parse(fields.init),
        principal: fields.principal,
        holder: fields.holder || undefined,
        logLevel: fields.level,
        subscriptions: uris ?? [],
      };
    });
  }

  touchSession(id: string, principal: string, ttlMs: number): Promise<1 | 0 | -1> {
    return this.#run(
      async () =>
        (await this.#redis.mcpTouch(...this.#keys(id), `${this.#prefix}p:${principal}`, id, principal, ttlMs)) as
          | 1
          | 0
          | -1,
    );
  }

  updateSession(id: string, change: SessionChange): Promise<void> {
    const [hash, subs] = this.#keys(id);
    return this.#run(async () => {
      // Only live sessions change: a write racing a DELETE must not resurrect a key without expiry.
      if (!(await this.#redis.exists(hash))) return;
      const ttl = await this.#redis.pttl(hash);
      if ('holder' in change) await this.#redis.hset(hash, 'holder', change.holder);
      if ('logLevel' in change) await this.#redis.hset(hash, 'level', change.logLevel);
      if ('subscribe' in change)
        await this.#redis.multi().sadd(subs, change.subscribe).pexpire(subs, Math.max(ttl, 1)).exec();
      if ('unsubscribe' in change) await this.#redis.srem(subs, change.unsubscribe);
    });
  }

  deleteSession(id: string): Promise<void> {
    return this.#run(async () => void (await this.#redis.mcpDelete(...this.#keys(id), id, `${this.#prefix}p:`)));
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
      const rows = await this.#redis.xrange(`${this.#prefix}e:${sessionId}:${streamId}`, entry, '+');
      const events = rows
        .filter(([id]) => id !== entry)
        .map(([id, fields]): [string, JSONRPCMessage] => [`${streamId}@${id}`, JSON.parse(fields[1])]);
      return { streamId, events };
    });
  }

  admit({ key, rateLimit, maxConcurrency, leaseMs }: LimitRequest): Promise<Admission> {
    const token = randomUUID();
    const slots = `${this.#prefix}c:${key}`;
    return this.#run(async () => {
      const [ok, reason, retryAfterMs] = await this.#redis.mcpAdmit(
        `${this.#prefix}r:${key}`,
        slots,
        rateLimit?.requests ?? '',
        rateLimit?.windowMs ?? 0,
        maxConcurrency ?? '',
        leaseMs,
        token,
      );
      if (ok === 1)
        return {
          ok: true,
          release: () =>
            this.#run(async () => void (maxConcurrency !== undefined && (await this.#redis.zrem(slots, token)))),
        };
      return reason === 'rateLimit'
        ? { ok: false, reason, retryAfterMs: Number(retryAfterMs) }
        : { ok: false, reason: 'maxConcurrency' };
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
