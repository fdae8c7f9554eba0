// MCP Apps views (apps:) and the tools that open them (tools.<name>.ui): every finding of validate, with its
// position, from the manifest a reviewer would write.
import { describe, expect, it } from 'vitest';
import { loadManifest } from '../../../generator/load/index.js';
import { validateManifest } from '../../../generator/validate/index.js';

const issues = (yaml: string, options: { generate?: boolean } = {}) =>
  validateManifest(loadManifest('mcp.yaml', `version: 1\nserver: {name: weather, version: 1.0.0}\n${yaml}`), options).map(
    (i) => `${i.line}:${i.column} ${i.severity} ${i.code} ${i.path}: ${i.message}${i.hint ? ` (${i.hint})` : ''}`,
  );
const codes = (yaml: string) => issues(yaml).map((i) => i.split(' ').slice(1, 3).join(' '));

// Line 3 of every manifest below is the first line of this text.
const OPENER = `tools:
  get_forecast:
    description: Daily forecast for a city.
    outputSchema: {type: object}
    ui: {app: forecast_view}
`;
const VIEW = `apps:
  forecast_view:
    title: Forecast
`;

describe('apps: a clean manifest', () => {
  it('accepts a view, the tool that opens it, an app-only tool and every field of a view', () => {
    const yaml = `${OPENER}  refresh_forecast:
    description: Refresh the forecast the view shows.
    ui: {app: forecast_view, visibility: [app]}
  list_cities:
    description: The cities this server knows.
    ui: {visibility: [model]}
apps:
  forecast_view:
    title: Forecast
    description: A chart of the days ahead.
    uri: ui://weather/forecast
    source: views/forecast
    csp:
      connectDomains: [https://api.example.com, wss://live.example.com, http://localhost:5173]
      resourceDomains: [https://*.example.com]
      frameDomains: [https://www.youtube.com]
      baseUriDomains: [https://cdn.example.com]
    permissions: {camera: true, microphone: false, geolocation: true, clipboardWrite: true}
    domain: a904794854a047f6.claudemcpcontent.com
    prefersBorder: false
    _meta: {com.example/theme: dark}
`;
    expect(issues(yaml)).toEqual([]);
  });
});

interface Case {
  name: string;
  yaml: string;
  want: string[];
  /** Leave out the apps/unopened warnings of the extra views a case declares. */
  unopenedAside?: boolean;
}

const cases: Case[] = [
  {
    name: 'a tool naming a view that does not exist, with a did-you-mean',
    yaml: `${VIEW}tools:\n  t:\n    ui: {app: forecast_veiw}\n`,
    want: [
      `4:3 warning apps/unopened apps.forecast_view: no tool opens view forecast_view, so no host ever shows it (add ui: {app: forecast_view} to the tool whose result it shows, or remove the view)`,
      `8:15 error apps/unknown-app tools.t.ui.app: ui.app names "forecast_veiw", which is not a view under apps: (did you mean 'forecast_view'?)`,
    ],
  },
  {
    name: 'a tool naming a view in a manifest without views',
    yaml: 'tools:\n  t:\n    ui: {app: chart}\n',
    want: [
      `5:15 error apps/unknown-app tools.t.ui.app: ui.app names "chart", which is not a view under apps: (declare it: apps: {chart: {title: ...}})`,
    ],
  },
  {
    name: 'a view only app-only tools name: the model can never open it',
    yaml: `${VIEW}tools:\n  t:\n    ui: {app: forecast_view, visibility: [app]}\n`,
    want: [
      `4:3 warning apps/unopened apps.forecast_view: view forecast_view is named only by tools the model cannot call (visibility: [app]), so no host ever opens it (add ui: {app: forecast_view} to the tool whose result it shows, or remove the view)`,
    ],
  },
  {
    name: 'ui that says nothing',
    yaml: 'tools:\n  t:\n    ui: {}\n',
    want: [
      `5:9 error apps/ui-empty tools.t.ui: ui names no app and no visibility (ui: {app: <view>} opens a view of apps:; ui: {visibility: [app]} keeps the tool for views only)`,
    ],
  },
  {
    name: 'an empty or repeated visibility, or one the spec does not define',
    yaml: 'tools:\n  a:\n    ui: {visibility: []}\n  b:\n    ui: {visibility: [app, app]}\n  c:\n    ui: {visibility: [agent]}\n',
    want: [
      '5:22 error manifest/invalid-value tools.a.ui.visibility: must NOT have fewer than 1 items',
      '7:22 error manifest/invalid-value tools.b.ui.visibility: must NOT have duplicate items (items ## 0 and 1 are identical)',
      '9:23 error manifest/invalid-value tools.c.ui.visibility[0]: must be one of: "model", "app"',
    ],
  },
  {
    name: '_meta.ui and the deprecated flat key written by hand beside ui:',
    yaml: `${OPENER}    _meta: {ui: {resourceUri: 'ui://x/y'}, ui/resourceUri: 'ui://x/y'}\n${VIEW}`,
    want: [
      `8:13 error apps/meta-conflict tools.get_forecast._meta.ui: _meta.ui is written by hand beside ui:, which publishes _meta.ui (remove it: ui: says which view the tool opens and who may call it)`,
      `8:44 error apps/meta-conflict tools.get_forecast._meta["ui/resourceUri"]: _meta["ui/resourceUri"] is written by hand beside ui:, which publishes _meta.ui (remove it: ui: says which view the tool opens and who may call it)`,
    ],
  },
  {
    name: '_meta.ui and the deprecated flat key written by hand without ui:',
    yaml: "tools:\n  t:\n    _meta: {ui/resourceUri: 'ui://x/y'}\n  u:\n    _meta:\n      ui: {resourceUri: 'ui://x/y'}\n",
    want: [
      `5:13 warning apps/meta-by-hand tools.t._meta["ui/resourceUri"]: _meta["ui/resourceUri"] is the deprecated flat form of _meta.ui.resourceUri, which hosts are to stop reading (declare the view under apps: and open it with ui: {app: <view>})`,
      `8:7 warning apps/meta-by-hand tools.u._meta.ui: _meta.ui is written by hand: mcp-gen cannot check the view it names, nor serve it (declare the view under apps: and open it with ui: {app: <view>})`,
    ],
  },
  {
    name: "a view's own _meta.ui",
    yaml: `${OPENER}${VIEW}    _meta: {ui: {prefersBorder: true}}\n`,
    want: [
      `11:13 error apps/meta-conflict apps.forecast_view._meta.ui: _meta.ui is written by hand; the view's own fields (csp, permissions, domain, prefersBorder) publish it (move what it says into those fields)`,
    ],
  },
  {
    name: 'view names that cannot be a URI segment, a folder and an identifier, or that share one',
    yaml: `${OPENER}${VIEW}  Forecast-View: {}\n  2d: {}\n  constructor: {}\n`,
    unopenedAside: true,
    want: [
      `11:3 error name/collision apps["Forecast-View"]: app "Forecast-View" and "forecast_view" would share the identifier ForecastView (rename one of them so that they differ in more than case and punctuation)`,
      `12:3 error name/invalid-app-name apps["2d"]: app name "2d" must be a letter, then up to 63 letters, digits, _ and - (it names the view in ui.app, its default URI and its folder: e.g. forecast_view)`,
      `13:3 error name/inherited apps.constructor: app name "constructor" is a property every JavaScript object has; code that looks views up by name would find it already there (rename it (for example "constructor_view"))`,
    ],
  },
  {
    name: 'a uri outside the ui:// scheme, one with nothing after it, one with a space',
    yaml: `${OPENER}${VIEW}    uri: https://weather.example.com/view\n  b:\n    uri: 'ui://'\n  c:\n    uri: ui://weather/my view\n`,
    unopenedAside: true,
    want: [
      `11:10 error apps/uri apps.forecast_view.uri: uri "https://weather.example.com/view" is not in the ui:// scheme, which hosts render views from (e.g. ui://weather/forecast_view, or leave uri out for that default)`,
      `13:11 error apps/uri apps.b.uri: uri "ui://" names nothing after ui:// (e.g. ui://weather/b, or leave uri out for that default)`,
      `15:25 error apps/uri apps.c.uri: uri "ui://weather/my view" contains " ", which a URI cannot hold unencoded (percent-encode it (%20))`,
    ],
  },
  {
    name: "a URI clash with another view, a resource's uri and a template that matches it",
    yaml: `${OPENER}${VIEW}  second:\n    uri: ui://weather/forecast_view\n  third:\n    uri: ui://weather/third\n  fourth:\n    uri: ui://weather/docs/fourth\nresources:\n  r: {uri: 'ui://weather/third', text: x}\nresourceTemplates:\n  doc: {uriTemplate: 'ui://weather/docs/{name}'}\n`,
    unopenedAside: true,
    want: [
      `12:10 error apps/uri-clash apps.second.uri: uri "ui://weather/forecast_view" is also that of view forecast_view (hosts read a view by its URI: give the view one of its own with uri: ui://...)`,
      `14:10 error apps/uri-clash apps.third.uri: uri "ui://weather/third" is also that of resource r (hosts read a view by its URI: give the view one of its own with uri: ui://...)`,
      `16:10 error apps/uri-clash apps.fourth.uri: uri "ui://weather/docs/fourth" is also that of resource template doc, which matches it (hosts read a view by its URI: give the view one of its own with uri: ui://...)`,
      `20:22 warning apps/ui-scheme resourceTemplates.doc.uriTemplate: uriTemplate is in the ui:// scheme, which the spec reserves for MCP Apps views (declare a view under apps: (a tool opens it with ui: {app: <view>}), or use a scheme of your own)`,
    ],
  },
  {
    name: 'a default URI that clashes is shown at the view, naming the default',
    yaml: `${OPENER}${VIEW}resources:\n  r: {uri: 'ui://weather/forecast_view', text: x}\n`,
    want: [
      `9:3 error apps/uri-clash apps.forecast_view: uri "ui://weather/forecast_view" (the default) is also that of resource r (hosts read a view by its URI: give the view one of its own with uri: ui://...)`,
    ],
  },
  {
    name: 'a resource in the reserved ui:// scheme that is not a view',
    yaml: "resources:\n  page: {uri: 'UI://weather/page', mimeType: text/html, text: '<p>'}\n",
    want: [
      `4:15 warning apps/ui-scheme resources.page.uri: uri is in the ui:// scheme, which the spec reserves for MCP Apps views (declare a view under apps: (a tool opens it with ui: {app: <view>}), or use a scheme of your own)`,
    ],
  },
  {
    name: 'CSP entries that are not origins, and one that is not encrypted',
    yaml: `${OPENER}${VIEW}    csp:\n      connectDomains: ["'unsafe-inline'", '*', 'https:', api.example.com, 'https://a.example.com/v1', 'https://a.example.com; script-src *', 'https://*.com', 'https://api.*.example.com', 'HTTPS://API.example.com:443', 'http://api.example.com']\n      resourceDomains: [wss://cdn.example.com]\n`,
    want: [
      `12:24 error apps/csp-origin apps.forecast_view.csp.connectDomains[0]: 'unsafe-inline' is a CSP keyword; the host sets those, and connectDomains lists origins only (list the origins the view reaches, e.g. https://api.example.com)`,
      `12:43 error apps/csp-origin apps.forecast_view.csp.connectDomains[1]: "*" allows every origin (list each origin the view reaches, e.g. https://api.example.com; a wildcard subdomain is written https://*.example.com)`,
      `12:48 error apps/csp-origin apps.forecast_view.csp.connectDomains[2]: "https:" allows every origin of a scheme (list each origin the view reaches, e.g. https://api.example.com; a wildcard subdomain is written https://*.example.com)`,
      `12:58 error apps/csp-origin apps.forecast_view.csp.connectDomains[3]: "api.example.com" is not an origin: it needs a scheme (write it as https://api.example.com)`,
      `12:75 error apps/csp-origin apps.forecast_view.csp.connectDomains[4]: "https://a.example.com/v1" has a path, query or fragment; CSP sources here are origins (write https://a.example.com)`,
      `12:103 error apps/csp-origin apps.forecast_view.csp.connectDomains[5]: "https://a.example.com; script-src *" holds a space, comma, semicolon or quote: each item is one origin (write one origin per item: [https://a.example.com, https://b.example.com])`,
      `12:142 error apps/csp-origin apps.forecast_view.csp.connectDomains[6]: "https://*.com" allows every host of a top-level domain (narrow it to your own domain: https://*.example.com)`,
      `12:159 error apps/csp-origin apps.forecast_view.csp.connectDomains[7]: "https://api.*.example.com" has a wildcard inside its host (a wildcard may only stand for the leftmost label: https://*.example.com)`,
      `12:188 error apps/csp-origin apps.forecast_view.csp.connectDomains[8]: "HTTPS://API.example.com:443" is not written as the origin it stands for (write https://api.example.com)`,
      `12:219 warning apps/csp-insecure apps.forecast_view.csp.connectDomains[9]: http://api.example.com is not encrypted: hosts serve views over https, and the browser blocks http: requests from them (use https://api.example.com)`,
      `13:25 error apps/csp-origin apps.forecast_view.csp.resourceDomains[0]: resourceDomains takes https:, http: origins, not wss: (e.g. https://api.example.com)`,
    ],
  },
  {
    name: 'permissions the spec does not define, or asked for as the spec publishes them',
    yaml: `${OPENER}${VIEW}    permissions: {clipboard-write: true, camera: {}}\n`,
    want: [
      `11:19 error manifest/unknown-key apps.forecast_view.permissions["clipboard-write"]: unknown key 'clipboard-write' (did you mean 'clipboardWrite'?)`,
      `11:50 error manifest/invalid-type apps.forecast_view.permissions.camera: must be boolean (ask for it with camera: true; it is published as camera: {})`,
    ],
  },
  {
    name: 'a domain given as a URL, or not a host name',
    yaml: `${OPENER}${VIEW}    domain: https://abc.claudemcpcontent.com/\n  b:\n    domain: not a host\n`,
    unopenedAside: true,
    want: [
      `11:13 error apps/domain apps.forecast_view.domain: domain "https://abc.claudemcpcontent.com/" is a URL; the spec's domain is a host name (write abc.claudemcpcontent.com)`,
      `13:13 error apps/domain apps.b.domain: domain "not a host" is not a host name (give the host name your host's documentation derives for this server, e.g. a904794854a047f6.claudemcpcontent.com)`,
    ],
  },
  {
    name: 'a source folder outside the project, in a reserved folder, or shared with another view (one by its default)',
    yaml: `${OPENER}${VIEW}    source: ../shared/forecast\n  b:\n    source: /srv/views/b\n  c:\n    source: src/views/c\n  d:\n    source: ui/e/nested\n  e: {}\n  f:\n    source: ./ui/E/\n`,
    unopenedAside: true,
    want: [
      `11:13 error apps/source apps.forecast_view.source: source "../shared/forecast" leaves the project (..) (name a folder of the project, relative to it, e.g. ui/forecast)`,
      `13:13 error apps/source apps.b.source: source "/srv/views/b" is absolute (name a folder of the project, relative to it, e.g. ui/forecast)`,
      `15:13 error apps/source apps.c.source: source "src/views/c" is inside src/, which holds the server's own sources, compiled for Node (name a folder of the project, relative to it, e.g. ui/forecast)`,
      `18:3 error apps/source-shared apps.e: source "ui/e" (the default) overlaps the folder of view d (give each view a folder of its own: source: ui/<view>)`,
      `20:13 error apps/source-shared apps.f.source: source "./ui/E/" overlaps the folder of view d (give each view a folder of its own: source: ui/<view>)`,
    ],
  },
];

describe('apps: findings', () => {
  it.each(cases)('$name', ({ yaml, want, unopenedAside }) => {
    expect(issues(yaml).filter((i) => !unopenedAside || !i.includes(' warning apps/unopened '))).toEqual(want);
  });
});

describe('apps: hostile names', () => {
  it('a view or a reference named after what every object has finds nothing it did not declare', () => {
    const yaml = `tools:\n  t:\n    description: Opens a view.\n    ui: {app: __proto__}\n  u:\n    ui: {app: hasOwnProperty}\napps:\n  __proto__: {title: x}\n`;
    expect(codes(yaml)).toEqual(['error apps/unknown-app', 'error name/invalid-app-name']);
  });
});

describe('apps: toolsets', () => {
  const tools = `tools:
  get_forecast:
    description: Daily forecast.
    outputSchema: {type: object}
    ui: {app: forecast_view}
  refresh_forecast:
    description: Refresh the view.
    ui: {app: forecast_view, visibility: [app]}
  ping: {description: Are you there}
${VIEW}`;
  const notServed = (set: string, column = 42, opener = 'get_forecast') =>
    `10:${column} error apps/tool-not-served tools.refresh_forecast.ui.visibility: refresh_forecast is for views only, and --toolsets ${set} serves ${opener} (which opens view forecast_view) without it: the view's calls would fail (put refresh_forecast in every toolset ${opener} is in, or in none (a tool in no set is always served))`;

  it('accepts an app-only tool in no set, or in every set its view is opened from', () => {
    expect(issues(`${tools}toolsets:\n  weather: {tools: [get_forecast], default: true}\n  admin: {tools: [ping]}\n`)).toEqual([]);
    expect(
      issues(
        `${tools}toolsets:\n  weather: {tools: [get_forecast, refresh_forecast], default: true}\n  more: {tools: [get_forecast, refresh_forecast]}\n`,
      ),
    ).toEqual([]);
  });

  it('refuses a set that serves the view without the tool it calls', () => {
    expect(issues(`${tools}toolsets:\n  weather: {tools: [get_forecast], default: true}\n  admin: {tools: [refresh_forecast]}\n`)).toEqual([
      notServed('weather'),
    ]);
  });

  it('refuses an app-only tool in a set while the tool that opens its view is in none (always served)', () => {
    expect(issues(`${tools}toolsets:\n  views: {tools: [refresh_forecast]}\n  admin: {tools: [ping]}\n`)).toEqual([notServed('admin')]);
  });

  it('an app-only tool that names no view is held to every view', () => {
    const yaml = tools.replace('ui: {app: forecast_view, visibility: [app]}', 'ui: {visibility: [app]}');
    expect(issues(`${yaml}toolsets:\n  weather: {tools: [get_forecast]}\n  views: {tools: [refresh_forecast]}\n`)).toEqual([
      notServed('weather', 22),
    ]);
  });
});

describe('apps: generate', () => {
  it('generates views and ui: as validate accepts them', () => {
    const yaml = `${OPENER}${VIEW}`;
    expect(issues(yaml)).toEqual([]);
    expect(issues(yaml, { generate: true })).toEqual([]);
    expect(issues('tools:\n  t:\n    ui: {visibility: [app]}\n', { generate: true })).toEqual([]);
  });

  it('two views in one folder are refused', () => {
    expect(issues(`${OPENER}${VIEW}    source: ui/shared\n  b:\n    source: ui/shared/\n`).filter((i) => i.includes('error'))).toEqual([
      '13:13 error apps/source-shared apps.b.source: source "ui/shared/" is also the folder of view forecast_view (give each view a folder of its own: source: ui/<view>)',
    ]);
  });
});
