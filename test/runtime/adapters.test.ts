// The adapters of runtime/adapters.gen.ts, with the runtime laid out as a generated project has it (context.gen.ts
// beside runtime/), served to a real SDK client in memory: a 2025-era question is asked within the one run of the
// handler (the SDK's own legacy shim would run it again per round, which is why the runtime keeps its own), input
// defaults are a fresh copy per call, mock mode answers in place of every handler once chosen, and a prompt without
// arguments is called with the context alone.
import { copyFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { depsDir } from '../support/generated-deps.js';
import { ROOT } from '../support/project.js';

const RUNTIME = ['adapters', 'ask', 'layers', 'limits', 'listings', 'log', 'notify', 'observe', 'results', 'scope'];

function layout(): string {
  const dir = join(ROOT, '.cache', 'runtime-src', 'adapters-layout');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'runtime'), { recursive: true });
  symlinkSync(join(depsDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const name of RUNTIME) copyFileSync(join(ROOT, 'templates', 'runtime', `${name}.ts`), join(dir, 'runtime', `${name}.gen.ts`));
  copyFileSync(join(ROOT, 'templates', 'runtime', 'context.ts'), join(dir, 'context.gen.ts'));
  return dir;
}

const dir = layout();
const { adapters, answerFrom, lazyJsonSchema } = (await import(
  join(dir, 'runtime', 'adapters.gen.ts')
)) as typeof import('../../templates/runtime/adapters.js');
const sdk = (await import(
  pathToFileURL(join(depsDir(), 'node_modules', '@modelcontextprotocol', 'server', 'dist', 'index.mjs')).href
)) as typeof import('@modelcontextprotocol/server');
const { McpServer, InMemoryTransport, fromJsonSchema, inputRequired } = sdk;

const form = {
  message: 'Charge the card?',
  requestedSchema: { type: 'object' as const, properties: { ok: { type: 'boolean' as const } } },
};

/** A 2025-era client that accepts every form. */
async function legacyClient(server: InstanceType<typeof McpServer>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'c', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
  await client.connect(clientSide);
  return client;
}

describe('the tool adapter', () => {
  it('asks a 2025-era client within the one run of the handler', async () => {
    let runs = 0;
    const server = new McpServer({ name: 's', version: '1' });
    const { tool } = adapters(server, {}, 'legacy');
    server.registerTool(
      'charge',
      { inputSchema: fromJsonSchema({ type: 'object' }) },
      tool('charge', async (_input: object, ctx) => {
        runs++;
        const answer = await ctx.elicit(form);
        return { content: [{ type: 'text' as const, text: `charged: ${JSON.stringify(answer.content)}` }] };
      }),
    );
    const client = await legacyClient(server);
    const result = await client.callTool({ name: 'charge', arguments: {} });
    await client.close();
    expect(result.content).toEqual([{ type: 'text', text: 'charged: {"ok":true}' }]);
    expect(runs).toBe(1);
  });

  it("is needed: the SDK's legacy shim runs a handler that returns input-required once more per round", async () => {
    let runs = 0;
    const server = new McpServer({ name: 's', version: '1' });
    server.registerTool('charge', { inputSchema: fromJsonSchema({ type: 'object' }) }, async (_args, ctx) => {
      runs++;
      if (!ctx.mcpReq.inputResponses?.ok) return inputRequired({ inputRequests: { ok: inputRequired.elicit(form) } });
      return { content: [{ type: 'text', text: 'charged' }] };
    });
    const client = await legacyClient(server);
    await client.callTool({ name: 'charge', arguments: {} });
    await client.close();
    expect(runs).toBe(2);
  });

  it('fills in the input defaults, a fresh copy per call, under what the client sent', async () => {
    const seen: unknown[] = [];
    const server = new McpServer({ name: 's', version: '1' });
    const { tool } = adapters(server, {}, 'legacy');
    const schema = fromJsonSchema<{ city: string; tags?: string[] }>({ type: 'object', properties: { city: { type: 'string' } } });
    server.registerTool(
      'get',
      { inputSchema: schema },
      tool(
        'get',
        async (input: { city: string; tags: string[] }) => {
          seen.push(structuredClone(input));
          input.tags.push('changed by the handler');
          return { content: [] };
        },
        { defaults: { tags: ['a'] } },
      ),
    );
    const client = await legacyClient(server);
    await client.callTool({ name: 'get', arguments: { city: 'Lima' } });
    await client.callTool({ name: 'get', arguments: { city: 'Oslo', tags: [] } });
    await client.callTool({ name: 'get', arguments: { city: 'Rome' } });
    await client.close();
    expect(seen).toEqual([
      { city: 'Lima', tags: ['a'] },
      { city: 'Oslo', tags: [] },
      { city: 'Rome', tags: ['a'] },
    ]);
  });
});

describe('the prompt adapter', () => {
  it('calls a prompt without arguments with an empty object', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    const { prompt } = adapters(server, {}, 'legacy');
    let got: unknown;
    server.registerPrompt(
      'hello',
      {},
      prompt('hello', async (args: object) => {
        got = args;
        return { messages: [{ role: 'user' as const, content: { type: 'text' as const, text: 'hi' } }] };
      }),
    );
    const client = await legacyClient(server);
    expect((await client.getPrompt({ name: 'hello' })).messages).toHaveLength(1);
    await client.close();
    expect(got).toEqual({});
  });
});

describe('mock mode', () => {
  it('answers from the stand-ins chosen at start-up, for the servers built after, without running a handler', async () => {
    let runs = 0;
    const build = () => {
      const server = new McpServer({ name: 's', version: '1' });
      const { tool } = adapters(server, {}, 'legacy');
      server.registerTool(
        'get',
        { inputSchema: fromJsonSchema({ type: 'object' }) },
        tool('get', async () => {
          runs++;
          return { content: [{ type: 'text' as const, text: 'handler' }] };
        }),
      );
      return server;
    };
    const before = build();
    answerFrom({
      tool: (name, input) => ({ content: [{ type: 'text', text: `mock ${name} ${JSON.stringify(input)}` }] }),
      resource: () => ({ contents: [] }),
      template: () => ({ contents: [] }),
      prompt: () => ({ messages: [] }),
    });
    const client = await legacyClient(build());
    expect((await client.callTool({ name: 'get', arguments: { a: 1 } })).content).toEqual([{ type: 'text', text: 'mock get {"a":1}' }]);
    await client.close();
    expect(runs).toBe(0);
    // A server built before mock mode was chosen keeps its handlers: the choice is made when a server is built.
    const earlier = await legacyClient(before);
    expect((await earlier.callTool({ name: 'get', arguments: {} })).content).toEqual([{ type: 'text', text: 'handler' }]);
    await earlier.close();
  });
});

describe('lazyJsonSchema', () => {
  it('lists and validates a tool exactly as fromJsonSchema does, in both eras of answers', async () => {
    const schema = {
      type: 'object' as const,
      properties: { city: { type: 'string' as const, minLength: 2 }, days: { type: 'integer' as const, maximum: 7 } },
      required: ['city'],
      additionalProperties: false,
    };
    const serve = async (input: ReturnType<typeof fromJsonSchema>) => {
      const server = new McpServer({ name: 's', version: '1' });
      server.registerTool('plan', { description: 'Plan', inputSchema: input }, async (args: object) => ({
        content: [{ type: 'text', text: JSON.stringify(args) }],
      }));
      const client = await legacyClient(server);
      const answers = [await client.listTools()];
      for (const args of [{ city: 'Paris', days: 3 }, { city: 'P' }, { days: 9 }, { city: 'Rome', extra: true }, {}])
        answers.push(await client.callTool({ name: 'plan', arguments: args }));
      await client.close();
      return answers;
    };
    const lazy = await serve(lazyJsonSchema(schema));
    expect(lazy).toEqual(await serve(fromJsonSchema(schema)));
    // The answers above include refusals: the lazy schema validated, it did not let everything through.
    expect(lazy.filter((a) => (a as { isError?: boolean }).isError)).toHaveLength(4);
  });
});
