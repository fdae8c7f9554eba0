// Mock mode over stdio: a project whose handlers are all stubs answers every tool with structuredContent that
// validates against the tool's outputSchema (synthesised, or the matching example), resources, templates and
// prompts from their examples; the same seed gives the same answers, another seed other ones.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft7 from 'ajv';
import addFormats from 'ajv-formats';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildProject, generateProject } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: mock-zoo, version: 0.1.0}
definitions:
  Money:
    type: object
    properties: {amount: {type: number, minimum: 0}, currency: {type: string, pattern: '^[A-Z]{3}$'}}
    required: [amount, currency]
    additionalProperties: false
tools:
  profile:
    outputSchema:
      type: object
      properties:
        id: {type: string, format: uuid}
        email: {type: string, format: email}
        homepage: {type: string, format: uri}
        joined: {type: string, format: date-time}
        age: {type: integer, minimum: 18, maximum: 99}
        role: {enum: [admin, member, guest]}
        nickname: {type: [string, 'null'], maxLength: 12}
        tags: {type: array, items: {type: string, minLength: 2}, minItems: 1, maxItems: 4, uniqueItems: true}
        address:
          type: object
          properties: {street: {type: string}, zip: {type: string, pattern: '^[0-9]{5}$'}}
          required: [street, zip]
          additionalProperties: false
      required: [id, email, joined, age, role, tags, address]
      additionalProperties: false
  shape:
    outputSchema:
      type: object
      properties:
        shape:
          oneOf:
            - {type: object, properties: {kind: {const: circle}, radius: {type: number, exclusiveMinimum: 0}}, required: [kind, radius], additionalProperties: false}
            - {type: object, properties: {kind: {const: square}, side: {type: integer, minimum: 1}}, required: [kind, side], additionalProperties: false}
      required: [shape]
  invoice:
    outputSchema:
      type: object
      properties:
        total: {$ref: '#/definitions/Money'}
        lines:
          type: array
          items: {$ref: '#/$defs/Line'}
      required: [total, lines]
      $defs:
        Line:
          type: object
          properties: {sku: {type: string}, price: {$ref: '#/definitions/Money'}}
          required: [sku, price]
  legacy_schema:
    outputSchema:
      $schema: http://json-schema.org/draft-07/schema#
      type: object
      properties:
        count: {type: integer, minimum: 1, maximum: 5}
        ratio: {type: number, multipleOf: 0.25}
        flags: {type: object, additionalProperties: {type: boolean}}
      required: [count, ratio]
  text_only:
    description: No outputSchema, so the mock answers with text.
  lookup:
    inputSchema: {type: object, properties: {id: {type: integer}}, required: [id]}
    outputSchema:
      type: object
      properties: {id: {type: integer}, name: {type: string}}
      required: [id, name]
    examples:
      first: {input: {id: 1}, output: {structuredContent: {id: 1, name: Ada}}}
      missing: {input: {id: 404}, output: {isError: true, messagePattern: '^No item 404\\.$'}}
resources:
  status:
    uri: app://status
    mimeType: text/plain
    examples:
      up: {output: {contents: [{text: all systems go}]}}
resourceTemplates:
  item:
    uriTemplate: app://items/{id}
    mimeType: application/json
    examples:
      one: {uri: 'app://items/1', output: {contents: [{text: '{"id": 1}'}]}}
  search:
    uriTemplate: app://search{?q,limit}
    mimeType: text/plain
    examples:
      ada: {uri: 'app://search?q=ada&limit=2', output: {contents: [{text: two results for ada}]}}
prompts:
  greet:
    arguments: [{name: who, required: true}]
    examples:
      bob: {input: {who: Bob}, output: {messages: [{role: user, content: {type: text, text: Hello Bob}}]}}
`;

const ARGUMENTS: Record<string, Record<string, unknown>> = { lookup: { id: 2 } };

let dir: string;
beforeAll(() => {
  dir = generateProject(MANIFEST);
  buildProject(dir);
});

async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mock-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [join(dir, 'dist', 'main.js'), ...args],
      cwd: dir,
      stderr: 'pipe',
      env: { PATH: process.env.PATH ?? '', ...env },
    }),
  );
  return client;
}

/** Every tool's answer, plus the examples' reads and prompt, as one comparable record. */
async function answers(client: Client): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const { tools } = await client.listTools();
  for (const tool of tools) out[tool.name] = await client.callTool({ name: tool.name, arguments: ARGUMENTS[tool.name] ?? {} });
  out.example = await client.callTool({ name: 'lookup', arguments: { id: 1 } });
  out.unmatchedRead = await client.readResource({ uri: 'app://items/2' });
  return out;
}

function validator(schema: Record<string, unknown>) {
  const draft7 = typeof schema.$schema === 'string' && schema.$schema.includes('draft-07');
  const ajv = draft7 ? new AjvDraft7({ strict: false }) : new Ajv2020({ strict: false });
  addFormats(ajv as never);
  return ajv.compile(schema);
}

describe('mock mode over stdio', () => {
  it('answers every tool with structuredContent valid against its outputSchema, without running a handler', async () => {
    const client = await connect(['--mock', '--mock-seed', '7']);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(6);
      for (const tool of tools) {
        const result = await client.callTool({ name: tool.name, arguments: ARGUMENTS[tool.name] ?? {} });
        expect(result.isError, `${tool.name}: ${JSON.stringify(result)}`).toBeFalsy();
        if (!tool.outputSchema) {
          expect(result.content).toEqual([{ type: 'text', text: expect.stringContaining('Mock answer of tool "text_only"') }]);
          continue;
        }
        const validate = validator(tool.outputSchema);
        expect(
          validate(result.structuredContent),
          `${tool.name}: ${JSON.stringify(result.structuredContent)} ${JSON.stringify(validate.errors)}`,
        ).toBe(true);
        expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(result.structuredContent);
      }
    } finally {
      await client.close();
    }
  });

  it('answers a call that matches an example with the example', async () => {
    const client = await connect(['--mock']);
    try {
      expect(await client.callTool({ name: 'lookup', arguments: { id: 1 } })).toMatchObject({ structuredContent: { id: 1, name: 'Ada' } });
      const missing = await client.callTool({ name: 'lookup', arguments: { id: 404 } });
      expect(missing).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No item 404.' }] });
      expect(await client.readResource({ uri: 'app://status' })).toEqual({
        contents: [{ uri: 'app://status', mimeType: 'text/plain', text: 'all systems go' }],
      });
      expect(await client.readResource({ uri: 'app://items/1' })).toEqual({
        contents: [{ uri: 'app://items/1', mimeType: 'application/json', text: '{"id": 1}' }],
      });
      const other = await client.readResource({ uri: 'app://items/2' });
      expect(other.contents).toEqual([{ uri: 'app://items/2', mimeType: 'application/json', text: expect.any(String) }]);
      expect(JSON.parse((other.contents[0] as { text: string }).text)).toBeTruthy();
      // Another spelling of the example's URI (parameters reordered, a letter percent-encoded) fills the template's
      // variables the same way, so it gets the example; other values do not.
      const reordered = await client.readResource({ uri: 'app://search?limit=2&q=%61da' });
      expect(reordered.contents).toEqual([{ uri: 'app://search?limit=2&q=%61da', mimeType: 'text/plain', text: 'two results for ada' }]);
      const elsewhere = await client.readResource({ uri: 'app://search?q=ada&limit=3' });
      expect((elsewhere.contents[0] as { text: string }).text).not.toBe('two results for ada');
      const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Bob' } });
      expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello Bob' } }]);
    } finally {
      await client.close();
    }
  });

  it('gives the same answers for the same seed (flag or MCP_MOCK_SEED), other answers for another seed', async () => {
    const run = async (args: string[], env?: Record<string, string>) => {
      const client = await connect(args, env);
      try {
        return await answers(client);
      } finally {
        await client.close();
      }
    };
    const first = await run(['--mock', '--mock-seed', '7']);
    const again = await run([], { MCP_MOCK: '1', MCP_MOCK_SEED: '7' });
    const other = await run(['--mock', '--mock-seed', '8']);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    // Examples do not depend on the seed.
    expect(other.example).toEqual(first.example);
  });

  it('runs the real handlers without --mock', async () => {
    const client = await connect([]);
    try {
      const result = await client.callTool({ name: 'profile', arguments: {} });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('is not implemented yet');
    } finally {
      await client.close();
    }
  });
});
