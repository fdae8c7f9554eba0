// Transport choices in the manifest: stateless Streamable HTTP (no 2025-era sessions), and several transports
// served at once by one process.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, connectHttp, generateProject, startHttpServer, type RunningHttp } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: modes, version: 1.0.0}
transports:
  stdio: true
  http: {mode: stateless, path: /rpc}
tools:
  hello: {description: Says hello}
resources:
  motd: {uri: 'modes://motd', mimeType: text/plain, text: Good morning}
`;

let dir: string;
beforeAll(() => {
  dir = generateProject(MANIFEST);
  buildProject(dir);
});

describe('stateless Streamable HTTP', () => {
  let server: RunningHttp;
  beforeAll(async () => {
    server = await startHttpServer(dir);
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it.each(['legacy', 'modern'] as const)('serves %s-era clients without sessions', async (era) => {
    const client = await connectHttp(server.url, era);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['hello']);
      const motd = await client.readResource({ uri: 'modes://motd' });
      expect(motd.contents[0]).toEqual({ uri: 'modes://motd', mimeType: 'text/plain', text: 'Good morning' });
    } finally {
      await client.close();
    }
  });

  it('hands out no session and refuses session streams', async () => {
    const init = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    });
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    await init.text();
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    await get.text();
  });

  it('serves a batch only to a request of a revision that has them: no header means 2025-03-26', async () => {
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const post = (revision?: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(revision && { 'mcp-protocol-version': revision }),
        },
        body: JSON.stringify([ping(1), ping(2)]),
      });
    const refused = await post('2025-11-25');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: number; message: string } }).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('JSON-RPC batches were removed in protocol revision 2025-06-18'),
    });
    for (const revision of [undefined, '2025-03-26']) {
      const served = await post(revision);
      expect(served.status).toBe(200);
      expect(await served.text()).toMatch(/"id":2/);
    }
  });
});

describe('several transports at once', () => {
  it('serves stdio and HTTP from one process', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [join(dir, 'dist', 'main.js'), '--transport', 'stdio,http', '--port', '0'],
      cwd: dir,
      stderr: 'pipe',
    });
    let err = '';
    transport.stderr!.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    const client = new Client({ name: 'both', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['hello']);
      while (!/http:\/\/[^\s"]+/.test(err)) await new Promise((r) => setTimeout(r, 50));
      const overHttp = await connectHttp(/(http:\/\/[^\s"]+)/.exec(err)![1], 'modern');
      expect((await overHttp.listTools()).tools.map((t) => t.name)).toEqual(['hello']);
      await overHttp.close();
    } finally {
      await client.close();
    }
  });
});
