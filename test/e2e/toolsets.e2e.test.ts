// Toolsets and scope-filtered listings, against a built server with real clients: the start-up choice over stdio,
// per-request choices over Streamable HTTP, two principals seeing two lists from one server, list_changed when a
// 2025-era session changes its choice, and 2026-07-28 lists marked private to their caller.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, connectStdio, generateProject, startHttpServer, type Era, type RunningHttp } from '../support/project.js';

const READER = 'reader-token-0123456789abcdef0123456789';
const ADMIN = 'admin-token-0123456789abcdef0123456789ab';
const MANIFEST = `version: 1
server: {name: tracker, version: 1.0.0}
transports:
  http: {toolsets: {header: X-MCP-Toolsets, query: toolsets}}
auth:
  type: bearer
  hideWithoutScopes: true
  credentials:
    - {env: TRACKER_READER, principal: reader, scopes: ['issues:read']}
    - {env: TRACKER_ADMIN, principal: admin, scopes: ['issues:read', 'admin']}
toolsets:
  issues: {description: Read and file issues, tools: [list_issues, create_issue], default: true}
  admin: {description: Repository administration, tools: [delete_repo, create_issue]}
tools:
  list_issues: {description: List the issues}
  create_issue: {description: File an issue}
  delete_repo:
    description: Delete the repository
    policy: {scopes: [admin]}
  ping: {description: In no set and so always served}
`;
const ERAS: Era[] = ['legacy', 'modern'];

let dir: string;
beforeAll(() => {
  dir = generateProject(MANIFEST);
  buildProject(dir);
  process.env.TRACKER_READER = READER;
  process.env.TRACKER_ADMIN = ADMIN;
});

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

describe.each(ERAS)('stdio, %s era', (era) => {
  it('serves the default sets plus the tools in no set', async () => {
    const client = await connectStdio(dir, era);
    try {
      expect(await names(client)).toEqual(['create_issue', 'list_issues', 'ping']);
      // Outside the chosen sets a tool does not exist: the spec's unknown-tool error, before any handler runs.
      await expect(client.callTool({ name: 'delete_repo', arguments: {} })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/Tool delete_repo not found/),
      });
    } finally {
      await client.close();
    }
  });

  it('serves the sets chosen with --toolsets; the local user is not filtered by scopes', async () => {
    const client = await connectStdio(dir, era, ['--toolsets', 'admin']);
    try {
      expect(await names(client)).toEqual(['create_issue', 'delete_repo', 'ping']);
      await expect(client.callTool({ name: 'list_issues', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      const result = await client.callTool({ name: 'delete_repo', arguments: {} });
      expect(result.isError).toBe(true); // reached the (unimplemented) stub handler: the tool is callable
      expect(JSON.stringify(result.content)).toMatch(/not implemented/i);
    } finally {
      await client.close();
    }
  });
});

describe('start-up choice', () => {
  it('takes MCP_TOOLSETS, and all', async () => {
    const client = new Client({ name: 'env-choice', version: '1.0.0' });
    const env = { ...(process.env as Record<string, string>), MCP_TOOLSETS: 'all' };
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [join(dir, 'dist', 'main.js')], cwd: dir, env, stderr: 'pipe' }),
    );
    try {
      expect(await names(client)).toEqual(['create_issue', 'delete_repo', 'list_issues', 'ping']);
    } finally {
      await client.close();
    }
  });

  it('refuses an unknown set in one line naming the valid ones', () => {
    const run = spawnSync(process.execPath, [join(dir, 'dist', 'main.js'), '--toolsets', 'issues,isues'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe('--toolsets: unknown toolset "isues"; valid toolsets: issues, admin (or all)');
  });

  it('names the flag and the sets in --help', () => {
    const help = spawnSync(process.execPath, [join(dir, 'dist', 'main.js'), '--help'], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    expect(help.status).toBe(0);
    expect(help.stderr).toMatch(/^Usage: tracker \[--transport stdio\|http\|stdio,http\]/);
    expect(help.stderr).toContain('[--toolsets SET,...]');
    expect(help.stderr).toContain('  --toolsets   toolsets to serve, comma-separated, or all (MCP_TOOLSETS): issues, admin\n');
  });
});

describe('Streamable HTTP with two principals', () => {
  let server: RunningHttp;
  beforeAll(async () => {
    server = await startHttpServer(dir);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function connect(era: Era, token: string, headers: Record<string, string> = {}, query = ''): Promise<Client> {
    const client = new Client(
      { name: `toolsets-${era}`, version: '1.0.0' },
      era === 'modern' ? { versionNegotiation: { mode: 'auto' } } : {},
    );
    const url = new URL(server.url + query);
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } } }),
    );
    return client;
  }

  describe.each(ERAS)('%s era', (era) => {
    it('lists each caller only the tools its scopes allow', async () => {
      const reader = await connect(era, READER, { 'x-mcp-toolsets': 'admin' });
      const admin = await connect(era, ADMIN, { 'x-mcp-toolsets': 'admin' });
      try {
        expect(await names(reader)).toEqual(['create_issue', 'ping']);
        expect(await names(admin)).toEqual(['create_issue', 'delete_repo', 'ping']);
        // Hidden is not allowed: the call still gets the scope challenge, saying which scope is missing.
        await expect(reader.callTool({ name: 'delete_repo', arguments: {} })).rejects.toMatchObject({ requiredScope: 'admin' });
        const called = await admin.callTool({ name: 'delete_repo', arguments: {} });
        expect(JSON.stringify(called.content)).toMatch(/not implemented/i);
      } finally {
        await Promise.all([reader.close(), admin.close()]);
      }
    });

    it('takes the choice from the header or the query parameter, and the defaults without one', async () => {
      const plain = await connect(era, ADMIN);
      const byQuery = await connect(era, ADMIN, {}, '?toolsets=admin,issues');
      try {
        expect(await names(plain)).toEqual(['create_issue', 'list_issues', 'ping']);
        await expect(plain.callTool({ name: 'delete_repo', arguments: {} })).rejects.toMatchObject({ code: -32602 });
        expect(await names(byQuery)).toEqual(['create_issue', 'delete_repo', 'list_issues', 'ping']);
      } finally {
        await Promise.all([plain.close(), byQuery.close()]);
      }
    });

    it('answers an unknown set with -32602 naming the valid ones', async () => {
      const client = await connect(era, ADMIN, { 'x-mcp-toolsets': 'nope' }).catch((error: unknown) => error);
      // The 2025 handshake does not list tools; the first tools/list does.
      const listed = client instanceof Client ? client.listTools() : Promise.reject(client);
      await expect(listed).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/unknown toolset "nope"; valid toolsets: issues, admin/),
      });
      if (client instanceof Client) await client.close();
    });
  });

  it('marks 2026-07-28 lists private to their caller', async () => {
    const seen: unknown[] = [];
    const client = new Client({ name: 'cache-probe', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      if (body?.method === 'tools/list') seen.push(await res.clone().json());
      return res;
    };
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        fetch: recording,
        requestInit: { headers: { authorization: `Bearer ${READER}` } },
      }),
    );
    try {
      await client.listTools();
      expect(seen).toHaveLength(1);
      expect(seen[0]).toMatchObject({ result: { cacheScope: 'private', resultType: 'complete' } });
    } finally {
      await client.close();
    }
  });

  it('sends list_changed when a 2025-era session changes its choice', async () => {
    let choice = 'issues';
    const switching: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-mcp-toolsets', choice);
      return fetch(input, { ...init, headers });
    };
    const client = new Client({ name: 'switcher', version: '1.0.0' });
    const changes: string[] = [];
    client.setNotificationHandler('notifications/tools/list_changed', async () => void changes.push('tools'));
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        fetch: switching,
        requestInit: { headers: { authorization: `Bearer ${ADMIN}` } },
      }),
    );
    try {
      expect(await names(client)).toEqual(['create_issue', 'list_issues', 'ping']);
      expect(await names(client)).toEqual(['create_issue', 'list_issues', 'ping']);
      expect(changes).toEqual([]);
      choice = 'admin';
      expect(await names(client)).toEqual(['create_issue', 'delete_repo', 'ping']);
      await expect.poll(() => changes).toEqual(['tools']);
    } finally {
      await client.close();
    }
  });
});
