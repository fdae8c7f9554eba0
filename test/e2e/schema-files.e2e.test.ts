// A server whose tool schemas live in JSON and YAML files beside mcp.yaml (schemaFiles: true): the project type-checks
// against types printed from those files, and real SDK clients over stdio and HTTP, in both eras, list the
// resolved, self-contained schemas and are held to them (inputs by the SDK, outputs by the generated server).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildProject,
  connectHttp,
  connectStdio,
  generateProject,
  startHttpServer,
  tempDir,
  type RunningHttp,
} from '../support/project.js';

const MANIFEST = `version: 1
server: {name: atlas, version: 1.0.0}
transports: {stdio: true, http: true}
schemaFiles: true
tools:
  get_city:
    description: Facts about one city, looked up by its name and country.
    inputSchema:
      type: object
      properties:
        city: {$ref: './schemas/city.json'}
        units: {$ref: 'schemas/common.yaml#/$defs/Units'}
      required: [city]
    outputSchema: {$ref: schemas/facts.yaml}
`;

const FILES: Record<string, string> = {
  'schemas/city.json': JSON.stringify({
    $id: 'https://example.com/city.json',
    type: 'object',
    properties: { name: { type: 'string', minLength: 1 }, country: { $ref: 'common.yaml#/$defs/Country' } },
    required: ['name', 'country'],
  }),
  'schemas/common.yaml': "$defs:\n  Country: {type: string, pattern: '^[A-Z]{2}$'}\n  Units: {enum: [metric, imperial]}\n",
  'schemas/facts.yaml': 'type: object\nproperties:\n  city: {$ref: city.json}\n  elevation: {type: number}\nrequired: [city, elevation]\n',
};

/** What tools/list must carry: every file ref resolved into the tool schema's own definitions. */
const COUNTRY = { type: 'string', pattern: '^[A-Z]{2}$' };
const CITY = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, country: { $ref: '#/definitions/Country' } },
  required: ['name', 'country'],
};
const INPUT = {
  type: 'object',
  properties: { city: { $ref: '#/definitions/city' }, units: { $ref: '#/definitions/Units' } },
  required: ['city'],
  definitions: { Country: COUNTRY, Units: { enum: ['metric', 'imperial'] }, city: CITY },
};
const OUTPUT = {
  type: 'object',
  properties: { city: { $ref: '#/definitions/city' }, elevation: { type: 'number' } },
  required: ['city', 'elevation'],
  definitions: { Country: COUNTRY, city: CITY },
};

let dir: string;
beforeAll(() => {
  const target = tempDir('mcp-gen-schema-files-e2e-');
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(target, path, '..'), { recursive: true });
    writeFileSync(join(target, path), text);
  }
  dir = generateProject(MANIFEST, target);
  // The handler uses the types printed from the files: a wrong field name would fail the build below.
  const handler = join(dir, 'src', 'handlers', 'tools', 'get_city.ts');
  writeFileSync(
    handler,
    readFileSync(handler, 'utf8')
      .replace(
        "import { notImplemented } from '../../generated/context.gen.js';",
        "import { structured } from '../../generated/context.gen.js';",
      )
      // Atlantis gets an elevation that is not a number, which the outputSchema (from facts.yaml) must catch.
      .replace(
        /return notImplemented\([^;]*\);/,
        'const elevation = input.city.name === "Atlantis" ? ("unknown" as unknown as number) : 154;\n  return structured({ city: { name: input.city.name, country: input.city.country }, elevation });',
      ),
  );
  buildProject(dir);
});

async function checkServer(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools).toEqual([
    { name: 'get_city', description: 'Facts about one city, looked up by its name and country.', inputSchema: INPUT, outputSchema: OUTPUT },
  ]);

  const lima = await client.callTool({ name: 'get_city', arguments: { city: { name: 'Lima', country: 'PE' } } });
  expect(lima.isError).toBeFalsy();
  expect(lima.structuredContent).toEqual({ city: { name: 'Lima', country: 'PE' }, elevation: 154 });

  // The country pattern comes from common.yaml, two files away from mcp.yaml: the SDK enforces it on input.
  const badInput = await client.callTool({ name: 'get_city', arguments: { city: { name: 'Lima', country: 'Peru' } } });
  expect(badInput.isError).toBe(true);
  expect(JSON.stringify(badInput.content)).toMatch(/country|pattern/i);

  // facts.yaml says elevation is a number: the generated server refuses structured content that is not.
  const badOutput = await client.callTool({ name: 'get_city', arguments: { city: { name: 'Atlantis', country: 'XX' } } });
  expect(badOutput.isError).toBe(true);
  expect(JSON.stringify(badOutput.content)).toMatch(/elevation|output/i);
}

describe('tools/list and calls over stdio', () => {
  it.each(['legacy', 'modern'] as const)('%s era', async (era) => {
    const client = await connectStdio(dir, era);
    try {
      await checkServer(client);
    } finally {
      await client.close();
    }
  });
});

describe('tools/list and calls over Streamable HTTP', () => {
  let server: RunningHttp;
  beforeAll(async () => {
    server = await startHttpServer(dir);
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  it.each(['legacy', 'modern'] as const)('%s era', async (era) => {
    const client = await connectHttp(server.url, era);
    try {
      await checkServer(client);
    } finally {
      await client.close();
    }
  });
});
