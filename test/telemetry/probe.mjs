// Copied into a built generated project and run there (so that it shares the project's OpenTelemetry packages):
// starts the project's telemetry with in-memory exporters, serves its buildServer() to a real MCP client of the
// era named on the command line over an in-memory stdio pair, makes one call of each kind, and prints what was
// recorded as one JSON document on stdout. The test asserts on it.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { AggregationTemporality, InMemoryMetricExporter, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { attachServer } from './dist/generated/runtime/notify.gen.js';
import { observeSession } from './dist/generated/runtime/observe.gen.js';
import { buildServer } from './dist/generated/server.gen.js';
import { startTelemetry } from './dist/generated/runtime/telemetry.gen.js';

const era = process.argv[2];
const traceparent = process.argv[3];
const spans = new InMemorySpanExporter();
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const telemetry = await startTelemetry({
  serviceName: 'observed',
  serviceVersion: '2.3.4',
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
  metricReaders: [new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 })],
});

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const served = serveStdio(({ era: served }) => observeSession(attachServer(buildServer({}, served), served), served), {
  transport: serverSide,
  legacy: 'serve',
});
const client = new Client({ name: 'probe', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {});
await client.connect(clientSide);

const outcome = async (call) => {
  try {
    return { result: await call() };
  } catch (error) {
    return { error: { code: error.code, message: error.message } };
  }
};
const _meta = { traceparent, baggage: 'tenant=acme' };
const calls = {
  echo: await outcome(() => client.callTool({ name: 'echo', arguments: { text: 'hi' }, _meta })),
  fails: await outcome(() => client.callTool({ name: 'fails', arguments: {} })),
  limitedFirst: await outcome(() => client.callTool({ name: 'limited', arguments: {} })),
  limitedSecond: await outcome(() => client.callTool({ name: 'limited', arguments: {} })),
  slow: await outcome(() => client.callTool({ name: 'slow', arguments: {} })),
  read: await outcome(() => client.readResource({ uri: 'observed://motd' })),
  prompt: await outcome(() => client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } })),
};
await client.close();
await served.close();
await new Promise((resolve) => setTimeout(resolve, 50)); // the session's onclose runs after the transport closed
await telemetry.flush();

const finished = spans.getFinishedSpans().map((s) => ({
  name: s.name,
  kind: s.kind,
  traceId: s.spanContext().traceId,
  spanId: s.spanContext().spanId,
  parentSpanId: s.parentSpanContext?.spanId,
  attributes: s.attributes,
  status: s.status,
  events: s.events.map((e) => e.name),
  scope: s.instrumentationScope.name,
  service: s.resource.attributes['service.name'],
}));
const metrics =
  metricExporter
    .getMetrics()
    .at(-1)
    ?.scopeMetrics.flatMap((scope) =>
      scope.metrics.map((m) => ({
        name: m.descriptor.name,
        unit: m.descriptor.unit,
        points: m.dataPoints.map((p) => ({
          attributes: p.attributes,
          value: typeof p.value === 'number' ? p.value : { count: p.value.count, sum: p.value.sum },
        })),
      })),
    ) ?? [];
await telemetry.shutdown();
process.stdout.write(JSON.stringify({ calls, spans: finished, metrics }));
