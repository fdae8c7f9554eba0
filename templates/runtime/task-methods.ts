// The tasks/* methods of both protocol eras, answered from the task store. 2025-11-25: tasks/get, tasks/result,
// tasks/list, tasks/cancel (core methods). 2026-07-28: the io.modelcontextprotocol/tasks extension (SEP-2663):
// tasks/get (the result inlined), tasks/update (answers to the task's questions) and tasks/cancel, refused with -32021
// to requests that do not declare the extension; tasks/result and tasks/list do not exist there (-32601).
import {
  CLIENT_CAPABILITIES_META_KEY,
  fromJsonSchema,
  MissingRequiredClientCapabilityError,
  ProtocolError,
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type McpServer,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { principalOf, taskSettings, TERMINAL, type TaskRecord } from './task-store.gen.js';

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const LIST_PAGE = 50;

/** A task as 2025-11-25 publishes it (Task). */
export function legacyTask(t: TaskRecord): Record<string, unknown> {
  return {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttl: t.ttlMs,
    pollInterval: t.pollIntervalMs,
  };
}

/** The 2026-07-28 Task: the same facts under the extension's field names. */
function modernTask(t: TaskRecord): Record<string, unknown> {
  return {
    taskId: t.taskId,
    status: t.status,
    ...(t.statusMessage !== undefined ? { statusMessage: t.statusMessage } : {}),
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: t.ttlMs,
    pollIntervalMs: t.pollIntervalMs,
  };
}

/** The tools/call answer that hands the client a task instead of a result. */
export function createdResult(t: TaskRecord, era: ProtocolEra): Record<string, unknown> {
  return era === 'modern' ? { resultType: 'task', ...modernTask(t) } : { task: legacyTask(t) };
}

/** tasks/get of 2026-07-28 (DetailedTask): the result, the error or the open questions, by status. */
function detailedTask(t: TaskRecord): Record<string, unknown> {
  return {
    ...modernTask(t),
    ...(t.status === 'completed' && t.result ? { result: t.result } : {}),
    ...(t.status === 'failed' && t.error ? { error: t.error } : {}),
    ...(t.status === 'input_required' && t.inputRequests ? { inputRequests: t.inputRequests } : {}),
  };
}

/** Whether a 2026-07-28 request declares the tasks extension among its client capabilities. */
export function declaresTasks(ctx: ServerContext): boolean {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  const capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

export function missingTasksExtension(message?: string): ProtocolError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    message ?? `This request needs the ${TASKS_EXTENSION} extension`,
  );
}

/** Unknown, expired and other principals' tasks all look the same: not found. */
async function owned(ctx: ServerContext, taskId: string): Promise<TaskRecord> {
  const task = await taskSettings.store.get(principalOf(ctx), taskId);
  if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task ${JSON.stringify(taskId)}`);
  return task;
}

function cancelled(t: TaskRecord): TaskRecord | undefined {
  if (TERMINAL.has(t.status)) return undefined;
  const { inputRequests: _q, inputResponses: _a, ...rest } = t;
  return {
    ...rest,
    status: 'cancelled',
    statusMessage: 'Cancelled by the client',
    lastUpdatedAt: new Date().toISOString(),
  };
}

/**
 * Rejects with `signal`'s reason once it aborts (at once when it already has), to race a wait against; one listener,
 * however often it is raced.
 */
export function whenAborted(signal: AbortSignal): Promise<never> {
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  // A rejection after the race was won by the wait is nobody's: it must not count as unhandled.
  aborted.catch(() => undefined);
  return aborted;
}

/** Resolves with the task once it is terminal (or rejects when it is gone or the request is cancelled). */
async function terminal(ctx: ServerContext, taskId: string): Promise<TaskRecord> {
  const owner = principalOf(ctx);
  // One listener for the whole wait: a task that runs for an hour is looked at thousands of times.
  const aborted = whenAborted(ctx.mcpReq.signal);
  for (;;) {
    let wake!: () => void;
    const changed = new Promise<void>((resolve) => (wake = resolve));
    const unwatch = taskSettings.store.watch(taskId, () => wake());
    const timer = setTimeout(wake, taskSettings.pollIntervalMs); // a store without push notifications is polled
    try {
      const task = await taskSettings.store.get(owner, taskId);
      if (!task) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task ${JSON.stringify(taskId)}`);
      if (TERMINAL.has(task.status)) return task;
      await Promise.race([changed, aborted]);
    } finally {
      unwatch();
      clearTimeout(timer);
    }
  }
}

const listParams = fromJsonSchema<{ cursor?: string }>({ type: 'object', properties: { cursor: { type: 'string' } } });
const taskIdParams = fromJsonSchema<{ taskId: string }>({
  type: 'object',
  properties: { taskId: { type: 'string' } },
  required: ['taskId'],
});

export function installTaskMethods(server: McpServer, era: ProtocolEra): void {
  if (era === 'modern') installModern(server);
  else installLegacy(server);
}

function installLegacy(server: McpServer): void {
  const s = server.server;
  // The SDK's server typings leave the task methods out, so they are registered with their params schemas.
  s.setRequestHandler('tasks/get', { params: taskIdParams }, async ({ taskId }, ctx) =>
    legacyTask(await owned(ctx, taskId)),
  );
  s.setRequestHandler('tasks/result', { params: taskIdParams }, async ({ taskId }, ctx) => {
    const task = await terminal(ctx, taskId);
    // A tool error failed the task, and the call would have answered it as a result: so does tasks/result.
    if (task.status === 'failed' && !task.result)
      throw new ProtocolError(
        task.error?.code ?? ProtocolErrorCode.InternalError,
        task.error?.message ?? 'Task failed',
        task.error?.data,
      );
    if (task.status === 'cancelled')
      throw new ProtocolError(ProtocolErrorCode.InvalidRequest, `Task ${task.taskId} was cancelled`);
    const result = task.result ?? { content: [] };
    const meta = (result._meta ?? {}) as Record<string, unknown>;
    return { ...result, _meta: { ...meta, [RELATED_TASK_META_KEY]: { taskId: task.taskId } } };
  });
  s.setRequestHandler('tasks/list', { params: listParams }, async ({ cursor }, ctx) => {
    try {
      const page = await taskSettings.store.list(principalOf(ctx), cursor, LIST_PAGE);
      return { tasks: page.tasks.map(legacyTask), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
    } catch (error) {
      if (error instanceof RangeError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
      throw error;
    }
  });
  s.setRequestHandler('tasks/cancel', { params: taskIdParams }, async ({ taskId }, ctx) => {
    const task = await owned(ctx, taskId);
    if (TERMINAL.has(task.status))
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${task.taskId} is already ${task.status}`);
    const next = await taskSettings.store.update(principalOf(ctx), task.taskId, cancelled);
    return legacyTask(next ?? task);
  });
}

function installModern(server: McpServer): void {
  const s = server.server;
  s.setRequestHandler('tasks/get', { params: taskIdParams }, async ({ taskId }, ctx) => {
    if (!declaresTasks(ctx)) throw missingTasksExtension();
    return detailedTask(await owned(ctx, taskId));
  });
  s.setRequestHandler('tasks/update', { params: taskIdParams }, async ({ taskId }, ctx) => {
    if (!declaresTasks(ctx)) throw missingTasksExtension();
    const task = await owned(ctx, taskId);
    // The SDK lifts `inputResponses` out of the params (as for any 2026-07-28 request), keeping well-formed answers.
    const inputResponses = ctx.mcpReq.inputResponses ?? {};
    // Answered questions leave inputRequests at once, so the next tasks/get shows only what is still open; the
    // running handler takes the answers from inputResponses (and asks again if one does not fit).
    await taskSettings.store.update(principalOf(ctx), task.taskId, (t) => {
      const open = { ...(t.inputRequests ?? {}) };
      const answers = { ...(t.inputResponses ?? {}) };
      let taken = 0;
      for (const [key, answer] of Object.entries(inputResponses)) {
        if (!Object.hasOwn(open, key)) continue; // unknown keys are ignored
        delete open[key];
        answers[key] = answer;
        taken++;
      }
      if (taken === 0 || TERMINAL.has(t.status)) return undefined;
      const still = Object.keys(open).length > 0;
      return {
        ...t,
        inputRequests: still ? open : undefined,
        inputResponses: answers,
        status: still ? 'input_required' : 'working',
        lastUpdatedAt: new Date().toISOString(),
      };
    });
    return {};
  });
  s.setRequestHandler('tasks/cancel', { params: taskIdParams }, async ({ taskId }, ctx) => {
    if (!declaresTasks(ctx)) throw missingTasksExtension();
    const task = await owned(ctx, taskId);
    await taskSettings.store.update(principalOf(ctx), task.taskId, cancelled); // a terminal task stays as it is
    return {};
  });
}
