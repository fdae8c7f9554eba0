// Tools declared with `execution.taskSupport`, served for real over Streamable HTTP with bearer auth: in the 2025
// era (SDK client: task-augmented tools/call, notifications/tasks/status, tasks/get, tasks/result, tasks/list,
// tasks/cancel, questions from a task) and in 2026-07-28 (the tasks extension: CreateTaskResult, tasks/get with the
// result inlined, tasks/update, tasks/cancel; the SDK 2.4 client refuses `resultType: "task"`, so these requests
// are plain HTTP with the 2026-07-28 envelope). Tasks belong to the principal that started them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, fromJsonSchema, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';

const ALICE = 'alice-token-0123456789abcdef0123456789';
const BOB = 'bob-token-0123456789abcdef0123456789ab';
const CAROL = 'carol-token-0123456789abcdef01234567';
const DAVE = 'dave-token-0123456789abcdef012345678';
const EXT = 'io.modelcontextprotocol/tasks';

const MANIFEST = `version: 1
server: {name: tasks-e2e, version: 1.0.0}
transports: {stdio: false, http: true}
auth:
  type: bearer
  credentials:
    - {env: TASKS_E2E_ALICE, principal: alice}
    - {env: TASKS_E2E_BOB, principal: bob}
    - {env: TASKS_E2E_CAROL, principal: carol}
    - {env: TASKS_E2E_DAVE, principal: dave}
tools:
  crunch:
    description: Works through some steps, reporting progress
    inputSchema:
      type: object
      properties:
        steps: {type: integer, minimum: 0}
        stepMs: {type: integer, minimum: 0}
      required: [steps, stepMs]
    execution: {taskSupport: optional}
  approve:
    description: Asks for approval from within its task
    execution: {taskSupport: optional}
  quick:
    description: Never a task
  broken:
    description: Ends its task with a tool error or a protocol error
    inputSchema:
      type: object
      properties:
        how: {type: string, enum: [tool, protocol]}
      required: [how]
    execution: {taskSupport: optional}
  wobble:
    description: Reports progress that goes back, stands still and is not a number
    execution: {taskSupport: optional}
`;
const CRUNCH = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
import { setTimeout as sleep } from 'node:timers/promises';
export const crunch: ToolHandler<'crunch'> = async (input, ctx) => {
  for (let step = 1; step <= input.steps; step++) {
    await sleep(input.stepMs, undefined, { signal: ctx.signal });
    await ctx.progress(step, input.steps, \`step \${step}\`);
  }
  return text(\`crunched \${input.steps} as \${ctx.task.id ?? 'a request'}\`);
};
`;
const APPROVE = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const approve: ToolHandler<'approve'> = async (_input, ctx) => {
  await ctx.task.start();
  const answer = await ctx.elicit({ message: 'Approve?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] } });
  return text(answer.action === 'accept' && answer.content?.ok === true ? 'approved' : 'refused');
};
`;
const QUICK = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const quick: ToolHandler<'quick'> = async () => text('quick');
`;

const BROKEN = `import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ToolHandler } from '../../generated/types.gen.js';
import { toolError } from '../../generated/context.gen.js';
export const broken: ToolHandler<'broken'> = async (input, ctx) => {
  await ctx.task.start();
  await new Promise((r) => setTimeout(r, 50));
  if (input.how === 'tool') return toolError('No data for that day');
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Upstream refused the day');
};
`;

const WOBBLE = `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';
export const wobble: ToolHandler<'wobble'> = async (_input, ctx) => {
  for (const p of [1, 1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 2]) await ctx.progress(p, 10, \`at \${p}\`);
  return text('wobbled');
};
`;

// At most three working tasks and 25 kept tasks per caller, so that the limits can be reached in a test.
const LIFECYCLE = `import { configureTasks } from './generated/runtime/tasks.gen.js';
export interface AppContext {}
export async function onStart(): Promise<AppContext> {
  configureTasks({ maxConcurrentPerOwner: 3, maxTasksPerOwner: 25 });
  return {};
}
export async function onShutdown(_app: AppContext): Promise<void> {}
`;
const tooManyTasks = {
  code: -32003,
  message: 'Too many tasks working: at most 3 at once per caller; try again later',
  data: { reason: 'maxConcurrentTasks', maxConcurrentTasks: 3 },
};

const anyResult = fromJsonSchema<Record<string, any>>({ type: 'object' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: RunningHttp;
beforeAll(async () => {
  const dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/crunch.ts'), CRUNCH);
  writeFileSync(join(dir, 'src/handlers/tools/approve.ts'), APPROVE);
  writeFileSync(join(dir, 'src/handlers/tools/quick.ts'), QUICK);
  writeFileSync(join(dir, 'src/handlers/tools/broken.ts'), BROKEN);
  writeFileSync(join(dir, 'src/handlers/tools/wobble.ts'), WOBBLE);
  writeFileSync(join(dir, 'src/lifecycle.ts'), LIFECYCLE);
  buildProject(dir);
  process.env.TASKS_E2E_ALICE = ALICE;
  process.env.TASKS_E2E_BOB = BOB;
  process.env.TASKS_E2E_CAROL = CAROL;
  process.env.TASKS_E2E_DAVE = DAVE;
  server = await startHttpServer(dir);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('2025-11-25 tasks (SDK client)', () => {
  const statuses = new Map<string, string[]>();
  async function connect(token: string, elicit?: () => Record<string, unknown>): Promise<Client> {
    const client = new Client({ name: 'tasks-e2e', version: '1.0.0' }, { capabilities: elicit ? { elicitation: { form: {} } } : {} });
    client.setNotificationHandler('notifications/tasks/status', (n) => {
      const { taskId, status } = n.params as { taskId: string; status: string };
      statuses.set(taskId, [...(statuses.get(taskId) ?? []), status]);
    });
    if (elicit) client.setRequestHandler('elicitation/create', async () => elicit() as never);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    return client;
  }
  const call = (c: Client, name: string, args: object, task?: object) =>
    c.request({ method: 'tools/call', params: { name, arguments: args, ...(task ? { task } : {}) } }, anyResult);
  const get = (c: Client, taskId: string) => c.request({ method: 'tasks/get', params: { taskId } }, anyResult);
  async function until(c: Client, taskId: string, done: (status: string) => boolean): Promise<Record<string, any>> {
    for (const start = Date.now(); Date.now() - start < 15_000; await sleep(50)) {
      const task = await get(c, taskId);
      if (done(task.status)) return task;
    }
    throw new Error(`task ${taskId} never got there`);
  }

  let alice: Client;
  let bob: Client;
  beforeAll(async () => {
    alice = await connect(ALICE);
    bob = await connect(BOB);
  });
  afterAll(async () => {
    await alice?.close();
    await bob?.close();
  });

  it('publishes the tools execution and the tasks capability', async () => {
    const { tools } = await alice.listTools();
    expect(tools.find((t) => t.name === 'crunch')?.execution).toEqual({ taskSupport: 'optional' });
    expect(tools.find((t) => t.name === 'quick')?.execution).toBeUndefined();
    expect(alice.getServerCapabilities()?.tasks).toEqual({ list: {}, cancel: {}, requests: { tools: { call: {} } } });
  });

  it('starts a task, reports its status, and hands over the result', async () => {
    const created = await call(alice, 'crunch', { steps: 3, stepMs: 150 }, { ttl: 60_000 });
    const { taskId, status, ttl, pollInterval } = created.task;
    expect({ status, ttl, pollInterval }).toEqual({ status: 'working', ttl: 60_000, pollInterval: 1000 });
    const working = await until(alice, taskId, (s) => s === 'working');
    expect(working.taskId).toBe(taskId);
    const result = await alice.request({ method: 'tasks/result', params: { taskId } }, anyResult); // waits for the end
    expect(result.content).toEqual([{ type: 'text', text: `crunched 3 as ${taskId}` }]);
    expect(result._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId });
    const done = await get(alice, taskId);
    expect(done).toMatchObject({ status: 'completed', statusMessage: 'step 3' });
    await sleep(100);
    expect(statuses.get(taskId)?.at(-1)).toBe('completed');
    const { tasks } = await alice.request({ method: 'tasks/list', params: {} }, anyResult);
    expect(tasks.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
  });

  // tasks/result looks at the task at every change: it used to add a listener to the request's signal each time, and
  // Node warned of a leak past ten.
  it('waits for a task that changes many times without piling listeners on the request', async () => {
    let stderr = '';
    const hear = (chunk: Buffer) => void (stderr += chunk.toString());
    server.child.stderr!.on('data', hear);
    try {
      const { task } = await call(alice, 'crunch', { steps: 30, stepMs: 20 }, {});
      const result = await alice.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult);
      expect(result.content).toEqual([{ type: 'text', text: `crunched 30 as ${task.taskId}` }]);
      await sleep(100);
      expect(stderr).not.toMatch(/MaxListenersExceeded/);
    } finally {
      server.child.stderr!.off('data', hear);
    }
  });

  // The spec: receivers SHOULD "enforce limits on concurrent tasks per requestor". Without one, a client could start
  // tasks without end, each holding its handler, for up to a day.
  it("refuses a task past the caller's limit of working tasks, and takes one again once a task has ended", async () => {
    const carol = await connect(CAROL);
    try {
      const started = [];
      for (let i = 0; i < 3; i++) started.push((await call(carol, 'crunch', { steps: 100, stepMs: 100 }, {})).task.taskId);
      await expect(call(carol, 'crunch', { steps: 1, stepMs: 1 }, {})).rejects.toMatchObject(tooManyTasks);
      // Another caller has a limit of its own.
      const other = await call(bob, 'crunch', { steps: 1, stepMs: 1 }, {});
      expect(other.task.status).toBe('working');
      await carol.request({ method: 'tasks/cancel', params: { taskId: started[0] } }, anyResult);
      let again: Record<string, any> | undefined;
      for (let tries = 0; tries < 40 && !again; tries++) {
        await sleep(50);
        again = await call(carol, 'crunch', { steps: 1, stepMs: 1 }, {}).catch(() => undefined);
      }
      expect(again?.task.status).toBe('working');
      for (const taskId of started.slice(1)) await carol.request({ method: 'tasks/cancel', params: { taskId } }, anyResult);
    } finally {
      await carol.close();
    }
  });

  // A finished task keeps its result until its TTL runs out (up to a day): 2,000 of them held 246 MB. Finished tasks
  // therefore count against the caller's cap until they expire.
  it('refuses one more task to a caller holding maxTasksPerOwner tasks, finished ones included; others still have room', async () => {
    const dave = await connect(DAVE);
    try {
      for (let i = 0; i < 25; i++) {
        const { task } = await call(dave, 'crunch', { steps: 0, stepMs: 0 }, {});
        await until(dave, task.taskId, (s) => s === 'completed');
      }
      await expect(call(dave, 'crunch', { steps: 0, stepMs: 0 }, {})).rejects.toMatchObject({
        code: -32003,
        message: 'Too many tasks: at most 25 per caller, kept until they expire, finished ones included; try again later',
        data: { reason: 'maxTasks', maxTasks: 25 },
      });
      const { tasks } = await dave.request({ method: 'tasks/list', params: {} }, anyResult);
      expect(tasks).toHaveLength(25);
      expect(tasks.every((t: { status: string }) => t.status === 'completed')).toBe(true);
      expect((await call(bob, 'crunch', { steps: 0, stepMs: 0 }, {})).task.status).toBe('working');
    } finally {
      await dave.close();
    }
  });

  it('cancels a running task for good', async () => {
    const { task } = await call(alice, 'crunch', { steps: 100, stepMs: 100 }, {});
    const cancelled = await alice.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, anyResult);
    expect(cancelled.status).toBe('cancelled');
    await sleep(300);
    expect((await get(alice, task.taskId)).status).toBe('cancelled');
    await expect(alice.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, anyResult)).rejects.toMatchObject({
      code: -32602,
    });
    await expect(alice.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult)).rejects.toThrow(/cancelled/);
  });

  it("keeps one principal's tasks from another", async () => {
    const { task } = await call(alice, 'crunch', { steps: 1, stepMs: 10 }, {});
    await until(alice, task.taskId, (s) => s === 'completed');
    await expect(get(bob, task.taskId)).rejects.toMatchObject({ code: -32602 });
    await expect(bob.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult)).rejects.toMatchObject({
      code: -32602,
    });
    await expect(bob.request({ method: 'tasks/cancel', params: { taskId: task.taskId } }, anyResult)).rejects.toMatchObject({
      code: -32602,
    });
    const { tasks } = await bob.request({ method: 'tasks/list', params: {} }, anyResult);
    expect(tasks.map((t: { taskId: string }) => t.taskId)).not.toContain(task.taskId);
  });

  it('forgets a task when its TTL has passed', async () => {
    const { task } = await call(alice, 'crunch', { steps: 1, stepMs: 10 }, { ttl: 600 });
    expect(task.ttl).toBe(600);
    expect((await until(alice, task.taskId, (s) => s === 'completed')).status).toBe('completed');
    await sleep(800);
    await expect(get(alice, task.taskId)).rejects.toMatchObject({ code: -32602 });
  });

  it('runs an ordinary call without a task, and refuses a task for a tool without task support', async () => {
    expect((await alice.callTool({ name: 'crunch', arguments: { steps: 1, stepMs: 1 } })).content).toEqual([
      { type: 'text', text: 'crunched 1 as a request' },
    ]);
    await expect(call(alice, 'quick', {}, {})).rejects.toMatchObject({ code: -32601 });
  });

  // 2025-11-25: "when the tool result has isError set to true, the task should reach failed status", and tasks/result
  // answers what the call would have: the tool error as a result, a protocol error as that error.
  it('fails a task on a tool error or a protocol error, with a status message', async () => {
    const { task: toolFailed } = await call(alice, 'broken', { how: 'tool' }, {});
    const toolResult = await alice.request({ method: 'tasks/result', params: { taskId: toolFailed.taskId } }, anyResult);
    expect(toolResult).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No data for that day' }] });
    expect(toolResult._meta['io.modelcontextprotocol/related-task']).toEqual({ taskId: toolFailed.taskId });
    expect(await get(alice, toolFailed.taskId)).toMatchObject({
      status: 'failed',
      statusMessage: 'Tool error: No data for that day',
    });
    const { task: crashed } = await call(alice, 'broken', { how: 'protocol' }, {});
    await expect(alice.request({ method: 'tasks/result', params: { taskId: crashed.taskId } }, anyResult)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Upstream refused the day'),
    });
    expect(await get(alice, crashed.taskId)).toMatchObject({ status: 'failed', statusMessage: 'Upstream refused the day' });
    await sleep(100);
    expect(statuses.get(toolFailed.taskId)?.at(-1)).toBe('failed');
  });

  // "The progress value MUST increase with each notification": a handler's value that does not, or is not a finite
  // number (JSON would carry NaN as null), is not sent, in a request as in a task.
  it('sends only progress that increases', async () => {
    const heard: number[] = [];
    await alice.callTool({ name: 'wobble', arguments: {} }, { onprogress: (p) => void heard.push(p.progress) });
    expect(heard).toEqual([1, 2]);
    const inTask: unknown[] = [];
    alice.setNotificationHandler('notifications/progress', (n) => void inTask.push(n.params.progress));
    const { task } = await alice.request(
      { method: 'tools/call', params: { name: 'wobble', arguments: {}, task: {}, _meta: { progressToken: 'wobble-task' } } },
      anyResult,
    );
    await alice.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult);
    await sleep(100);
    expect(inTask).toEqual([1, 2]);
  });

  it('asks the client from within a task', async () => {
    const client = await connect(ALICE, () => ({ action: 'accept', content: { ok: true } }));
    try {
      const { task } = await call(client, 'approve', {}, {});
      const result = await client.request({ method: 'tasks/result', params: { taskId: task.taskId } }, anyResult);
      expect(result.content).toEqual([{ type: 'text', text: 'approved' }]);
      expect(statuses.get(task.taskId)).toContain('input_required');
    } finally {
      await client.close();
    }
  });
});

describe('2026-07-28 tasks extension', () => {
  let id = 0;
  /** One 2026-07-28 request: the standard headers and the `_meta` envelope, as a client of that revision sends them. */
  async function rpc(token: string, method: string, params: Record<string, unknown>, extensions: object = { [EXT]: {} }) {
    const name = method === 'tools/call' ? params.name : params.taskId;
    const res = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${token}`,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method,
        params: {
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientInfo': { name: 'tasks-e2e', version: '1.0.0' },
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions },
          },
        },
      }),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('text/event-stream')
      ? JSON.parse(
          text
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .at(-1)!
            .slice(5),
        )
      : JSON.parse(text);
    return json as { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
  }
  async function until(taskId: string, done: (t: Record<string, any>) => boolean): Promise<Record<string, any>> {
    for (const start = Date.now(); Date.now() - start < 15_000; await sleep(50)) {
      const { result } = await rpc(ALICE, 'tasks/get', { taskId });
      if (result && done(result)) return result;
    }
    throw new Error(`task ${taskId} never got there`);
  }

  it('turns a long call into a task and inlines its result in tasks/get', async () => {
    const { result: created } = await rpc(ALICE, 'tools/call', { name: 'crunch', arguments: { steps: 3, stepMs: 150 } });
    expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 3_600_000, pollIntervalMs: 1000 });
    expect(created).not.toHaveProperty('content');
    const taskId = created!.taskId as string;
    expect((await rpc(ALICE, 'tasks/get', { taskId })).result).toMatchObject({ resultType: 'complete', taskId, status: 'working' });
    const done = await until(taskId, (t) => t.status === 'completed');
    expect(done.result.content).toEqual([{ type: 'text', text: `crunched 3 as ${taskId}` }]);
    expect((await rpc(BOB, 'tasks/get', { taskId })).error?.code).toBe(-32602);
    expect((await rpc(BOB, 'tasks/cancel', { taskId })).error?.code).toBe(-32602);
  });

  it('answers a quick call at once, and without the extension runs calls synchronously', async () => {
    expect((await rpc(ALICE, 'tools/call', { name: 'crunch', arguments: { steps: 0, stepMs: 0 } })).result).toMatchObject({
      resultType: 'complete',
      content: [{ text: 'crunched 0 as a request' }],
    });
    expect((await rpc(ALICE, 'tools/call', { name: 'crunch', arguments: { steps: 2, stepMs: 100 } }, {})).result).toMatchObject({
      resultType: 'complete',
      content: [{ text: 'crunched 2 as a request' }],
    });
    const refused = await rpc(ALICE, 'tasks/get', { taskId: 'x' }, {});
    expect(refused.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { extensions: { [EXT]: {} } } } });
    expect((await rpc(ALICE, 'tasks/list', {})).error?.code).toBe(-32601);
    expect((await rpc(ALICE, 'tasks/result', { taskId: 'x' })).error?.code).toBe(-32601);
  });

  it('waits in input_required for tasks/update', async () => {
    const { result: created } = await rpc(ALICE, 'tools/call', { name: 'approve', arguments: {} });
    const taskId = created!.taskId as string;
    const asking = await until(taskId, (t) => t.status === 'input_required');
    const [key] = Object.keys(asking.inputRequests);
    expect(asking.inputRequests[key]).toMatchObject({ method: 'elicitation/create', params: { message: 'Approve?' } });
    // An answer that does not fit the question is asked again.
    expect(
      (await rpc(ALICE, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { ok: 'yes' } } } })).result,
    ).toMatchObject({ resultType: 'complete' });
    expect((await until(taskId, (t) => t.status === 'input_required')).inputRequests).toHaveProperty(key);
    await rpc(ALICE, 'tasks/update', { taskId, inputResponses: { [key]: { action: 'accept', content: { ok: true } } } });
    expect((await until(taskId, (t) => t.status === 'completed')).result.content).toEqual([{ type: 'text', text: 'approved' }]);
  });

  // SEP-2663: a tool error completes the task (failed is for protocol errors only), which then carries the error.
  it('completes a task on a tool error and fails it on a protocol error', async () => {
    const tool = (await rpc(ALICE, 'tools/call', { name: 'broken', arguments: { how: 'tool' } })).result!;
    expect(tool).toMatchObject({ resultType: 'task', status: 'working' });
    expect((await until(tool.taskId, (t) => t.status !== 'working')).result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'No data for that day' }],
    });
    expect((await rpc(ALICE, 'tasks/get', { taskId: tool.taskId })).result?.status).toBe('completed');
    const crash = (await rpc(ALICE, 'tools/call', { name: 'broken', arguments: { how: 'protocol' } })).result!;
    expect(await until(crash.taskId, (t) => t.status !== 'working')).toMatchObject({
      status: 'failed',
      statusMessage: 'Upstream refused the day',
      error: { code: -32602, message: 'Upstream refused the day' },
    });
  });

  it("refuses a call past the caller's limit of working tasks", async () => {
    const started: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { result } = await rpc(CAROL, 'tools/call', { name: 'crunch', arguments: { steps: 100, stepMs: 100 } });
      started.push(result!.taskId as string);
    }
    const refused = await rpc(CAROL, 'tools/call', { name: 'crunch', arguments: { steps: 0, stepMs: 0 } });
    expect(refused.error).toEqual(tooManyTasks);
    for (const taskId of started) await rpc(CAROL, 'tasks/cancel', { taskId });
    let answered: Record<string, any> | undefined;
    for (let tries = 0; tries < 40 && !answered; tries++) {
      await sleep(50);
      answered = (await rpc(CAROL, 'tools/call', { name: 'crunch', arguments: { steps: 0, stepMs: 0 } })).result;
    }
    expect(answered).toMatchObject({ content: [{ type: 'text', text: 'crunched 0 as a request' }] });
  });

  it('cancels a task', async () => {
    const { result: created } = await rpc(ALICE, 'tools/call', { name: 'crunch', arguments: { steps: 100, stepMs: 100 } });
    const taskId = created!.taskId as string;
    const ack = (await rpc(ALICE, 'tasks/cancel', { taskId })).result;
    expect(ack).toMatchObject({ resultType: 'complete' });
    expect(ack).not.toHaveProperty('status');
    await sleep(300);
    expect((await rpc(ALICE, 'tasks/get', { taskId })).result).toMatchObject({ status: 'cancelled' });
  });
});
