// The server on a platform's fetch handler (deno serve, Bun, Cloudflare Workers, Vercel Functions, AWS Lambda): the
// app's onStart once per instance, at its first request (per-request platforms hand their environment over only with
// a request), then the HTTP core (fetch.gen.ts) with the manifest's HTTP settings and the target's own: how it serves
// 2025-era clients, how it answers, and the Host names it is deployed on. Nothing here is Node-only.
import type { AuthInfo, McpServer, ProtocolEra } from '@modelcontextprotocol/server';
import {
  createFetchHandler,
  type FetchHandler,
  type FetchInfo,
  type FetchOptions,
  type FetchPlugins,
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
  plugins: FetchPlugins = {},
  /** Run once per instance before onStart: the MCP Apps views read (a view missing answers 500, and is logged). */
  prepare?: () => Promise<void>,
): PlatformServer {
  let handler: Promise<FetchHandler> | undefined;

  async function open(env: PlatformEnv | undefined): Promise<FetchHandler> {
    await prepare?.();
    const app = await lifecycle.onStart();
    const verify = lifecycle.verifyAccessToken;
    return createFetchHandler(
      {
        perRequest: ({ era }) => build(app, era),
        connection: ({ era }) => observeSession(attachServer(build(app, era), era), era),
      },
      {
        ...settings.http,
        ...target,
        env: variables(env),
        verifyAccessToken: verify && ((token: string) => verify.call(lifecycle, token, app)),
      },
      plugins,
    );
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
