// 2025-era sessions of callers without credentials, with both stores: one address may hold at most
// maxSessionsPerPrincipal sessions (in the process with the memory store; in Redis, over every replica, with
// `scale.store: redis`), another address is served all the same, and a session answers only the address that
// created it. One table of expectations for both stores.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeFrom, send } from '../support/callers.js';
import { buildProject, generateProject, startHttpServer, tempDir, type RunningHttp } from '../support/project.js';
import { binary, freePort, RedisServer, Replica } from '../support/scale-cluster.js';

const STORES = [
  { store: 'memory', settings: 'transports: {stdio: false, http: {maxSessionsPerPrincipal: 2}}', skip: false },
  {
    store: 'redis',
    settings: 'transports: {stdio: false, http: true}\nscale: {store: redis, maxSessionsPerPrincipal: 2}',
    skip: !binary('redis-server'),
  },
];
const ATTACKER = '127.0.0.3';
const OTHER = '127.0.0.2';
const KEY = 'a-request-state-key-of-at-least-32-bytes-0123456789';
const ping = { jsonrpc: '2.0', id: 9, method: 'ping' };

describe.each(STORES)('$store store', ({ store, settings, skip }) => {
  /** Where the server answers: with Redis, two replicas sharing it; with memory, one process twice. */
  let urls: [string, string];
  const stops: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    if (skip) return;
    const dir = generateProject(`version: 1\nserver: {name: sessions-${store}, version: 1.0.0}\n${settings}\n`);
    buildProject(dir);
    if (store === 'memory') {
      const server: RunningHttp = await startHttpServer(dir);
      stops.push(() => server.stop());
      urls = [server.url, server.url];
      return;
    }
    const redis = new RedisServer(await freePort(), join(tempDir('mcp-gen-redis-'), 'data'));
    await redis.start();
    stops.push(() => redis.stop());
    const env = { MCP_STORE_URL: redis.url, MCP_REQUEST_STATE_KEY: KEY };
    const replicas = [new Replica(dir, await freePort(), 'r1', env), new Replica(dir, await freePort(), 'r2', env)];
    await Promise.all(replicas.map((r) => r.start()));
    stops.unshift(() => Promise.all(replicas.map((r) => r.stop())));
    urls = [replicas[0].url, replicas[1].url];
  }, 120_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it.skipIf(skip)('refuses a third session to one address, wherever it asks, and serves another address', async () => {
    const [first, second] = urls;
    expect([(await initializeFrom(first, ATTACKER)).status, (await initializeFrom(second, ATTACKER)).status]).toEqual([200, 200]);
    expect([(await initializeFrom(first, ATTACKER)).status, (await initializeFrom(second, ATTACKER)).status]).toEqual([429, 429]);
    expect((await initializeFrom(second, OTHER)).status).toBe(200);
  });

  it.skipIf(skip)('answers a session only at the address that created it', async () => {
    const [first, second] = urls;
    const { status, sessionId } = await initializeFrom(first, OTHER);
    expect(status).toBe(200);
    const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': '2025-11-25' };
    const stolen = await send(second, ATTACKER, 'POST', ping, headers);
    expect([stolen.status, await stolen.text()]).toEqual([404, expect.stringContaining('Session not found')]);
    const own = await send(second, OTHER, 'POST', ping, headers);
    expect([own.status, await own.text()]).toEqual([200, expect.stringContaining('"result":{}')]);
  });
});
