// What the generated server reads from its environment (templates/runtime/*.ts and the entry), by the feature that
// reads it: one table for every place that lists the settings, server.json's environmentVariables and the MCP
// Bundle's user_config.
import type { HttpTransport, Manifest } from '../core/index.js';
import { HTTP_DEFAULTS } from '../core/index.js';

export interface ServerEnvVar {
  name: string;
  /** A short label, for settings forms (the bundle's user_config). */
  title: string;
  description: string;
  type?: 'string' | 'boolean';
  isSecret?: boolean;
  default?: string;
  /**
   * Whether a stdio bundle offers it: settings of HTTP serving do not apply to a server a desktop client starts over
   * stdio, and the bundle ships no devDependencies (pretty logs need pino-pretty).
   */
  inBundle: boolean;
}

export interface ServerEnvInput {
  m: Manifest;
  stdio: boolean;
  http: HttpTransport | null;
  /** The toolset names a client may choose from (MCP_TOOLSETS); empty without toolsets. */
  toolsetList: string;
}

const ROWS: { when(i: ServerEnvInput): boolean; vars(i: ServerEnvInput): ServerEnvVar[] }[] = [
  {
    when: (i) => i.stdio && i.http !== null,
    vars: () => [
      {
        name: 'MCP_TRANSPORT',
        title: 'Transports',
        description: 'Transports to serve: stdio, http or stdio,http',
        default: 'stdio',
        inBundle: false,
      },
    ],
  },
  {
    when: (i) => i.http !== null,
    vars: (i) => [
      {
        name: 'MCP_HOST',
        title: 'Host',
        description: 'Interface the HTTP server binds',
        default: i.http?.host ?? HTTP_DEFAULTS.host,
        inBundle: false,
      },
      {
        name: 'MCP_PORT',
        title: 'Port',
        description: 'Port of the HTTP server',
        default: String(i.http?.port ?? HTTP_DEFAULTS.port),
        inBundle: false,
      },
      {
        name: 'MCP_PATH',
        title: 'Path',
        description: 'Path of the Streamable HTTP endpoint',
        default: i.http?.path ?? HTTP_DEFAULTS.path,
        inBundle: false,
      },
    ],
  },
  {
    when: () => true,
    vars: () => [
      {
        name: 'LOG_LEVEL',
        title: 'Log level',
        description: 'Log level (trace, debug, info, warn, error, fatal, silent); logs go to stderr',
        default: 'info',
        inBundle: true,
      },
      { name: 'LOG_FORMAT', title: 'Log format', description: 'Log format: json or pretty', default: 'json', inBundle: false },
      {
        name: 'MCP_REQUEST_STATE_KEY',
        title: 'Request state key',
        description: 'Key sealing the state of multi-round-trip requests; the same on every replica (random per process when unset)',
        isSecret: true,
        // One stdio process is served by its own random key.
        inBundle: false,
      },
    ],
  },
  {
    when: (i) => i.toolsetList !== '',
    vars: (i) => [
      {
        name: 'MCP_TOOLSETS',
        title: 'Toolsets',
        description: `Toolsets to serve, comma-separated, or all (${i.toolsetList}). Empty: the default ones.`,
        inBundle: true,
      },
    ],
  },
  {
    when: (i) => i.m.telemetry?.otel === true,
    vars: () => [
      {
        name: 'OTEL_EXPORTER_OTLP_ENDPOINT',
        title: 'OpenTelemetry endpoint',
        description: 'Where OpenTelemetry traces and metrics are sent (OTLP over HTTP). Empty: http://localhost:4318.',
        inBundle: true,
      },
      {
        name: 'OTEL_SDK_DISABLED',
        title: 'Turn off OpenTelemetry',
        description: 'true turns OpenTelemetry off',
        type: 'boolean',
        default: 'false',
        inBundle: true,
      },
    ],
  },
  {
    when: (i) => i.http !== null && i.m.scale?.store === 'redis',
    vars: () => [
      {
        name: 'MCP_STORE_URL',
        title: 'Store URL',
        description: 'Redis or Valkey URL the replicas share state through (may hold a password)',
        isSecret: true,
        inBundle: false,
      },
    ],
  },
  {
    when: (i) => i.http !== null && (i.m.auth?.type === 'bearer' || i.m.auth?.type === 'apiKey'),
    vars: (i) =>
      (i.m.auth?.credentials ?? []).map((c) => ({
        name: c.env,
        title: c.principal ?? c.env,
        description: `Credential of ${c.principal ?? c.env} accepted by the HTTP server (required when serving HTTP)`,
        isSecret: true,
        inBundle: false,
      })),
  },
];

/** The variables this manifest's server reads, in table order. */
export function serverEnv(i: ServerEnvInput): ServerEnvVar[] {
  return ROWS.filter((row) => row.when(i)).flatMap((row) => row.vars(i));
}
