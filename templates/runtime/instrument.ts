import {
  context,
  metrics,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import { PROTOCOL_VERSION_META_KEY, type McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { clip, MAX_MESSAGE, sessionTag, targetOf } from './log.gen.js';
import type { RequestHandler, RpcRequest, Wrapper } from './layers.gen.js';
import type { Observer, OwnNames, Trace, TraceSpan } from './observe.gen.js';

// Server spans and metrics of the MCP semantic conventions (OpenTelemetry, gen-ai/mcp): one SERVER span per request
// named `{mcp.method.name} {target}`, parented on the trace context the client sent in `params._meta` (2026-07-28,
// SEP-414) or in the HTTP `traceparent` header; the handler runs inside it. Only the server's own tool and prompt
// names name spans and label metrics: a name the server does not have is the client's free text, so such a request's
// span is named by its method alone (as the conventions advise for unknown routes) and its metrics carry no name.

const SCOPE = 'mcp-gen';
/** JSON-RPC codes of tool policy refusals (policy.gen.ts): missing scopes, rate or concurrency limit. */
const REFUSALS = new Set([-32002, -32003]);
/** Buckets the conventions advise for MCP durations, in seconds. */
const BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

const metaGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => (typeof carrier[key] === 'string' ? (carrier[key] as string) : undefined),
};
const headerGetter: TextMapGetter<Headers> = {
  keys: (headers) => [...headers.keys()],
  get: (headers, key) => headers.get(key) ?? undefined,
};

/** The client's trace context: `_meta` first (it names this very request), then the HTTP request's headers. */
function parentOf(ctx: ServerContext): Context {
  const active = context.active();
  const meta = ctx.mcpReq._meta as Record<string, unknown> | undefined;
  if (typeof meta?.traceparent === 'string') return propagation.extract(active, meta, metaGetter);
  const headers = ctx.http?.req?.headers;
  if (headers?.has('traceparent')) return propagation.extract(active, headers, headerGetter);
  return active;
}

function wrapSpan(span: Span): TraceSpan {
  return {
    setAttribute: (key, value) => void span.setAttribute(key, value),
    setAttributes: (attributes) => void span.setAttributes(attributes as Attributes),
    addEvent: (name, attributes) => void span.addEvent(name, attributes as Attributes | undefined),
    recordException: (error) => {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
    },
  };
}

/** The observer startTelemetry() installs: spans, metrics and ctx.trace. */
export function createObserver(): Observer {
  const tracer = trace.getTracer(SCOPE);
  const meter = metrics.getMeter(SCOPE);
  const operationDuration = meter.createHistogram('mcp.server.operation.duration', {
    unit: 's',
    description: 'MCP request duration as observed on the server, from receipt until the result or error is ready.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  const sessionDuration = meter.createHistogram('mcp.server.session.duration', {
    unit: 's',
    description: 'Duration of 2025-era MCP sessions as observed on the server.',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  const activeSessions = meter.createUpDownCounter('mcp.server.active_sessions', {
    unit: '{session}',
    description: '2025-era sessions open now.',
  });
  const inFlight = meter.createUpDownCounter('mcp.server.active_requests', {
    unit: '{request}',
    description: 'Requests being handled now.',
  });
  const refusals = meter.createCounter('mcp.server.policy.refusals', {
    unit: '{call}',
    description: 'Tool calls refused by a policy: missing scopes (-32002), rate or concurrency limit (-32003).',
  });

  function traceOf(span: Span | undefined): Trace {
    const spanContext = span?.spanContext();
    const recording = span?.isRecording() === true;
    const base = span ? wrapSpan(span) : undefined;
    return {
      enabled: recording,
      traceId: recording ? spanContext?.traceId : undefined,
      spanId: recording ? spanContext?.spanId : undefined,
      setAttribute: (key, value) => base?.setAttribute(key, value),
      setAttributes: (attributes) => base?.setAttributes(attributes),
      addEvent: (name, attributes) => base?.addEvent(name, attributes),
      recordException: (error) => base?.recordException(error),
      span: (name, fn, attributes) =>
        tracer.startActiveSpan(name, { attributes: attributes as Attributes | undefined }, async (child) => {
          try {
            return await fn(wrapSpan(child));
          } catch (error) {
            wrapSpan(child).recordException(error);
            throw error;
          } finally {
            child.end();
          }
        }),
    };
  }

  function traced(own: OwnNames): Wrapper {
    const known = (method: string, name: unknown) =>
      typeof name === 'string' &&
      (method === 'tools/call' ? own.tools.has(name) : method === 'prompts/get' && own.prompts.has(name));
    return (next, method, server) => (request, ctx) => inSpan(server, known, method, next, request, ctx);
  }

  async function inSpan(
    server: McpServer,
    names: (method: string, name: unknown) => boolean,
    method: string,
    original: RequestHandler,
    request: RpcRequest,
    ctx: ServerContext,
  ) {
    const target = targetOf(request);
    const known = target !== undefined && method !== 'resources/read' && names(method, request.params?.name);
    const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
    const version =
      server.server.getNegotiatedProtocolVersion() ?? (envelope?.[PROTOCOL_VERSION_META_KEY] as string | undefined);
    // HTTP requests carry ctx.http; stdio is a pipe; WebSocket connections (neither) go unlabelled.
    const transport = ctx.http ? 'tcp' : server.server.transport instanceof StdioServerTransport ? 'pipe' : undefined;
    // Low-cardinality attributes, shared by the span and the metrics. Resource URIs stay off metrics and span names.
    const common: Attributes = { 'mcp.method.name': method };
    if (method === 'tools/call') common['gen_ai.operation.name'] = 'execute_tool';
    if (method === 'tools/call' && known) common['gen_ai.tool.name'] = target;
    if (method === 'prompts/get' && known) common['gen_ai.prompt.name'] = target;
    if (version !== undefined) common['mcp.protocol.version'] = version;
    if (transport !== undefined) common['network.transport'] = transport;
    const attributes: Attributes = { ...common, 'jsonrpc.request.id': String(ctx.mcpReq.id) };
    // An unknown name stays on the span alone (clipped, as every target is), where it tells what was asked for.
    if (method === 'tools/call' && !known && target !== undefined) attributes['gen_ai.tool.name'] = target;
    if (method === 'prompts/get' && !known && target !== undefined) attributes['gen_ai.prompt.name'] = target;
    if (method === 'resources/read' && target !== undefined) attributes['mcp.resource.uri'] = target;
    if (ctx.sessionId !== undefined) attributes['mcp.session.id'] = sessionTag(ctx.sessionId);
    if (ctx.http) attributes['network.protocol.name'] = 'http';

    const parent = parentOf(ctx);
    const name = known ? `${method} ${target}` : method;
    const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, parent);
    const start = performance.now();
    inFlight.add(1, common);
    let errorType: string | undefined;
    let code: number | undefined;
    try {
      const result = await context.with(trace.setSpan(parent, span), () => original(request, ctx));
      if (method === 'tools/call' && (result as { isError?: unknown } | undefined)?.isError === true) {
        errorType = 'tool_error';
        span.setStatus({ code: SpanStatusCode.ERROR, message: toolErrorText(result) });
      }
      return result;
    } catch (error) {
      code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : undefined;
      errorType = code !== undefined ? String(code) : error instanceof Error ? error.name : 'unknown';
      if (code !== undefined) span.setAttribute('rpc.response.status_code', String(code));
      // The SDK's messages quote what the client sent ("Tool <name> not found"): clipped like every target.
      const message = clip(error instanceof Error ? error.message : String(error), MAX_MESSAGE);
      span.recordException(
        error instanceof Error
          ? { name: error.name, message, ...(error.stack ? { stack: clip(error.stack, 4 * MAX_MESSAGE) } : {}) }
          : message,
      );
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      if (code !== undefined && REFUSALS.has(code) && method === 'tools/call' && known)
        refusals.add(1, { 'gen_ai.tool.name': target, 'rpc.response.status_code': String(code) });
      throw error;
    } finally {
      const outcome: Attributes =
        errorType === undefined
          ? common
          : {
              ...common,
              'error.type': errorType,
              ...(code !== undefined ? { 'rpc.response.status_code': String(code) } : {}),
            };
      if (errorType !== undefined) span.setAttribute('error.type', errorType);
      span.end();
      inFlight.add(-1, common);
      operationDuration.record((performance.now() - start) / 1000, outcome);
    }
  }

  function session(server: McpServer): void {
    const start = performance.now();
    activeSessions.add(1);
    const previous = server.server.onclose;
    server.server.onclose = () => {
      activeSessions.add(-1);
      const version = server.server.getNegotiatedProtocolVersion();
      sessionDuration.record((performance.now() - start) / 1000, version ? { 'mcp.protocol.version': version } : {});
      previous?.();
    };
  }

  return {
    trace: () => traceOf(trace.getActiveSpan()),
    ids: () => {
      const span = trace.getActiveSpan();
      if (!span?.isRecording()) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    traced,
    session,
    refused: (tool, code) => refusals.add(1, { 'gen_ai.tool.name': tool, 'rpc.response.status_code': String(code) }),
  };
}

function toolErrorText(result: unknown): string | undefined {
  const first = (result as { content?: { type?: string; text?: string }[] }).content?.[0];
  return first?.type === 'text' ? first.text?.slice(0, 200) : undefined;
}
