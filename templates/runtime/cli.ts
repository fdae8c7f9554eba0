// The server's command line: `--transport stdio|http` (or both: `stdio,http`), `--host`, `--port`, `--path`, or the
// MCP_TRANSPORT, MCP_HOST, MCP_PORT and MCP_PATH environment variables. Flags win over variables, variables over the
// manifest (the entry's settings). `--mock` (MCP_MOCK=1) answers from the manifest's examples instead of the handlers.
// Logs are JSON lines on stderr at LOG_LEVEL (default info); `--log-format pretty` (LOG_FORMAT) is for people.
// `--toolsets a,b` (MCP_TOOLSETS), when the manifest has toolsets, chooses the toolsets served.
import { parseArgs } from 'node:util';

export type TransportName = 'stdio' | 'http';

/** What the manifest says of serving (entry.gen.ts); the command line and the environment override it. */
export interface ServeSettings {
  /** The server's name, in logs and telemetry. */
  readonly name: string;
  readonly version: string;
  /** The command the usage text names (the package name), when it is not `name`. */
  readonly command?: string;
  /** The transports the manifest turns on; the default is stdio, or HTTP when stdio is off. */
  readonly transports: { readonly stdio: boolean; readonly http: boolean };
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly path: string;
    readonly maxBodyBytes?: number;
    readonly maxRequestsInFlight?: number;
    readonly sse?: object | null;
    readonly websocket?: object | null;
  };
  /** The manifest's toolsets, for `--toolsets` and the usage text. */
  readonly toolsets?: readonly string[];
  /** OpenTelemetry is on (telemetry.otel): the usage text says how to configure it. */
  readonly telemetry?: boolean;
  /** telemetry.trustClientSampling: the sampler follows the sampled flag of a client's trace context. */
  readonly trustClientSampling?: boolean;
}

/** What the command line and the environment ask for, checked. */
export interface CommandLine {
  transports: Set<TransportName>;
  host: string;
  port: number;
  path: string;
  /** The seed of mock mode, when it is on. */
  mock: { seed: number } | undefined;
  logFormat: string | undefined;
  toolsets: string | undefined;
}

/** The command line, or undefined after `--help` printed the usage. Throws a one-line error for a bad value. */
export function readCommandLine(
  settings: ServeSettings,
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): CommandLine | undefined {
  const values = flags(settings, argv);
  if (values.help) {
    console.error(usage(settings));
    return undefined;
  }
  return check(settings, values, env);
}

function flags(settings: ServeSettings, argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      transport: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      path: { type: 'string' },
      mock: { type: 'boolean' },
      'mock-seed': { type: 'string' },
      'log-format': { type: 'string' },
      ...(settings.toolsets?.length ? { toolsets: { type: 'string' } } : {}),
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  return values;
}

function check(settings: ServeSettings, values: ReturnType<typeof flags>, env: NodeJS.ProcessEnv): CommandLine {
  const transports = new Set<TransportName>();
  const asked = values.transport ?? env.MCP_TRANSPORT ?? defaultTransport(settings);
  for (const name of asked.split(',').map((t) => t.trim())) {
    if (name !== 'stdio' && name !== 'http')
      throw new Error(`--transport takes stdio, http or stdio,http, not ${JSON.stringify(name)}`);
    if (!settings.transports[name])
      throw new Error(`the ${name} transport is turned off in the manifest (transports.${name})`);
    transports.add(name);
  }
  const port = Number(values.port ?? env.MCP_PORT ?? settings.http.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be a port number, not ${JSON.stringify(values.port ?? env.MCP_PORT)}`);
  const toolsets = typeof values.toolsets === 'string' ? values.toolsets : env.MCP_TOOLSETS;
  return {
    transports,
    host: values.host ?? env.MCP_HOST ?? settings.http.host,
    port,
    path: values.path ?? env.MCP_PATH ?? settings.http.path,
    mock: mockRequested(values.mock, env.MCP_MOCK)
      ? { seed: parseSeed(values['mock-seed'] ?? env.MCP_MOCK_SEED) }
      : undefined,
    logFormat: values['log-format'],
    toolsets: settings.toolsets?.length ? toolsets : undefined,
  };
}

const defaultTransport = (settings: ServeSettings): TransportName => (settings.transports.stdio ? 'stdio' : 'http');

/** `MCP_MOCK=1`, `true` or `yes` turns mock mode on. */
export function mockRequested(flag: boolean | undefined, env: string | undefined): boolean {
  return flag === true || /^(1|true|yes|on)$/i.test(env ?? '');
}

export function parseSeed(text: string | undefined): number {
  if (text === undefined || text === '') return 1;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed)) throw new Error(`--mock-seed must be an integer, not ${JSON.stringify(text)}`);
  return seed;
}

/** Lines of the usage text are at most 120 columns; the first line of the synopsis leaves room for the indent. */
const WIDTH = 120;

/** `--help`: the options, with the manifest's defaults. */
export function usage(settings: ServeSettings): string {
  const { http } = settings;
  const sets = settings.toolsets ?? [];
  const synopsis = [
    `Usage: ${(settings.command ?? settings.name).replace(/`|\$\{/g, '')}`,
    '[--transport stdio|http|stdio,http]',
    '[--host HOST]',
    '[--port PORT]',
    '[--path PATH]',
    '[--mock [--mock-seed N]]',
    ...(sets.length ? ['[--toolsets SET,...]'] : []),
    '[--log-format json|pretty]',
  ];
  const extra = [http.sse && 'HTTP+SSE', http.websocket && 'WebSocket'].filter(Boolean);
  const lines = [
    fill(synopsis, 7, WIDTH - 15),
    '',
    `  --transport  stdio (default: ${defaultTransport(settings)}), http (Streamable HTTP${
      extra.length ? ` (with ${extra.join(' and ')})` : ''
    }), or both`,
    `  --host       HTTP interface to bind (default ${http.host})`,
    `  --port       HTTP port (default ${http.port}; 0 picks a free one)`,
    `  --path       HTTP endpoint path (default ${http.path})`,
    "  --mock       answer from the manifest's examples and outputSchemas; no handler runs (MCP_MOCK=1)",
    '  --mock-seed  seed of the synthesised answers (MCP_MOCK_SEED, default 1): same seed, same answers',
    ...(sets.length
      ? [
          fill(
            [
              '  --toolsets   toolsets to serve, comma-separated, or all (MCP_TOOLSETS):',
              ...sets.map((n, i) => (i < sets.length - 1 ? `${n},` : n)),
            ],
            15,
            WIDTH,
          ),
        ]
      : []),
    '  --log-format json (default: one JSON object per line on stderr) or pretty (LOG_FORMAT); ' +
      'LOG_LEVEL sets the level',
  ];
  if (settings.telemetry)
    lines.push(
      '',
      'OpenTelemetry traces and metrics are on; configure them with the OTEL_* variables ' +
        '(OTEL_SDK_DISABLED=true: off).',
    );
  return lines.join('\n');
}

/** `words` filled to lines of WIDTH columns, the first one `first` wide, the others indented by `indent`. */
function fill(words: readonly string[], indent: number, first: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > (lines.length === 0 ? first : WIDTH - indent)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}
