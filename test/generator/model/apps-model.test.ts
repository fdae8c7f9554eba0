// The server model of MCP Apps: what emission reads to serve each view and to give each tool its _meta.ui. A
// manifest without views and without ui: gets no apps model, and every tool's model is what it was.
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../../../generator/core/index.js';
import { loadManifest } from '../../../generator/load/index.js';
import { buildServerModel } from '../../../generator/model/index.js';

const model = (yaml: string) =>
  buildServerModel(loadManifest('mcp.yaml', `version: 1\nserver: {name: weather, version: 1.0.0}\n${yaml}`).data as Manifest, {
    manifestPath: '/virtual/mcp.yaml',
    outDir: '/virtual',
  });

const WEATHER = `tools:
  get_forecast:
    description: Daily forecast.
    inputSchema: {type: object, properties: {city: {type: string}}, required: [city]}
    outputSchema: {type: object, properties: {summary: {type: string}}}
    ui: {app: forecast_view}
  get_hourly:
    ui: {app: forecast_view, visibility: [model]}
  refresh_forecast:
    ui: {app: forecast_view, visibility: [app]}
  ping: {}
apps:
  forecast_view:
    title: Forecast
    source: ./views/forecast/
    csp: {connectDomains: [https://api.example.com]}
    permissions: {camera: true}
    _meta: {com.example/x: 1}
  empty_view: {}
`;

describe('apps model', () => {
  it('holds each view with what serving it takes', async () => {
    const { apps } = await model(WEATHER);
    expect(apps?.extensionId).toBe('io.modelcontextprotocol/ui');
    expect(apps?.mimeType).toBe('text/html;profile=mcp-app');
    expect(apps?.extensionSettings).toEqual({ mimeTypes: ['text/html;profile=mcp-app'] });
    const [forecast, empty] = apps!.views;
    expect(forecast).toMatchObject({
      name: 'forecast_view',
      nameLiteral: '"forecast_view"',
      ident: 'forecastView',
      typeName: 'ForecastView',
      uri: 'ui://weather/forecast_view',
      uriLiteral: '"ui://weather/forecast_view"',
      mimeType: 'text/html;profile=mcp-app',
      title: 'Forecast',
      description: null,
      source: 'views/forecast',
      uiMeta: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } },
      contentMeta: { 'com.example/x': 1, ui: { csp: { connectDomains: ['https://api.example.com'] }, permissions: { camera: {} } } },
    });
    expect(forecast.published).toEqual({
      uri: 'ui://weather/forecast_view',
      name: 'forecast_view',
      title: 'Forecast',
      mimeType: 'text/html;profile=mcp-app',
      _meta: forecast.contentMeta,
    });
    expect(empty).toMatchObject({ source: 'ui/empty_view', uiMeta: null, contentMeta: null, openedBy: [], tools: [] });
  });

  it('names the tools that open a view, with their types, and those views may call', async () => {
    const { apps } = await model(WEATHER);
    const [forecast] = apps!.views;
    expect(forecast.openedBy).toEqual([
      {
        name: 'get_forecast',
        nameLiteral: '"get_forecast"',
        inputType: 'GetForecastInput',
        outputType: 'GetForecastOutput',
        inputSchemaConst: 'getForecastInputSchema',
        outputSchemaConst: 'getForecastOutputSchema',
        visibility: ['model', 'app'],
      },
      expect.objectContaining({ name: 'get_hourly', outputType: null, outputSchemaConst: null, visibility: ['model'] }),
    ]);
    expect(forecast.tools.map((t) => t.name)).toEqual(['get_forecast', 'refresh_forecast']);
    // The spec lets a view call every tool with app in its visibility; a tool without ui: has the default.
    expect(apps!.callable.map((t) => t.name)).toEqual(['get_forecast', 'refresh_forecast', 'ping']);
    expect(apps!.appOnly).toEqual(['refresh_forecast']);
  });

  it('gives each tool its _meta.ui, also inside what it publishes', async () => {
    const { tools } = await model(WEATHER);
    const ui = Object.fromEntries(tools.map((t) => [t.name, t.ui]));
    expect(ui.get_forecast).toEqual({
      app: 'forecast_view',
      meta: { resourceUri: 'ui://weather/forecast_view', visibility: ['model', 'app'] },
      visibility: ['model', 'app'],
      modelVisible: true,
      appVisible: true,
    });
    expect(ui.refresh_forecast).toMatchObject({ modelVisible: false, appVisible: true, visibility: ['app'] });
    expect(ui.ping).toBeNull();
    for (const t of tools) expect(t.published._meta, t.name).toEqual(t.ui ? { ui: t.ui.meta } : undefined);
  });

  it('a tool that only says who may call it still makes a model', async () => {
    const { apps, tools } = await model('tools:\n  t:\n    ui: {visibility: [app]}\n');
    expect(apps).toMatchObject({ views: [], appOnly: ['t'] });
    expect(tools[0].ui).toEqual({ app: null, meta: { visibility: ['app'] }, visibility: ['app'], modelVisible: false, appVisible: true });
  });

  it('a manifest without views or ui: has no apps model, and its tools are modelled as before', async () => {
    const m = await model('tools:\n  t: {description: x, _meta: {a/b: 1}}\n');
    expect(m.apps).toBeNull();
    expect(m.tools[0].ui).toBeNull();
    expect(m.tools[0].published).toEqual({ name: 't', description: 'x', inputSchema: { type: 'object' }, _meta: { 'a/b': 1 } });
  });
});
