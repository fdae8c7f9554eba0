// What the shared store hands back is input like any other: anyone who can write to Redis (or a replica of another
// version, or a bug) can put anything on a channel or at a key. Every message and value read from the store is
// parsed here, bounded and shape-checked; what does not fit is logged (once a minute per kind, clipped) and ignored,
// never thrown into an event handler where it would end the process.
import type { LoggingLevel, ServerEvent } from '@modelcontextprotocol/server';
import type { SessionClient } from './limits.gen.js';
import { logger } from './log.gen.js';

/** One line per kind of bad input per minute: a flood of garbage must not become a flood of log lines. */
const REPORT_EVERY_MS = 60_000;
/** Characters of a bad value quoted in its log line. */
const SAMPLE_CHARS = 80;

const reported = new Map<string, { at: number; ignored: number }>();

/** Logs that a value read from the store was ignored; `what` is one of a few fixed names, so the map stays small. */
export function badInput(what: string, value: unknown): void {
  const now = Date.now();
  const last = reported.get(what);
  if (last && now - last.at < REPORT_EVERY_MS) {
    last.ignored++;
    return;
  }
  const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('latin1') : String(value);
  logger.warn(
    {
      store: what,
      sample: text.slice(0, SAMPLE_CHARS),
      length: text.length,
      ...(last?.ignored ? { ignoredSinceLastLine: last.ignored } : {}),
    },
    `state store: ignored a malformed ${what}`,
  );
  reported.set(what, { at: now, ignored: 0 });
}

/**
 * `text` parsed as JSON and accepted by `fits`, or undefined (logged as bad `what`). Text longer than `maxChars` is
 * not parsed at all.
 */
export function readJson<T>(
  what: string,
  text: unknown,
  maxChars: number,
  fits: (value: unknown) => value is T,
): T | undefined {
  if (typeof text !== 'string' || text.length > maxChars) {
    badInput(what, typeof text === 'string' ? text.slice(0, SAMPLE_CHARS) : text);
    return undefined;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    badInput(what, text);
    return undefined;
  }
  if (fits(value)) return value;
  badInput(what, text);
  return undefined;
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): v is string | number =>
  typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const isText = (v: unknown, max = 1024): v is string => typeof v === 'string' && v.length <= max;

const LIST_CHANGES = new Set(['tools_list_changed', 'prompts_list_changed', 'resources_list_changed']);

/** A change event on the `events` channel (the SDK's ServerEvent). */
export function isServerEvent(v: unknown): v is ServerEvent {
  if (!isObject(v) || (v.params !== undefined && !isObject(v.params))) return false;
  if (v.kind === 'resource_updated') return isText(v.uri, 64 * 1024);
  return typeof v.kind === 'string' && LIST_CHANGES.has(v.kind);
}

/** A JSON-RPC response or error response: what a client answers a server-to-client request with. */
export function isAnswer(v: unknown): v is { jsonrpc: '2.0'; id: string | number } & Record<string, unknown> {
  if (!isObject(v) || v.jsonrpc !== '2.0' || !isId(v.id) || 'method' in v) return false;
  return ('result' in v && isObject(v.result)) || ('error' in v && isObject(v.error));
}

/** A message stored in a session's event log: a JSON-RPC message, or the empty object of a priming event. */
export function isStoredEvent(v: unknown): v is Record<string, unknown> {
  return isObject(v) && (v.jsonrpc === '2.0' || Object.keys(v).length === 0);
}

/** The kept part of a session's initialize request (see keptClient). */
export function isSessionClient(v: unknown): v is SessionClient {
  return isObject(v) && isText(v.protocolVersion, 64) && isObject(v.capabilities) && isObject(v.clientInfo);
}

const LEVELS: ReadonlySet<string> = new Set<LoggingLevel>([
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
]);

export const isLogLevel = (v: unknown): v is LoggingLevel => typeof v === 'string' && LEVELS.has(v);

export { isId, isText };
