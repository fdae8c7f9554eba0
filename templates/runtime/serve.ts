// Start-up and shutdown of the server process, for the entry (entry.gen.ts): the command line read and checked
// (cli.gen.ts), logging, the SDK checked, the MCP Apps views read, optional telemetry and shared store, mock mode or
// the app's onStart, then the servers each transport builds. The entry starts the transports itself, one call each.
import { McpServer, type AuthInfo, type McpServerFactory, type ProtocolEra } from '@modelcontextprotocol/server';
import { readCommandLine, type ServeSettings } from './cli.gen.js';
import { checkSdk } from './layers.gen.js';
import { LIMITS } from './limits.gen.js';
import { configureLogging, logger } from './log.gen.js';
import { attachServer } from './notify.gen.js';
import { observeSession, telemetryDisabled } from './observe.gen.js';
import { onShutdownSignal } from './shutdown.gen.js';

export interface Lifecycle<App> {
  onStart(): Promise<App>;
  onShutdown(app: App): Promise<void>;
  /** auth type oauth without jwksUrl: checks an access token; throw OAuthError (InvalidToken) to refuse it. */
  verifyAccessToken?(token: string, app: App): Promise<AuthInfo>;
}

/** The optional pieces the manifest turns on, each loaded only when it is used. */
export interface Extras<Hooks> {
  /** MCP Apps views (apps.gen.ts): their HTML read once, before the app starts; a view not built stops the start. */
  views?: { load(): Promise<void> };
  /** toolsets.gen.ts's start-up choice (`--toolsets`). */
  toolsets?: { choose(list: string | undefined): void };
  /** telemetry.gen.ts (telemetry.otel), started before onStart so that clients the app creates find its providers. */
  telemetry?(): Promise<{ startTelemetry(options: TelemetryStart): Promise<{ shutdown(): Promise<void> }> }>;
  /** store-setup.gen.ts's shared store (scale.store redis), loaded only when HTTP is served. */
  scale?(): Promise<SharedStore<Hooks>>;
}

interface TelemetryStart {
  serviceName: string;
  serviceVersion?: string;
  trustClientSampling?: boolean;
}

/** A shared store (`Hooks`: what the HTTP server uses of it): its settings read and checked, then its connection. */
export type SharedStore<Hooks> = (
  env: NodeJS.ProcessEnv,
) => (build: McpServerFactory, limits: { maxBodyBytes: number; maxRequestsInFlight?: number }) => Promise<Hooks>;

/** A started transport: it closes on shutdown. */
interface Started {
  close(): Promise<void>;
  url?: string;
  extraUrls?: readonly string[];
}

/** What the entry needs to start its transports. */
export interface Serving<S extends ServeSettings, Hooks> {
  /** Builds the short-lived servers of 2026-07-28 (and stateless 2025-era) HTTP requests. */
  perRequest: McpServerFactory;
  /** Builds the servers that live as long as a connection: stdio, a 2025-era session, SSE, WebSocket. */
  connection: McpServerFactory;
  /** stdio's options when it is served (`--transport`), else undefined. */
  stdio: { onClose: () => void; maxLineBytes?: number; maxRequestsInFlight?: number } | undefined;
  /** The HTTP server's options when it is served, else undefined. */
  http:
    | (S['http'] & {
        host: string;
        port: number;
        path: string;
        verifyAccessToken?: (token: string) => Promise<AuthInfo>;
        scale?: Hooks;
      })
    | undefined;
  /** Logs where the transport serves, and closes it on shutdown. */
  started(transport: Started): void;
}

/**
 * Reads the command line and starts the process: undefined after `--help`. Fails with one line for a bad option, a
 * missing variable or an SDK this code does not fit, before the app's onStart runs.
 */
export async function start<App, S extends ServeSettings, Hooks = never>(
  settings: S,
  lifecycle: Lifecycle<App>,
  build: (app: App, era: ProtocolEra) => McpServer,
  argv: readonly string[],
  extras: Extras<Hooks> = {},
): Promise<Serving<S, Hooks> | undefined> {
  const env = process.env;
  const line = readCommandLine(settings, argv, env);
  if (!line) return undefined;
  await configureLogging({ format: line.logFormat });
  await checkSdk(new McpServer({ name: settings.name, version: settings.version }));
  await extras.views?.load();
  extras.toolsets?.choose(line.toolsets);
  const http = line.transports.has('http');
  // scale.store redis: a missing MCP_STORE_URL stops the start with one line; the store client is loaded only here.
  const connectStore = http && extras.scale ? (await extras.scale())(env) : undefined;
  // Not even loaded when disabled (OTEL_SDK_DISABLED=true).
  const telemetry =
    extras.telemetry && !telemetryDisabled(env)
      ? await (await extras.telemetry()).startTelemetry({
          serviceName: settings.name,
          serviceVersion: settings.version,
          ...(settings.trustClientSampling ? { trustClientSampling: true } : {}),
        })
      : undefined;
  if (line.mock) await (await import('./mock.gen.js')).enableMock(line.mock.seed);
  // No handler runs in mock mode, so neither does the app's start-up: client teams need none of its services.
  const app = line.mock ? ({} as App) : await lifecycle.onStart();
  if (line.mock) {
    const from = "answers come from the manifest's examples and outputSchemas";
    logger.info(`${settings.name} in mock mode (seed ${line.mock.seed}): ${from}`);
  }

  const stops: (() => Promise<void>)[] = [];
  let stopping: Promise<void> | undefined;
  const shutdown = (): Promise<void> =>
    (stopping ??= (async () => {
      await Promise.all(stops.map((stop) => stop()));
      if (!line.mock) await lifecycle.onShutdown(app);
      await telemetry?.shutdown(); // last: it exports the spans of the final requests
    })());
  onShutdownSignal(shutdown);

  const verify = lifecycle.verifyAccessToken;
  // One bound for what a client may send and have in flight, whatever the transport: transports.http's when set.
  const { maxBodyBytes = LIMITS.maxBodyBytes, maxRequestsInFlight } = settings.http;
  return {
    perRequest: ({ era }) => build(app, era),
    // Reachable through `notify` while connected; a 2025-era session is measured by telemetry.
    connection: ({ era }) => observeSession(attachServer(build(app, era), era), era),
    stdio: line.transports.has('stdio')
      ? { onClose: () => void shutdown().then(() => process.exit(0)), maxLineBytes: maxBodyBytes, maxRequestsInFlight }
      : undefined,
    http: http
      ? {
          ...settings.http,
          host: line.host,
          port: line.port,
          path: line.path,
          verifyAccessToken: verify && ((token: string) => verify.call(lifecycle, token, app)),
          // Sessions served from the store are rebuilt on any replica, so their servers are not tied to this process.
          ...(connectStore && {
            scale: await connectStore(({ era }) => build(app, era), { maxBodyBytes, maxRequestsInFlight }),
          }),
        }
      : undefined,
    started(transport) {
      stops.push(() => transport.close());
      if (transport.url === undefined) return void logger.info(`${settings.name} serving MCP over stdio`);
      for (const url of [transport.url, ...(transport.extraUrls ?? [])])
        logger.info({ url }, `${settings.name} serving MCP at ${url}`);
    },
  };
}
