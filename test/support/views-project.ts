// A generated project with an MCP Apps view (a forecast, opened by get_forecast, with an app-only refresh), made by
// generate() in this process. Its node_modules is the shared install of every package a generated project may use.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, type GenerateResult } from '../../generator/generate.js';
import { linkDeps } from './generated-deps.js';
import { tempDir } from './project.js';

const DAY = `type: object
            properties:
              date: {type: string, format: date}
              summary: {type: string}
              high: {type: number}
              low: {type: number}
            required: [date, summary, high, low]`;

/** The forecast as get_forecast and refresh_forecast answer it; `drop` leaves fields of it out. */
function forecastSchema(drop: readonly string[]): string {
  const top = ['city', 'units', 'days'].filter((f) => !drop.includes(f));
  const day = drop.includes('high') ? DAY.replace('              high: {type: number}\n', '').replace('high, ', '') : DAY;
  return `type: object
      properties:
${top.includes('city') ? '        city: {type: string}\n' : ''}${top.includes('units') ? "        units: {$ref: '#/definitions/Units'}\n" : ''}        days:
          type: array
          items:
            ${day}
      required: [${top.join(', ')}]`;
}

/** The manifest; `drop` removes fields from get_forecast's outputSchema (refresh_forecast keeps them). */
export function viewsManifest(drop: readonly string[] = []): string {
  return `version: 1
server: {name: weather-views, version: 1.0.0}
transports: {stdio: true, http: true}
definitions:
  Units: {type: string, enum: [metric, imperial], default: metric}
tools:
  get_forecast:
    description: Daily forecast for a city.
    inputSchema:
      type: object
      properties:
        city: {type: string, minLength: 1}
        days: {type: integer, minimum: 1, maximum: 7, default: 3}
      required: [city]
    outputSchema:
      ${forecastSchema(drop)}
    ui: {app: forecast_view}
  refresh_forecast:
    description: The forecast again, for the view.
    inputSchema:
      type: object
      properties:
        city: {type: string, minLength: 1}
      required: [city]
    outputSchema:
      ${forecastSchema([])}
    ui: {app: forecast_view, visibility: [app]}
  model_only:
    description: Not for views.
    ui: {visibility: [model]}
apps:
  forecast_view:
    title: Forecast
    description: The days ahead, as a table with bars.
    prefersBorder: true
`;
}

/**
 * Writes the manifest into `dir` and generates the project there (views included); throws on validation errors.
 * `contracts: false` skips the type check of handlers and views that generate runs after writing.
 */
export async function generateViews(
  dir: string,
  manifest = viewsManifest(),
  options: { contracts?: boolean } = {},
): Promise<GenerateResult> {
  writeFileSync(join(dir, 'mcp.yaml'), manifest);
  linkDeps(dir);
  const result = await generate({ manifestPath: join(dir, 'mcp.yaml'), contracts: options.contracts });
  const errors = result.issues.filter((i) => i.severity !== 'warning');
  if (errors.length || !result.plan) throw new Error(`generate failed: ${errors.map((i) => `${i.code} ${i.message}`).join('; ')}`);
  return result;
}

export async function viewsProject(options: { contracts?: boolean } = {}): Promise<string> {
  const dir = tempDir('mcp-gen-views-');
  await generateViews(dir, viewsManifest(), options);
  return dir;
}

/** `npm run build:views` (the generated script, on this Node): exit code and output. */
export function buildViews(dir: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(dir, 'scripts', 'build-views.mjs')], { cwd: dir, encoding: 'utf8' });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}
