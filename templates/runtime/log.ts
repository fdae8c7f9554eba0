import { createHash } from 'node:crypto';
import type { LoggingLevel, ServerContext } from '@modelcontextprotocol/server';
import { pino, type Logger } from 'pino';
import type { Layer, RpcRequest } from './layers.gen.js';
import { traceIds } from './observe.gen.js';

// Structured logs: one JSON object per line on stderr (stdout carries the stdio protocol), at LOG_LEVEL and above.
// Lines written while a request is handled carry its id, method, target and principal, and with telemetry on the
// trace_id and span_id of its span. `--log-format pretty` (npm run dev) prints them for people instead.

export type { Logger };
export type LogFormat = 'json' | 'pretty';

const LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
/** Where the request's target (tool or prompt name, resource URI) rides on the SDK's request context. */
const TARGET = Symbol('mcp-gen.target');
type Stamped = ServerContext & { [TARGET]?: string };

function parseLevel(value: string | undefined): string {
  const level = (value ?? 'info').trim().toLowerCase() || 'info';
  if (!(LEVELS as readonly string[]).includes(level))
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not ${JSON.stringify(value)}`);
  return level;
}

function create(level: string, stream: pino.DestinationStream | undefined): Logger {
  const options = {
    level,
    base: undefined, // no pid and hostname on every line: the process supervisor knows them
    // Called per line: adds the active span's ids when telemetry is on, nothing otherwise.
    mixin: () => traceIds() ?? {},
  };
  return stream ? pino(options, stream) : pino(options);
}

// Synchronous writes: a line logged just before process.exit is not lost. Where pino has no file descriptors to write
// (its browser build, which bundlers for Workers pick), it writes to the console, which the platform collects.
const stderr = () => (typeof pino.destination === 'function' ? pino.destination({ dest: 2, sync: true }) : undefined);

/**
 * The process-wide logger. A live binding: configureLogging() replaces it. A bad LOG_LEVEL is reported by
 * configureLogging() (a clear message from the entry), not here, at import, where it would be a stack trace.
 */
export let logger: Logger = create(
  (LEVELS as readonly string[]).includes(process.env.LOG_LEVEL?.trim().toLowerCase() ?? '')
    ? process.env.LOG_LEVEL!.trim().toLowerCase()
    : 'info',
  stderr(),
);

/** Sets level and format from the command line or LOG_LEVEL / LOG_FORMAT; throws a clear error on a bad value. */
export async function configureLogging(options: { level?: string; format?: string }): Promise<void> {
  const level = parseLevel(options.level ?? process.env.LOG_LEVEL);
  const format = (options.format ?? process.env.LOG_FORMAT ?? 'json').trim().toLowerCase();
  if (format !== 'json' && format !== 'pretty')
    throw new Error(`--log-format must be json or pretty, not ${JSON.stringify(format)}`);
  if (format === 'json') {
    logger.level = level;
    return;
  }
  try {
    // A devDependency: absent from production installs, where JSON is what log collectors want anyway.
    // Named through a variable so that bundlers (a Worker's, a function's) leave the development printer out.
    const printer = 'pino-pretty';
    const { default: pretty } = (await import(printer)) as { default: typeof import('pino-pretty') };
    logger = create(
      level,
      pretty({ destination: 2, sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' }),
    );
  } catch {
    logger.level = level;
    logger.warn('pino-pretty is not installed: logging JSON lines');
  }
}

/** MCP log levels (logging/setLevel, ctx.log) on pino's. */
const FROM_MCP: Record<LoggingLevel, 'debug' | 'info' | 'warn' | 'error' | 'fatal'> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'fatal',
  alert: 'fatal',
  emergency: 'fatal',
};

/** The longest name or URI a log line or span carries whole: past it, what the client sent is cut (see clip). */
export const MAX_TARGET = 200;
/** The longest error message a log line or span carries whole. */
export const MAX_MESSAGE = 1000;

/**
 * `text` whole when it has at most `max` characters, else its start and how much was cut. Whatever a client sends
 * (a tool name, a URI, an error message quoting them) reaches logs and spans only through this: a 1 MiB tool name
 * must not make a 2 MiB log line.
 */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length - max} more characters)`;
}

/**
 * A session id as logs and spans show it: a short hash. Without auth, a 2025-era session's id is all a client needs
 * to act in that session, so it is never written in clear; the hash still ties a session's lines together.
 */
export function sessionTag(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
}

/** The fields of a request's log lines. The principal is the client id the credential named, never the credential. */
export function requestFields(sdk: ServerContext): Record<string, unknown> {
  const fields: Record<string, unknown> = { requestId: sdk.mcpReq.id, method: sdk.mcpReq.method };
  const target = (sdk as Stamped)[TARGET];
  if (target !== undefined) fields.target = target;
  if (sdk.sessionId !== undefined) fields.session = sessionTag(sdk.sessionId);
  const principal = sdk.http?.authInfo?.clientId;
  if (principal !== undefined) fields.principal = principal;
  return fields;
}

/** Writes what a handler sends with ctx.log to the server's own log too, at the matching level. */
export function logFromHandler(sdk: ServerContext, level: LoggingLevel, data: unknown): void {
  const to = FROM_MCP[level];
  if (!logger.isLevelEnabled(to)) return;
  const fields = requestFields(sdk);
  if (typeof data === 'string') logger[to](fields, data);
  else logger[to]({ ...fields, data }, 'handler log');
}

/**
 * The request's target, as the MCP semantic conventions name it: tool or prompt name, resource URI. The client
 * chose it, so it is clipped to MAX_TARGET characters.
 */
export function targetOf(request: RpcRequest): string | undefined {
  const params = request.params;
  const target =
    request.method === 'resources/read'
      ? params?.uri
      : request.method === 'tools/call' || request.method === 'prompts/get'
        ? params?.name
        : undefined;
  return typeof target === 'string' ? clip(target, MAX_TARGET) : undefined;
}

/**
 * The request log layer (see layers.gen.ts): labels every request with its target (for the log lines of its handler)
 * and, at debug level, logs each request's outcome and duration. Error responses are logged at warn. Outside the
 * policies, so refusals are seen too.
 */
export const LOGS: Layer = {
  all: (next) => async (request, ctx) => {
    const target = targetOf(request);
    if (target !== undefined) (ctx as Stamped)[TARGET] = target;
    const debug = logger.isLevelEnabled('debug');
    const start = debug ? performance.now() : 0;
    try {
      const result = await next(request, ctx);
      if (debug) {
        const isError = (result as { isError?: unknown } | undefined)?.isError === true;
        logger.debug(
          {
            ...requestFields(ctx),
            ms: round(performance.now() - start),
            ...(isError ? { outcome: 'tool_error' } : {}),
          },
          'request done',
        );
      }
      return result;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      logger.warn(
        {
          ...requestFields(ctx),
          code: typeof code === 'number' ? code : undefined,
          ...(debug ? { ms: round(performance.now() - start) } : {}),
        },
        `request failed: ${clip((error as Error).message ?? String(error), MAX_MESSAGE)}`,
      );
      throw error;
    }
  },
};

const round = (ms: number) => Math.round(ms * 1000) / 1000;
