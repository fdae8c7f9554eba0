import type { McpServer, ProtocolEra } from '@modelcontextprotocol/server';
import type { Layer, Wrapper } from './layers.gen.js';

// The seam between the runtime every project has and the optional OpenTelemetry support (telemetry.gen.ts and
// instrument.gen.ts, present when the manifest sets telemetry.otel). This file imports nothing of OpenTelemetry:
// until startTelemetry() installs an observer, every hook here is a branch on `undefined` and ctx.trace a no-op.

/** The attribute values a span accepts. */
export type TraceAttributeValue =
  | string
  | number
  | boolean
  | readonly string[]
  | readonly number[]
  | readonly boolean[];
export type TraceAttributes = Readonly<Record<string, TraceAttributeValue | undefined>>;

/** One span: attributes, events and errors. */
export interface TraceSpan {
  setAttribute(key: string, value: TraceAttributeValue): void;
  setAttributes(attributes: TraceAttributes): void;
  addEvent(name: string, attributes?: TraceAttributes): void;
  /** Records an exception event and marks the span as failed. */
  recordException(error: unknown): void;
}

/**
 * `ctx.trace`: the span of the request being handled. Everything is a no-op when telemetry is off, so handlers may
 * use it unconditionally.
 */
export interface Trace extends TraceSpan {
  /** True when this request is traced (telemetry on and the request sampled). */
  readonly enabled: boolean;
  /** W3C ids of the request's span, for correlating with other systems; undefined when not traced. */
  readonly traceId: string | undefined;
  readonly spanId: string | undefined;
  /**
   * Runs `fn` inside a child span of the request's span, ended when `fn` settles (failed when it throws). Spans that
   * instrumented libraries (fetch, database clients) open inside `fn` become its children.
   */
  span<T>(name: string, fn: (span: TraceSpan) => T | Promise<T>, attributes?: TraceAttributes): Promise<T>;
}

/** What the telemetry runtime provides once started. */
export interface Observer {
  /** The trace of the request whose handler is running (the active span). */
  trace(): Trace;
  /** Ids of the active span, for log lines. */
  ids(): { trace_id: string; span_id: string } | undefined;
  /** Runs each request in a server span, with the operation metrics; `own` names what may name a span. */
  traced(own: OwnNames): Wrapper;
  /** Measures a 2025-era session: `server` lives as long as it. */
  session(server: McpServer): void;
  /** A call refused before it reached a server (a scope challenge). */
  refused(tool: string, code: number): void;
}

const NOOP_SPAN: TraceSpan = {
  setAttribute: () => undefined,
  setAttributes: () => undefined,
  addEvent: () => undefined,
  recordException: () => undefined,
};

const NOOP_TRACE: Trace = {
  ...NOOP_SPAN,
  enabled: false,
  traceId: undefined,
  spanId: undefined,
  span: async (_name, fn) => fn(NOOP_SPAN),
};

let observer: Observer | undefined;

export function setObserver(next: Observer | undefined): void {
  observer = next;
}

/** OTEL_SDK_DISABLED=true turns OpenTelemetry off at run time, before any of it is loaded. */
export function telemetryDisabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
}

export function currentTrace(): Trace {
  return observer ? observer.trace() : NOOP_TRACE;
}

export function traceIds(): { trace_id: string; span_id: string } | undefined {
  return observer?.ids();
}

/** The server's own tool and prompt names: only these name spans and label metrics (a client's free text does not). */
export interface OwnNames {
  tools: ReadonlySet<string>;
  prompts: ReadonlySet<string>;
}

/** The trace layer of a server (see layers.gen.ts), once telemetry is on; `own` is asked only then. */
export function tracing(own: () => OwnNames): Layer | undefined {
  return observer && { all: observer.traced(own()) };
}

export function observeSession(server: McpServer, era: ProtocolEra): McpServer {
  // 2026-07-28 has no sessions: a connection-long modern server (stdio) is a connection, not a session.
  if (era === 'legacy') observer?.session(server);
  return server;
}

export function observeRefusal(tool: string, code: number): void {
  observer?.refused(tool, code);
}
