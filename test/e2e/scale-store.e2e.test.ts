// The shared store under attack and at its limits, for real: two replicas of a generated server (scale.store redis,
// tasks, tool limits, bearer callers) on a real redis-server, one nginx in front. Tasks are answered by any replica
// (tasks/get, tasks/result, tasks/list, tasks/update, tasks/cancel), finished tasks count against their owner's cap,
// garbage published on every channel and planted at the keys the store reads harms nothing else, and a Redis out of
// memory (maxmemory, noeviction) refuses writes with a clean error while reads go on.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Client, fromJsonSchema, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { tempDir } from '../support/project.js';
import { binary, freePort, Nginx, RedisServer, Replica } from '../support/scale-cluster.js';
import { buildStoreProject, TASK_CAPS, TOKEN_ENV, TOKENS } from '../support/scale-tasks-project.js';

const missing = ['redis-server', 'nginx'].filter((name) => !binary(name));
if (missing.length) console.warn(`store e2e skipped: ${missing.join(' and ')} not installed (.ci/run installs them)`);

type RedisClient = import('ioredis').Redis;
const { Redis } = createRequire(join(depsDir(), 'node_modules', 'index.js'))('ioredis') as typeof import('ioredis');

const KEY = 'a-request-state-key-of-at-least-32-bytes-0123456789';
const PREFIX = 'mcp:store-attacks:';
const EXT = 'io.modelcontextprotocol/tasks';
const anyResult = fromJsonSchema<Record<string, any>>({ type: 'object' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const textOf = (result: { content?: unknown }) => (result.content as { text?: string }[])[0]?.text ?? '';

let dir: string;

/** A 2025-era SDK client of `token` on `url`, with its session id. */
async function legacy(url: string, token: string, elicit?: () => Record<string, unknown>) {
  const client = new Client({ name: 'store-e2e', version: '1.0.0' }, { capabilities: elicit ? { elicitation: { form: {} } } : {} });
  if (elicit) client.setRequestHandler('elicitation/create', async () => elicit() as never);
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return { client, sid: transport.sessionId! };
}

/** One raw JSON-RPC exchange: 2025-11-25 within session `sid`, or (no sid) a 2026-07-28 request with the envelope. */
async function rpc(url: string, token: string, method: string, params: Record<string, unknown>, sid?: string) {
  const name = method === 'tools/call' ? params.name : params.taskId;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${token}`,
  };
  if (sid) Object.assign(headers, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' });
  else
    Object.assign(headers, {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    });
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'store-e2e', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} }, extensions: { [EXT]: {} } },
  };
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: Math.floor(Math.random() * 1e9),
      method,
      params: sid ? params : { ...params, _meta: envelope },
    }),
  });
  const text = await response.text();
  const sse = text.split('\n').filter((l) => l.startsWith('data:') && l.length > 6);
  const body = JSON.parse(sse.length ? sse.at(-1)!.slice(5) : text || 'null');
  return { status: response.status, body } as {
    status: number;
    body: { result?: Record<string, any>; error?: { code: number; message: string; data?: any } };
  };
}

async function until<T>(get: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(50);
  }
}

beforeAll(() => {
  if (!missing.length) dir = buildStoreProject();
}, 300_000);

describe.skipIf(missing.length > 0)('tasks, caps and garbage on two replicas sharing redis-server', () => {
  let redis: RedisServer;
  let r1: Replica;
  let r2: Replica;
  let nginx: Nginx;
  let direct: RedisClient;
  const clients: Client[] = [];

  beforeAll(async () => {
    redis = new RedisServer(await freePort(), join(tempDir('mcp-gen-store-redis-'), 'data'));
    await redis.start();
    const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: KEY, ...TOKEN_ENV };
    [r1, r2] = [new Replica(dir, await freePort(), 'r1', env), new Replica(dir, await freePort(), 'r2', env)];
    await Promise.all([r1.start(), r2.start()]);
    nginx = new Nginx(await freePort(), tempDir('mcp-gen-store-nginx-'), [r1.port, r2.port]);
    await nginx.start();
    direct = new Redis(redis.url);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    direct?.disconnect();
    await nginx?.stop();
    await Promise.all([r1?.stop(), r2?.stop()]);
    await redis?.stop();
  });

  async function session(url: string, token: string, elicit?: () => Record<string, unknown>) {
    const made = await legacy(url, token, elicit);
    clients.push(made.client);
    return made;
  }

  it('2025-11-25: a task run on replica 1 is answered by replica 2 (tasks/get, tasks/result, tasks/list), to its owner only', async () => {
    const alice = await session(r1.url, TOKENS.alice);
    const created = await alice.client.request(
      { method: 'tools/call', params: { name: 'crunch', arguments: { steps: 3, stepMs: 100 }, task: { ttl: 60_000 } } },
      anyResult,
    );
    const { taskId } = created.task;
    const got = await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId }, alice.sid);
    expect(got.body.result).toMatchObject({ taskId, ttl: 60_000 });
    // tasks/result on replica 2 waits for the end of the run on replica 1.
    const result = await rpc(r2.url, TOKENS.alice, 'tasks/result', { taskId }, alice.sid);
    expect(result.body.result?.content).toEqual([{ type: 'text', text: 'crunched 3 on r1' }]);
    const listed = await rpc(r2.url, TOKENS.alice, 'tasks/list', {}, alice.sid);
    expect(listed.body.result?.tasks.map((t: { taskId: string }) => t.taskId)).toContain(taskId);
    expect((await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId }, alice.sid)).body.result).toMatchObject({
      status: 'completed',
      statusMessage: 'step 3',
    });
    const bob = await session(r2.url, TOKENS.bob);
    expect((await rpc(r2.url, TOKENS.bob, 'tasks/get', { taskId }, bob.sid)).body.error?.code).toBe(-32602);
    expect((await rpc(r1.url, TOKENS.bob, 'tasks/cancel', { taskId }, bob.sid)).body.error?.code).toBe(-32602);
    expect((await rpc(r1.url, TOKENS.bob, 'tasks/list', {}, bob.sid)).body.result?.tasks).toEqual([]);
  });

  it('2025-11-25: tasks/cancel on replica 2 stops the handler running on replica 1', async () => {
    const carol = await session(r1.url, TOKENS.carol);
    const start = () =>
      carol.client.request(
        { method: 'tools/call', params: { name: 'crunch', arguments: { steps: 200, stepMs: 100 }, task: {} } },
        anyResult,
      );
    // Replica 1 runs at most maxConcurrentPerOwner (2) of carol's handlers.
    const running = [(await start()).task.taskId, (await start()).task.taskId];
    await expect(start()).rejects.toMatchObject({ code: -32003, data: { reason: 'maxConcurrentTasks' } });
    const cancelled = await rpc(r2.url, TOKENS.carol, 'tasks/cancel', { taskId: running[0] }, carol.sid);
    expect(cancelled.body.result).toMatchObject({ taskId: running[0], status: 'cancelled' });
    // The cancel reached replica 1: its handler ended, so replica 1 takes another of carol's tasks.
    const again = await until(
      () =>
        start().then(
          (r) => r.task.taskId as string,
          () => undefined,
        ),
      (id) => id !== undefined,
      10_000,
    );
    expect(again).toBeDefined();
    for (const taskId of [running[1], again])
      expect((await rpc(r2.url, TOKENS.carol, 'tasks/cancel', { taskId }, carol.sid)).body.result?.status).toBe('cancelled');
    expect((await rpc(r1.url, TOKENS.carol, 'tasks/get', { taskId: running[0] }, carol.sid)).body.result?.status).toBe('cancelled');
  });

  it('2026-07-28: a task run on replica 1 shows its result on replica 2, and its question is answered there', async () => {
    const created = (await rpc(r1.url, TOKENS.alice, 'tools/call', { name: 'crunch', arguments: { steps: 3, stepMs: 150 } })).body.result!;
    expect(created).toMatchObject({ resultType: 'task', status: 'working' });
    const done = await until(
      async () => (await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId: created.taskId })).body.result!,
      (t) => t.status === 'completed',
    );
    expect(done.result.content).toEqual([{ type: 'text', text: 'crunched 3 on r1' }]);

    const asking = (await rpc(r1.url, TOKENS.alice, 'tools/call', { name: 'approve', arguments: {} })).body.result!;
    const waiting = await until(
      async () => (await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId: asking.taskId })).body.result!,
      (t) => t.status === 'input_required',
    );
    const [key] = Object.keys(waiting.inputRequests);
    const answer = { [key]: { action: 'accept', content: { ok: true } } };
    expect((await rpc(r2.url, TOKENS.alice, 'tasks/update', { taskId: asking.taskId, inputResponses: answer })).body.result).toBeDefined();
    const approved = await until(
      async () => (await rpc(r1.url, TOKENS.alice, 'tasks/get', { taskId: asking.taskId })).body.result!,
      (t) => t.status === 'completed',
    );
    expect(approved.result.content).toEqual([{ type: 'text', text: 'approved on r1' }]);
    // Through nginx, whichever replica it picks answers.
    for (let i = 0; i < 6; i++)
      expect((await rpc(nginx.url, TOKENS.alice, 'tasks/get', { taskId: asking.taskId })).body.result?.status).toBe('completed');
  });

  it('refuses one more task to an owner holding maxTasksPerOwner, finished ones included, on any replica; another owner still has room', async () => {
    const [bob1, bob2] = [await session(r1.url, TOKENS.bob), await session(r2.url, TOKENS.bob)];
    const call = (c: Client) =>
      c.request({ method: 'tools/call', params: { name: 'crunch', arguments: { steps: 0, stepMs: 0 }, task: {} } }, anyResult);
    for (let i = 0; i < TASK_CAPS.maxTasksPerOwner; i++) {
      const { taskId } = (await call(i % 2 ? bob2.client : bob1.client)).task;
      await until(
        async () => (await rpc(r1.url, TOKENS.bob, 'tasks/get', { taskId }, bob1.sid)).body.result?.status,
        (s) => s === 'completed',
      );
    }
    const refusal = {
      code: -32003,
      data: { reason: 'maxTasks', maxTasks: TASK_CAPS.maxTasksPerOwner },
      message: expect.stringContaining('Too many tasks'),
    };
    await expect(call(bob1.client)).rejects.toMatchObject(refusal);
    await expect(call(bob2.client)).rejects.toMatchObject(refusal);
    const modern = await rpc(r2.url, TOKENS.bob, 'tools/call', { name: 'crunch', arguments: { steps: 2, stepMs: 200 } });
    expect(modern.body.error).toMatchObject({ code: -32003, data: { reason: 'maxTasks' } });
    const listed = await rpc(r2.url, TOKENS.bob, 'tasks/list', {}, bob2.sid);
    expect(listed.body.result?.tasks).toHaveLength(TASK_CAPS.maxTasksPerOwner);
    const alice = await session(r2.url, TOKENS.alice);
    expect((await call(alice.client)).task.status).toBe('working');
  });

  it('ignores garbage on every channel and at every key it reads: both replicas serve on, and nothing else changes', async () => {
    // What must not change: a session and a task of alice, and a session of bob.
    const alice = await session(r1.url, TOKENS.alice);
    expect(textOf(await alice.client.callTool({ name: 'echo', arguments: { text: 'before' } }))).toBe('before');
    const { taskId: kept } = (
      await alice.client.request(
        { method: 'tools/call', params: { name: 'crunch', arguments: { steps: 1, stepMs: 1 }, task: {} } },
        anyResult,
      )
    ).task;
    await until(
      async () => (await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId: kept }, alice.sid)).body.result?.status,
      (s) => s === 'completed',
    );
    const victim = await session(r2.url, TOKENS.bob);
    const snapshot = async () => ({
      session: await direct.hgetall(`${PREFIX}s:${alice.sid}`),
      task: await direct.hgetall(`${PREFIX}t:${kept}`),
      victim: await direct.hgetall(`${PREFIX}s:${victim.sid}`),
    });
    const before = await snapshot();
    const stderrBefore = [r1.stderr.length, r2.stderr.length];

    // Messages of every shape on every channel, the store's and one it does not use.
    const big = 'x'.repeat(5 * 1024 * 1024);
    const garbage: (string | Buffer)[] = [
      'garbage',
      'null',
      '{}',
      '[]',
      '1',
      '"text"',
      'true',
      '{"__proto__":{"polluted":true}}',
      '['.repeat(100_000),
      big,
      JSON.stringify(big),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      JSON.stringify({ sid: 1, kind: 'gone' }),
      JSON.stringify({ sid: alice.sid, kind: 'holder' }),
      JSON.stringify({ sid: alice.sid, kind: 'subs', uri: 5, on: 'yes' }),
      JSON.stringify({ sid: alice.sid, kind: 'answer', message: null }),
      JSON.stringify({ sid: alice.sid, kind: 'answer', message: { jsonrpc: '2.0', id: {}, result: {} } }),
      JSON.stringify({ sid: alice.sid, kind: 'answer', message: { jsonrpc: '2.0', id: 1, method: 'x' } }),
      JSON.stringify({ kind: 'resource_updated' }),
      JSON.stringify({ kind: 'resource_updated', uri: { toString: 1 } }),
      JSON.stringify({ kind: 'tools_list_changed', params: 'x' }),
      JSON.stringify({ kind: 'nothing' }),
      JSON.stringify({ id: kept, v: 'NaN' }),
      JSON.stringify({ id: 5, v: 1 }),
      '{"id":"x","v":1e999}',
    ];
    for (const channel of ['sessions', 'events', 'tasks', 'other'])
      for (const message of garbage) await direct.publish(`${PREFIX}${channel}`, message);

    // Values of the wrong type or shape at the keys the store reads.
    const spare = await Promise.all([1, 2, 3, 4, 5].map(() => session(r1.url, TOKENS.alice)));
    await direct.del(`${PREFIX}s:${spare[0].sid}`);
    await direct.set(`${PREFIX}s:${spare[0].sid}`, 'garbage');
    await direct.hset(`${PREFIX}s:${spare[1].sid}`, 'client', 'not json');
    await direct.hset(`${PREFIX}s:${spare[2].sid}`, 'client', big);
    await direct.hset(`${PREFIX}s:${spare[3].sid}`, 'client', '{"protocolVersion":1,"capabilities":[],"clientInfo":null}');
    // A session whose list of event logs names keys of others: deleting it must delete nothing of theirs.
    await direct.sadd(`${PREFIX}s:${spare[4].sid}:streams`, `${PREFIX}s:${victim.sid}`, `${PREFIX}t:${kept}`, `${PREFIX}s:${alice.sid}`);
    await direct.set(`${PREFIX}p:client:carol`, 'garbage');
    await direct.set(`${PREFIX}c:single\u0000`, 'garbage');
    await direct.set(`${PREFIX}t:planted-1`, 'garbage');
    await direct.hset(`${PREFIX}t:planted-2`, 'v', '1', 'r', '{"taskId":"planted-2"}');
    await direct.hset(`${PREFIX}t:planted-3`, 'v', '1', 'r', (await direct.hget(`${PREFIX}t:${kept}`, 'r'))!);
    await direct.hset(`${PREFIX}t:planted-4`, 'v', 'x', 'r', big);
    await direct.set(`${PREFIX}to:client:carol`, 'garbage');
    await direct.del(`${PREFIX}tx:client:carol`);
    await direct.hset(`${PREFIX}tx:client:carol`, 'a', 'b');

    // A record of the wrong type is no session (404 everywhere); one that cannot be read cannot be rebuilt on
    // another replica (404), while the replica serving it needs nothing from it and goes on.
    for (const r of [r1, r2]) expect((await rpc(r.url, TOKENS.alice, 'tools/list', {}, spare[0].sid)).status).toBe(404);
    for (const { sid } of spare.slice(1, 4)) {
      expect((await rpc(r2.url, TOKENS.alice, 'tools/list', {}, sid)).status).toBe(404);
      expect((await rpc(r1.url, TOKENS.alice, 'tools/list', {}, sid)).status).toBe(200);
    }
    const deleted = await fetch(r2.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKENS.alice}`, 'mcp-session-id': spare[4].sid, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(deleted.status).toBe(200);
    // Planted tasks are unknown tasks.
    for (const taskId of ['planted-1', 'planted-2', 'planted-3', 'planted-4'])
      expect((await rpc(r2.url, TOKENS.alice, 'tasks/get', { taskId }, alice.sid)).body.error?.code).toBe(-32602);
    // A counter, a session index and task indexes of the wrong type are set right: the limit holds again.
    const singles = await Promise.all(
      [0, 1].map(() =>
        rpc(r1.url, TOKENS.carol, 'tools/call', { name: 'single', arguments: { ms: 300 } }).then((r) => r.body.error?.data?.reason ?? 'ok'),
      ),
    );
    expect(singles.sort()).toEqual(['maxConcurrency', 'ok']);
    const carol = await session(r2.url, TOKENS.carol);
    expect((await rpc(r2.url, TOKENS.carol, 'tasks/list', {}, carol.sid)).body.result?.tasks).toBeDefined();

    // Both replicas are up and serve: the kept session on either, a new session, the kept task.
    for (const r of [r1, r2]) {
      expect(r.child?.exitCode ?? null).toBeNull();
      expect(r.exits).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${r.port}/readyz`)).status).toBe(200);
      const call = await rpc(r.url, TOKENS.alice, 'tools/call', { name: 'echo', arguments: { text: r.name } }, alice.sid);
      expect(call.body.result?.content).toEqual([{ type: 'text', text: r.name }]);
      expect((await rpc(r.url, TOKENS.bob, 'tools/list', {}, victim.sid)).status).toBe(200);
    }
    expect(textOf(await (await session(nginx.url, TOKENS.alice)).client.callTool({ name: 'echo', arguments: { text: 'new' } }))).toBe(
      'new',
    );
    expect((await rpc(r1.url, TOKENS.alice, 'tasks/get', { taskId: kept }, alice.sid)).body.result?.status).toBe('completed');
    expect(await snapshot()).toEqual(before);

    // Logged, but once per kind a minute and clipped: 5 MB of garbage does not become 5 MB of log.
    for (const [i, r] of [r1, r2].entries()) {
      const log = r.stderr.slice(stderrBefore[i]);
      const lines = log.split('\n').filter((l) => l.includes('state store: ignored a malformed'));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.length).toBeLessThanOrEqual(8);
      for (const line of log.split('\n')) expect(line.length).toBeLessThan(2_000);
    }
  });
});

describe.skipIf(missing.length > 0)('a Redis out of memory (maxmemory 4mb, noeviction)', () => {
  let redis: RedisServer;
  let q1: Replica;
  let q2: Replica;
  let direct: RedisClient;

  beforeAll(async () => {
    const extra = ['--maxmemory', '4mb', '--maxmemory-policy', 'noeviction'];
    redis = new RedisServer(await freePort(), join(tempDir('mcp-gen-full-redis-'), 'data'), extra);
    await redis.start();
    const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: KEY, ...TOKEN_ENV };
    [q1, q2] = [new Replica(dir, await freePort(), 'q1', env), new Replica(dir, await freePort(), 'q2', env)];
    await Promise.all([q1.start(), q2.start()]);
    direct = new Redis(redis.url);
  });

  afterAll(async () => {
    direct?.disconnect();
    await Promise.all([q1?.stop(), q2?.stop()]);
    await redis?.stop();
  });

  const initialize = (clientInfo: Record<string, unknown>) =>
    fetch(q1.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        authorization: `Bearer ${TOKENS.alice}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo },
      }),
    });

  it('keeps only what a takeover needs, and refuses an initialize whose kept part is past 16 KiB', async () => {
    const keys = await direct.dbsize();
    const refused = await initialize({ name: 'big', version: '1', description: 'd'.repeat(20_000) });
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(body.error.message).toMatch(/capabilities and clientInfo take \d+ bytes; a session keeps at most 16384/);
    expect(await direct.dbsize()).toBe(keys);
    const { client, sid } = await legacy(q1.url, TOKENS.alice);
    const record = await direct.hgetall(`${PREFIX}s:${sid}`);
    expect(Object.keys(record).sort()).toEqual(['client', 'holder', 'principal']);
    expect(JSON.parse(record.client)).toEqual({
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'store-e2e', version: '1.0.0' },
    });
    await client.close();
  });

  it('refuses writes with a clean error when full, and goes on serving what only reads', async () => {
    const { client, sid } = await legacy(q1.url, TOKENS.alice);
    // Fill it up with somebody else's data, down to the last byte (a refused big write leaves room for small ones).
    let n = 0;
    for (const size of [64 * 1024, 4096, 256, 1])
      while (
        await direct.set(`junk:${n++}`, 'j'.repeat(size)).then(
          () => true,
          (e: Error) => !/OOM/.test(e.message),
        )
      );
    // Client buffers come and go by kilobytes around the line: full with a margin, whatever they do.
    const used = Number(/used_memory:(\d+)/.exec(await direct.info('memory'))![1]);
    await direct.config('SET', 'maxmemory', String(used - 512 * 1024));
    const keys = await direct.dbsize();

    for (let i = 0; i < 10; i++) {
      const refused = await initialize({ name: 'late', version: '1' });
      expect(refused.status).toBe(503);
      const body = await refused.json();
      expect(body.error).toMatchObject({ code: -32005, message: expect.stringMatching(/full/) });
    }
    // Writes of a limited tool and of a task are refused cleanly too.
    const limited = await rpc(q1.url, TOKENS.alice, 'tools/call', { name: 'single', arguments: { ms: 1 } });
    expect(limited.body.error).toMatchObject({ code: -32005, data: { reason: 'storeUnavailable' } });
    const task = await rpc(q2.url, TOKENS.alice, 'tools/call', { name: 'crunch', arguments: { steps: 3, stepMs: 200 } });
    expect(task.body.error).toMatchObject({ code: -32005 });
    expect(await direct.dbsize()).toBe(keys);

    // Reads go on: the session on its replica, rebuilt on the other, and a stateless call.
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still' } }))).toBe('still');
    const elsewhere = await rpc(q2.url, TOKENS.alice, 'tools/call', { name: 'echo', arguments: { text: 'q2' } }, sid);
    expect(elsewhere, q2.stderr).toMatchObject({ body: { result: { content: [{ type: 'text', text: 'q2' }] } } });
    expect((await rpc(q2.url, TOKENS.alice, 'tools/list', {}, sid)).body.result?.tools).toHaveLength(5);
    const stateless = await rpc(q1.url, TOKENS.bob, 'tools/call', { name: 'echo', arguments: { text: 'modern' } });
    expect(stateless.body.result?.content).toEqual([{ type: 'text', text: 'modern' }]);
    for (const r of [q1, q2]) {
      expect(r.exits).toEqual([]);
      expect((await fetch(`http://127.0.0.1:${r.port}/readyz`)).status).toBe(200);
    }

    // Room again: writes work again.
    await direct.config('SET', 'maxmemory', '4mb');
    const junk = await direct.keys('junk:*');
    for (let i = 0; i < junk.length; i += 100) await direct.del(...junk.slice(i, i + 100));
    expect((await initialize({ name: 'after', version: '1' })).status).toBe(200);
    await client.close();
  });
});
