// Reads what a server publishes, every page, exactly as sent: raw requests with a pass-through result schema, so
// that neither side of a comparison is normalised by the client.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { Era } from '../support/project.js';

export type Json = Record<string, unknown>;

export interface Published {
  serverInfo: Json;
  instructions: string | undefined;
  capabilities: Json;
  tools: Json[];
  resources: Json[];
  resourceTemplates: Json[];
  prompts: Json[];
}

const PASS_THROUGH = { '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) } };

const LISTS = [
  ['tools/list', 'tools', 'tools'],
  ['resources/list', 'resources', 'resources'],
  ['resources/templates/list', 'resourceTemplates', 'resources'],
  ['prompts/list', 'prompts', 'prompts'],
] as const;

export async function readPublished(client: Client): Promise<Published> {
  const capabilities = (client.getServerCapabilities() ?? {}) as Json;
  const out: Published = {
    serverInfo: (client.getServerVersion() ?? {}) as Json,
    instructions: client.getInstructions(),
    capabilities,
    tools: [],
    resources: [],
    resourceTemplates: [],
    prompts: [],
  };
  for (const [method, key, capability] of LISTS) {
    if (capabilities[capability] === undefined) continue;
    let cursor: string | undefined;
    do {
      const page = (await client.request({ method, params: cursor ? { cursor } : {} } as never, PASS_THROUGH as never)) as Json;
      out[key].push(...(page[key] as Json[]));
      cursor = page.nextCursor as string | undefined;
    } while (cursor);
  }
  return out;
}

export async function connectCommand(
  command: string,
  args: string[],
  era: Era = 'legacy',
  env: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name: 'import-test', version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {});
  const inherited = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  await client.connect(new StdioClientTransport({ command, args, env: { ...inherited, ...env }, stderr: 'pipe' }));
  return client;
}

export async function withClient<T>(client: Promise<Client>, use: (c: Client) => Promise<T>): Promise<T> {
  const c = await client;
  try {
    return await use(c);
  } finally {
    await c.close();
  }
}
