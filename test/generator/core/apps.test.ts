// What a view and the tools that name it publish: the ui:// resource with its _meta.ui, and each tool's _meta.ui in
// the current nested form, checked against the official MCP schema of every revision the server speaks.
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/index.js';
import { appsOf, buildSurface, type Manifest, uiAuthority } from '../../../generator/core/index.js';
import { validateAgainstSpec } from '../../../generator/validate/against-spec.js';

const manifest = (yaml: string) =>
  loadManifest('mcp.yaml', `version: 1\nserver: {name: '@Acme/Weather Server', version: 1.0.0}\n${yaml}`).data as Manifest;

const WEATHER = `tools:
  get_forecast:
    description: Daily forecast.
    _meta: {com.example/team: forecasts}
    ui: {app: forecast_view}
  refresh_forecast:
    ui: {app: forecast_view, visibility: [app]}
  list_cities:
    ui: {visibility: [model]}
  ping: {}
apps:
  forecast_view:
    title: Forecast
    description: A chart of the days ahead.
    csp: {resourceDomains: [https://cdn.example.com], connectDomains: [https://api.example.com]}
    permissions: {clipboardWrite: true, camera: false, geolocation: true}
    prefersBorder: true
    domain: a904794854a047f6.claudemcpcontent.com
    _meta: {com.example/owner: web}
  map_view:
    uri: ui://maps/city
    source: views/map
`;

describe('uiAuthority', () => {
  const cases: [string, string][] = [
    ['weather', 'weather'],
    ['@Acme/Weather Server', 'acme-weather-server'],
    ['com.example.weather', 'com.example.weather'],
    ['  Wetter & Klima!  ', 'wetter-klima'],
    ['a..b', 'a.b'],
    ['***', 'server'],
    ['', 'server'],
  ];
  it.each(cases)('%j -> %s', (name, want) => expect(uiAuthority(name)).toBe(want));
});

describe('published views and tools', () => {
  const surface = buildSurface(manifest(WEATHER));

  it('lists each view as a resource of text/html;profile=mcp-app, with _meta.ui in the spec order and permissions as {}', () => {
    expect([...surface.apps.values()].map((a) => a.published)).toEqual([
      {
        uri: 'ui://acme-weather-server/forecast_view',
        name: 'forecast_view',
        title: 'Forecast',
        description: 'A chart of the days ahead.',
        mimeType: 'text/html;profile=mcp-app',
        _meta: {
          'com.example/owner': 'web',
          ui: {
            csp: { resourceDomains: ['https://cdn.example.com'], connectDomains: ['https://api.example.com'] },
            permissions: { clipboardWrite: {}, geolocation: {} },
            domain: 'a904794854a047f6.claudemcpcontent.com',
            prefersBorder: true,
          },
        },
      },
      { uri: 'ui://maps/city', name: 'map_view', mimeType: 'text/html;profile=mcp-app' },
    ]);
    expect(JSON.stringify(Object.keys((surface.apps.get('forecast_view')!.published._meta as { ui: object }).ui))).toBe(
      '["csp","permissions","domain","prefersBorder"]',
    );
  });

  it('gives each tool with ui: its _meta.ui {resourceUri, visibility}, never the flat ui/resourceUri key', () => {
    const meta = (name: string) => surface.entries.tools.get(name)!.published._meta;
    expect(meta('get_forecast')).toEqual({
      'com.example/team': 'forecasts',
      ui: { resourceUri: 'ui://acme-weather-server/forecast_view', visibility: ['model', 'app'] },
    });
    expect(meta('refresh_forecast')).toEqual({ ui: { resourceUri: 'ui://acme-weather-server/forecast_view', visibility: ['app'] } });
    expect(meta('list_cities')).toEqual({ ui: { visibility: ['model'] } });
    expect(meta('ping')).toBeUndefined();
    expect(JSON.stringify([...surface.entries.tools.values()].map((e) => e.published))).not.toContain('ui/resourceUri');
  });

  it('what it publishes is valid against the MCP schema of every revision', () => {
    for (const e of surface.entries.tools.values()) expect(validateAgainstSpec('Tool', e.published), e.name).toEqual([]);
    for (const a of surface.apps.values()) expect(validateAgainstSpec('Resource', a.published), a.name).toEqual([]);
  });

  it('resolves each view: its URI and folder, as written or by default', () => {
    expect(appsOf(manifest(WEATHER)).map((a) => [a.name, a.uri, a.source])).toEqual([
      ['forecast_view', 'ui://acme-weather-server/forecast_view', 'ui/forecast_view'],
      ['map_view', 'ui://maps/city', 'views/map'],
    ]);
  });

  it('a view named like an Object.prototype property resolves to nothing it did not declare', () => {
    const m = manifest('tools:\n  t:\n    ui: {app: toString}\n');
    expect(buildSurface(m).entries.tools.get('t')!.published._meta).toEqual({ ui: { visibility: ['model', 'app'] } });
  });

  it('a manifest without views publishes exactly what it did', () => {
    const yaml = 'tools:\n  t: {description: x, _meta: {a/b: 1}}\nresources:\n  r: {uri: "file:///r", text: x}\n';
    const s = buildSurface(manifest(yaml));
    expect(s.apps.size).toBe(0);
    expect(s.entries.tools.get('t')!.published).toEqual({
      name: 't',
      description: 'x',
      inputSchema: { type: 'object' },
      _meta: { 'a/b': 1 },
    });
  });
});
