// What a client sends cannot bloat, fill or blind the telemetry of a generated server (`telemetry: {otel: true}`,
// HTTP, spans and metrics exported as OTLP/JSON to a receiver on loopback, log lines read from stderr at debug):
// a 1 MiB tool name is clipped in logs and spans and names neither a span nor a metric series; a 2025-era session's
// id appears in no log line and no span, only its short hash; a client's traceparent parents the span, but its
// "not sampled" flag does not switch tracing off, unless the manifest sets telemetry.trustClientSampling.
import { createHash } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST, observedProject } from './project.js';

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: OtlpAttribute[];
  events?: { name: string; attributes: OtlpAttribute[] }[];
  status?: { message?: string };
}
type Points = { dataPoints?: { attributes?: OtlpAttribute[] }[] };
interface OtlpTraces {
  resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
}
interface OtlpMetrics {
  resourceMetrics: { scopeMetrics: { metrics: { name: string; histogram?: Points; sum?: Points; gauge?: Points }[] }[] }[];
}
interface Exported {
  spans: OtlpSpan[];
  /** Every data point's attributes, per metric name. */
  points: Record<string, Record<string, string>[]>;
  lines: string[];
}

const HUGE = `x${'y'.repeat(1024 * 1024)}`;
const OPTED_OUT_TRACE = 'c0ffeec0ffeec0ffeec0ffeec0ffee01';
const OPTED_OUT_SPAN = '2222222222222222';
const attr = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

let receiver: Server;
let endpoint: string;
const bodies: { path: string; body: unknown }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Serves `dir` over HTTP with telemetry exported to the receiver; `run` talks to it; then a SIGTERM flushes it all. */
async function served(dir: string, run: (url: string) => Promise<void>): Promise<Exported> {
  const before = bodies.length;
  const child: ChildProcess = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SDK_DISABLED: 'false',
      LOG_LEVEL: 'debug',
    },
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => void (stderr += c.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /"url":"(http:\/\/[^"]+)"/.exec(stderr);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 20);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${stderr}`)));
  });
  await run(url);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  const mine = bodies.slice(before);
  const spans: OtlpSpan[] = mine
    .filter((r) => r.path === '/v1/traces')
    .flatMap((r) => (r.body as OtlpTraces).resourceSpans)
    .flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans));
  const points: Exported['points'] = {};
  for (const r of mine.filter((b) => b.path === '/v1/metrics'))
    for (const rm of (r.body as OtlpMetrics).resourceMetrics)
      for (const sm of rm.scopeMetrics)
        for (const metric of sm.metrics) {
          const data = metric.histogram ?? metric.sum ?? metric.gauge;
          for (const point of data?.dataPoints ?? [])
            (points[metric.name] ??= []).push(
              Object.fromEntries(
                (point.attributes ?? []).map((a: OtlpAttribute) => [a.key, String(a.value.stringValue ?? a.value.intValue)]),
              ),
            );
        }
  return { spans, points, lines: stderr.split('\n').filter(Boolean) };
}

/** One raw 2026-07-28 tools/call, with an HTTP traceparent when given. */
async function modernCall(url: string, name: string, args: object, traceparent?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': name,
      ...(traceparent ? { traceparent } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 77,
      method: 'tools/call',
      params: {
        name,
        arguments: args,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientInfo': { name: 'hostile', version: '1.0.0' },
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  });
  const text = await res.text();
  return JSON.parse(
    res.headers.get('content-type')?.includes('json')
      ? text
      : text
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .at(-1)!
          .slice(5),
  );
}

describe('a hostile client against a generated server with telemetry on', () => {
  let exported: Exported;
  let sessionId: string;

  beforeAll(async () => {
    const dir = observedProject();
    exported = await served(dir, async (url) => {
      // A 2025-era session: its id is what a client needs to act in it. (A 2026-07-28 request must repeat the tool's
      // name in its Mcp-Name header, which the header size limit keeps short; a 2025-era body has room for 1 MiB.)
      const legacy = new Client({ name: 'session-holder', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(url));
      await legacy.connect(transport);
      sessionId = transport.sessionId!;
      expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
      await expect(legacy.callTool({ name: HUGE, arguments: {} })).rejects.toMatchObject({ code: -32602 });
      expect((await legacy.callTool({ name: 'echo', arguments: { text: 'in session' } })).isError).toBeFalsy();
      await expect(legacy.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      await legacy.close();
      // Tracing switched off by the client's flags (00): the server traces the call anyway.
      const optOut = await modernCall(url, 'echo', { text: 'do not trace me' }, `00-${OPTED_OUT_TRACE}-${OPTED_OUT_SPAN}-00`);
      expect(optOut.result?.content).toBeDefined();
    });
  }, 300_000);

  it('a 1 MiB tool name makes no long log line: the name and the error quoting it are clipped', () => {
    const longest = Math.max(...exported.lines.map((l) => l.length));
    expect(longest).toBeLessThan(4096);
    const failed = exported.lines.map((l) => JSON.parse(l)).find((l) => l.code === -32602 && l.method === 'tools/call');
    expect(failed, exported.lines.join('\n').slice(0, 2000)).toBeDefined();
    expect(failed.target).toBe(`${HUGE.slice(0, 200)}... (${HUGE.length - 200} more characters)`);
    expect(failed.msg.length).toBeLessThan(1100 + 'request failed: '.length);
  });

  it('an unknown tool names no span and no metric series; on its span the name is clipped', () => {
    const server = exported.spans.filter((s) => attr(s, 'mcp.method.name') !== undefined);
    expect(
      server.every((s) => s.name.length < 100),
      server.map((s) => s.name.slice(0, 120)).join('\n'),
    ).toBe(true);
    // The unknown names (the huge one, no_such_tool) gave spans named by the method alone.
    expect(new Set(server.map((s) => s.name))).toEqual(new Set(['initialize', 'tools/call', 'tools/call echo']));
    const unknown = server.find((s) => s.name === 'tools/call' && attr(s, 'gen_ai.tool.name')?.startsWith('xyyy'))!;
    expect(attr(unknown, 'gen_ai.tool.name')!.length).toBeLessThan(260);
    expect(attr(unknown, 'error.type')).toBe('-32602');
    expect(unknown.status?.message?.length).toBeLessThan(1100);
    const exception = unknown.events?.find((e) => e.name === 'exception');
    for (const a of exception?.attributes ?? []) expect((a.value.stringValue ?? '').length, a.key).toBeLessThan(4200);
    // Metrics label only the server's own tools.
    const labelled = new Set(Object.values(exported.points).flatMap((points) => points.map((p) => p['gen_ai.tool.name']).filter(Boolean)));
    expect([...labelled]).toEqual(['echo']);
    expect(exported.points['mcp.server.operation.duration']!.some((p) => p['error.type'] === '-32602' && !('gen_ai.tool.name' in p))).toBe(
      true,
    );
  });

  it("a session's id is in no log line and no span, only its short hash", () => {
    const tag = createHash('sha256').update(sessionId).digest('hex').slice(0, 16);
    expect(exported.lines.filter((l) => l.includes(sessionId))).toEqual([]);
    expect(JSON.stringify(exported.spans)).not.toContain(sessionId);
    expect(exported.lines.some((l) => JSON.parse(l).session === tag)).toBe(true);
    const sessionSpans = exported.spans.filter((s) => attr(s, 'mcp.session.id') !== undefined);
    expect(sessionSpans.length).toBeGreaterThan(0);
    expect(new Set(sessionSpans.map((s) => attr(s, 'mcp.session.id')))).toEqual(new Set([tag]));
  });

  it("a client's trace context parents the span, but its 'not sampled' flag does not switch tracing off", () => {
    const span = exported.spans.find((s) => s.traceId === OPTED_OUT_TRACE && s.name === 'tools/call echo');
    expect(span, exported.spans.map((s) => `${s.name} ${s.traceId}`).join('\n')).toBeDefined();
    expect(span!.parentSpanId).toBe(OPTED_OUT_SPAN);
    // The handler's own spans are recorded too.
    expect(exported.spans.some((s) => s.name === 'lookup' && s.parentSpanId === span!.spanId)).toBe(true);
  });
});

describe('telemetry.trustClientSampling: true', () => {
  it("follows the client's sampled flag: a call it marks not sampled is not traced, a sampled one is", async () => {
    const dir = observedProject(MANIFEST.replace('telemetry: {otel: true}', 'telemetry: {otel: true, trustClientSampling: true}'));
    const sampledTrace = 'abcdefabcdefabcdefabcdefabcdef02';
    const exported = await served(dir, async (url) => {
      expect((await modernCall(url, 'echo', { text: 'a' }, `00-${OPTED_OUT_TRACE}-${OPTED_OUT_SPAN}-00`)).result).toBeDefined();
      expect((await modernCall(url, 'echo', { text: 'b' }, `00-${sampledTrace}-${OPTED_OUT_SPAN}-01`)).result).toBeDefined();
    });
    expect(exported.spans.filter((s) => s.traceId === OPTED_OUT_TRACE)).toEqual([]);
    expect(exported.spans.filter((s) => s.traceId === sampledTrace).map((s) => s.name)).toContain('tools/call echo');
  }, 300_000);
});
