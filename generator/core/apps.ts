// MCP Apps (the io.modelcontextprotocol/ui extension, stable spec 2026-01-26): views declared once under `apps:`,
// opened by the tools whose `ui.app` names them. What a view publishes (its ui:// resource, with `_meta.ui` on the
// listing and the read) and what a tool carries (`_meta.ui: {resourceUri, visibility}`, never the deprecated flat
// `ui/resourceUri` key) is computed here, once, for validation, the review commands and the server model.
import type { App, Manifest, Tool } from './manifest-types.js';
import { isObject, type Json } from './json.js';

export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The one content type of a view, on its listing and its read. */
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';
export const UI_SCHEME = 'ui://';
/** The deprecated flat key hosts still read; the manifest never writes it. */
export const DEPRECATED_RESOURCE_URI_KEY = 'ui/resourceUri';

export type Visibility = 'model' | 'app';
/** The spec's default: a tool without `visibility` is listed to the model and callable by views. */
export const DEFAULT_VISIBILITY: readonly Visibility[] = ['model', 'app'];

/** App names become URI path segments, folder names and TypeScript identifiers. */
export const APP_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export const CSP_FIELDS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;
export type CspField = (typeof CSP_FIELDS)[number];
export const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'] as const;

export interface AppInfo {
  name: string;
  /** The resolved ui:// URI: as written, or the default. */
  uri: string;
  /** The view's folder relative to the project, as written or the default (validation checks it). */
  source: string;
  declared: App;
  /** The `_meta.ui` of the view's resource (listing and read); undefined when the view declares none of its fields. */
  uiMeta: Json | undefined;
  /** The `resources/list` entry. */
  published: Json;
}

/** The apps in manifest order, skipping entries that are not maps (the schema reports those). */
export function appEntries(m: Manifest): [string, App][] {
  const section: unknown = (m as { apps?: unknown }).apps;
  if (!isObject(section)) return [];
  return Object.entries(section).filter(([, v]) => isObject(v)) as [string, App][];
}

export function appsOf(m: Manifest): AppInfo[] {
  const server = isObject(m.server) && typeof m.server.name === 'string' ? m.server.name : '';
  return appEntries(m).map(([name, app]) => {
    const uri = typeof app.uri === 'string' ? app.uri : defaultAppUri(server, name);
    const uiMeta = appUiMeta(app);
    return {
      name,
      uri,
      source: typeof app.source === 'string' ? app.source : defaultAppSource(name),
      declared: app,
      uiMeta,
      published: publishedApp(name, uri, app, uiMeta),
    };
  });
}

/** Each app's resolved URI by name (a Map: a name such as `constructor` must not find Object.prototype's). */
export function appUris(m: Manifest): Map<string, string> {
  return new Map(appsOf(m).map((a) => [a.name, a.uri]));
}

/**
 * server.name as a URI host: lower case, runs of other characters as `-` (`@acme/Weather` -> `acme-weather`), so
 * the default URI of every view is a valid, readable `ui://weather/forecast_view`.
 */
export function uiAuthority(serverName: string): string {
  const host = serverName
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
  return host || 'server';
}

export function defaultAppUri(serverName: string, appName: string): string {
  return `${UI_SCHEME}${uiAuthority(serverName)}/${appName}`;
}

export function defaultAppSource(appName: string): string {
  return `ui/${appName}`;
}

/** `_meta.ui` of a view: the spec's fields in the spec's order; permissions asked for with `true` become `{}`. */
export function appUiMeta(app: App): Json | undefined {
  const ui: Json = {};
  if (isObject(app.csp)) ui.csp = app.csp;
  if (isObject(app.permissions)) {
    const asked = Object.entries(app.permissions).filter(([, on]) => on === true);
    if (asked.length) ui.permissions = Object.fromEntries(asked.map(([k]) => [k, {}]));
  }
  if (app.domain !== undefined) ui.domain = app.domain;
  if (app.prefersBorder !== undefined) ui.prefersBorder = app.prefersBorder;
  return Object.keys(ui).length ? ui : undefined;
}

/** The view's `_meta` as listed and read: the manifest's own `_meta`, then `ui`. */
export function appMeta(app: App, uiMeta: Json | undefined): Json | undefined {
  const own = isObject(app._meta) ? (app._meta as Json) : undefined;
  if (!uiMeta) return own;
  return { ...own, ui: uiMeta };
}

function publishedApp(name: string, uri: string, app: App, uiMeta: Json | undefined): Json {
  const out: Json = { uri, name };
  if (app.title !== undefined) out.title = app.title;
  if (app.description !== undefined) out.description = app.description;
  out.mimeType = UI_MIME_TYPE;
  const meta = appMeta(app, uiMeta);
  if (meta) out._meta = meta;
  return out;
}

/** Who may call the tool: its `ui.visibility`, or the spec's default. */
export function toolVisibility(tool: Tool): Visibility[] {
  const ui = isObject(tool.ui) ? tool.ui : undefined;
  return Array.isArray(ui?.visibility) ? [...ui.visibility] : [...DEFAULT_VISIBILITY];
}

/** Listed to the model, and not only callable by views. */
export function modelVisible(tool: Tool): boolean {
  return toolVisibility(tool).includes('model');
}

/**
 * The tool's `_meta.ui` as published: `resourceUri` of the view it names (when that view exists) and its visibility,
 * written out even when it is the default, so that hosts need not know the default. Undefined without `ui:`.
 */
export function toolUiMeta(tool: Tool, uris: ReadonlyMap<string, string>): Json | undefined {
  if (!isObject(tool.ui)) return undefined;
  const out: Json = {};
  const uri = typeof tool.ui.app === 'string' ? uris.get(tool.ui.app) : undefined;
  if (uri !== undefined) out.resourceUri = uri;
  out.visibility = toolVisibility(tool);
  return out;
}
