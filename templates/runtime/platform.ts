// The server on a platform's fetch handler (deno serve, Bun, Cloudflare Workers, Vercel Functions, AWS Lambda): the
// app's onStart once per instance, at its first request (per-request platforms hand their environment over only with
// a request), then the HTTP core (fetch.gen.ts) with the manifest's HTTP settings and the target's own: how it serves
// 2025-era clients, how it answers, and the Host names it is deployed on. Nothing here is Node-only: the shared store
// (store-setup.gen.ts, on Node's TCP) is handed in by the entries of the platforms that reach it.
import type { AuthInfo, McpServer, McpServerFactory, ProtocolEra } from '@modelcontextprotocol/server';
import {
  createFetchHandler,
  type FetchHandler,
  type FetchInfo,
  type FetchOptions,
  type FetchPlugins,
  type ScaleHooks,
} from './fetch.gen.js';
import { rpcError } from './fetch-answers.gen.js';
import { LIMITS } from './limits.gen.js';
import { logger } from './log.gen.js';
import { attachServer } from './notify.gen.js';
import { observeSession } from './observe.gen.js';

export interface PlatformLifecycle<App> {
  onStart(): Promise<App>;
  verifyAccessToken?(token: string, app: App): Promise<AuthInfo>;
}

/** The manifest's HTTP settings (the port is the node and bun listeners'; the platforms choose their own). */
export type PlatformHttp = Omit<FetchOptions, 'env' | 'verifyAccessToken' | 'serveBeside' | 'scale'> & {
  port?: number;
};

/** The target's part of the HTTP options (the entry's `target`, from the manifest's targets). */
export type TargetOptions = Pick<FetchOptions, 'mode' | 'responseMode' | 'platformHosts'>;

/** Variables as a platform hands them over (Workers: bindings, some of them objects): the strings among them. */
export type PlatformEnv = Readonly<Record<string, unknown>>;

/**
 * The shared store (scale.store redis: store-setup.gen.ts's sharedStore): its settings read from the instance's
 * variables, then its connection, with the servers it builds for what it serves.
 */
export type PlatformStore = (
  env: Readonly<Record<string, string | undefined>>,
) => (build: McpServerFactory, limits: { maxBodyBytes: number; maxRequestsInFlight?: number }) => Promise<ScaleHooks>;

/** What an entry adds to the manifest's server, each only where the project has it. */
export interface PlatformParts {
  /** The HTTP server's optional pieces (auth, JWT, server card): the exports of their generated files. */
  plugins?: FetchPlugins;
  /** Run once per instance before onStart: the MCP Apps views read (a view missing answers 500, and is logged). */
  prepare?: () => Promise<void>;
  /**
   * The shared store, connected once per instance after onStart and kept while the platform keeps the instance:
   * every request of every instance counts its tool limits and keeps its tasks and notifications there. Nothing
   * closes it per request (the platform ends the instance, and the store drops the connection).
   */
  store?: PlatformStore;
}

export interface PlatformServer {
  /** Answers one request; `env` (Workers) is read with the first, over process.env where the platform has one. */
  fetch(request: Request, info?: FetchInfo, env?: PlatformEnv): Promise<Response>;
}

/**
 * One server per instance: built at the first request, kept for the next ones while the platform keeps the instance.
 * A failed onStart answers 500 and is tried again at the next request, as a restarted process would.
 */
export function platformServer<App>(
  settings: { http: PlatformHttp },
  target: TargetOptions,
  lifecycle: PlatformLifecycle<App>,
  build: (app: App, era: ProtocolEra) => McpServer,
  { plugins = {}, prepare, store }: PlatformParts = {},
): PlatformServer {
  let handler: Promise<FetchHandler> | undefined;

  async function open(given: PlatformEnv | undefined): Promise<FetchHandler> {
    const env = variables(given);
    // A missing or bad MCP_STORE_URL or MCP_REQUEST_STATE_KEY fails here, before onStart, as on the node entry.
    const connect = store?.(env);
    await prepare?.();
    const app = await lifecycle.onStart();
    const verify = lifecycle.verifyAccessToken;
    const limits = { maxBodyBytes: bodyLimit(settings.http), maxRequestsInFlight: settings.http.maxRequestsInFlight };
    const scale = await connect?.(({ era }) => build(app, era), limits);
    try {
      return createFetchHandler(
        {
          perRequest: ({ era }) => build(app, era),
          connection: ({ era }) => observeSession(attachServer(build(app, era), era), era),
        },
        {
          ...settings.http,
          ...target,
          env,
          verifyAccessToken: verify && ((token: string) => verify.call(lifecycle, token, app)),
          scale,
        },
        plugins,
      );
    } catch (error) {
      // The next request starts again: this attempt's connection must not stay wired in beside the next one's.
      await scale?.close().catch(() => undefined);
      throw error;
    }
  }

  return {
    async fetch(request, info, env) {
      const opening = (handler ??= open(env));
      let core: FetchHandler;
      try {
        core = await opening;
      } catch (error) {
        if (handler === opening) handler = undefined;
        logger.error({ err: error }, 'start-up failed');
        return rpcError(500, -32603, 'Internal server error');
      }
      return core.fetch(request, info);
    },
  };
}

/** The strings of `env` over process.env (absent on a Worker without nodejs_compat). */
function variables(env: PlatformEnv | undefined): Record<string, string | undefined> {
  const own = typeof process === 'undefined' ? {} : process.env;
  const given = Object.entries(env ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
  return { ...own, ...Object.fromEntries(given) };
}

/** Who connects, as each platform says it (set by its edge, never by the client), for callers without credentials. */
export const clientAddress = {
  workers: (request: Request) => request.headers.get('cf-connecting-ip') ?? undefined,
  vercel: (request: Request) => request.headers.get('x-real-ip') ?? undefined,
};

/**
 * The body limit the core enforces, for a server that can refuse a larger declared body itself, before the client
 * sends it (Bun's maxRequestBodySize): the answer is then certain to arrive, however the connection ends.
 */
export const bodyLimit = (http: PlatformHttp): number => http.maxBodyBytes ?? LIMITS.maxBodyBytes;
