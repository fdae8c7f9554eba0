// Tasks in the shared store (scale.store redis), so that any replica answers tasks/get, tasks/result, tasks/list,
// tasks/update and tasks/cancel, whichever one runs the task. A task is a hash (its record as JSON and a version)
// expiring with the task; each owner has two sorted sets of task ids, by creation (for tasks/list) and by expiry (to
// count what the owner holds). Every change bumps the version and is announced on the `tasks` channel, so the replica
// running the task hears a cancel or an answer made on another one.
import { ProtocolError } from '@modelcontextprotocol/server';
import { STORE_UNAVAILABLE, StoreUnavailableError } from './store.gen.js';
import type { RedisAccess, RedisStore } from './store-redis.gen.js';
import { badInput, isObject, isText, readJson } from './store-input.gen.js';
import { FIT, NOW } from './store-scripts.gen.js';
import { MemoryTaskStore, taskSettings, type TaskRecord, type TaskStore } from './task-store.gen.js';

/** The largest task record read back (its result included): past it, the record is taken for garbage. */
const MAX_RECORD_CHARS = 32 * 1024 * 1024;
/** Attempts of an update that keeps meeting concurrent changes. */
const UPDATE_ATTEMPTS = 20;

// KEYS: task, owner's tasks by creation, owner's tasks by expiry; ARGV: id, record, max per owner, ttl
const CREATE = `${NOW}
${FIT}
fit(KEYS[1], 'hash') fit(KEYS[2], 'zset') fit(KEYS[3], 'zset')
local expired = redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)
if redis.call('ZCARD', KEYS[3]) - #expired >= tonumber(ARGV[3]) then return {0, repaired} end
local ttl = tonumber(ARGV[4])
redis.call('HSET', KEYS[1], 'v', 1, 'r', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ttl)
for _, id in ipairs(expired) do redis.call('ZREM', KEYS[2], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
local order = now
if last[2] and tonumber(last[2]) >= now then order = tonumber(last[2]) + 1 end
redis.call('ZADD', KEYS[2], order, ARGV[1])
redis.call('ZADD', KEYS[3], now + ttl, ARGV[1])
for i = 2, 3 do if redis.call('PTTL', KEYS[i]) < ttl then redis.call('PEXPIRE', KEYS[i], ttl) end end
return {1, repaired}`;

// KEYS: owner's tasks by creation, by expiry; ARGV: cursor ('' = first page), limit, key prefix of tasks.
// Answers {more, repaired, last id of the page, then id and record of each task of the page}, or {-1} for an unknown
// cursor. Only the owner's own index and the page's records are read.
const LIST = `${NOW}
${FIT}
fit(KEYS[1], 'zset') fit(KEYS[2], 'zset')
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do redis.call('ZREM', KEYS[1], id) end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
local start = 0
if ARGV[1] ~= '' then
  local rank = redis.call('ZRANK', KEYS[1], ARGV[1])
  if not rank then return {-1, repaired} end
  start = rank + 1
end
local limit = tonumber(ARGV[2])
local ids = redis.call('ZRANGE', KEYS[1], start, start + limit)
local out = {#ids > limit and 1 or 0, repaired, ids[math.min(#ids, limit)] or ''}
for i = 1, math.min(#ids, limit) do
  local key = ARGV[3] .. ids[i]
  if redis.call('TYPE', key).ok == 'hash' then
    local r = redis.call('HGET', key, 'r')
    if r then table.insert(out, ids[i]) table.insert(out, r) end
  end
end
return out`;

// KEYS: task; ARGV: version read, next version, next record, channel, message. A compare-and-set: 0 when the task
// changed (or went) since it was read.
const UPDATE = `if redis.call('TYPE', KEYS[1]).ok ~= 'hash' then return 0 end
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'r', ARGV[3])
redis.call('PUBLISH', ARGV[4], ARGV[5])
return 1`;

type Scripts = RedisAccess['redis'] & {
  mcpTaskCreate(...args: (string | number)[]): Promise<[number, number]>;
  mcpTaskList(...args: (string | number)[]): Promise<(string | number)[]>;
  mcpTaskUpdate(...args: (string | number)[]): Promise<number>;
};

const STATUSES: ReadonlySet<unknown> = new Set(['working', 'input_required', 'completed', 'failed', 'cancelled']);
const maybe = (v: unknown, check: (v: unknown) => boolean) => v === undefined || check(v);
const isNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const isError = (v: unknown) => isObject(v) && isNumber(v.code) && typeof v.message === 'string';

function isTaskRecord(v: unknown): v is TaskRecord {
  return (
    isObject(v) &&
    isText(v.taskId, 256) &&
    isText(v.owner, 64 * 1024) &&
    isText(v.tool, 1024) &&
    STATUSES.has(v.status) &&
    isText(v.createdAt, 64) &&
    isText(v.lastUpdatedAt, 64) &&
    isNumber(v.ttlMs) &&
    isNumber(v.pollIntervalMs) &&
    isNumber(v.expiresAt) &&
    maybe(v.statusMessage, (m) => typeof m === 'string') &&
    maybe(v.result, isObject) &&
    maybe(v.error, isError) &&
    maybe(v.inputRequests, isObject) &&
    maybe(v.inputResponses, isObject)
  );
}

const isChange = (v: unknown): v is { id: string; v: number } => isObject(v) && isText(v.id, 256) && isNumber(v.v);

/** A store failure as the JSON-RPC error a tasks/* request answers with. */
function refusal(error: unknown): unknown {
  if (!(error instanceof StoreUnavailableError)) return error;
  const message = error.full
    ? 'State store full: it takes no task changes now; try again later'
    : 'State store unavailable: try again shortly';
  return new ProtocolError(STORE_UNAVAILABLE, message, { reason: 'storeUnavailable', retryAfterMs: 1000 });
}

export class RedisTaskStore implements TaskStore {
  readonly #redis: Scripts;
  readonly #prefix: string;
  readonly #run: RedisAccess['run'];
  readonly #listeners = new Map<string, Set<(task: TaskRecord) => void>>();
  /** The version each watched task was last announced at here: a change is told to its listeners once. */
  readonly #told = new Map<string, number>();
  readonly #stop: () => void;

  constructor(store: RedisStore) {
    const { redis, prefix, run } = store.access();
    this.#redis = redis as Scripts;
    this.#prefix = prefix;
    this.#run = (command) => run(command).catch((error: unknown) => Promise.reject(refusal(error)));
    for (const [name, lua, keys] of [
      ['mcpTaskCreate', CREATE, 3],
      ['mcpTaskList', LIST, 2],
      ['mcpTaskUpdate', UPDATE, 1],
    ] as const)
      this.#redis.defineCommand(name, { lua, numberOfKeys: keys });
    this.#stop = store.subscribe('tasks', (text) => {
      const change = readJson('message on channel tasks', text, 1024, isChange);
      if (change && this.#listeners.has(change.id) && change.v > (this.#told.get(change.id) ?? 0))
        void this.#read(change.id).then(
          (found) => found && this.#tell(found.task, found.v),
          () => undefined,
        );
    });
  }

  #key = (id: string) => `${this.#prefix}t:${id}`;
  #owned = (owner: string): [string, string] => [`${this.#prefix}to:${owner}`, `${this.#prefix}tx:${owner}`];

  create(record: TaskRecord, { maxPerOwner }: { maxPerOwner: number }): Promise<boolean> {
    return this.#run(async () => {
      const keys = [this.#key(record.taskId), ...this.#owned(record.owner)];
      const args = [record.taskId, JSON.stringify(record), maxPerOwner, record.ttlMs];
      const [created, repaired] = await this.#redis.mcpTaskCreate(...keys, ...args);
      if (repaired > 0) badInput('task record', `${repaired} key(s) of the wrong type, deleted`);
      return created === 1;
    });
  }

  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    const found = await this.#read(taskId);
    return found?.task.owner === owner ? found.task : undefined;
  }

  async update(
    owner: string,
    taskId: string,
    change: (task: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    for (let attempt = 0; attempt < UPDATE_ATTEMPTS; attempt++) {
      const found = await this.#read(taskId);
      if (!found || found.task.owner !== owner) return undefined;
      const next = change(structuredClone(found.task));
      if (!next) return found.task;
      const v = found.v + 1;
      const message = JSON.stringify({ id: taskId, v });
      const done = await this.#run(() =>
        this.#redis.mcpTaskUpdate(this.#key(taskId), found.v, v, JSON.stringify(next), `${this.#prefix}tasks`, message),
      );
      if (done === 1) {
        this.#tell(next, v);
        return structuredClone(next);
      }
    }
    throw new Error(`task ${taskId} changed ${UPDATE_ATTEMPTS} times while being updated`);
  }

  async list(
    owner: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ tasks: TaskRecord[]; nextCursor?: string }> {
    const [more, repaired, last, ...page] = await this.#run(() =>
      this.#redis.mcpTaskList(...this.#owned(owner), cursor ?? '', limit, `${this.#prefix}t:`),
    );
    if (Number(repaired) > 0) badInput('task index', `${repaired} key(s) of the wrong type, deleted`);
    if (more === -1) throw new RangeError('unknown cursor');
    const tasks: TaskRecord[] = [];
    for (let i = 0; i + 1 < page.length; i += 2) {
      const task = this.#parse(String(page[i]), page[i + 1]);
      if (task?.owner === owner) tasks.push(task);
    }
    return { tasks, ...(more === 1 ? { nextCursor: String(last) } : {}) };
  }

  watch(taskId: string, listener: (task: TaskRecord) => void): () => void {
    const set = this.#listeners.get(taskId) ?? new Set();
    set.add(listener);
    this.#listeners.set(taskId, set);
    return () => {
      set.delete(listener);
      if (set.size > 0) return;
      this.#listeners.delete(taskId);
      this.#told.delete(taskId);
    };
  }

  close(): void {
    this.#stop();
  }

  #tell(task: TaskRecord, v: number): void {
    const listeners = this.#listeners.get(task.taskId);
    if (!listeners || v <= (this.#told.get(task.taskId) ?? 0)) return;
    this.#told.set(task.taskId, v);
    for (const listener of [...listeners]) listener(structuredClone(task));
  }

  #read(taskId: string): Promise<{ task: TaskRecord; v: number } | undefined> {
    return this.#run(async () => {
      const fields = await this.#redis.hmget(this.#key(taskId), 'v', 'r').catch((error: Error) => {
        if (!/WRONGTYPE/.test(error.message)) throw error;
        badInput('task record', error.message);
        return [null, null];
      });
      const [v, text] = fields;
      if (v === null && text === null) return undefined;
      const task = this.#parse(taskId, text);
      return task && /^\d+$/.test(v ?? '') ? { task, v: Number(v) } : undefined;
    });
  }

  #parse(taskId: string, text: unknown): TaskRecord | undefined {
    const task = readJson('task record', text, MAX_RECORD_CHARS, isTaskRecord);
    if (task && task.taskId !== taskId) return void badInput('task record', `a record of ${task.taskId} at ${taskId}`);
    return task;
  }
}

/**
 * Puts the tasks of this server in the shared store (unless onStart chose a store of its own); the returned function
 * puts back the store it replaced.
 */
export function shareTasks(store: RedisStore): () => void {
  const before = taskSettings.store;
  if (!(before instanceof MemoryTaskStore)) return () => undefined;
  const shared = new RedisTaskStore(store);
  taskSettings.store = shared;
  return () => {
    shared.close();
    taskSettings.store = before;
  };
}
