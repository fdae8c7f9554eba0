// MCP Apps views (`apps:`) and the tools that open them (`tools.<name>.ui`): what refers to what, the views' names,
// URIs, folders and CSP, and hand-written `_meta.ui` that would contradict (or bypass) what `ui:` publishes.
import type { Finding, Manifest, PathSegment, Tool } from '../core/index.js';
import {
  APP_NAME_PATTERN,
  appsOf,
  CSP_FIELDS,
  defaultAppUri,
  camelCase,
  closest,
  DEPRECATED_RESOURCE_URI_KEY,
  entriesOf,
  fileBase,
  isObject,
  modelVisible,
  pascalCase,
  toolVisibility,
  UI_SCHEME,
  uriMatcher,
  type AppInfo,
} from '../core/index.js';
import { cspOriginProblem, domainProblem, sourceKey, sourceProblem } from './app-fields.js';
import { uriProblem } from './uris.js';

export function checkApps(m: Manifest): Finding[] {
  const apps = appsOf(m);
  return [
    ...appNameFindings(apps),
    ...toolUiFindings(m, apps),
    ...appFieldFindings(apps),
    ...uriFindings(m, apps),
    ...sourceFindings(apps),
  ];
}

/** Names become URI segments, folders and identifiers: a pattern, and no two names sharing an identifier. */
function appNameFindings(apps: AppInfo[]): Finding[] {
  const findings: Finding[] = [];
  const seen = new Map<string, string>();
  for (const { name } of apps) {
    if (!APP_NAME_PATTERN.test(name)) {
      findings.push({
        code: 'name/invalid-app-name',
        path: ['apps', name],
        at: 'key',
        message: `app name ${JSON.stringify(name)} must be a letter, then up to 63 letters, digits, _ and -`,
        hint: 'it names the view in ui.app, its default URI and its folder: e.g. forecast_view',
      });
      continue;
    }
    const derived = [`ident:${camelCase(name)}`, `type:${pascalCase(name)}`, `file:${fileBase(name)}`];
    const other = derived.map((d) => seen.get(d)).find((n) => n !== undefined);
    if (other !== undefined)
      findings.push({
        code: 'name/collision',
        path: ['apps', name],
        at: 'key',
        message: `app ${JSON.stringify(name)} and ${JSON.stringify(other)} would share the identifier ${pascalCase(name)}`,
        hint: 'rename one of them so that they differ in more than case and punctuation',
      });
    else for (const d of derived) seen.set(d, name);
  }
  return findings;
}

function toolUiFindings(m: Manifest, apps: AppInfo[]): Finding[] {
  const findings: Finding[] = [];
  const names = new Set(apps.map((a) => a.name));
  const opened = new Set<string>();
  const named = new Set<string>();
  for (const [name, tool] of entriesOf(m, 'tools')) {
    findings.push(...handWrittenMeta(name, tool));
    if (!isObject(tool.ui)) continue;
    const at: PathSegment[] = ['tools', name, 'ui'];
    const app = tool.ui.app;
    if (app === undefined && tool.ui.visibility === undefined)
      findings.push({
        code: 'apps/ui-empty',
        path: at,
        message: 'ui names no app and no visibility',
        hint: 'ui: {app: <view>} opens a view of apps:; ui: {visibility: [app]} keeps the tool for views only',
      });
    if (typeof app !== 'string') continue;
    if (!names.has(app)) {
      const guess = closest(app, names);
      findings.push({
        code: 'apps/unknown-app',
        path: [...at, 'app'],
        message: `ui.app names ${JSON.stringify(app)}, which is not a view under apps:`,
        hint: guess
          ? `did you mean '${guess}'?`
          : names.size
            ? `views: ${[...names].slice(0, 12).join(', ')}`
            : `declare it: apps: {${app}: {title: ...}}`,
      });
      continue;
    }
    named.add(app);
    if (modelVisible(tool)) opened.add(app);
  }
  for (const { name } of apps) {
    if (opened.has(name)) continue;
    findings.push({
      code: 'apps/unopened',
      severity: 'warning',
      path: ['apps', name],
      at: 'key',
      message: named.has(name)
        ? `view ${name} is named only by tools the model cannot call (visibility: [app]), so no host ever opens it`
        : `no tool opens view ${name}, so no host ever shows it`,
      hint: `add ui: {app: ${name}} to the tool whose result it shows, or remove the view`,
    });
  }
  findings.push(...servedWithViews(m));
  return findings;
}

/** `_meta.ui` or the flat `_meta["ui/resourceUri"]` written by hand: against `ui:` it is a contradiction, alone it is unchecked. */
function handWrittenMeta(name: string, tool: Tool): Finding[] {
  const meta = isObject(tool._meta) ? tool._meta : {};
  return (['ui', DEPRECATED_RESOURCE_URI_KEY] as const)
    .filter((key) => Object.hasOwn(meta, key))
    .map((key): Finding => {
      const flat = key === DEPRECATED_RESOURCE_URI_KEY;
      const path = ['tools', name, '_meta', key];
      if (isObject(tool.ui))
        return {
          code: 'apps/meta-conflict',
          path,
          at: 'key',
          message: `_meta${flat ? `["${key}"]` : `.${key}`} is written by hand beside ui:, which publishes _meta.ui`,
          hint: 'remove it: ui: says which view the tool opens and who may call it',
        };
      return {
        code: 'apps/meta-by-hand',
        severity: 'warning',
        path,
        at: 'key',
        message: flat
          ? `_meta["${key}"] is the deprecated flat form of _meta.ui.resourceUri, which hosts are to stop reading`
          : '_meta.ui is written by hand: mcp-gen cannot check the view it names, nor serve it',
        hint: 'declare the view under apps: and open it with ui: {app: <view>}',
      };
    });
}

/**
 * An app-only tool (`visibility: [app]`) is called by the views of the tools that open them: wherever such a tool is
 * served (toolsets), the app-only tool must be too, or the view's calls fail as calls of an unknown tool.
 */
function servedWithViews(m: Manifest): Finding[] {
  const sets = isObject(m.toolsets) ? Object.entries(m.toolsets).filter(([, s]) => isObject(s) && Array.isArray(s.tools)) : [];
  if (sets.length === 0) return [];
  const setsOf = (tool: string) => sets.filter(([, s]) => (s.tools as unknown[]).includes(tool)).map(([n]) => n);
  const tools = entriesOf(m, 'tools').filter(([, t]) => isObject(t.ui));
  const findings: Finding[] = [];
  for (const [name, tool] of tools) {
    if (modelVisible(tool) || !toolVisibility(tool).includes('app')) continue;
    const mine = setsOf(name);
    if (mine.length === 0) continue; // in no set: always served
    const views = typeof tool.ui?.app === 'string' ? [tool.ui.app] : null;
    for (const [opener, o] of tools) {
      if (!modelVisible(o) || typeof o.ui?.app !== 'string' || (views && !views.includes(o.ui.app))) continue;
      const theirs = setsOf(opener);
      const apart = theirs.length === 0 ? sets.map(([n]) => n).find((s) => !mine.includes(s)) : theirs.find((s) => !mine.includes(s));
      if (apart === undefined) continue;
      findings.push({
        code: 'apps/tool-not-served',
        path: ['tools', name, 'ui', 'visibility'],
        message: `${name} is for views only, and --toolsets ${apart} serves ${opener} (which opens view ${o.ui.app}) without it: the view's calls would fail`,
        hint: `put ${name} in every toolset ${opener} is in, or in none (a tool in no set is always served)`,
      });
      break;
    }
  }
  return findings;
}

function appFieldFindings(apps: AppInfo[]): Finding[] {
  const findings: Finding[] = [];
  for (const { name, declared: app } of apps) {
    if (isObject(app.csp))
      for (const field of CSP_FIELDS) {
        const list = app.csp[field];
        if (!Array.isArray(list)) continue;
        list.forEach((value, i) => {
          const problem = typeof value === 'string' ? cspOriginProblem(value, field) : undefined;
          if (problem)
            findings.push({
              code: problem.warning ? 'apps/csp-insecure' : 'apps/csp-origin',
              ...(problem.warning ? { severity: 'warning' as const } : {}),
              path: ['apps', name, 'csp', field, i],
              message: problem.message,
              hint: problem.hint,
            });
        });
      }
    const domain = typeof app.domain === 'string' ? domainProblem(app.domain) : undefined;
    if (domain) findings.push({ code: 'apps/domain', path: ['apps', name, 'domain'], ...domain });
    if (isObject(app._meta) && Object.hasOwn(app._meta, 'ui'))
      findings.push({
        code: 'apps/meta-conflict',
        path: ['apps', name, '_meta', 'ui'],
        at: 'key',
        message: "_meta.ui is written by hand; the view's own fields (csp, permissions, domain, prefersBorder) publish it",
        hint: 'move what it says into those fields',
      });
  }
  return findings;
}

/** A view's URI is `ui://...`, its own, and out of every resource's and template's reach. */
function uriFindings(m: Manifest, apps: AppInfo[]): Finding[] {
  const findings: Finding[] = [];
  const server = isObject(m.server) && typeof m.server.name === 'string' ? m.server.name : '';
  const byUri = new Map<string, string>();
  const resources = entriesOf(m, 'resources').filter(([, r]) => typeof r.uri === 'string');
  const templates = entriesOf(m, 'resourceTemplates').filter(([, t]) => typeof t.uriTemplate === 'string');
  for (const { name, uri, declared } of apps) {
    // A default URI is shown at the view's name: the reader sees no uri: to point at.
    const path: PathSegment[] = declared.uri === undefined ? ['apps', name] : ['apps', name, 'uri'];
    const at = declared.uri === undefined ? ('key' as const) : undefined;
    const example = `e.g. ${defaultAppUri(server, name)}, or leave uri out for that default`;
    const problem = !uri.startsWith(UI_SCHEME)
      ? { offset: 0, message: 'is not in the ui:// scheme, which hosts render views from', hint: example }
      : uri.length === UI_SCHEME.length
        ? { offset: 0, message: 'names nothing after ui://', hint: example }
        : uriProblem(uri);
    if (problem) {
      findings.push({
        code: 'apps/uri',
        path,
        at,
        ...(at ? {} : { offset: problem.offset }),
        message: `uri ${JSON.stringify(uri)} ${problem.message}`,
        hint: problem.hint,
      });
      continue;
    }
    const clash =
      (byUri.has(uri) ? `view ${byUri.get(uri)}` : undefined) ??
      resources.filter(([, r]) => r.uri === uri).map(([n]) => `resource ${n}`)[0] ??
      templates.filter(([, t]) => templateMatches(t.uriTemplate, uri)).map(([n]) => `resource template ${n}, which matches it`)[0];
    if (clash)
      findings.push({
        code: 'apps/uri-clash',
        path,
        at,
        message: `uri ${JSON.stringify(uri)}${declared.uri === undefined ? ' (the default)' : ''} is also that of ${clash}`,
        hint: 'hosts read a view by its URI: give the view one of its own with uri: ui://...',
      });
    byUri.set(uri, name);
  }
  const uris = new Set(apps.map((a) => a.uri));
  const reserved = (value: string) => value.toLowerCase().startsWith(UI_SCHEME);
  const ownScheme = (path: PathSegment[], what: string): Finding => ({
    code: 'apps/ui-scheme',
    severity: 'warning',
    path,
    message: `${what} is in the ui:// scheme, which the spec reserves for MCP Apps views`,
    hint: 'declare a view under apps: (a tool opens it with ui: {app: <view>}), or use a scheme of your own',
  });
  for (const [name, r] of resources) if (reserved(r.uri) && !uris.has(r.uri)) findings.push(ownScheme(['resources', name, 'uri'], 'uri'));
  for (const [name, t] of templates)
    if (reserved(t.uriTemplate)) findings.push(ownScheme(['resourceTemplates', name, 'uriTemplate'], 'uriTemplate'));
  return findings;
}

function templateMatches(template: string, uri: string): boolean {
  try {
    return uriMatcher(template).match(uri) !== null;
  } catch {
    return false; // an invalid template is reported by the URI checks
  }
}

/** Each view's folder is inside the project and its own: two views in one folder would share their files. */
function sourceFindings(apps: AppInfo[]): Finding[] {
  const findings: Finding[] = [];
  const taken: { key: string; name: string }[] = [];
  for (const { name, source, declared } of apps) {
    const path: PathSegment[] = declared.source === undefined ? ['apps', name] : ['apps', name, 'source'];
    const at = declared.source === undefined ? ('key' as const) : undefined;
    const problem = sourceProblem(source);
    if (problem) {
      findings.push({ code: 'apps/source', path, at, ...problem });
      continue;
    }
    const key = sourceKey(source);
    const other = taken.find((t) => t.key === key || key.startsWith(`${t.key}/`) || t.key.startsWith(`${key}/`));
    if (other)
      findings.push({
        code: 'apps/source-shared',
        path,
        at,
        message: `source ${JSON.stringify(source)}${declared.source === undefined ? ' (the default)' : ''} ${other.key === key ? 'is also' : 'overlaps'} the folder of view ${other.name}`,
        hint: 'give each view a folder of its own: source: ui/<view>',
      });
    else taken.push({ key, name });
  }
  return findings;
}
