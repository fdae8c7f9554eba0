// Tools declared with `execution.taskSupport` run as tasks: the client gets a task id at once and polls tasks/get
// (or, in 2025-11-25, waits on tasks/result) while the handler goes on. The SDK ships the task types but no task
// machinery, so this file runs the calls and task-methods.gen.ts answers the tasks/* methods from the store.
import { randomUUID } from 'node:crypto';
import {
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type McpServer,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { inputRequest, isAnswer, type Answers, type Question } from './ask.gen.js';
import { ConcurrencyLimiter } from './concurrency.gen.js';
import type { Layer, RequestHandler } from './layers.gen.js';
import { detached, outlive } from './scope.gen.js';
import { logger } from './log.gen.js';
import { progressAllowed, type HandlerContext } from '../context.gen.js';
import {
  createdResult,
  declaresTasks,
  installTaskMethods,
  legacyTask,
  missingTasksExtension,
  TASKS_EXTENSION,
  whenAborted,
} from './task-methods.gen.js';
import { principalOf, storeNewTask, taskSettings, TERMINAL, type TaskRecord } from './task-store.gen.js';

export { configureTasks, type TaskRecord, type TaskStore } from './task-store.gen.js';

export type TaskSupport = 'optional' | 'required';

/** `ctx.task` of a tool declared with `execution.taskSupport`. */
export interface TaskControl {
  /** The task's id once the call runs as a task; undefined while it is an ordinary request. */
  readonly id: string | undefined;
  /**
   * Whether the client can take a task for this call (2025-11-25: it asked for one; 2026-07-28: it declared the
   * extension).
   */
  readonly available: boolean;
  /**
   * Go on as a task: the client receives the task now and polls for the result. Questions asked before (`ctx.ask`)
   * are answered within the request; after, the task waits in `input_required` for them. A no-op when the call
   * already is a task or cannot become one. 2025-era calls are tasks from the start; 2026-07-28 calls become one
   * here, or when they take longer than 100 ms.
   */
  start(): Promise<void>;
  /** Sets the task's status message (tasks/get, status notifications). `ctx.progress` sets it too. */
  status(message: string): Promise<void>;
}

export type TaskContext<App> = HandlerContext<App> & { task: TaskControl };

const RUN = Symbol('mcp-gen task run');
type Settled = { result: unknown } | { error: unknown };

/** One tools/call of a task-capable tool, and its task once it has one. */
class TaskRun {
  readonly controller = new AbortController();
  record: TaskRecord | undefined;
  /** A ProtocolError the handler threw: the task fails with it (other errors are tool errors, as without tasks). */
  failure: ProtocolError | undefined;
  startRequested = false;
  readonly wantStart: Promise<void>;
  #wake!: () => void;
  #created: Promise<TaskRecord> | undefined;
  #unwatch: (() => void) | undefined;
  #expiry: NodeJS.Timeout | undefined;
  readonly #pending = new Map<string, { question: Question<unknown>; resolve: (answer: unknown) => void }>();
  #counter = 0;
  #asking = 0;

  constructor(
    readonly owner: string,
    readonly tool: string,
    readonly available: boolean,
    readonly era: ProtocolEra,
    readonly server: McpServer,
    readonly ttlMs: number,
    readonly progressToken: string | number | undefined,
  ) {
    this.wantStart = new Promise((resolve) => (this.#wake = resolve));
  }

  get id(): string | undefined {
    return this.record?.taskId;
  }

  async start(): Promise<void> {
    if (!this.available) return;
    this.startRequested = true;
    this.#wake();
    await this.create();
  }

  /** Stores the task (once); tasks/get finds it as soon as this resolves. */
  create(): Promise<TaskRecord> {
    this.startRequested = true;
    this.#created ??= (async () => {
      const now = new Date();
      const record: TaskRecord = {
        taskId: randomUUID(),
        owner: this.owner,
        tool: this.tool,
        status: 'working',
        createdAt: now.toISOString(),
        lastUpdatedAt: now.toISOString(),
        ttlMs: this.ttlMs,
        pollIntervalMs: taskSettings.pollIntervalMs,
        expiresAt: now.getTime() + this.ttlMs,
      };
      await storeNewTask(record);
      this.record = record;
      this.#unwatch = taskSettings.store.watch(record.taskId, (task) => queueMicrotask(() => this.#changed(task)));
      // Past its TTL a task is gone, so the work it was doing is stopped too.
      this.#expiry = setTimeout(() => this.controller.abort(new Error('task expired')), this.ttlMs).unref();
      return record;
    })();
    return this.#created;
  }

  /**
   * Records how the call ended: completed with its result, or failed with a protocol error. A tool error (`isError`)
   * fails a 2025-11-25 task and completes a 2026-07-28 one, as each revision says. Cancelled stays cancelled.
   */
  async finish(outcome: Settled): Promise<void> {
    const record = await this.create();
    const failure = 'error' in outcome ? outcome.error : this.failure;
    // Nobody waits for this: a store that cannot take the outcome (down, full) is logged, and the task expires.
    await taskSettings.store
      .update(this.owner, record.taskId, (t) => {
        if (TERMINAL.has(t.status)) return undefined;
        const { inputRequests: _q, inputResponses: _a, ...rest } = t;
        const lastUpdatedAt = new Date().toISOString();
        if (failure === undefined) {
          const result = (outcome as { result: Record<string, unknown> }).result;
          if (this.era === 'legacy' && result.isError === true)
            return { ...rest, status: 'failed', statusMessage: toolErrorMessage(result), result, lastUpdatedAt };
          return { ...rest, status: 'completed', result, lastUpdatedAt };
        }
        const code = failure instanceof ProtocolError ? failure.code : ProtocolErrorCode.InternalError;
        const message = failure instanceof Error ? failure.message : String(failure);
        const data = failure instanceof ProtocolError ? failure.data : undefined;
        return {
          ...rest,
          status: 'failed',
          statusMessage: message,
          error: { code, message, ...(data !== undefined ? { data } : {}) },
          lastUpdatedAt,
        };
      })
      .catch((error: unknown) => logger.error({ err: error, taskId: record.taskId }, 'task outcome not stored'));
    clearTimeout(this.#expiry);
    // The last change is still to be announced (#changed runs in a microtask).
    queueMicrotask(() => this.#unwatch?.());
  }

  async status(message: string): Promise<void> {
    if (!this.record) return;
    await taskSettings.store.update(this.owner, this.record.taskId, (t) =>
      TERMINAL.has(t.status) ? undefined : { ...t, statusMessage: message, lastUpdatedAt: new Date().toISOString() },
    );
  }

  /** A change made anywhere (tasks/cancel, tasks/update, this run): act on it, and tell a 2025-era client. */
  #changed(task: TaskRecord): void {
    this.record = task;
    if (task.status === 'cancelled') this.controller.abort(new Error('task cancelled'));
    if (task.inputResponses && Object.keys(task.inputResponses).length > 0)
      void this.#takeAnswers(task).catch((error: unknown) =>
        logger.error({ err: error, taskId: task.taskId }, 'task answers not taken'),
      );
    if (this.era === 'legacy') {
      this.server.server
        .notification({ method: 'notifications/tasks/status', params: legacyTask(task) } as never)
        .catch(() => undefined);
    }
  }

  async #takeAnswers(task: TaskRecord): Promise<void> {
    const responses = task.inputResponses ?? {};
    const taken: [string, unknown][] = [];
    const again: Record<string, unknown> = {};
    for (const [key, answer] of Object.entries(responses)) {
      const pending = this.#pending.get(key);
      if (!pending) continue;
      // Client answers are untrusted: one that does not fit its question is asked again.
      if (isAnswer(pending.question, answer)) taken.push([key, answer]);
      else again[key] = inputRequest(pending.question);
    }
    await taskSettings.store.update(this.owner, task.taskId, (t) => {
      const rest = { ...(t.inputResponses ?? {}) };
      for (const key of Object.keys(responses)) delete rest[key];
      const open = { ...(t.inputRequests ?? {}), ...again };
      const asking = Object.keys(open).length > 0;
      const status = TERMINAL.has(t.status) ? t.status : asking ? 'input_required' : 'working';
      return {
        ...t,
        status,
        inputRequests: asking ? open : undefined,
        inputResponses: Object.keys(rest).length ? rest : undefined,
      };
    });
    for (const [key, answer] of taken) {
      this.#pending.get(key)?.resolve(answer);
      this.#pending.delete(key);
    }
  }

  /**
   * Questions asked by a running task: in 2026-07-28 they wait in the task for tasks/update; in 2025 they are sent to
   * the client.
   */
  async ask<Q extends Record<string, Question<unknown>>>(questions: Q): Promise<Answers<Q>> {
    const entries = Object.entries(questions);
    const record = await this.create();
    const aborted = whenAborted(this.controller.signal);
    if (this.era === 'legacy') {
      this.#asking++;
      await this.#setStatus('input_required');
      try {
        const answers = await Promise.race([
          Promise.all(entries.map(([, q]) => this.#push(q, record.taskId))),
          aborted,
        ]);
        return Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as Answers<Q>;
      } finally {
        if (--this.#asking === 0) await this.#setStatus('working');
      }
    }
    const waits = entries.map(
      ([key, question]) => new Promise<unknown>((resolve) => this.#pending.set(key, { question, resolve })),
    );
    await taskSettings.store.update(this.owner, record.taskId, (t) => {
      if (TERMINAL.has(t.status)) return undefined;
      const open = {
        ...(t.inputRequests ?? {}),
        ...Object.fromEntries(entries.map(([key, q]) => [key, inputRequest(q)])),
      };
      return { ...t, status: 'input_required', inputRequests: open, lastUpdatedAt: new Date().toISOString() };
    });
    const answers = await Promise.race([Promise.all(waits), aborted]);
    return Object.fromEntries(entries.map(([key], i) => [key, answers[i]])) as Answers<Q>;
  }

  async one<R>(kind: string, q: Question<R>, key?: string): Promise<R> {
    const name = key ?? `${kind}-${++this.#counter}`;
    return (await this.ask({ [name]: q }))[name] as R;
  }

  async #setStatus(status: 'working' | 'input_required'): Promise<void> {
    if (!this.record) return;
    await taskSettings.store.update(this.owner, this.record.taskId, (t) =>
      TERMINAL.has(t.status) || t.status === status
        ? undefined
        : { ...t, status, lastUpdatedAt: new Date().toISOString() },
    );
  }

  /**
   * 2025 era: the original request has been answered, so questions go out as requests of their own, tagged with the
   * task.
   */
  #push(q: Question<unknown>, taskId: string): Promise<unknown> {
    const s = this.server.server;
    const _meta = { [RELATED_TASK_META_KEY]: { taskId } };
    const options = { signal: this.controller.signal };
    switch (q.kind) {
      case 'elicit':
        return s.elicitInput({ ...q.params, _meta }, options);
      case 'elicitUrl':
        return s.elicitInput({ mode: 'url', ...q.params, elicitationId: randomUUID(), _meta }, options);
      case 'sample':
        return s.createMessage({ ...q.params, _meta }, options);
      case 'roots':
        return s.listRoots({ _meta }, options);
    }
  }

  context<App>(base: HandlerContext<App>): TaskContext<App> {
    const run = this;
    const quiet = (log: (data: unknown) => Promise<void>) => (data: unknown) => log(data).catch(() => undefined);
    const inTask = () => run.record !== undefined;
    return {
      ...base,
      signal: this.controller.signal,
      // After the call has been answered there may be no stream left to log on.
      log: {
        debug: quiet(base.log.debug),
        info: quiet(base.log.info),
        notice: quiet(base.log.notice),
        warning: quiet(base.log.warning),
        error: quiet(base.log.error),
      },
      progress: async (progress, total, message) => {
        if (!inTask()) return base.progress(progress, total, message);
        await run.status(message ?? (total === undefined ? `${progress}` : `${progress}/${total}`));
        // Progress for a task "MUST stop after the task reaches a terminal status".
        const live = run.record !== undefined && !TERMINAL.has(run.record.status);
        if (run.era === 'legacy' && run.progressToken !== undefined && live && progressAllowed(base, progress)) {
          const params = {
            progressToken: run.progressToken,
            progress,
            ...(total !== undefined ? { total } : {}),
            ...(message !== undefined ? { message } : {}),
          };
          await run.server.server.notification({ method: 'notifications/progress', params }).catch(() => undefined);
        }
      },
      ask: (questions) => (inTask() ? run.ask(questions) : base.ask(questions)),
      elicit: (params, key) =>
        inTask() ? run.one('elicit', { kind: 'elicit', params }, key) : base.elicit(params, key),
      elicitUrl: (params, key) =>
        inTask() ? run.one('elicitUrl', { kind: 'elicitUrl', params }, key) : base.elicitUrl(params, key),
      sample: (params, key) =>
        inTask() ? run.one('sample', { kind: 'sample', params }, key) : base.sample(params, key),
      roots: (key) => (inTask() ? run.one('roots', { kind: 'roots' }, key) : base.roots(key)),
      task: {
        get id() {
          return run.id;
        },
        available: this.available,
        start: () => run.start(),
        status: (message) => run.status(message),
      },
    };
  }
}

const inert: TaskControl = {
  id: undefined,
  available: false,
  start: async () => undefined,
  status: async () => undefined,
};

/**
 * Runs a task-capable tool's handler with `ctx.task`; outside installTasks (contract tests) the call is an ordinary
 * request.
 */
export async function inTask<App, R>(
  sdk: ServerContext,
  base: HandlerContext<App>,
  handler: (ctx: TaskContext<App>) => Promise<R>,
): Promise<R> {
  const run = (sdk as ServerContext & { [RUN]?: TaskRun })[RUN];
  if (!run) return handler({ ...base, task: inert });
  try {
    return await handler(run.context(base));
  } catch (error) {
    if (error instanceof ProtocolError) run.failure = error;
    throw error;
  }
}

/** Calls of task-capable tools working per owner, in this process (taskSettings.maxConcurrentPerOwner). */
const working = new ConcurrencyLimiter();

/** Counts one more working call for `owner`, or refuses it past the limit; returns how to count it out. */
function admit(owner: string): () => void {
  const max = taskSettings.maxConcurrentPerOwner;
  const slot = working.acquire([{ key: owner, max }]);
  if ('release' in slot) return slot.release;
  // -32003: the code of every concurrency refusal of the generated server.
  throw new ProtocolError(-32003, `Too many tasks working: at most ${max} at once per caller; try again later`, {
    reason: 'maxConcurrentTasks',
    maxConcurrentTasks: max,
  });
}

const settle = (p: Promise<unknown>): Promise<Settled> =>
  p.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );

/**
 * The tasks' layer (see layers.gen.ts): the capabilities, the tasks/* methods, and tools/call of the tools in
 * `support`. A task result is not a CallToolResult, and the SDK's own wrapper would refuse it, so tools/call is
 * served around the SDK's handler; inside the policies, so they still check every call.
 */
export function taskLayer(era: ProtocolEra, support: Readonly<Record<string, TaskSupport>>): Layer {
  return {
    install(server) {
      server.server.registerCapabilities(
        era === 'modern'
          ? { extensions: { [TASKS_EXTENSION]: {} } }
          : { tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } } },
      );
      installTaskMethods(server, era);
    },
    around: { 'tools/call': (original, _method, server) => taskCall(server, era, support, original) },
  };
}

function taskCall(
  server: McpServer,
  era: ProtocolEra,
  support: Readonly<Record<string, TaskSupport>>,
  original: RequestHandler,
): RequestHandler {
  return async (request, ctx) => {
    const name = request.params?.name;
    const mode = typeof name === 'string' && Object.hasOwn(support, name) ? support[name] : undefined;
    const asked = request.params?.task;
    if (!mode) {
      // 2025-11-25: a task may only be asked of a tool that offers one. 2026-07-28 ignores the old `task` param.
      if (era === 'legacy' && asked !== undefined)
        throw new ProtocolError(ProtocolErrorCode.MethodNotFound, `Tool ${String(name)} does not run as a task`);
      return original(request, ctx);
    }
    const available = era === 'modern' ? declaresTasks(ctx) : typeof asked === 'object' && asked !== null;
    if (!available && mode === 'required') {
      if (era === 'modern')
        throw missingTasksExtension(`Tool ${name} runs only as a task: declare the ${TASKS_EXTENSION} extension`);
      throw new ProtocolError(
        ProtocolErrorCode.MethodNotFound,
        `Tool ${name} runs only as a task: call it with params.task`,
      );
    }
    const owner = principalOf(ctx);
    // A client that can take a task gets its answer at once and may start another: the handlers it leaves working
    // are what the limit counts.
    const release = available ? admit(owner) : () => undefined;
    const run = new TaskRun(
      owner,
      name as string,
      available,
      era,
      server,
      ttlOf(asked),
      ctx.mcpReq._meta?.progressToken,
    );
    // Until the call becomes a task, cancelling the request cancels the work; after, only tasks/cancel does.
    ctx.mcpReq.signal.addEventListener(
      'abort',
      () => run.startRequested || run.controller.abort(ctx.mcpReq.signal.reason),
      { once: true },
    );
    const taskCtx = { ...ctx, mcpReq: { ...ctx.mcpReq, signal: run.controller.signal }, [RUN]: run } as ServerContext;
    if (!available) return original(request, taskCtx);
    // Its handler may outlive the request: the task limit counts it, not the request's places.
    const handle = () => original(request, detached(taskCtx));
    if (era === 'legacy') {
      const record = await run.create().catch((error: unknown) => {
        release();
        throw error;
      });
      // On a platform that may stop an instance once it has answered, the instance is kept for the handler.
      outlive(
        ctx,
        settle(handle()).then((outcome) => {
          release();
          return run.finish(outcome);
        }),
      );
      return createdResult(record, era);
    }
    // 2026-07-28: the handler may finish (or ask, within the request) quickly; otherwise it goes on as a task.
    const outcome = settle(handle());
    void outcome.then(release);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, taskSettings.startAfterMs)));
    const first = await Promise.race([
      outcome.then(() => 'done'),
      run.wantStart.then(() => 'start'),
      late.then(() => 'late'),
    ]);
    clearTimeout(timer);
    if (first === 'done' && !run.startRequested) {
      const settled = await outcome;
      if ('error' in settled) throw settled.error;
      return settled.result;
    }
    const record = await run.create().catch((error: unknown) => {
      run.controller.abort(error); // refused (too many tasks kept) or not stored: the work stops with it
      throw error;
    });
    outlive(
      ctx,
      outcome.then((settled) => run.finish(settled)),
    );
    return createdResult(record, era);
  };
}

/** 2025-11-25 clients may ask for a TTL; it is honoured up to maxTtlMs. */
function ttlOf(asked: unknown): number {
  const ttl = (asked as { ttl?: unknown } | undefined)?.ttl;
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) return taskSettings.defaultTtlMs;
  return Math.min(Math.floor(ttl), taskSettings.maxTtlMs);
}

/** A failed task's status message from the tool error it ended with: its first text, or a plain statement. */
function toolErrorMessage(result: Record<string, unknown>): string {
  const content = Array.isArray(result.content) ? (result.content as { type?: unknown; text?: unknown }[]) : [];
  const text = content.find((c) => c.type === 'text' && typeof c.text === 'string')?.text as string | undefined;
  return text ? `Tool error: ${text}` : 'The tool returned an error';
}
