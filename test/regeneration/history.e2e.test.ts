// A realistic project history, step by step as a team lives it. After every step each line the "user" wrote is
// still there byte for byte, and the project either builds and serves, or mcp-gen names the exact handler lines
// that need work.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { linkDeps } from '../support/generated-deps.js';
import { buildProject, connectStdio, runCli, tempDir } from '../support/project.js';

const header = `version: 1
server: {name: history, version: VERSION}
`;
const forecast = `  get_forecast:
    description: Forecast for a city
    inputSchema:
      type: object
      properties:
        city: {type: string}
        UNITS
      required: [city]
`;
const listCities = (name: string, extra = '') => `  ${name}:
    description: Cities with forecasts${extra}
`;
const alerts = `  get_alerts:
    description: Weather alerts
    inputSchema: {type: object, properties: {region: {type: string}}}
`;
const prompt = `prompts:
  packing_list:
    description: What to pack
    arguments: [{name: city, required: true}]
`;

function manifest(o: {
  version?: string;
  units?: boolean;
  cities?: string;
  renamed?: boolean;
  alerts?: boolean;
  prompt?: boolean;
}): string {
  const tools = [
    forecast.replace('UNITS', o.units === false ? '' : 'units: {enum: [metric, imperial]}'),
    listCities(o.cities ?? 'list_cities', o.renamed ? '\n    renamedFrom: list_cities' : ''),
    o.alerts ? alerts : '',
  ].join('');
  return `${header.replace('VERSION', o.version ?? '0.1.0')}tools:\n${tools}${o.prompt ? prompt : ''}`;
}

/** Lines the user wrote, with a marker so that each is unique in the tree. */
const userFiles: Record<string, string> = {
  'src/handlers/tools/get_forecast.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

// user: forecast handler, written by hand
export const getForecast: ToolHandler<'get_forecast'> = async (input, ctx) => {
  const units = input.units ?? 'metric'; // user: units line
  return text(\`Sunny in \${input.city} (\${units})\`); // user: forecast result
};
`,
  'src/handlers/tools/list_cities.ts': `import type { ToolHandler } from '../../generated/types.gen.js';
import { text } from '../../generated/context.gen.js';

const CITIES = ['Paris', 'Lima']; // user: city data

export const listCities: ToolHandler<'list_cities'> = async (input, ctx) => {
  return text(CITIES.join(', ')); // user: list result
};
`,
};

function userLines(): string[] {
  return Object.values(userFiles).flatMap((c) => c.split('\n').filter((l) => l.includes('// user:')));
}

function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.parentPath.includes('node_modules'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

function expectUserLinesIntact(dir: string, lines: string[]): void {
  const all = allText(dir);
  for (const line of lines) expect(all, `lost: ${line}`).toContain(line);
}

function generate(dir: string, text: string) {
  writeFileSync(join(dir, 'mcp.yaml'), text);
  return runCli(['generate'], dir);
}

async function serve(dir: string): Promise<Record<string, string>> {
  buildProject(dir);
  const client = await connectStdio(dir, 'modern');
  try {
    const { tools } = await client.listTools();
    const out: Record<string, string> = {};
    for (const t of tools) {
      const r = await client.callTool({ name: t.name, arguments: t.name === 'get_forecast' ? { city: 'Paris' } : {} });
      out[t.name] = (r.content as { text: string }[])[0].text;
    }
    return out;
  } finally {
    await client.close();
  }
}

it('keeps every user line through a realistic history of manifest edits', async () => {
  const dir = tempDir('history-');
  // 1. init
  expect(generate(dir, manifest({})).code).toBe(0);
  linkDeps(dir);
  // 2. implement handlers with real bodies
  for (const [path, content] of Object.entries(userFiles)) writeFileSync(join(dir, path), content);
  expect(await serve(dir)).toEqual({ get_forecast: 'Sunny in Paris (metric)', list_cities: 'Paris, Lima' });
  const lines = userLines();

  // 3. add a tool: a new stub appears, nothing else of the user's changes
  let r = generate(dir, manifest({ alerts: true }));
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain('create   src/handlers/tools/get_alerts.ts');
  expectUserLinesIntact(dir, lines);
  expect(await serve(dir)).toMatchObject({
    get_forecast: 'Sunny in Paris (metric)',
    get_alerts: 'tool "get_alerts" is not implemented yet: edit src/handlers/tools/get_alerts.ts',
  });

  // 4. change an input schema the handler relies on: mcp-gen names the exact line and exits 3
  r = generate(dir, manifest({ alerts: true, units: false }));
  expect(r.code, r.stderr + r.stdout).toBe(3);
  expect(r.stderr).toContain(
    'src/handlers/tools/get_forecast.ts:6:23: error input.units no longer exists (removed from get_forecast.inputSchema)',
  );
  expectUserLinesIntact(dir, lines);
  const fixed = userFiles['src/handlers/tools/get_forecast.ts'].replace("input.units ?? 'metric'", "'metric'");
  writeFileSync(join(dir, 'src/handlers/tools/get_forecast.ts'), fixed);
  lines.splice(
    lines.indexOf("  const units = input.units ?? 'metric'; // user: units line"),
    1,
    "  const units = 'metric'; // user: units line",
  );
  expect(runCli(['check'], dir).code).toBe(0);

  // 5. rename a tool: the handler file and export follow, the body does not change
  r = generate(dir, manifest({ alerts: true, units: false, cities: 'cities', renamed: true }));
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain('rename   src/handlers/tools/list_cities.ts -> src/handlers/tools/cities.ts');
  const renamed = readFileSync(join(dir, 'src/handlers/tools/cities.ts'), 'utf8');
  expect(renamed).toBe(
    userFiles['src/handlers/tools/list_cities.ts'].replace("listCities: ToolHandler<'list_cities'>", "cities: ToolHandler<'cities'>"),
  );
  expectUserLinesIntact(dir, lines);
  expect(await serve(dir)).toMatchObject({ cities: 'Paris, Lima' });

  // 6. remove a tool: its handler stays, unregistered and reported, until the user moves it away
  writeFileSync(
    join(dir, 'src/handlers/tools/get_alerts.ts'),
    readFileSync(join(dir, 'src/handlers/tools/get_alerts.ts'), 'utf8') + '// user: alerts note\n',
  );
  lines.push('// user: alerts note');
  r = generate(dir, manifest({ units: false, cities: 'cities', renamed: true }));
  expect(r.stdout).toContain('orphaned src/handlers/tools/get_alerts.ts: tools.get_alerts is no longer in the manifest');
  expect(r.code, r.stderr + r.stdout).toBe(3);
  expect(r.stderr).toMatch(
    /src\/handlers\/tools\/get_alerts\.ts:\d+:\d+: error handler of tools\.get_alerts, which is no longer in the manifest/,
  );
  // Said once: the server no longer calls it, so it is not also held against a handler type.
  expect(r.stderr.match(/ error /g)).toHaveLength(1);
  expectUserLinesIntact(dir, lines);
  expect(runCli(['generate', '--prune'], dir).stdout).toContain('edited, so --prune keeps it');
  mkdirSync(join(dir, 'attic'));
  renameSync(join(dir, 'src/handlers/tools/get_alerts.ts'), join(dir, 'attic/get_alerts.ts'));
  expect(Object.keys(await serve(dir))).toEqual(['get_forecast', 'cities']);

  // 7. add a prompt: a prompt handler stub appears
  r = generate(dir, manifest({ units: false, cities: 'cities', renamed: true, prompt: true }));
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).toContain('create   src/handlers/prompts/packing_list.ts');
  expectUserLinesIntact(dir, lines);
  await serve(dir);

  // 8. change the server version: only generated files change
  r = generate(dir, manifest({ version: '0.2.0', units: false, cities: 'cities', renamed: true, prompt: true }));
  expect(r.code, r.stderr + r.stdout).toBe(0);
  expect(r.stdout).not.toContain('src/handlers');
  expectUserLinesIntact(dir, lines);
  buildProject(dir);
  const client = await connectStdio(dir, 'legacy');
  expect(client.getServerVersion()?.version).toBe('0.2.0');
  await client.close();
  expect(runCli(['check'], dir).code).toBe(0);
}, 300_000);
