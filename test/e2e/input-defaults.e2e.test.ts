// A tool's input defaults reach its handler: what the client leaves out holds the declared default (its own, or that
// of the definition its $ref names), what it sends wins, nested defaults stay annotations, and each call gets its own
// copy of a default list. The handler reads `input.days` as a number: the project only compiles if the generated
// types make defaulted properties present.
import type { Client } from '@modelcontextprotocol/client';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProject, connectStdio, generateProject, type Era } from '../support/project.js';

const MANIFEST = `version: 1
server: {name: defaults-zoo, version: 0.1.0}
definitions:
  Units: {type: string, enum: [metric, imperial], default: metric}
tools:
  forecast:
    description: Echoes the input its handler got.
    inputSchema:
      type: object
      properties:
        days: {type: integer, minimum: 1, default: 3}
        units: {$ref: '#/definitions/Units'}
        tags: {type: array, items: {type: string}, default: []}
        window: {type: object, properties: {hours: {type: integer, default: 24}}}
        city: {type: string}
    outputSchema: {type: object}
  plain:
    description: A tool without defaults gets exactly what was sent.
    inputSchema: {type: object, properties: {q: {type: string}}}
    outputSchema: {type: object}
`;

const HANDLER = `import type { ToolHandler } from '../../generated/types.gen.js';
import { structured } from '../../generated/context.gen.js';

export const forecast: ToolHandler<'forecast'> = async (input) => {
  const days: number = input.days;
  const units: 'metric' | 'imperial' = input.units;
  input.tags.push('seen');
  return structured({ ...input, days, units });
};
`;

const PLAIN = `import type { ToolHandler } from '../../generated/types.gen.js';
import { structured } from '../../generated/context.gen.js';

export const plain: ToolHandler<'plain'> = async (input) => structured({ ...input });
`;

let dir: string;
beforeAll(() => {
  dir = generateProject(MANIFEST);
  writeFileSync(join(dir, 'src/handlers/tools/forecast.ts'), HANDLER);
  writeFileSync(join(dir, 'src/handlers/tools/plain.ts'), PLAIN);
  buildProject(dir);
}, 120_000);

describe.each<Era>(['legacy', 'modern'])('input defaults over stdio (%s era)', (era) => {
  let client: Client;
  beforeAll(async () => {
    client = await connectStdio(dir, era);
  }, 30_000);
  afterAll(async () => {
    await client?.close();
  });
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = await client.callTool({ name, arguments: args });
    expect(result.isError).toBeFalsy();
    return result.structuredContent;
  };

  it('fills in what the client left out, through a $ref too', async () => {
    expect(await call('forecast', { city: 'Lima' })).toEqual({ city: 'Lima', days: 3, units: 'metric', tags: ['seen'] });
  });

  it('gives each call its own copy of a default list', async () => {
    expect(await call('forecast', {})).toEqual({ days: 3, units: 'metric', tags: ['seen'] });
  });

  it('keeps what the client sent, and leaves nested defaults alone', async () => {
    expect(await call('forecast', { days: 5, units: 'imperial', tags: ['a'], window: {} })).toEqual({
      days: 5,
      units: 'imperial',
      tags: ['a', 'seen'],
      window: {},
    });
  });

  it('passes input unchanged to a tool without defaults', async () => {
    expect(await call('plain', {})).toEqual({});
  });

  it('validates what was sent before defaults apply', async () => {
    const result = await client.callTool({ name: 'forecast', arguments: { days: 0 } }).catch((e: Error) => e);
    if (result instanceof Error) expect(result.message).toMatch(/days/);
    else expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: expect.stringMatching(/days/) }] });
  });
});
