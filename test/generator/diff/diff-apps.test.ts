// Every classification `mcp-gen diff` makes of MCP Apps views and of the tools' ui:, as a BASE/HEAD pair and the
// (class, rule) pairs it must report: no more, no fewer. The manifests go through the whole path.
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { diffManifestTexts, type DiffReport } from '../../../generator/diff/diff-report.js';

type Parts = Record<string, unknown>;

function diff(base: Parts, head: Parts): DiffReport {
  const text = (parts: Parts) => stringify({ version: 1, server: { name: 'weather', version: '1.0.0' }, ...parts });
  const outcome = diffManifestTexts(
    { label: 'base.yaml', path: 'base.yaml', source: text(base) },
    { label: 'head.yaml', path: 'head.yaml', source: text(head) },
  );
  if (!outcome.ok) throw new Error(`${outcome.side} invalid: ${outcome.issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`);
  return outcome.report;
}

const DESCRIPTION = 'Daily forecast for a city, up to a week ahead.';
/** get_forecast opens forecast_view (with `ui`), refresh_forecast is for it (`refresh`), the view is `view`. */
function weather(o: { ui?: unknown; refresh?: unknown; view?: Parts; more?: Parts } = {}): Parts {
  return {
    tools: {
      get_forecast: {
        description: DESCRIPTION,
        outputSchema: { type: 'object' },
        ...(o.ui === null ? {} : { ui: o.ui ?? { app: 'forecast_view' } }),
      },
      refresh_forecast: {
        description: 'Refresh the forecast.',
        ...(o.refresh === null ? {} : { ui: o.refresh ?? { app: 'forecast_view', visibility: ['app'] } }),
      },
    },
    apps: { forecast_view: { title: 'Forecast', ...o.view }, ...o.more },
  };
}
const csp = (connectDomains: string[], more: Parts = {}) => ({ csp: { connectDomains, ...more } });

interface Case {
  name: string;
  base: Parts;
  head: Parts;
  want: [string, string][];
}

const cases: Case[] = [
  {
    name: 'view uri changed',
    base: weather(),
    head: weather({ view: { uri: 'ui://weather/forecast-v2' } }),
    want: [['breaking', 'app-uri-changed']],
  },
  {
    name: 'server renamed: every default view URI moves',
    base: weather(),
    head: { ...weather(), server: { name: 'forecasts', version: '1.0.0' } },
    want: [
      ['breaking', 'app-uri-changed'],
      ['risky', 'server-name-changed'],
    ],
  },
  {
    name: 'tool hidden from the model (model, app -> app)',
    base: weather(),
    head: weather({ ui: { app: 'forecast_view', visibility: ['app'] }, more: { other: {} } }),
    want: [
      ['breaking', 'tool-hidden-from-model'],
      ['safe', 'app-added'],
    ],
  },
  {
    name: 'tool hidden from views (model, app -> model)',
    base: weather(),
    head: weather({ ui: { app: 'forecast_view', visibility: ['model'] } }),
    want: [['breaking', 'tool-hidden-from-views']],
  },
  {
    name: 'app-only tool shown to the model',
    base: weather(),
    head: weather({ refresh: { app: 'forecast_view', visibility: ['model', 'app'] } }),
    want: [['risky', 'tool-shown-to-model']],
  },
  {
    name: 'model-only tool callable by views',
    base: weather({ ui: { app: 'forecast_view', visibility: ['model'] } }),
    head: weather(),
    want: [['safe', 'tool-callable-by-views']],
  },
  {
    name: 'a tool that opened no view now opens one, or no longer does',
    base: weather({ ui: null, refresh: { visibility: ['app'] } }),
    head: weather({ refresh: { visibility: ['app'] } }),
    want: [['safe', 'tool-opens-view']],
  },
  {
    name: 'a tool no longer opens its view',
    base: weather({ more: { other: {} }, refresh: { app: 'other' } }),
    head: weather({ ui: null, more: { other: {} }, refresh: { app: 'other' } }),
    want: [['risky', 'tool-view-removed']],
  },
  {
    name: 'a tool opens another view',
    base: weather({ more: { other: {} }, refresh: { app: 'other' } }),
    head: weather({ ui: { app: 'other' }, more: { other: {} }, refresh: { app: 'forecast_view' } }),
    want: [
      ['risky', 'tool-view-changed'],
      ['risky', 'tool-view-changed'],
    ],
  },
  {
    name: 'CSP widened: an origin added, a list added',
    base: weather({ view: csp(['https://api.example.com']) }),
    head: weather({ view: csp(['https://api.example.com', 'https://*.example.com'], { frameDomains: ['https://www.youtube.com'] }) }),
    want: [
      ['risky', 'app-csp-widened'],
      ['risky', 'app-csp-widened'],
    ],
  },
  {
    name: 'CSP narrowed, and the same origins reordered (no change)',
    base: weather({ view: csp(['https://a.example.com', 'https://b.example.com'], { resourceDomains: ['https://cdn.example.com'] }) }),
    head: weather({ view: csp(['https://b.example.com']) }),
    want: [
      ['safe', 'app-csp-narrowed'],
      ['safe', 'app-csp-narrowed'],
    ],
  },
  {
    name: 'CSP origins reordered',
    base: weather({ view: csp(['https://a.example.com', 'https://b.example.com']) }),
    head: weather({ view: csp(['https://b.example.com', 'https://a.example.com']) }),
    want: [],
  },
  {
    name: 'permission asked for, another dropped, one false as before',
    base: weather({ view: { permissions: { camera: true, microphone: false } } }),
    head: weather({ view: { permissions: { clipboardWrite: true, microphone: false } } }),
    want: [
      ['risky', 'app-permission-added'],
      ['safe', 'app-permission-removed'],
    ],
  },
  {
    name: 'sandbox domain set',
    base: weather(),
    head: weather({ view: { domain: 'a904794854a047f6.claudemcpcontent.com' } }),
    want: [['risky', 'app-domain-changed']],
  },
  {
    name: 'border, title, description and _meta edited',
    base: weather({ view: { prefersBorder: true, description: 'A chart of the days ahead.' } }),
    head: weather({
      view: {
        prefersBorder: false,
        title: 'Week ahead',
        description: 'A chart of the days ahead, per city.',
        _meta: { 'com.example/x': 1 },
      },
    }),
    want: [
      ['safe', 'app-border-changed'],
      ['safe', 'app-title-changed'],
      ['safe', 'app-description-clarified'],
      ['safe', 'app-metadata-changed'],
    ],
  },
  {
    name: 'source folder moved: nothing a client sees',
    base: weather(),
    head: weather({ view: { source: 'views/forecast' } }),
    want: [],
  },
  {
    name: 'view renamed at the same URI',
    base: weather({ view: { uri: 'ui://weather/forecast' } }),
    head: {
      tools: {
        get_forecast: { description: DESCRIPTION, outputSchema: { type: 'object' }, ui: { app: 'week_view' } },
        refresh_forecast: { description: 'Refresh the forecast.', ui: { app: 'week_view', visibility: ['app'] } },
      },
      apps: { week_view: { title: 'Forecast', uri: 'ui://weather/forecast' } },
    },
    // The tools publish the same _meta.ui: for clients, only the view's listed name changed.
    want: [['safe', 'app-renamed']],
  },
  {
    name: 'the tool _meta beside ui: compared as metadata, ui: as what it means',
    base: weather(),
    head: weather({ ui: { app: 'forecast_view' } }),
    want: [],
  },
];

describe('diff: MCP Apps', () => {
  it.each(cases)('$name', ({ base, head, want }) => {
    const got = diff(base, head).changes.map((c) => [c.class, c.rule]);
    expect(got.sort()).toEqual([...want].sort());
  });

  it('a view removed is breaking, and the tools that opened it say they no longer do', () => {
    const head = {
      tools: {
        get_forecast: { description: DESCRIPTION, outputSchema: { type: 'object' } },
        refresh_forecast: { description: 'Refresh the forecast.' },
      },
    };
    const r = diff(weather(), head);
    expect(r.changes.map((c) => [c.class, c.rule, c.entry])).toEqual([
      ['breaking', 'app-removed', 'forecast_view'],
      ['risky', 'tool-view-removed', 'get_forecast'],
      ['risky', 'tool-shown-to-model', 'refresh_forecast'],
      ['risky', 'tool-view-removed', 'refresh_forecast'],
    ]);
    expect(r.changes[0]).toMatchObject({
      kind: 'apps',
      side: 'base',
      message: 'removed: hosts reading "ui://weather/forecast_view", as the tools that opened it tell them to, fail',
    });
  });

  it('names what a wider CSP allows, at the list in HEAD', () => {
    const r = diff(
      weather({ view: csp(['https://api.example.com']) }),
      weather({ view: csp(['https://api.example.com', 'wss://live.example.com']) }),
    );
    expect(r.changes[0]).toMatchObject({
      path: ['apps', 'forecast_view', 'csp', 'connectDomains'],
      message: 'csp.connectDomains now allows wss://live.example.com: the view may reach more than it did',
    });
    expect(r.changes[0].line).toBeGreaterThan(0);
  });
});
