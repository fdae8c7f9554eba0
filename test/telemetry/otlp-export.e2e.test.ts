// A generated server with `telemetry: {otel: true}` exports its spans and metrics over OTLP/HTTP (JSON) to a
// receiver on loopback, configured only through OTEL_* variables; the spans arrive, parented on the trace context
// the client sent in the HTTP traceparent header (2026-07-28) and in params._meta (2025 era, in a session).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SPAN_ID, CLIENT_TRACE_ID, observedProject, TRACEPARENT } from './project.js';

interface Received {
  path: string;
  contentType: string | undefined;
  body: unknown;
}
type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpAttribute = { key: string; value: OtlpValue };
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: OtlpAttribute[];
}

const HEADER_SPAN_ID = '1111111111111111';
const HEADER_TRACE_ID = 'abcdefabcdefabcdefabcdefabcdef01';

let dir: string;
let receiver: Server;
let endpoint: string;
const received: Received[] = [];

beforeAll(async () => {
  dir = observedProject();
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the assertions below say what was expected
      }
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
});

function startServer(extraEnv: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, [join(dir, 'dist', 'main.js'), '--transport', 'http', '--port', '0'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'observed-e2e',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=test',
      OTEL_SDK_DISABLED: 'false',
      ...extraEnv,
    },
  });
  let err = '';
  child.stderr!.on('data', (c: Buffer) => void (err += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from the server:\n${err}`)), 30_000);
    const look = () => {
      const m = /"url":"(http:\/\/[^"]+)"/.exec(err);
      if (!m) return;
      clearTimeout(timer);
      child.stderr!.off('data', look);
      resolve({ url: m[1], child, stderr: () => err });
    };
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`server exited ${code}:\n${err}`)));
  });
}

const attr = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((a) => a.key === key)?.value;
  return value?.stringValue ?? value?.intValue;
};

describe('OTLP/HTTP JSON export to a loopback receiver', () => {
  let spans: OtlpSpan[];
  let stderr: string;

  beforeAll(async () => {
    const server = await startServer();
    // 2026-07-28 over HTTP, the trace context in the HTTP header only.
    const withHeader: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('traceparent', `00-${HEADER_TRACE_ID}-${HEADER_SPAN_ID}-01`);
      return fetch(input, { ...init, headers });
    };
    const modern = new Client({ name: 'otlp-modern', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await modern.connect(new StreamableHTTPClientTransport(new URL(server.url), { fetch: withHeader }));
    expect((await modern.callTool({ name: 'echo', arguments: { text: 'over http' } })).isError).toBeFalsy();
    await modern.close();
    // 2025 era, in a session, the trace context in params._meta.
    const legacy = new Client({ name: 'otlp-legacy', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    expect((await legacy.callTool({ name: 'fails', arguments: {}, _meta: { traceparent: TRACEPARENT } })).isError).toBe(true);
    await legacy.close();
    // Spans are batched; a shutdown exports what is pending before the process exits.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    stderr = server.stderr();
    spans = received
      .filter((r) => r.path === '/v1/traces')
      .flatMap((r) => (r.body as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] }).resourceSpans)
      .flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans));
  });

  it('sends JSON to /v1/traces and /v1/metrics with the service named by OTEL_SERVICE_NAME', () => {
    const traces = received.filter((r) => r.path === '/v1/traces');
    expect(traces.length, stderr).toBeGreaterThan(0);
    expect(traces.every((r) => r.contentType === 'application/json')).toBe(true);
    const resource = (traces[0].body as { resourceSpans: { resource: { attributes: OtlpAttribute[] } }[] }).resourceSpans[0].resource
      .attributes;
    const value = (key: string) => resource.find((a) => a.key === key)?.value.stringValue;
    expect(value('service.name')).toBe('observed-e2e');
    expect(value('service.version')).toBe('2.3.4');
    expect(value('deployment.environment.name')).toBe('test');

    const metrics = received.filter((r) => r.path === '/v1/metrics');
    expect(metrics.length).toBeGreaterThan(0);
    expect(JSON.stringify(metrics.map((m) => m.body))).toContain('mcp.server.operation.duration');
  });

  it('parents the 2026-07-28 call on the HTTP traceparent header', () => {
    const call = spans.find((s) => s.name === 'tools/call echo');
    expect(call, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(call!.traceId).toBe(HEADER_TRACE_ID);
    expect(call!.parentSpanId).toBe(HEADER_SPAN_ID);
    expect(call!.kind).toBe(2); // OTLP SPAN_KIND_SERVER
    expect(attr(call!, 'mcp.protocol.version')).toBe('2026-07-28');
    expect(attr(call!, 'network.transport')).toBe('tcp');
    expect(attr(call!, 'network.protocol.name')).toBe('http');
    const lookup = spans.find((s) => s.name === 'lookup');
    expect(lookup?.parentSpanId).toBe(call!.spanId);
  });

  it('parents the 2025-era call on params._meta and names its session', () => {
    const call = spans.find((s) => s.name === 'tools/call fails');
    expect(call).toBeDefined();
    expect(call!.traceId).toBe(CLIENT_TRACE_ID);
    expect(call!.parentSpanId).toBe(CLIENT_SPAN_ID);
    expect(attr(call!, 'error.type')).toBe('tool_error');
    expect(attr(call!, 'mcp.session.id')).toMatch(/^[0-9a-f]{16}$/); // a hash: the id itself is never exported
    const initialize = spans.find((s) => s.name === 'initialize');
    expect(initialize).toBeDefined();
  });
});

describe('OTEL_SDK_DISABLED=true', () => {
  it('serves as usual and exports nothing', async () => {
    const before = received.length;
    const server = await startServer({ OTEL_SDK_DISABLED: 'true' });
    const client = new Client({ name: 'otlp-off', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const result = await client.callTool({ name: 'echo', arguments: { text: 'dark' }, _meta: { traceparent: TRACEPARENT } });
    // ctx.trace is the no-op: no ids, even with a client trace context.
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual({ text: 'dark', inner: '0000000000000000' }); // the API's no-op span;
    await client.close();
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(received.length).toBe(before);
    expect(server.stderr()).not.toContain('trace_id');
  });
});
