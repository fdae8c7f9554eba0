// Connects to a running MCP server as an SDK client and reads everything it publishes: server info, capabilities,
// instructions and every page of tools, resources, resource templates and prompts. Lists are read with raw
// requests and a pass-through result schema, because the client's own list helpers reject (and so would hide)
// definitions the specification does not allow, which import must keep and report.
import type { Client } from '@modelcontextprotocol/client';
import { ImportError, rootCause } from '../import-error.js';

import type { Json } from '../../core/index.js';
export type { Json };

export type Era = 'auto' | 'legacy' | 'modern';

export interface ServerTarget {
  /** stdio: the command and its arguments. */
  command?: string[];
  /** Streamable HTTP endpoint. */
  url?: string;
  headers?: Record<string, string>;
  era: Era;
  timeoutMs: number;
  cwd?: string;
}

export interface ServerSnapshot {
  /** How the server was reached, for messages and the manifest's header comment. */
  source: string;
  protocolVersion: string;
  serverInfo: Json;
  capabilities: Json;
  instructions?: string;
  tools: Json[];
  resources: Json[];
  resourceTemplates: Json[];
  prompts: Json[];
}

const LISTS = [
  { method: 'tools/list', key: 'tools', capability: 'tools' },
  { method: 'resources/list', key: 'resources', capability: 'resources' },
  { method: 'resources/templates/list', key: 'resourceTemplates', capability: 'resources' },
  { method: 'prompts/list', key: 'prompts', capability: 'prompts' },
] as const;

const MAX_PAGES = 10_000;

/** Accepts any result: what the server sent is exactly what import needs to see. */
const PASS_THROUGH = { '~standard': { version: 1, vendor: 'mcp-gen', validate: (value: unknown) => ({ value }) } } as const;

export function describeTarget(target: ServerTarget): string {
  return target.url ?? (target.command ?? []).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : JSON.stringify(a))).join(' ');
}

export async function readServer(target: ServerTarget): Promise<ServerSnapshot> {
  const source = describeTarget(target);
  const { client, stderr } = await connect(target, source);
  try {
    const capabilities = (client.getServerCapabilities() ?? {}) as Json;
    const snapshot: ServerSnapshot = {
      source,
      protocolVersion: client.getNegotiatedProtocolVersion() ?? 'unknown',
      serverInfo: (client.getServerVersion() ?? {}) as Json,
      capabilities,
      instructions: client.getInstructions(),
      tools: [],
      resources: [],
      resourceTemplates: [],
      prompts: [],
    };
    for (const list of LISTS) {
      if (capabilities[list.capability] === undefined) continue;
      snapshot[list.key] = await readAllPages(client, list.method, list.key, target.timeoutMs, source, stderr);
    }
    return snapshot;
  } finally {
    await client.close().catch(() => undefined);
  }
}

async function readAllPages(
  client: Client,
  method: string,
  key: string,
  timeout: number,
  source: string,
  stderr: () => string,
): Promise<Json[]> {
  const items: Json[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    let result: Json;
    try {
      result = (await client.request({ method, params: cursor === undefined ? {} : { cursor } } as never, PASS_THROUGH as never, {
        timeout,
      })) as Json;
    } catch (err) {
      throw new ImportError(
        `${source}: ${method} failed: ${rootCause(err).message}${tail(stderr())}`,
        'check that the server implements the list it declares in its capabilities',
      );
    }
    const batch = result[key];
    if (!Array.isArray(batch))
      throw new ImportError(
        `${source}: ${method} answered without a ${key} array`,
        'the server does not follow the MCP specification here',
      );
    items.push(...(batch as Json[]));
    const next = result.nextCursor;
    if (typeof next !== 'string') return items;
    if (seen.has(next))
      throw new ImportError(`${source}: ${method} repeated the cursor ${JSON.stringify(next)}`, 'the server paginates in a loop');
    seen.add(next);
    cursor = next;
  }
  throw new ImportError(`${source}: ${method} returned more than ${MAX_PAGES} pages`);
}

async function connect(target: ServerTarget, source: string): Promise<{ client: Client; stderr: () => string }> {
  const sdk = await loadClientSdk();
  const versionNegotiation =
    target.era === 'legacy'
      ? { mode: 'legacy' as const }
      : target.era === 'modern'
        ? { mode: { pin: '2026-07-28' } }
        : { mode: 'auto' as const };
  const client = new sdk.Client({ name: 'mcp-gen-import', version: '1.0.0' }, { versionNegotiation } as never);
  let errText = '';
  let transport: InstanceType<typeof sdk.StreamableHTTPClientTransport> | InstanceType<typeof sdk.StdioClientTransport>;
  if (target.url !== undefined) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      throw new ImportError(
        `--url ${JSON.stringify(target.url)} is not a URL`,
        "pass the server's Streamable HTTP endpoint, e.g. http://127.0.0.1:3000/mcp",
      );
    }
    transport = new sdk.StreamableHTTPClientTransport(url, { requestInit: { headers: target.headers ?? {} } });
  } else {
    const [command, ...args] = target.command ?? [];
    const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
    const stdio = new sdk.StdioClientTransport({ command, args, env, cwd: target.cwd, stderr: 'pipe' });
    stdio.stderr?.on('data', (chunk: Buffer) => {
      errText = (errText + chunk.toString()).slice(-4000);
    });
    transport = stdio;
  }
  const timer = new Promise<never>((_, reject) => {
    const t = setTimeout(
      () =>
        reject(
          new ImportError(
            `${source}: no answer to the MCP handshake within ${target.timeoutMs} ms`,
            'check that the command starts an MCP server on stdio (or raise --timeout)',
          ),
        ),
      target.timeoutMs,
    );
    t.unref();
  });
  try {
    await Promise.race([client.connect(transport), timer]);
  } catch (err) {
    await client.close().catch(() => undefined);
    if (err instanceof ImportError) throw err;
    throw connectError(err, target, source, errText);
  }
  return { client, stderr: () => errText };
}

function connectError(err: unknown, target: ServerTarget, source: string, stderr: string): ImportError {
  const cause = rootCause(err);
  if (target.url !== undefined) {
    const refused = cause.code === 'ECONNREFUSED' || /ECONNREFUSED|fetch failed/.test(cause.message);
    return new ImportError(
      `cannot reach ${source}: ${refused ? 'connection refused' : cause.message}`,
      refused ? 'start the server first, and check the host, port and path' : 'check the URL and any --header the server needs',
    );
  }
  if (cause.code === 'ENOENT') {
    return new ImportError(
      `cannot start ${JSON.stringify(target.command?.[0])}: command not found`,
      'give the command after --, e.g. mcp-gen import server -- node build/server.js',
    );
  }
  return new ImportError(
    `${source}: the MCP handshake failed: ${cause.message}${tail(stderr)}`,
    'check that the command starts an MCP server on stdio',
  );
}

/** The end of what the server printed on stderr, which usually says why it stopped. */
function tail(stderr: string): string {
  const lines = stderr.trim().split('\n').slice(-5);
  return lines[0] ? `\n  server stderr:\n${lines.map((l) => `    ${l}`).join('\n')}` : '';
}

type ClientSdk = typeof import('@modelcontextprotocol/client') & typeof import('@modelcontextprotocol/client/stdio');

async function loadClientSdk(): Promise<ClientSdk> {
  try {
    const [main, stdio] = await Promise.all([import('@modelcontextprotocol/client'), import('@modelcontextprotocol/client/stdio')]);
    return { ...main, ...stdio };
  } catch {
    throw new ImportError(
      'import server needs the package @modelcontextprotocol/client',
      'install it next to mcp-gen: npm install @modelcontextprotocol/client',
    );
  }
}
