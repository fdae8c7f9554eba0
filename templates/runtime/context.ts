import {
  CLIENT_CAPABILITIES_META_KEY,
  type AuthInfo,
  type ClientCapabilities,
  type LoggingLevel,
  type McpServer,
  type ProtocolEra,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { Asker, type Answers, type Question } from './runtime/ask.gen.js';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitFormParams,
  ElicitResult,
  ElicitUrlParams,
  ListRootsResult,
} from './runtime/ask.gen.js';
import { logFromHandler, logger } from './runtime/log.gen.js';
import { notify, type Notifier } from './runtime/notify.gen.js';
import { currentTrace, type Trace } from './runtime/observe.gen.js';

export interface Logger {
  debug(data: unknown): Promise<void>;
  info(data: unknown): Promise<void>;
  notice(data: unknown): Promise<void>;
  warning(data: unknown): Promise<void>;
  error(data: unknown): Promise<void>;
}

/** What every handler receives besides its input. */
export interface HandlerContext<App> {
  /** The shared context that `onStart` in src/lifecycle.ts returned. */
  app: App;
  /**
   * The protocol era of this request: `legacy` (initialize handshake, 2024-11-05 to 2025-11-25) or `modern`
   * (2026-07-28).
   */
  era: ProtocolEra;
  /** Aborted when the client cancels the request or the server shuts down; pass it to fetch() and friends. */
  signal: AbortSignal;
  /** The verified caller, when the transport authenticated one (HTTP with auth). */
  auth: AuthInfo | undefined;
  /** What the client declared it supports (from the handshake, or from this request's `_meta` in 2026-07-28). */
  clientCapabilities: ClientCapabilities | undefined;
  /**
   * Log messages to the client (notifications/message), at or above the level the client asked for, and to the
   * server's own log on stderr (at or above LOG_LEVEL).
   */
  log: Logger;
  /**
   * This request's trace span (OpenTelemetry, manifest `telemetry.otel`): attributes, events, child spans. A no-op when
   * telemetry is off.
   */
  trace: Trace;
  /** Report progress; a no-op unless the client asked for progress on this request. */
  progress(progress: number, total?: number, message?: string): Promise<void>;
  /**
   * Ask the client, in either era: several questions at once, keyed by names you choose. 2025-era clients get
   * server-to-client requests; 2026-07-28 clients get an input-required result and call again with the answers,
   * which re-runs the handler from the top (so ask before doing anything that must not happen twice).
   */
  ask<Q extends Record<string, Question<unknown>>>(questions: Q): Promise<Answers<Q>>;
  /** Ask the user to fill in a form (elicitation, form mode). */
  elicit(params: ElicitFormParams, key?: string): Promise<ElicitResult>;
  /** Send the user to a URL, for anything that must not pass through the client (elicitation, URL mode). */
  elicitUrl(params: ElicitUrlParams, key?: string): Promise<ElicitResult>;
  /** Ask the client's model for a completion (sampling). */
  sample(params: CreateMessageRequestParams, key?: string): Promise<CreateMessageResult>;
  /** The client's roots (roots/list). */
  roots(key?: string): Promise<ListRootsResult>;
  /** Tell clients that lists or resources changed (list_changed, resources/updated). */
  notify: Notifier;
  /** The SDK's own request context, for anything not covered above. */
  sdk: ServerContext;
}

export function makeContext<App>(
  sdk: ServerContext,
  app: App,
  server: McpServer,
  era: ProtocolEra,
): HandlerContext<App> {
  const log = (level: LoggingLevel) => (data: unknown) => {
    logFromHandler(sdk, level, data);
    return sdk.mcpReq.log(level, data);
  };
  // The SDK 2.4 typings declare the envelope as `{}`; its keys are the spec's reserved `_meta` names.
  const envelope = sdk.mcpReq.envelope as Record<string, unknown> | undefined;
  const clientCapabilities =
    era === 'modern'
      ? (envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined)
      : server.server.getClientCapabilities();
  const asker = new Asker(sdk, era);
  const ctx: HandlerContext<App> = {
    app,
    era,
    signal: sdk.mcpReq.signal,
    auth: sdk.http?.authInfo,
    clientCapabilities,
    log: {
      debug: log('debug'),
      info: log('info'),
      notice: log('notice'),
      warning: log('warning'),
      error: log('error'),
    },
    trace: currentTrace(),
    progress: async (progress, total, message) => {
      const progressToken = sdk.mcpReq._meta?.progressToken;
      if (progressToken === undefined || !progressAllowed(ctx, progress)) return;
      await sdk.mcpReq.notify({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress,
          ...(total !== undefined ? { total } : {}),
          ...(message !== undefined ? { message } : {}),
        },
      });
    },
    ask: (questions) => asker.ask(questions),
    elicit: (params, key) => asker.one('elicit', { kind: 'elicit', params }, key),
    elicitUrl: (params, key) => asker.one('elicitUrl', { kind: 'elicitUrl', params }, key),
    sample: (params, key) => asker.one('sample', { kind: 'sample', params }, key),
    roots: (key) => asker.one('roots', { kind: 'roots' }, key),
    notify,
    sdk,
  };
  return ctx;
}

const lastProgress = new WeakMap<object, number>();

/**
 * Whether a progress notification may go out for the request `ctx` serves: the spec says its value "MUST increase
 * with each notification", and JSON has no NaN or Infinity. Any other value is dropped, with a warning in the log.
 */
export function progressAllowed(ctx: object, progress: number): boolean {
  const last = lastProgress.get(ctx);
  if (Number.isFinite(progress) && (last === undefined || progress > last)) {
    lastProgress.set(ctx, progress);
    return true;
  }
  logger.warn(
    { progress: String(progress), last },
    'progress not sent: each value must be a finite number larger than the last one sent for the request',
  );
  return false;
}

/** Fills {{name}} placeholders of manifest prompt messages; validation guarantees every name is an argument. */
export function renderTemplate(template: string, args: object): string {
  const values = args as Record<string, unknown>;
  return template.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (_, name: string) =>
    Object.hasOwn(values, name) ? String(values[name] ?? '') : '',
  );
}

export class NotImplementedError extends Error {
  constructor(kind: string, name: string, file: string) {
    super(`${kind} ${JSON.stringify(name)} is not implemented yet: edit ${file}`);
  }
}

export * from './runtime/results.gen.js';
export { isInputRequired, question, type Question } from './runtime/ask.gen.js';
export type { Trace, TraceAttributes, TraceSpan } from './runtime/observe.gen.js';
