// Spans, metrics and log lines of a generated server with `telemetry: {otel: true}`, recorded by in-memory exporters
// (test/telemetry/probe.mjs runs inside the built project) for a call of each kind, in both protocol eras.
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SPAN_ID, CLIENT_TRACE_ID, observedProject, TRACEPARENT } from './project.js';

interface RecordedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Record<string, unknown>;
  status: { code: number; message?: string };
  events: string[];
  scope: string;
  service: string;
}
interface Recorded {
  calls: Record<string, { result?: { content?: { text: string }[] }; error?: { code: number } }>;
  spans: RecordedSpan[];
  metrics: {
    name: string;
    unit: string;
    points: { attributes: Record<string, unknown>; value: number | { count: number; sum: number } }[];
  }[];
  logs: Record<string, unknown>[];
}

const SERVER = 1; // SpanKind.SERVER
const ERROR = 2; // SpanStatusCode.ERROR

let dir: string;
beforeAll(() => {
  dir = observedProject();
  copyFileSync(join(import.meta.dirname, 'probe.mjs'), join(dir, 'probe.mjs'));
});

function probe(era: 'legacy' | 'modern'): Recorded {
  const run = spawnSync(process.execPath, ['probe.mjs', era, TRACEPARENT], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'info' },
    timeout: 60_000,
  });
  if (run.status !== 0) throw new Error(`probe failed (${run.status}):\n${run.stderr}`);
  return { ...(JSON.parse(run.stdout) as Omit<Recorded, 'logs'>), logs: parseLines(run.stderr) };
}

function parseLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.each([
  ['legacy', '2025-11-25'],
  ['modern', '2026-07-28'],
] as const)('%s era', (era, version) => {
  let recorded: Recorded;
  const span = (name: string, nth = 0) => {
    const found = recorded.spans.filter((s) => s.name === name)[nth];
    expect(found, `span ${name} #${nth} in ${recorded.spans.map((s) => s.name).join(', ')}`).toBeDefined();
    return found!;
  };
  const durations = (attributes: Record<string, unknown>) =>
    recorded.metrics
      .find((m) => m.name === 'mcp.server.operation.duration')!
      .points.filter(
        (p) =>
          Object.entries(attributes).every(([k, v]) => p.attributes[k] === v) &&
          (attributes['error.type'] !== undefined || p.attributes['error.type'] === undefined),
      );

  beforeAll(() => {
    recorded = probe(era);
  });

  it('traces a tool call under the client-sent traceparent, with the handler and its own spans inside', () => {
    const call = span('tools/call echo');
    expect(call.kind).toBe(SERVER);
    expect(call.scope).toBe('mcp-gen');
    expect(call.service).toBe('observed');
    expect(call.traceId).toBe(CLIENT_TRACE_ID);
    expect(call.parentSpanId).toBe(CLIENT_SPAN_ID);
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': version,
      'app.text.length': 2, // ctx.trace.setAttribute from the handler
    });
    expect(typeof call.attributes['jsonrpc.request.id']).toBe('string');
    expect(call.attributes['error.type']).toBeUndefined();
    expect(call.status.code).not.toBe(ERROR);

    // ctx.trace.span() is a child of the request span; a span of the handler's own tracer a child of that.
    const lookup = span('lookup');
    expect(lookup.parentSpanId).toBe(call.spanId);
    expect(lookup.traceId).toBe(CLIENT_TRACE_ID);
    const db = span('db.query');
    expect(db.scope).toBe('app-db');
    expect(db.parentSpanId).toBe(lookup.spanId);

    // What the handler saw in ctx.trace is the span the server recorded.
    const seen = JSON.parse(recorded.calls.echo.result!.content![0].text) as { traceId: string; spanId: string; inner: string };
    expect(seen).toMatchObject({ traceId: CLIENT_TRACE_ID, spanId: call.spanId, inner: db.spanId });
  });

  it('marks a tool error result with error.type tool_error', () => {
    const call = span('tools/call fails');
    expect(call.attributes).toMatchObject({ 'error.type': 'tool_error', 'gen_ai.tool.name': 'fails' });
    expect(call.status).toEqual({ code: ERROR, message: 'the upstream said no' });
    // No client trace context on this call: a new trace, no parent.
    expect(call.traceId).not.toBe(CLIENT_TRACE_ID);
    expect(call.parentSpanId).toBeUndefined();
    expect(durations({ 'gen_ai.tool.name': 'fails', 'error.type': 'tool_error' })).toHaveLength(1);
  });

  it('records a policy refusal (-32003) as an error span, an error duration and a refusal count', () => {
    expect(recorded.calls.limitedFirst.result).toBeDefined();
    expect(recorded.calls.limitedSecond.error?.code).toBe(-32003);
    expect(span('tools/call limited', 0).attributes['error.type']).toBeUndefined();
    const refused = span('tools/call limited', 1);
    expect(refused.attributes).toMatchObject({ 'error.type': '-32003', 'rpc.response.status_code': '-32003' });
    expect(refused.status.code).toBe(ERROR);
    expect(refused.events).toContain('exception');
    const refusals = recorded.metrics.find((m) => m.name === 'mcp.server.policy.refusals')!;
    expect(refusals.points).toEqual([{ attributes: { 'gen_ai.tool.name': 'limited', 'rpc.response.status_code': '-32003' }, value: 1 }]);
    expect(durations({ 'gen_ai.tool.name': 'limited' })).toHaveLength(1);
    expect(durations({ 'gen_ai.tool.name': 'limited', 'error.type': '-32003' })).toHaveLength(1);
  });

  it('records a timeout (-32004) with the time the policy allowed', () => {
    expect(recorded.calls.slow.error?.code).toBe(-32004);
    expect(span('tools/call slow').attributes).toMatchObject({ 'error.type': '-32004', 'rpc.response.status_code': '-32004' });
    const [point] = durations({ 'gen_ai.tool.name': 'slow', 'error.type': '-32004' });
    const { count, sum } = point.value as { count: number; sum: number };
    expect(count).toBe(1);
    expect(sum).toBeGreaterThanOrEqual(0.09);
    expect(sum).toBeLessThan(1.5); // the handler's two seconds were not waited for
  });

  it('traces a resource read by URI, keeping the URI out of the span name and metrics', () => {
    const read = span('resources/read');
    expect(read.attributes).toMatchObject({
      'mcp.method.name': 'resources/read',
      'mcp.resource.uri': 'observed://motd',
      'mcp.protocol.version': version,
    });
    const points = durations({ 'mcp.method.name': 'resources/read' });
    expect(points).toHaveLength(1);
    expect(points[0].attributes['mcp.resource.uri']).toBeUndefined();
  });

  it('traces a prompt by name', () => {
    const get = span('prompts/get greet');
    expect(get.attributes).toMatchObject({ 'mcp.method.name': 'prompts/get', 'gen_ai.prompt.name': 'greet' });
    expect(durations({ 'gen_ai.prompt.name': 'greet' })).toHaveLength(1);
  });

  it('writes JSON log lines on stderr with the request and its trace, ctx.log included', () => {
    const echoed = recorded.logs.find((l) => l.msg === 'echoing hi');
    expect(echoed).toMatchObject({
      level: 30,
      method: 'tools/call',
      target: 'echo',
      trace_id: CLIENT_TRACE_ID,
      span_id: span('tools/call echo').spanId,
    });
    expect(echoed!.requestId).toBeDefined();
    const refused = recorded.logs.find((l) => l.code === -32003);
    expect(refused).toMatchObject({ level: 40, target: 'limited', trace_id: span('tools/call limited', 1).traceId });
    expect(recorded.logs.every((l) => typeof l.time === 'number' && typeof l.level === 'number')).toBe(true);
  });

  it('counts in-flight requests back to zero and measures sessions only in the 2025 era', () => {
    const active = recorded.metrics.find((m) => m.name === 'mcp.server.active_requests')!;
    expect(active.points.length).toBeGreaterThan(0);
    expect(active.points.every((p) => p.value === 0)).toBe(true);
    const sessions = recorded.metrics.find((m) => m.name === 'mcp.server.session.duration');
    if (era === 'legacy') {
      expect(sessions?.points).toHaveLength(1);
      expect((sessions!.points[0].value as { count: number }).count).toBe(1);
      expect(recorded.metrics.find((m) => m.name === 'mcp.server.active_sessions')!.points[0].value).toBe(0);
    } else {
      expect(sessions).toBeUndefined();
    }
  });
});
