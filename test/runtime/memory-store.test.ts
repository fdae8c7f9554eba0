// The in-process Store: the semantics the Redis store implements with scripts (sessions bound to a principal and
// capped per principal, bounded event logs, sliding-window limits with leased concurrency slots, pub/sub).
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store.js';
import { runtimeCopies } from '../support/runtime-copy.js';

const at = runtimeCopies(['store-bus', 'store-input', 'limits', 'log', 'observe']);
const { principalOf } = (await import(at('limits'))) as typeof import('../../templates/runtime/limits.js');
const { StoreBus } = (await import(at('store-bus'))) as typeof import('../../templates/runtime/store-bus.js');

const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } };

describe('MemoryStore', () => {
  it('binds a session to its principal, caps sessions per principal, and forgets deleted or expired ones', async () => {
    const store = new MemoryStore();
    const limits = { ttlMs: 60_000, maxPerPrincipal: 2 };
    expect(await store.createSession('a', { client: init, principal: 'alice', subscriptions: [] }, limits)).toBe(true);
    expect(await store.createSession('b', { client: init, principal: 'alice', subscriptions: [] }, limits)).toBe(true);
    expect(await store.createSession('c', { client: init, principal: 'alice', subscriptions: [] }, limits)).toBe(false);
    expect(await store.createSession('d', { client: init, principal: 'bob', subscriptions: [] }, limits)).toBe(true);
    expect(await store.touchSession('a', 'bob', 60_000)).toBe(-1);
    expect(await store.touchSession('a', 'alice', 60_000)).toBe(1);
    await store.updateSession('a', { subscribe: 'x://1' });
    await store.updateSession('a', { logLevel: 'debug' });
    expect(await store.getSession('a')).toMatchObject({ principal: 'alice', logLevel: 'debug', subscriptions: ['x://1'] });
    await store.deleteSession('a');
    expect(await store.touchSession('a', 'alice', 60_000)).toBe(0);
    expect(await store.createSession('e', { client: init, principal: 'alice', subscriptions: [] }, limits)).toBe(true);
    await store.createSession('short', { client: init, principal: 'carol', subscriptions: [] }, { ttlMs: 1, maxPerPrincipal: 1 });
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.getSession('short')).toBeUndefined();
  });

  it('replays the events after an id, within the retention bound, per session', async () => {
    const store = new MemoryStore();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await store.appendEvent('s1', 'GET', { jsonrpc: '2.0', method: 'n', params: { i } }, 3, 60_000));
    await store.appendEvent('s2', 'GET', { jsonrpc: '2.0', method: 'other' }, 3, 60_000);
    const after = await store.eventsAfter('s1', ids[2]);
    expect(after?.streamId).toBe('GET');
    expect(after?.events.map(([, m]) => (m as { params: { i: number } }).params.i)).toEqual([3, 4]);
    expect((await store.eventsAfter('s1', ids[0]))?.events).toHaveLength(3); // only 3 kept
    expect(await store.eventsAfter('s1', 'no-position')).toBeUndefined();
  });

  it('admits calls under a sliding window and concurrency limits, and frees released slots', async () => {
    const store = new MemoryStore();
    const request = {
      concurrency: [
        { key: 'tool\u0000', max: 3 },
        { key: 'tool\u0000alice', max: 2 },
      ],
      rate: { key: 'tool\u0000alice', requests: 3, windowMs: 60_000 },
      leaseMs: 60_000,
    };
    const first = await store.admit(request);
    const second = await store.admit(request);
    expect(await store.admit(request)).toEqual({ ok: false, reason: 'concurrency', full: 1 });
    if (!first.ok || !second.ok) throw new Error('refused');
    await first.release();
    expect((await store.admit(request)).ok).toBe(true);
    await second.release();
    const refused = await store.admit(request);
    expect(refused).toMatchObject({ ok: false, reason: 'rateLimit' });
    expect((refused as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(59_000);
  });

  it('carries bus events to every subscriber, never synchronously to the publisher, and drops what is not an event', async () => {
    const store = new MemoryStore();
    const bus = new StoreBus(store);
    const heard: string[] = [];
    bus.subscribe((e) => heard.push(e.kind === 'resource_updated' ? e.uri : e.kind));
    bus.publish({ kind: 'resource_updated', uri: 'x://1' });
    for (const garbage of ['garbage', 'null', '{}', '[]', '{"kind":"resource_updated","uri":{}}', '{"kind":"other"}'])
      void store.publish('events', garbage);
    bus.publish({ kind: 'tools_list_changed' });
    expect(heard).toEqual([]);
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual(['x://1', 'tools_list_changed']);
  });

  it('names principals by user and client, as the in-process limits do', () => {
    expect(principalOf(undefined)).toBe('anonymous');
    expect(principalOf({ token: 't', clientId: 'ci', scopes: [] })).toBe('client:ci');
    expect(principalOf({ token: 't', clientId: 'app', scopes: [], extra: { sub: 'u1' } })).toBe('user:["app","u1"]');
    // Two users of one client, and a user and a client that share a name, never share a key.
    expect(principalOf({ token: 't', clientId: 'app', scopes: [], extra: { sub: 'u2' } })).not.toBe(
      principalOf({ token: 't', clientId: 'app', scopes: [], extra: { sub: 'u1' } }),
    );
    expect(principalOf({ token: 't', clientId: 'u1', scopes: [] })).not.toBe(
      principalOf({ token: 't', clientId: 'app', scopes: [], extra: { sub: 'u1' } }),
    );
  });
});
