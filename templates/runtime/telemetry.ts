import { context, diag, DiagLogLevel, metrics, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  setGlobalErrorHandler,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import {
  detectResources,
  resourceAttributesEnvDetector,
  resourceFromAttributes,
  serviceNameEnvDetector,
} from '@opentelemetry/resources';
import {
  ConsoleMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type IMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { createObserver } from './instrument.gen.js';
import { logger } from './log.gen.js';
import { setObserver } from './observe.gen.js';

// OpenTelemetry set up from the standard OTEL_* variables (the manifest's telemetry.otel generated this file; the entry
// imports it only when OTEL_SDK_DISABLED is not true). Supported: OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES,
// OTEL_TRACES_EXPORTER and OTEL_METRICS_EXPORTER (otlp, console, none), OTEL_EXPORTER_OTLP_PROTOCOL and its
// _TRACES_/_METRICS_ forms (http/protobuf, http/json), OTEL_EXPORTER_OTLP_ENDPOINT, _HEADERS, _TIMEOUT and their
// per-signal forms (read by the exporters), OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG,
// OTEL_METRIC_EXPORT_INTERVAL.

export interface TelemetryOptions {
  /** service.name and service.version unless OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES say otherwise. */
  serviceName: string;
  serviceVersion?: string;
  /** Replace the span processors the environment selects (tests: a SimpleSpanProcessor over an in-memory exporter). */
  spanProcessors?: SpanProcessor[];
  /** Replace the metric readers the environment selects. */
  metricReaders?: IMetricReader[];
  /**
   * The manifest's telemetry.trustClientSampling: whether a parent-based sampler follows the sampled flag of the
   * trace context a client sends. Off, the client's context still parents the span, but the sampler decides as it
   * does for a new trace: a client cannot switch the tracing of its calls off.
   */
  trustClientSampling?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface TelemetryHandle {
  /** Exports what is buffered (spans, metrics). */
  flush(): Promise<void>;
  /** Flushes and stops; the entry calls it on shutdown. */
  shutdown(): Promise<void>;
}

function list(value: string | undefined, fallback: string): string[] {
  return (value?.trim() || fallback)
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
}

function protocolOf(env: NodeJS.ProcessEnv, signal: 'TRACES' | 'METRICS'): 'http/protobuf' | 'http/json' {
  const protocol = (env[`OTEL_EXPORTER_OTLP_${signal}_PROTOCOL`] ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf')
    .trim()
    .toLowerCase();
  if (protocol === 'http/protobuf' || protocol === 'http/json') return protocol;
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL: ${JSON.stringify(protocol)} is not supported for ${signal.toLowerCase()}; ` +
      "use http/protobuf or http/json (for grpc, point the server at a collector's OTLP/HTTP receiver)",
  );
}

/**
 * OTEL_TRACES_SAMPLER, as the specification names the samplers; the default samples everything. A parent-based
 * sampler follows a local parent's decision, and a remote (client's) parent's only when `trustClientSampling`.
 */
export function samplerFromEnv(env: NodeJS.ProcessEnv, trustClientSampling = false): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on').trim().toLowerCase();
  const arg = env.OTEL_TRACES_SAMPLER_ARG;
  const ratio = () => {
    const value = arg === undefined || arg.trim() === '' ? 1 : Number(arg);
    if (!Number.isFinite(value) || value < 0 || value > 1)
      throw new Error(`OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1, not ${JSON.stringify(arg)}`);
    return new TraceIdRatioBasedSampler(value);
  };
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_on':
      return parentBased(new AlwaysOnSampler(), trustClientSampling);
    case 'parentbased_always_off':
      return parentBased(new AlwaysOffSampler(), trustClientSampling);
    case 'parentbased_traceidratio':
      return parentBased(ratio(), trustClientSampling);
    default:
      throw new Error(
        `OTEL_TRACES_SAMPLER: ${JSON.stringify(name)} is not one of always_on, always_off, traceidratio, ` +
          'parentbased_always_on, parentbased_always_off, parentbased_traceidratio',
      );
  }
}

function parentBased(root: Sampler, trustClientSampling: boolean): Sampler {
  if (trustClientSampling) return new ParentBasedSampler({ root });
  return new ParentBasedSampler({ root, remoteParentSampled: root, remoteParentNotSampled: root });
}

async function spanExporters(env: NodeJS.ProcessEnv): Promise<SpanExporter[]> {
  const out: SpanExporter[] = [];
  for (const name of list(env.OTEL_TRACES_EXPORTER, 'otlp')) {
    if (name === 'none') return [];
    if (name === 'console') out.push(new ConsoleSpanExporter());
    else if (name === 'otlp') {
      const { OTLPTraceExporter } =
        protocolOf(env, 'TRACES') === 'http/json'
          ? await import('@opentelemetry/exporter-trace-otlp-http')
          : await import('@opentelemetry/exporter-trace-otlp-proto');
      out.push(new OTLPTraceExporter());
    } else throw new Error(`OTEL_TRACES_EXPORTER: ${JSON.stringify(name)} is not one of otlp, console, none`);
  }
  return out;
}

async function metricExporters(env: NodeJS.ProcessEnv): Promise<PushMetricExporter[]> {
  const out: PushMetricExporter[] = [];
  for (const name of list(env.OTEL_METRICS_EXPORTER, 'otlp')) {
    if (name === 'none') return [];
    if (name === 'console') out.push(new ConsoleMetricExporter());
    else if (name === 'otlp') {
      const { OTLPMetricExporter } =
        protocolOf(env, 'METRICS') === 'http/json'
          ? await import('@opentelemetry/exporter-metrics-otlp-http')
          : await import('@opentelemetry/exporter-metrics-otlp-proto');
      out.push(new OTLPMetricExporter());
    } else throw new Error(`OTEL_METRICS_EXPORTER: ${JSON.stringify(name)} is not one of otlp, console, none`);
  }
  return out;
}

function exportInterval(env: NodeJS.ProcessEnv): number {
  const raw = env.OTEL_METRIC_EXPORT_INTERVAL;
  const ms = raw === undefined || raw.trim() === '' ? 60_000 : Number(raw);
  if (!Number.isInteger(ms) || ms <= 0)
    throw new Error(
      `OTEL_METRIC_EXPORT_INTERVAL must be a positive number of milliseconds, not ${JSON.stringify(raw)}`,
    );
  return ms;
}

/**
 * Starts tracing and metrics and installs the observer that instruments every server. The exporters send in the
 * background and never hold up a request; export failures are logged as warnings.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<TelemetryHandle> {
  const env = options.env ?? process.env;
  diag.setLogger(
    {
      error: (message, ...args) =>
        logger.warn({ otel: args.length ? args.map(String) : undefined }, `opentelemetry: ${message}`),
      warn: (message, ...args) =>
        logger.warn({ otel: args.length ? args.map(String) : undefined }, `opentelemetry: ${message}`),
      info: () => undefined,
      debug: () => undefined,
      verbose: () => undefined,
    },
    DiagLogLevel.WARN,
  );
  setGlobalErrorHandler((error) => logger.warn({ err: error }, 'opentelemetry: export failed'));

  const resource = resourceFromAttributes({
    [ATTR_SERVICE_NAME]: options.serviceName,
    ...(options.serviceVersion ? { [ATTR_SERVICE_VERSION]: options.serviceVersion } : {}),
  }).merge(detectResources({ detectors: [resourceAttributesEnvDetector, serviceNameEnvDetector] }));
  const exportIntervalMillis = exportInterval(env);
  const spanProcessors =
    options.spanProcessors ?? (await spanExporters(env)).map((exporter) => new BatchSpanProcessor({ exporter }));
  const readers =
    options.metricReaders ??
    (await metricExporters(env)).map(
      (exporter) => new PeriodicExportingMetricReader({ exporter, exportIntervalMillis }),
    );

  const tracerProvider = new TracerProvider({
    resource,
    sampler: samplerFromEnv(env, options.trustClientSampling),
    spanProcessors,
  });
  const meterProvider = new MeterProvider({ resource, readers });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(
    new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }),
  );
  trace.setGlobalTracerProvider(tracerProvider);
  metrics.setGlobalMeterProvider(meterProvider);
  setObserver(createObserver());

  return {
    flush: async () => {
      await Promise.allSettled([tracerProvider.forceFlush(), meterProvider.forceFlush()]);
    },
    shutdown: async () => {
      setObserver(undefined);
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
    },
  };
}
