// Three replicas of a generated server (scale.store redis) behind nginx, sharing a real redis-server, all on
// loopback: sessions move between replicas, streams resume on another replica, limits count across them,
// notifications reach subscribers on any replica, answers to questions land anywhere, a replica restarts under
// load and Redis goes away for 5 s, without a call run twice or a lost session.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binary, freePort, Nginx, RedisServer, Replica } from '../support/scale-cluster.js';
import { buildScaledProject } from '../support/scale-project.js';
import { tempDir, type Era } from '../support/project.js';

const missing = ['redis-server', 'nginx'].filter((name) => !binary(name));
if (missing.length)
  console.warn(`scale e2e skipped: ${missing.join(' and ')} not installed (.ci/run installs them: apt-get install redis-server nginx)`);

const KEY = 'a-request-state-key-of-at-least-32-bytes-0123456789';
let dir: string;
let redis: RedisServer;
let replicas: Replica[];
let nginx: Nginx;
const textOf = (result: { content?: unknown }) => (result.content as { text?: string }[])[0]?.text ?? '';

function client(era: Era, url: string, fetchImpl?: typeof fetch): { client: Client; transport: StreamableHTTPClientTransport } {
  const c = new Client(
    { name: `scale-${era}`, version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } }, ...(era === 'modern' ? { versionNegotiation: { mode: 'auto' as const } } : {}) },
  );
  c.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
  const transport = new StreamableHTTPClientTransport(new URL(url), fetchImpl ? { fetch: fetchImpl } : undefined);
  return { client: c, transport };
}

async function connected(era: Era, url: string, fetchImpl?: typeof fetch) {
  const made = client(era, url, fetchImpl);
  await made.client.connect(made.transport);
  return made;
}

/**
 * One JSON-RPC exchange with a chosen replica, outside any SDK client: the answer's JSON (from JSON or SSE). An array
 * is sent as it is, as a batch.
 */
async function rpc(url: string, sid: string, message: object): Promise<{ status: number; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-session-id': sid,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(Array.isArray(message) ? message : { jsonrpc: '2.0', ...message }),
  });
  const text = await response.text();
  const data = text
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l.length > 6)
    .map((l) => JSON.parse(l.slice(6)));
  return {
    status: response.status,
    body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text || 'null') : data.at(-1),
  };
}

/** A session's GET stream on one replica: collects `resources/updated` URIs with their event ids. */
function openStream(url: string, sid: string, lastEventId?: string) {
  const events: { id: string; uri: string }[] = [];
  const controller = new AbortController();
  const opened = fetch(url, {
    headers: {
      accept: 'text/event-stream',
      'mcp-session-id': sid,
      'mcp-protocol-version': '2025-11-25',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  }).then(async (response) => {
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const id = /^id: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.+)$/m.exec(frame)?.[1];
          if (id && data) events.push({ id, uri: JSON.parse(data).params?.uri });
        }
      }
    })();
  });
  return { events, opened, close: () => controller.abort() };
}

async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe.skipIf(missing.length > 0)('three replicas behind nginx sharing redis-server', () => {
  beforeAll(async () => {
    dir = buildScaledProject();
    redis = new RedisServer(await freePort(), join(tempDir('mcp-gen-redis-'), 'data'));
    await redis.start();
    const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: KEY };
    replicas = [];
    for (const name of ['r1', 'r2', 'r3']) replicas.push(new Replica(dir, await freePort(), name, env));
    await Promise.all(replicas.map((r) => r.start()));
    nginx = new Nginx(
      await freePort(),
      tempDir('mcp-gen-nginx-'),
      replicas.map((r) => r.port),
    );
    await nginx.start();
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all((replicas ?? []).map((r) => r.stop()));
    await redis?.stop();
  });

  it('refuses to start without MCP_REQUEST_STATE_KEY or MCP_STORE_URL, in one line naming the variable', async () => {
    for (const [unset, env] of [
      ['MCP_REQUEST_STATE_KEY', { MCP_STORE_URL: redis.url }],
      ['MCP_STORE_URL', { MCP_REQUEST_STATE_KEY: KEY }],
    ] as const) {
      const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', '0'],
          { env: { PATH: process.env.PATH, ...env }, timeout: 20_000 },
          (error, _out, err) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stderr: err }),
        );
      });
      expect(code).toBe(1);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(new RegExp(`^${unset} is not set`));
    }
  });

  it('5d: rateLimit {requests: 10, windowMs: 60000} admits exactly 10 calls spread over the three replicas', async () => {
    const clients = await Promise.all(replicas.map((r, i) => connected(i === 1 ? 'legacy' : 'modern', r.url)));
    const outcomes = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        clients[i % 3].client.callTool({ name: 'limited', arguments: {} }).then(
          () => 'ok',
          (error: { code?: number }) => String(error.code),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(10);
    expect(outcomes.filter((o) => o === '-32003')).toHaveLength(14);
    await Promise.all(clients.map((c) => c.client.close()));
  });

  it('5b: a 2025 session initialized on replica 1 is called on replica 2 and its stream resumes on replica 3, no event lost or repeated', async () => {
    const { client: c1, transport } = await connected('legacy', replicas[0].url);
    const sid = transport.sessionId!;
    const [r1, r2, r3] = replicas.map((r) => r.url);
    const called = await rpc(r2, sid, { id: 1, method: 'tools/call', params: { name: 'whoami', arguments: {} } });
    expect(called.body.result.content[0].text).toBe('r2');
    // The session rebuilt on replica 2 still knows it speaks 2025-11-25, which has no JSON-RPC batches.
    const bump = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'bump', arguments: { n: 9 } } };
    const batch = await rpc(r2, sid, [bump]);
    expect([batch.status, batch.body.error.code]).toEqual([400, -32600]);
    // A request id in use on the replica serving it is refused until its request is answered.
    const slow = rpc(r2, sid, { id: 3, method: 'tools/call', params: { name: 'wait', arguments: { ms: 400 } } });
    await new Promise((r) => setTimeout(r, 100));
    const duplicate = await rpc(r2, sid, { id: 3, method: 'ping' });
    expect([duplicate.status, duplicate.body.id, duplicate.body.error.code]).toEqual([400, 3, -32600]);
    expect((await slow).body.result.content[0].text).toBe('waited');
    expect((await rpc(r2, sid, { id: 3, method: 'ping' })).body.result).toEqual({});
    for (const n of [1, 2, 3, 4, 5])
      expect((await rpc(r3, sid, { id: 10 + n, method: 'resources/subscribe', params: { uri: `counter://${n}` } })).body.result).toEqual(
        {},
      );

    const first = openStream(r2, sid);
    await first.opened;
    await rpc(r1, sid, { id: 20, method: 'tools/call', params: { name: 'bump', arguments: { n: 1 } } });
    await until(() => first.events.length === 1);
    first.close();
    // While no stream is open: updates raised on replicas 1 and 3.
    await rpc(r1, sid, { id: 21, method: 'tools/call', params: { name: 'bump', arguments: { n: 2 } } });
    await rpc(r3, sid, { id: 22, method: 'tools/call', params: { name: 'bump', arguments: { n: 3 } } });
    const resumed = openStream(r3, sid, first.events[0].id);
    await resumed.opened;
    await rpc(r2, sid, { id: 23, method: 'tools/call', params: { name: 'bump', arguments: { n: 4 } } });
    await rpc(r1, sid, { id: 24, method: 'tools/call', params: { name: 'bump', arguments: { n: 5 } } });
    await until(() => resumed.events.length >= 4);
    await new Promise((r) => setTimeout(r, 300)); // a repeat would arrive by now
    resumed.close();
    expect(first.events.map((e) => e.uri)).toEqual(['counter://1']);
    expect(resumed.events.map((e) => e.uri)).toEqual(['counter://2', 'counter://3', 'counter://4', 'counter://5']);
    expect(new Set(resumed.events.map((e) => e.id)).size).toBe(4);

    // DELETE on one replica ends the session on every replica.
    const deleted = await fetch(r3, { method: 'DELETE', headers: { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' } });
    expect(deleted.status).toBe(200);
    for (const url of [r1, r2, r3]) expect((await rpc(url, sid, { id: 30, method: 'tools/list' })).status).toBe(404);
    await c1.close().catch(() => undefined);
  });

  it('5c: a subscriber on one replica hears, in order, every update raised by calls the other replicas serve (both eras)', async () => {
    const callers = await Promise.all([replicas[1], replicas[2]].map((r) => connected('modern', r.url)));
    for (const era of ['legacy', 'modern'] as const) {
      const { client: subscriber } = await connected(era, replicas[0].url);
      const heard: string[] = [];
      subscriber.setNotificationHandler('notifications/resources/updated', async (n) => void heard.push(n.params.uri));
      const uris = Array.from({ length: 12 }, (_, i) => `counter://${i}`);
      const listening = era === 'modern' ? await subscriber.listen({ resourceSubscriptions: uris }) : undefined;
      if (era === 'legacy') {
        for (const uri of uris) await subscriber.subscribeResource({ uri });
        await new Promise((r) => setTimeout(r, 200)); // the client's GET stream opens after the handshake
      }
      for (let i = 0; i < 12; i++)
        expect(textOf(await callers[i % 2].client.callTool({ name: 'bump', arguments: { n: i } }))).toBe(`bumped ${i} on r${2 + (i % 2)}`);
      await until(() => heard.length >= 12);
      expect(heard).toEqual(uris);
      await listening?.close();
      await subscriber.close();
    }
    await Promise.all(callers.map((c) => c.client.close()));
  });

  it('5e: an elicitation whose answer reaches a different replica completes (2025: server-to-client request; 2026: input-required)', async () => {
    const urls = replicas.map((r) => r.url);
    // 2025: every POST carrying an answer goes to replica 2; everything else to replica 1.
    const toAnswers: typeof fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      const answer = init?.method === 'POST' && /"result"|"error"/.test(body) && !/"method"/.test(body);
      return fetch(answer ? urls[1] : String(input), init);
    };
    const legacy = await connected('legacy', urls[0], toAnswers);
    expect(textOf(await legacy.client.callTool({ name: 'confirm', arguments: {} }))).toBe('accept {"ok":true} on r1');
    await legacy.client.close();

    // 2026: each POST goes to the next replica, so the retry carrying the answer lands elsewhere.
    let next = 0;
    const roundRobin: typeof fetch = (_input, init) => fetch(urls[next++ % 3], init);
    const modern = await connected('modern', urls[0], roundRobin);
    const before = next;
    const text = textOf(await modern.client.callTool({ name: 'confirm', arguments: {} }));
    expect(next - before).toBe(2);
    expect(text).toBe(`accept {"ok":true} on r${((before + 1) % 3) + 1}`);
    await modern.client.close();
  });

  // nginx sends no POST again once a replica had it (a tool would run twice), so the drain's one race shows: a POST
  // nginx writes on a pooled connection just as the draining replica closes it gets 502, without having run.
  it('5a: 20 clients x 100 calls per era through nginx while a replica drains on SIGTERM and restarts: every call answered once or refused unrun, no lost session', async () => {
    const eras = (['modern', 'legacy'] as const).flatMap((era) => Array.from({ length: 20 }, () => era));
    const clients = await Promise.all(eras.map((era) => connected(era, nginx.url)));
    const sessions = clients.map((c) => c.transport.sessionId);
    const failures: string[] = [];
    let done = 0;
    const load = Promise.all(
      clients.map(async ({ client: c }, i) => {
        for (let k = 0; k < 100; k++) {
          try {
            const text = textOf(await c.callTool({ name: 'echo', arguments: { text: `${i}:${k}` } }));
            if (text !== `${i}:${k}`) failures.push(`${eras[i]} ${i}:${k} -> ${text}`);
          } catch (error) {
            failures.push(`${eras[i]} ${i}:${k} ${(error as Error).message}`);
          }
          done++;
        }
      }),
    );
    await until(() => done > 800, 60_000);
    const restarting = replicas[1];
    expect(await restarting.stop()).toBe(0); // drained and exited cleanly
    await restarting.start();
    await load;
    // Anything but nginx's 502 or the draining replica's refusal would be a call lost, or answered with another's text.
    expect(failures.filter((f) => !/502 Bad Gateway|Server is shutting down/.test(f))).toEqual([]);
    expect(failures.length).toBeLessThan(40); // at most 1% of the calls
    expect(done).toBe(4000);
    expect(clients.map((c) => c.transport.sessionId)).toEqual(sessions);
    await Promise.all(clients.map((c) => c.client.close()));
  }, 180_000);

  it('5f: Redis gone for 5 s: clear errors for what needs it, no crash, full service after', async () => {
    const modern = await connected('modern', nginx.url);
    const legacy = await connected('legacy', replicas[0].url);
    await redis.stop();
    const gapEnds = Date.now() + 5_000;
    // Stateless calls need no store.
    expect(textOf(await modern.client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
    // A limited tool cannot be counted: JSON-RPC error -32005, not a hang and not a crash.
    await expect(modern.client.callTool({ name: 'limited', arguments: {} })).rejects.toMatchObject({ code: -32005 });
    // A new 2025 session cannot be recorded: 503 with a JSON-RPC error.
    const init = await fetch(nginx.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    });
    expect(init.status).toBe(503);
    expect((await init.json()).error.code).toBe(-32005);
    for (const r of replicas) expect((await fetch(`http://127.0.0.1:${r.port}/readyz`)).status).toBe(503);
    // A session this replica already serves goes on.
    expect(textOf(await legacy.client.callTool({ name: 'echo', arguments: { text: 'local' } }))).toBe('local');
    await new Promise((r) => setTimeout(r, Math.max(0, gapEnds - Date.now())));

    await redis.start();
    for (const r of replicas) {
      const deadline = Date.now() + 10_000;
      while ((await fetch(`http://127.0.0.1:${r.port}/readyz`)).status !== 200 && Date.now() < deadline)
        await new Promise((res) => setTimeout(res, 100));
      expect((await fetch(`http://127.0.0.1:${r.port}/readyz`)).status).toBe(200);
      expect(r.child?.exitCode ?? null).toBeNull();
    }
    const fresh = await connected('legacy', nginx.url);
    for (let i = 0; i < 6; i++)
      expect(textOf(await fresh.client.callTool({ name: 'echo', arguments: { text: `after ${i}` } }))).toBe(`after ${i}`);
    // Limits are counted again: within one window at most 10 calls pass, then -32003 (not -32005).
    const after = await Promise.all(
      Array.from({ length: 11 }, () =>
        modern.client.callTool({ name: 'limited', arguments: {} }).then(
          () => 'ok',
          (e: { code?: number }) => String(e.code),
        ),
      ),
    );
    expect(after.filter((o) => o !== 'ok')).toContain('-32003');
    expect(after).not.toContain('-32005');
    expect(textOf(await legacy.client.callTool({ name: 'whoami', arguments: {} }))).toBe('r1');
    await Promise.all([modern, legacy, fresh].map((c) => c.client.close()));
  });
});
