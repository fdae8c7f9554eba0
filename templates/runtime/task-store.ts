// Where tasks live between the call that starts one and the requests that poll, answer or cancel it. The store is
// an interface so that several processes can share tasks (a Redis store, say): every change goes through
// `update`, and `watch` tells the process running a task about changes made elsewhere (answers, cancellation).
import { type AuthInfo, ProtocolError } from '@modelcontextprotocol/server';
import { callerOf } from './scope.gen.js';

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';

export const TERMINAL: ReadonlySet<TaskStatus> = new Set(['completed', 'failed', 'cancelled']);

export interface TaskError {
  code: number;
  message: string;
  data?: unknown;
}

export interface TaskRecord {
  taskId: string;
  /** The principal the task belongs to: only requests from the same principal see it. */
  owner: string;
  tool: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601. */
  createdAt: string;
  lastUpdatedAt: string;
  ttlMs: number;
  pollIntervalMs: number;
  /** Epoch milliseconds after which the task is gone (createdAt + ttlMs). */
  expiresAt: number;
  /** The tool's result, once `completed` (or `failed` by a tool error, in 2025-11-25). */
  result?: Record<string, unknown>;
  /** The protocol error, once `failed`. */
  error?: TaskError;
  /** Questions waiting for the client (2026-07-28 tasks), by key. */
  inputRequests?: Record<string, unknown>;
  /** Answers delivered by tasks/update that the running handler has not taken yet, by key. */
  inputResponses?: Record<string, unknown>;
}

export interface TaskStore {
  /**
   * Stores a new task, readable by `get` once this resolves; false (nothing stored) when its owner already holds
   * `maxPerOwner` tasks that have not expired, finished ones included.
   */
  create(record: TaskRecord, limits: { maxPerOwner: number }): Promise<boolean>;
  /** The task, when it exists, has not expired and belongs to `owner`. */
  get(owner: string, taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Atomically replaces the task with `change(task)` (unchanged when it returns undefined); undefined when there is no
   * such task. `change` may run more than once (a store shared by processes retries it after a concurrent change).
   */
  update(
    owner: string,
    taskId: string,
    change: (task: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined>;
  /**
   * The owner's live tasks, oldest first, `limit` at a time; `cursor` is the `nextCursor` of the previous page (an
   * unknown one throws a RangeError). Looks at the owner's own tasks only, however many others hold.
   */
  list(owner: string, cursor: string | undefined, limit: number): Promise<{ tasks: TaskRecord[]; nextCursor?: string }>;
  /**
   * Calls `listener` with the task after every change to it, made by any process, until the returned function is
   * called.
   */
  watch(taskId: string, listener: (task: TaskRecord) => void): () => void;
}

/** Expired tasks are swept this often (they are also dropped when read). */
const SWEEP_MS = 60_000;

/** Tasks of this process, in memory, indexed by owner. */
export class MemoryTaskStore implements TaskStore {
  /** Each owner's tasks, oldest first (a Map keeps insertion order). */
  readonly #byOwner = new Map<string, Map<string, TaskRecord>>();
  readonly #listeners = new Map<string, Set<(task: TaskRecord) => void>>();
  #sweeper: NodeJS.Timeout | undefined;

  async create(record: TaskRecord, { maxPerOwner }: { maxPerOwner: number }): Promise<boolean> {
    const mine = this.#own(record.owner);
    if (mine.size >= maxPerOwner) return false;
    mine.set(record.taskId, structuredClone(record));
    this.#byOwner.set(record.owner, mine);
    this.#sweeper ??= setInterval(() => this.#sweep(), SWEEP_MS).unref();
    return true;
  }

  async get(owner: string, taskId: string): Promise<TaskRecord | undefined> {
    const task = this.#live(owner, taskId);
    return task && structuredClone(task);
  }

  async update(
    owner: string,
    taskId: string,
    change: (task: TaskRecord) => TaskRecord | undefined,
  ): Promise<TaskRecord | undefined> {
    const task = this.#live(owner, taskId);
    if (!task) return undefined;
    const next = change(structuredClone(task));
    if (!next) return structuredClone(task);
    this.#byOwner.get(owner)?.set(taskId, structuredClone(next));
    for (const listener of this.#listeners.get(taskId) ?? []) listener(structuredClone(next));
    return structuredClone(next);
  }

  async list(
    owner: string,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ tasks: TaskRecord[]; nextCursor?: string }> {
    const mine = [...this.#own(owner).values()];
    const start = cursor === undefined ? 0 : mine.findIndex((t) => t.taskId === cursor) + 1;
    if (cursor !== undefined && start === 0) throw new RangeError('unknown cursor');
    const page = mine.slice(start, start + limit);
    const more = start + limit < mine.length;
    return {
      tasks: page.map((t) => structuredClone(t)),
      ...(more ? { nextCursor: page[page.length - 1].taskId } : {}),
    };
  }

  watch(taskId: string, listener: (task: TaskRecord) => void): () => void {
    const set = this.#listeners.get(taskId) ?? new Set();
    set.add(listener);
    this.#listeners.set(taskId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(taskId);
    };
  }

  /** The owner's tasks, without those that have expired. */
  #own(owner: string, now = Date.now()): Map<string, TaskRecord> {
    const mine = this.#byOwner.get(owner) ?? new Map<string, TaskRecord>();
    for (const [id, task] of mine) if (task.expiresAt <= now) mine.delete(id);
    if (mine.size === 0) this.#byOwner.delete(owner);
    return mine;
  }

  #live(owner: string, taskId: string): TaskRecord | undefined {
    const mine = this.#byOwner.get(owner);
    const task = mine?.get(taskId);
    if (task && task.expiresAt <= Date.now()) {
      mine!.delete(taskId);
      if (mine!.size === 0) this.#byOwner.delete(owner);
      return undefined;
    }
    return task;
  }

  #sweep(): void {
    const now = Date.now();
    for (const owner of [...this.#byOwner.keys()]) this.#own(owner, now);
  }
}

/** How tasks are kept; change with `configureTasks` before serving (a shared store when several processes serve). */
export const taskSettings = {
  store: new MemoryTaskStore() as TaskStore,
  /** Lifetime of a task from its creation, unless a 2025-era client asks for less (or more, up to maxTtlMs). */
  defaultTtlMs: 3_600_000,
  maxTtlMs: 86_400_000,
  /** How often clients are told to poll. */
  pollIntervalMs: 1_000,
  /**
   * Calls of task-capable tools one owner may have working at once in this process, as tasks or on their way to
   * one; one more is refused with -32003. The spec asks receivers to limit concurrent tasks per requestor.
   */
  maxConcurrentPerOwner: 100,
  /**
   * Tasks one owner may hold in the store, whatever their status, until they expire: a finished task keeps its result
   * for its whole TTL. One more is refused with -32003.
   */
  maxTasksPerOwner: 100,
  /**
   * A 2026-07-28 call that has not answered after this long continues as a task (unless it called ctx.task.start()
   * first).
   */
  startAfterMs: 100,
};

export function configureTasks(options: Partial<typeof taskSettings>): void {
  Object.assign(taskSettings, options);
}

/** Stores a new task, or refuses it with -32003 when its owner already holds maxTasksPerOwner tasks. */
export async function storeNewTask(record: TaskRecord): Promise<void> {
  const max = taskSettings.maxTasksPerOwner;
  if (await taskSettings.store.create(record, { maxPerOwner: max })) return;
  // -32003: the code of every other refusal past a count.
  throw new ProtocolError(
    -32003,
    `Too many tasks: at most ${max} per caller, kept until they expire, finished ones included; try again later`,
    { reason: 'maxTasks', maxTasks: max },
  );
}

/**
 * Whom a task belongs to: the authenticated caller, by the key every per-caller count uses (the user of an OAuth
 * client, else the client or credential), else the 2025-era session, else the caller without credentials (an HTTP
 * or WebSocket client by its address, the local user over stdio).
 */
export function principalOf(ctx: { http?: { authInfo?: AuthInfo }; sessionId?: string }): string {
  const auth = ctx.http?.authInfo;
  if (auth !== undefined || !ctx.sessionId) return callerOf(ctx);
  return `session:${ctx.sessionId}`;
}
