// The weather example, as a user would run it: regenerate (nothing may change), build, and drive it with real
// SDK clients over stdio and Streamable HTTP in both protocol eras.
import type { Client } from '@modelcontextprotocol/client';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { parse } from 'yaml';
import { prepareExample, type Era } from '../support/project.js';
import { describeServedEverywhere } from '../support/served-everywhere.js';

let dir: string;
let manifest: any;

beforeAll(() => {
  dir = prepareExample('weather');
  manifest = parse(readFileSync(join(dir, 'mcp.yaml'), 'utf8'));
});

async function exercise(client: Client, era: Era): Promise<void> {
  if (era === 'modern') expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  else expect(client.getNegotiatedProtocolVersion()).toMatch(/^2025-/);

  const { tools } = await client.listTools();
  // A client that renders no MCP Apps view is not listed refresh_forecast, which only the forecast view calls
  // (test/e2e/apps-weather.e2e.test.ts serves a host that renders it).
  expect(tools.map((t) => t.name)).toEqual(Object.keys(manifest.tools).filter((name) => name !== 'refresh_forecast'));
  expect(tools[0]._meta).toBeUndefined();
  const forecast = tools[0];
  // Published verbatim, plus the shared definitions the schema references.
  expect(forecast.inputSchema).toEqual(manifest.tools.get_forecast.inputSchema);
  expect(forecast.outputSchema).toEqual({
    ...manifest.tools.get_forecast.outputSchema,
    definitions: { Units: manifest.definitions.Units },
  });
  expect(forecast.annotations).toEqual(manifest.tools.get_forecast.annotations);
  expect(forecast.title).toBe('Forecast');

  const result = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 2, units: 'imperial' } });
  expect(result.isError).toBeFalsy();
  expect(result.structuredContent).toEqual({
    city: 'Tokyo',
    units: 'imperial',
    days: [
      { date: '2026-01-01', summary: 'Clear', high: 68, low: 55 },
      { date: '2026-01-02', summary: 'Humid', high: 70, low: 54 },
    ],
  });

  const invalid = await client.callTool({ name: 'get_forecast', arguments: { city: 'Tokyo', days: 99 } });
  expect(invalid.isError).toBe(true);
  expect(JSON.stringify(invalid.content)).toMatch(/Input validation error/);

  const unknownCity = await client.callTool({ name: 'get_forecast', arguments: { city: 'Atlantis' } });
  expect(unknownCity.isError).toBe(true);

  const { resources } = await client.listResources();
  expect(resources).toEqual([
    {
      uri: 'weather://cities',
      name: 'supported_cities',
      title: 'Supported cities',
      description: manifest.resources.supported_cities.description,
      mimeType: 'text/plain',
    },
  ]);
  const cities = await client.readResource({ uri: 'weather://cities' });
  expect(cities.contents).toEqual([{ uri: 'weather://cities', mimeType: 'text/plain', text: manifest.resources.supported_cities.text }]);

  const { resourceTemplates } = await client.listResourceTemplates();
  expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['weather://{city}/current']);
  const current = await client.readResource({ uri: 'weather://Lima/current' });
  expect(current.contents[0]).toMatchObject({ text: 'Lima: Coastal fog, 22°C' });

  const { prompts } = await client.listPrompts();
  expect(prompts).toEqual([
    {
      name: 'plan_trip',
      title: 'Plan a trip',
      description: manifest.prompts.plan_trip.description,
      arguments: [
        { name: 'city', description: 'Destination city', required: true },
        { name: 'days', description: 'Length of the trip in days', required: true },
      ],
    },
  ]);
  const prompt = await client.getPrompt({ name: 'plan_trip', arguments: { city: 'Paris', days: '3' } });
  expect(prompt.messages).toEqual([
    {
      role: 'user',
      content: {
        type: 'text',
        text: 'I am travelling to Paris for 3 days. Check the forecast with get_forecast and suggest what to pack.',
      },
    },
  ]);
}

describeServedEverywhere('weather', () => dir, exercise);
