// Limits mean the same with both stores: one given/want table of tool policies, run through the generated Policies
// with the counters of one process (scale.store memory) and with a real redis-server (scale.store redis); and one
// table of the task store, run against the in-process store and the Redis one. tasks/list looks at the caller's own
// tasks only: the records a listing visits do not grow with other callers' tasks.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, freePort, RedisServer } from '../support/scale-cluster.js';
import { tempDir } from '../support/project.js';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies([
  'concurrency',
  'limits',
  'log',
  'observe',
  'policy',
  'scope',
  'store',
  'store-input',
  'store-redis',
  'store-scripts',
  'task-store',
  'task-store-redis',
]);
const { Policies, useLimiter } = (await import(at('policy'))) as typeof import('../../templates/runtime/policy.js');
const { RedisStore } = (await import(at('store-redis'))) as typeof import('../../templates/runtime/store-redis.js');
const { MemoryTaskStore } = (await import(at('task-store'))) as typeof import('../../templates/runtime/task-store.js');
const { RedisTaskStore } = (await import(at('task-store-redis'))) as typeof import('../../templates/runtime/task-store-redis.js');
type ToolPolicy = import('../../templates/runtime/policy.js').ToolPolicy;
type TaskRecord = import('../../templates/runtime/task-store.js').TaskRecord;
type TaskStore = import('../../templates/runtime/task-store.js').TaskStore;

const noRedis = !binary('redis-server');
if (noRedis) console.warn('store limits: the Redis half skipped, redis-server not installed (.ci/run installs it)');

let redis: RedisServer;
const opened: { close(): unknown }[] = [];
let prefixes = 0;
/** A connected RedisStore (of its own key space unless `prefix` is given), closed after the file. */
async function redisStore(prefix = `mcp:limits-test:${++prefixes}:`) {
  const store = new RedisStore(redis.url, prefix);
  opened.push(store);
  if (!(await store.connected(5_000))) throw new Error('redis-server not reachable');
  return store;
}

beforeAll(async () => {
  if (noRedis) return;
  redis = new RedisServer(await freePort(), join(tempDir('mcp-gen-limits-redis-'), 'data'));
  await redis.start();
});
afterAll(async () => {
  useLimiter(undefined);
  for (const o of opened) await o.close();
  await redis?.stop();
});

// --- Tool policies --------------------------------------------------------------------------------------------------

type Outcome = 'ok' | 'maxConcurrency' | 'maxConcurrencyPerPrincipal' | 'rateLimit';
/** A call by `who` (of `tool`, default a) that ends at once, or that runs until step `release` names it. */
type Step = { who: string; tool?: string; hold?: boolean; want: Outcome } | { release: number };

const minute = 60_000;
const TABLE: { given: string; policy: ToolPolicy; steps: Step[] }[] = [
  {
    given: 'maxConcurrency: 1 counts every caller together',
    policy: { maxConcurrency: 1 },
    steps: [
      { who: 'alice', hold: true, want: 'ok' },
      { who: 'bob', want: 'maxConcurrency' },
      { who: 'alice', want: 'maxConcurrency' },
      { release: 0 },
      { who: 'bob', want: 'ok' },
    ],
  },
  {
    given: 'maxConcurrencyPerPrincipal: 1 counts each caller apart',
    policy: { maxConcurrencyPerPrincipal: 1 },
    steps: [
      { who: 'alice', hold: true, want: 'ok' },
      { who: 'alice', want: 'maxConcurrencyPerPrincipal' },
      { who: 'bob', hold: true, want: 'ok' },
      { release: 0 },
      { who: 'alice', want: 'ok' },
      { who: 'bob', want: 'maxConcurrencyPerPrincipal' },
    ],
  },
  {
    given: 'maxConcurrency: 3 with maxConcurrencyPerPrincipal: 2: whichever is reached refuses',
    policy: { maxConcurrency: 3, maxConcurrencyPerPrincipal: 2 },
    steps: [
      { who: 'alice', hold: true, want: 'ok' },
      { who: 'alice', hold: true, want: 'ok' },
      { who: 'alice', want: 'maxConcurrencyPerPrincipal' },
      { who: 'bob', hold: true, want: 'ok' },
      { who: 'carol', want: 'maxConcurrency' },
      { release: 0 },
      { who: 'carol', want: 'ok' },
    ],
  },
  {
    given: 'rateLimit: 2 a minute counts each caller apart',
    policy: { rateLimit: { requests: 2, windowMs: minute } },
    steps: [
      { who: 'alice', want: 'ok' },
      { who: 'alice', want: 'ok' },
      { who: 'alice', want: 'rateLimit' },
      { who: 'bob', want: 'ok' },
      { who: 'bob', want: 'ok' },
      { who: 'bob', want: 'rateLimit' },
    ],
  },
  {
    given: 'a call refused for concurrency takes nothing from the rate limit',
    policy: { maxConcurrency: 1, rateLimit: { requests: 2, windowMs: minute } },
    steps: [
      { who: 'alice', hold: true, want: 'ok' },
      { who: 'alice', want: 'maxConcurrency' },
      { who: 'alice', want: 'maxConcurrency' },
      { release: 0 },
      { who: 'alice', want: 'ok' },
      { who: 'alice', want: 'rateLimit' },
    ],
  },
  {
    given: 'a call refused by the rate limit holds no concurrency slot',
    policy: { maxConcurrency: 1, rateLimit: { requests: 1, windowMs: minute } },
    steps: [
      { who: 'alice', want: 'ok' },
      { who: 'alice', want: 'rateLimit' },
      { who: 'bob', hold: true, want: 'ok' },
    ],
  },
  {
    given: "one tool's limits leave another tool alone",
    policy: { maxConcurrency: 1, rateLimit: { requests: 1, windowMs: minute } },
    steps: [
      { who: 'alice', tool: 'a', hold: true, want: 'ok' },
      { who: 'alice', tool: 'b', hold: true, want: 'ok' },
      { who: 'bob', tool: 'b', want: 'maxConcurrency' },
    ],
  },
];

const ctxOf = (who: string) =>
  ({
    http: { authInfo: { token: `token-${who}`, clientId: who, scopes: [] } },
    mcpReq: { signal: new AbortController().signal },
  }) as never;

/** Runs one row's steps and returns each call's outcome, in order; every call held is released at the end. */
async function play(policy: ToolPolicy, steps: Step[]): Promise<Outcome[]> {
  const policies = new Policies({ a: policy, b: policy });
  const held = new Map<number, { end: () => void; done: Promise<unknown> }>();
  const outcomes: Outcome[] = [];
  for (const [index, step] of steps.entries()) {
    if ('release' in step) {
      const call = held.get(step.release)!;
      call.end();
      await call.done;
      continue;
    }
    let end!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const ended = new Promise<void>((resolve) => (end = resolve));
    const done = policies.run(step.tool ?? 'a', ctxOf(step.who), async () => {
      started();
      if (step.hold) await ended;
      return 'ok';
    });
    const outcome = await Promise.race([
      running.then(() => 'ok' as const),
      done.then(
        () => 'ok' as const,
        (error: { code?: number; data?: { reason?: Outcome; retryAfterMs?: number } }) => {
          expect(error.code).toBe(-32003);
          if (error.data?.reason === 'rateLimit') expect(error.data.retryAfterMs).toBeGreaterThan(0);
          return error.data?.reason ?? ('unknown' as Outcome);
        },
      ),
    ]);
    outcomes.push(outcome);
    if (step.hold) held.set(index, { end, done: done.catch(() => undefined) });
    else await done.catch(() => undefined);
  }
  for (const call of held.values()) {
    call.end();
    await call.done;
  }
  return outcomes;
}

const wanted = (steps: Step[]) => steps.flatMap((s) => ('want' in s ? [s.want] : []));

describe.each([
  { store: 'memory', use: () => useLimiter(undefined) },
  { store: 'redis', use: async () => useLimiter(await redisStore()) },
])('tool policies with the $store store', ({ store, use }) => {
  it.skipIf(store === 'redis' && noRedis).each(TABLE)('$given', async ({ policy, steps }) => {
    await use();
    expect(await play(policy, steps)).toEqual(wanted(steps));
  });
});

// --- Tasks ----------------------------------------------------------------------------------------------------------

let ids = 0;
function task(owner: string, ttlMs = minute): TaskRecord {
  const now = Date.now();
  return {
    taskId: `task-${++ids}`,
    owner,
    tool: 'crunch',
    status: 'working',
    createdAt: new Date(now).toISOString(),
    lastUpdatedAt: new Date(now).toISOString(),
    ttlMs,
    pollIntervalMs: 1000,
    expiresAt: now + ttlMs,
  };
}

const finish = (status: 'completed' | 'cancelled') => (t: TaskRecord) => ({ ...t, status, result: { content: [] } });

/** A listing's cost by structure: Map iterator steps in this process; key lookups (INFO stats) in Redis. */
const MAP_ITERATOR = Object.getPrototypeOf(new Map().entries()) as { next: (...args: unknown[]) => unknown };
async function visits(store: TaskStore, owner: string): Promise<number> {
  if (store instanceof MemoryTaskStore) {
    const next = MAP_ITERATOR.next;
    let steps = 0;
    MAP_ITERATOR.next = function (this: unknown, ...args: unknown[]) {
      steps++;
      return next.apply(this, args);
    };
    // The in-process list does its work before its first await: count exactly that call.
    let listing: Promise<unknown>;
    try {
      listing = store.list(owner, undefined, 50);
    } finally {
      MAP_ITERATOR.next = next;
    }
    await listing;
    return steps;
  }
  const probe = (await redisStore()).access().redis;
  const lookups = async () => {
    const info = String(await probe.info('stats'));
    return ['keyspace_hits', 'keyspace_misses'].reduce((n, k) => n + Number(new RegExp(`${k}:(\\d+)`).exec(info)![1]), 0);
  };
  const before = await lookups();
  await store.list(owner, undefined, 50);
  return (await lookups()) - before;
}

describe.each([
  { store: 'memory', make: async (): Promise<TaskStore> => new MemoryTaskStore() },
  { store: 'redis', make: async (): Promise<TaskStore> => new RedisTaskStore(await redisStore()) },
])('tasks with the $store store', ({ store, make }) => {
  const run = it.skipIf(store === 'redis' && noRedis);

  run('counts finished tasks against the cap until they expire; another owner still has room', async () => {
    const tasks = await make();
    const cap = { maxPerOwner: 3 };
    const mine = [task('alice'), task('alice'), task('alice', 1_000)];
    for (const t of mine) expect(await tasks.create(t, cap)).toBe(true);
    await tasks.update('alice', mine[0].taskId, finish('completed'));
    await tasks.update('alice', mine[1].taskId, finish('cancelled'));
    expect(await tasks.create(task('alice'), cap)).toBe(false);
    expect(await tasks.create(task('bob'), cap)).toBe(true);
    // Once the short one has expired, its place is free again: one, not more.
    for (let i = 0; i < 100 && (await tasks.get('alice', mine[2].taskId)); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await tasks.get('alice', mine[2].taskId)).toBeUndefined();
    expect(await tasks.create(task('alice'), cap)).toBe(true);
    expect(await tasks.create(task('alice'), cap)).toBe(false);
  });

  run("lists the owner's tasks oldest first, a page at a time, and never another owner's", async () => {
    const tasks = await make();
    const cap = { maxPerOwner: 100 };
    const alice: string[] = [];
    for (let i = 0; i < 5; i++) {
      const t = task('alice');
      alice.push(t.taskId);
      await tasks.create(t, cap);
      await tasks.create(task('bob'), cap);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    const pages: number[] = [];
    do {
      const page = await tasks.list('alice', cursor, 2);
      pages.push(page.tasks.length);
      seen.push(...page.tasks.map((t) => t.taskId));
      for (const t of page.tasks) expect(t.owner).toBe('alice');
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toEqual([2, 2, 1]);
    expect(seen).toEqual(alice);
    await expect(tasks.list('alice', 'no-such-task', 2)).rejects.toThrow(RangeError);
    await expect(tasks.list('bob', alice[0], 2)).rejects.toThrow(RangeError);
  });

  run('answers and changes a task only for its owner, and tells watchers of every change', async () => {
    const tasks = await make();
    const t = task('alice');
    await tasks.create(t, { maxPerOwner: 10 });
    expect(await tasks.get('bob', t.taskId)).toBeUndefined();
    expect(await tasks.update('bob', t.taskId, finish('cancelled'))).toBeUndefined();
    const heard: string[] = [];
    const stop = tasks.watch(t.taskId, (changed) => heard.push(changed.status));
    await tasks.update('alice', t.taskId, (x) => ({ ...x, statusMessage: 'half way' }));
    await tasks.update('alice', t.taskId, finish('completed'));
    stop();
    await tasks.update('alice', t.taskId, (x) => ({ ...x, statusMessage: 'after' }));
    await new Promise((r) => setTimeout(r, 50)); // a repeat through pub/sub would arrive by now
    expect(heard).toEqual(['working', 'completed']);
    expect(await tasks.get('alice', t.taskId)).toMatchObject({ status: 'completed', statusMessage: 'after' });
  });

  run("visits as many records to list a caller's tasks whether others hold none or 2,000", async () => {
    const alone = await make();
    const crowded = await make();
    const cap = { maxPerOwner: 10_000 };
    for (let i = 0; i < 3; i++) {
      await alone.create(task('alice'), cap);
      await crowded.create(task('alice'), cap);
    }
    for (let i = 0; i < 2_000; i += 100)
      await Promise.all(Array.from({ length: 100 }, (_, k) => crowded.create(task(`other-${(i + k) % 40}`), cap)));
    const few = await visits(alone, 'alice');
    expect(few).toBeGreaterThan(0);
    expect(await visits(crowded, 'alice')).toBe(few);
    expect((await crowded.list('alice', undefined, 50)).tasks).toHaveLength(3);
  });
});

describe.skipIf(noRedis)('tasks shared by two processes through Redis', () => {
  it('tells the process watching a task of a change made by another, once, and keeps the last write of racing updates', async () => {
    const prefix = `mcp:limits-test:shared:`;
    const [here, there] = [new RedisTaskStore(await redisStore(prefix)), new RedisTaskStore(await redisStore(prefix))];
    const t = task('alice');
    await here.create(t, { maxPerOwner: 10 });
    const heard: string[] = [];
    here.watch(t.taskId, (changed) => heard.push(changed.statusMessage ?? changed.status));
    await new Promise((r) => setTimeout(r, 50)); // the subscription is on its way
    await there.update('alice', t.taskId, (x) => ({ ...x, statusMessage: 'from there' }));
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(heard).toEqual(['from there']);
    // Twenty increments racing from two processes: none is lost.
    const bump = (store: TaskStore) =>
      store.update('alice', t.taskId, (x) => ({ ...x, statusMessage: String((Number(x.statusMessage) || 0) + 1) }));
    await here.update('alice', t.taskId, (x) => ({ ...x, statusMessage: '0' }));
    await Promise.all(Array.from({ length: 20 }, (_, i) => bump(i % 2 ? here : there)));
    expect((await there.get('alice', t.taskId))?.statusMessage).toBe('20');
  });
});
