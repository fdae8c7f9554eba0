// Connects a real MCP client in memory and checks that the server publishes exactly what mcp.yaml declares.
import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as defs from '../src/generated/definitions.gen.js';
import { buildServer } from '../src/generated/server.gen.js';
import { onShutdown, onStart } from '../src/lifecycle.js';

describe('server', () => {
  // As a host that renders MCP Apps views: the server lists such a host everything mcp.yaml declares (a client
  // without views is spared the views and the tools only views call).
  const ui = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
  const client = new Client({ name: 'smoke-test', version: '1.0.0' }, { capabilities: { extensions: ui } });
  let app: Awaited<ReturnType<typeof onStart>>;

  beforeAll(async () => {
    app = await onStart();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await buildServer(app).connect(serverSide);
    await client.connect(clientSide);
  });

  afterAll(async () => {
    await client.close();
    await onShutdown(app);
  });

  it('identifies itself as the manifest says', () => {
    expect(client.getServerVersion()).toMatchObject(defs.serverInfo);
  });

  it.runIf(defs.tools.length > 0)('lists every tool with its exact schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools).toEqual(defs.tools);
  });

  it.runIf(defs.resources.length > 0)('lists every resource', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual(defs.resources);
  });

  it.runIf(defs.resourceTemplates.length > 0)('lists every resource template', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual(defs.resourceTemplates);
  });

  it.runIf(defs.prompts.length > 0)('lists every prompt', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual(defs.prompts);
  });
});
