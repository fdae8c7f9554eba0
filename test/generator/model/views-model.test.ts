// The model of the views' code: each view's files, the types of the tools that open it and of those it may call, and
// what its starter reads by name (so that the starter is typed against the manifest it was created from).
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { buildServerModel } from '../../../generator/model/index.js';

const model = (yaml: string) =>
  buildServerModel(loadManifest('mcp.yaml', `version: 1\nserver: {name: weather, version: 1.0.0}\n${yaml}`).data as Manifest, {
    manifestPath: '/virtual/mcp.yaml',
    outDir: '/virtual',
  });

const DAYS = `{type: array, items: {type: object, properties: {date: {type: string}, high: {type: number}, low-temp: {type: number}}}}`;
const WEATHER = `definitions:
  Units: {type: string, enum: [metric, imperial]}
  Day: {type: object, properties: {date: {type: string}, rain: {type: number}}}
tools:
  get_forecast:
    inputSchema:
      type: object
      properties: {city: {type: string, title: Town}, days: {type: integer}}
      required: [city]
    outputSchema:
      type: object
      properties:
        city: {type: string}
        units: {$ref: '#/definitions/Units'}
        days: ${DAYS}
        rain: {type: array, items: {$ref: '#/definitions/Day'}}
        maybe: {type: [array, 'null'], items: {type: object, properties: {x: {type: string}}}}
    ui: {app: forecast_view}
  refresh_forecast:
    inputSchema: {type: object, properties: {city: {type: string}}, required: [city]}
    outputSchema:
      type: object
      properties:
        city: {type: string}
        units: {$ref: '#/definitions/Units'}
        days: ${DAYS}
        rain: {type: array, items: {$ref: '#/definitions/Day'}}
        maybe: {type: [array, 'null'], items: {type: object, properties: {x: {type: string}}}}
    ui: {app: forecast_view, visibility: [app]}
  by_zip:
    inputSchema: {type: object, properties: {zip: {type: string}}, required: [zip]}
    ui: {app: forecast_view, visibility: [app]}
  reset:
    ui: {app: forecast_view, visibility: [app]}
  hidden:
    ui: {visibility: [model]}
  ping: {}
apps:
  forecast_view: {title: Forecast, source: views/forecast}
`;

describe('views model', () => {
  it('places each view in its folder, with the built file the server reads', async () => {
    const { views } = await model(WEATHER);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      name: 'forecast_view',
      source: 'views/forecast',
      typesFile: 'views/forecast/app.gen.ts',
      pageFile: 'views/forecast/index.html',
      mainFile: 'views/forecast/main.ts',
      htmlFile: 'dist/ui/forecast_view.html',
      uriLiteral: '"ui://weather/forecast_view"',
      titleLiteral: '"Forecast"',
    });
  });

  it('types the tools that open the view and every tool it may call, and no other', async () => {
    const [view] = (await model(WEATHER)).views;
    expect(view.openers.map((t) => [t.name, t.inputType, t.outputTypeExpr])).toEqual([
      ['get_forecast', 'GetForecastInput', 'GetForecastOutput'],
    ]);
    // Tools without ui: are callable by views (the spec's default visibility); a model-only tool is not.
    expect(view.callable.map((t) => t.name)).toEqual(['get_forecast', 'refresh_forecast', 'by_zip', 'reset', 'ping']);
    expect(view.callable.find((t) => t.name === 'reset')?.outputTypeExpr).toBe('undefined');
    expect(view.schemaTypes).toContain('export interface GetForecastOutput {');
    expect(view.schemaTypes).toContain('export interface ByZipInput {');
    expect(view.schemaTypes).toContain('export type Units = "metric" | "imperial";');
    expect(view.schemaTypes).not.toContain('HiddenInput');
  });

  it('has the starter read each top-level field by name, and arrays of objects as tables', async () => {
    const { starter } = (await model(WEATHER)).views[0];
    expect(starter.opener).toBe('get_forecast');
    expect(starter.inputFields).toEqual([
      { labelLiteral: '"Town"', access: '.city' },
      { labelLiteral: '"Days"', access: '.days' },
    ]);
    // `maybe` may be null: a table of it would not type-check, so it is shown as a field.
    expect(starter.output?.fields.map((f) => f.access)).toEqual(['.city', '.units', '.maybe']);
    expect(starter.output?.tables).toEqual([
      { labelLiteral: '"Days"', access: '.days', columnsLiteral: '["date", "high", "low-temp"]' },
      { labelLiteral: '"Rain"', access: '.rain', columnsLiteral: '["date", "rain"]' },
    ]);
  });

  it('gives the starter a button for each app-only tool its input can call, redrawing when it answers the same shape', async () => {
    const { starter } = (await model(WEATHER)).views[0];
    // by_zip needs a zip, which the view's input does not hold: no button.
    expect(starter.actions).toEqual([
      { nameLiteral: '"refresh_forecast"', labelLiteral: '"Refresh forecast"', argsExpr: '{ city: input.city }', redraws: true },
      { nameLiteral: '"reset"', labelLiteral: '"Reset"', argsExpr: '{}', redraws: false },
    ]);
  });

  it('reads no field by name when several tools open the view, nor when none does', async () => {
    const two = await model(`tools:
  a: {outputSchema: {type: object, properties: {x: {type: string}}}, ui: {app: v}}
  b: {ui: {app: v}}
apps: {v: {}, w: {}}
`);
    expect(two.views.map((v) => v.starter)).toEqual([
      { opener: null, inputFields: [], output: null, actions: [], helpers: { fields: false, table: false, json: true } },
      { opener: null, inputFields: [], output: null, actions: [], helpers: { fields: false, table: false, json: true } },
    ]);
    expect(two.views[0].openers.map((t) => t.outputTypeExpr)).toEqual(['AOutput', 'undefined']);
    expect(two.views[1].openers).toEqual([]);
  });

  it('has no views, and no views feature, without apps', async () => {
    const m = await model('tools: {ping: {}}\n');
    expect(m.views).toEqual([]);
    expect(m.features.on.views).toBe(false);
    expect(m.packages.devDependencies).not.toHaveProperty('vite');
  });

  it('brings the view toolchain as dev dependencies, ext-apps and zod where the server loads them', async () => {
    const m = await model(WEATHER);
    expect(m.features.on.views).toBe(true);
    expect(Object.keys(m.packages.devDependencies)).toEqual(expect.arrayContaining(['vite', 'vite-plugin-singlefile']));
    // The server registers its tools and views with ext-apps' helpers.
    expect(m.packages.dependencies).toHaveProperty('@modelcontextprotocol/ext-apps');
    expect(m.packages.dependencies).toHaveProperty('zod');
    expect(m.packages.devDependencies).not.toHaveProperty('zod');
    const http = await model(`transports: {stdio: false}\n${WEATHER}`);
    expect(http.packages.devDependencies).toHaveProperty('zod');
    expect(http.packages.dependencies).not.toHaveProperty('zod');
  });
});
