import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { McpServerFactory } from '@modelcontextprotocol/server';
import { useBus } from './notify.gen.js';
import { storeSessions } from './session-store.gen.js';
import type { ScaleHooks } from './fetch.gen.js';
import type { SharedStore } from './serve.gen.js';
import { StoreBus } from './store-bus.gen.js';
import { RedisStore } from './store-redis.gen.js';

/** A piece of the server that moves into the store too (tool policies' counters, tasks); returns how to undo it. */
export type StoreShare = (store: RedisStore) => () => void;

/** The manifest's `scale` settings, each overridable from the environment. */
export interface ScaleDefaults {
  name: string;
  sessionTtlMs: number;
  eventRetention: number;
  maxSessionsPerPrincipal: number;
}

export interface ScaleSettings extends ScaleDefaults {
  url: string;
  prefix: string;
  replica: string;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

/** Reads and checks the settings before anything starts: a missing variable stops the server with one line. */
export function scaleSettings(defaults: ScaleDefaults, env: NodeJS.ProcessEnv = process.env): ScaleSettings {
  const url = env.MCP_STORE_URL;
  if (!url)
    throw new Error(
      'MCP_STORE_URL is not set: scale.store is redis, ' +
        'so set it to the shared store (redis://host:6379/0 or rediss://...)',
    );
  if (!/^rediss?:\/\//.test(url))
    throw new Error(`MCP_STORE_URL must start with redis:// or rediss://, not ${JSON.stringify(url.slice(0, 12))}...`);
  // Every replica must open the input-required state another replica sealed.
  if (!env.MCP_REQUEST_STATE_KEY)
    throw new Error(
      'MCP_REQUEST_STATE_KEY is not set: with a shared store every replica needs the same key (32+ random bytes)',
    );
  return {
    ...defaults,
    url: withPasswordFile(url, env.MCP_STORE_PASSWORD_FILE),
    prefix: env.MCP_STORE_PREFIX ?? `mcp:${defaults.name}:`,
    replica: env.MCP_REPLICA_ID ?? `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`,
    sessionTtlMs: positive(env, 'MCP_SESSION_TTL_MS', defaults.sessionTtlMs),
    eventRetention: positive(env, 'MCP_EVENT_RETENTION', defaults.eventRetention),
    maxSessionsPerPrincipal: positive(env, 'MCP_MAX_SESSIONS_PER_PRINCIPAL', defaults.maxSessionsPerPrincipal),
  };
}

/**
 * The store's password from a file (a Compose or Kubernetes secret mounted in the container) put into the URL, so it
 * sits in no environment variable and on no command line. The file's last line break is not part of it.
 */
function withPasswordFile(url: string, file: string | undefined): string {
  if (!file) return url;
  let password: string;
  try {
    password = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
  } catch (error) {
    throw new Error(`MCP_STORE_PASSWORD_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? error})`);
  }
  if (password === '') throw new Error(`MCP_STORE_PASSWORD_FILE: ${file} is empty`);
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

/**
 * Connects to the store and wires it in: `notify` and the listen streams use its pub/sub, 2025-era sessions its
 * records and event log, and each of `shares` (the tool policies' counters, the tasks) what it keeps. The server
 * starts even when the store is down (/readyz says so, and the client keeps reconnecting).
 */
export async function connectScale(
  build: McpServerFactory,
  settings: ScaleSettings,
  limits: { maxBodyBytes: number; maxRequestsInFlight?: number },
  shares: readonly StoreShare[] = [],
): Promise<ScaleHooks> {
  const store = new RedisStore(settings.url, settings.prefix);
  if (!(await store.connected(5_000)))
    console.error('[mcp] state store not reachable yet: serving what needs no store, /readyz answers 503 until it is');
  const bus = new StoreBus(store);
  const undoBus = useBus(bus);
  const unshare = shares.map((share) => share(store));
  const sessions = storeSessions({
    build,
    store,
    bus,
    replica: settings.replica,
    ttlMs: settings.sessionTtlMs,
    retention: settings.eventRetention,
    maxSessionsPerPrincipal: settings.maxSessionsPerPrincipal,
    maxBodyBytes: limits.maxBodyBytes,
    maxRequestsInFlight: limits.maxRequestsInFlight,
  });
  return {
    bus,
    ready: () => store.isReady(),
    legacy: sessions.serve,
    async close() {
      await sessions.close();
      undoBus();
      for (const undo of unshare) undo();
      await store.close();
    },
  };
}

/** The entry's shared store (serve.gen.ts): its settings read from the environment first, then its connection. */
export function sharedStore(defaults: ScaleDefaults, shares: readonly StoreShare[] = []): SharedStore<ScaleHooks> {
  return (env) => {
    const settings = scaleSettings(defaults, env);
    return (build, limits) => connectScale(build, settings, limits, shares);
  };
}
