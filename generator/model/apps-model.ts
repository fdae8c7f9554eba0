// MCP Apps in the server model: each view with what serving it takes (its ui:// URI, the listing and the read's
// `_meta`, its code's folder, the tools that open it and those it may call), and each tool's `_meta.ui`.
// core/apps.ts resolves the manifest; this only shapes it for emission.
import { posix } from 'node:path';
import type { Manifest, Tool } from '../core/index.js';
import {
  appMeta,
  appsOf,
  camelCase,
  entriesOf,
  modelVisible,
  pascalCase,
  toolUiMeta,
  toolVisibility,
  UI_EXTENSION_ID,
  UI_MIME_TYPE,
  viewHtmlPath,
} from '../core/index.js';
import { commentText, jsLiteral, stringLiteral } from './js-literal.js';
import type { AppModel, AppsModel, AppToolModel, ToolUiModel } from './server-model.js';

/** A tool's `ui:` as emission needs it; null without `ui:`. */
export function toolUiModel(tool: Tool, uris: ReadonlyMap<string, string>): ToolUiModel | null {
  const meta = toolUiMeta(tool, uris);
  if (!meta) return null;
  const visibility = toolVisibility(tool);
  return {
    app: typeof tool.ui?.app === 'string' ? tool.ui.app : null,
    meta,
    visibility,
    modelVisible: visibility.includes('model'),
    appVisible: visibility.includes('app'),
  };
}

/**
 * Null when the manifest has neither views nor a tool with `ui:`: then nothing of MCP Apps is emitted. A tool with
 * `ui: {visibility: [app]}` alone still makes a model: it is published with `_meta.ui`, and hidden from the model.
 */
export function appsModel(m: Manifest): AppsModel | null {
  const apps = appsOf(m);
  const tools = entriesOf(m, 'tools');
  if (apps.length === 0 && !tools.some(([, t]) => t.ui !== undefined)) return null;
  const ref = ([name, t]: [string, Tool]): AppToolModel => {
    const pascal = pascalCase(name);
    const hasOutput = t.outputSchema !== undefined;
    return {
      name,
      nameLiteral: stringLiteral(name),
      inputType: `${pascal}Input`,
      outputType: hasOutput ? `${pascal}Output` : null,
      inputSchemaConst: `${lowerFirst(pascal)}InputSchema`,
      outputSchemaConst: hasOutput ? `${lowerFirst(pascal)}OutputSchema` : null,
      visibility: toolVisibility(t),
    };
  };
  const naming = (app: string) => tools.filter(([, t]) => t.ui?.app === app);
  const views = apps.map((a): AppModel => {
    const meta = appMeta(a.declared, a.uiMeta) ?? null;
    const about = a.declared.description ?? a.declared.title;
    return {
      name: a.name,
      nameLiteral: stringLiteral(a.name),
      ident: camelCase(a.name),
      typeName: pascalCase(a.name),
      uri: a.uri,
      uriLiteral: stringLiteral(a.uri),
      mimeType: UI_MIME_TYPE,
      title: a.declared.title ?? null,
      description: a.declared.description ?? null,
      source: posix.normalize(a.source).replace(/^\.\/|\/+$/g, ''),
      published: a.published,
      contentMeta: meta,
      uiMeta: a.uiMeta ?? null,
      openedBy: naming(a.name)
        .filter(([, t]) => modelVisible(t))
        .map(ref),
      tools: naming(a.name)
        .filter(([, t]) => toolVisibility(t).includes('app'))
        .map(ref),
      summary: commentText(about ? `${JSON.stringify(a.name)}: ${about}` : JSON.stringify(a.name)),
      defConst: `${camelCase(a.name)}View`,
      htmlFile: viewHtmlPath(a.name),
      // As ext-apps' examples register a view: registerAppResource adds the mimeType, the read its contents' `_meta`.
      config: [
        ...(a.declared.title !== undefined ? [`title: ${jsLiteral(a.declared.title)}`] : []),
        ...(a.declared.description !== undefined ? [`description: ${jsLiteral(a.declared.description)}`] : []),
        ...(meta ? [`_meta: ${jsLiteral(meta)}`] : []),
      ].join(', '),
    };
  });
  const uris = new Map(apps.map((a) => [a.name, a.uri]));
  const appOnly = tools.filter(([, t]) => !modelVisible(t)).map(([name]) => name);
  return {
    extensionId: UI_EXTENSION_ID,
    mimeType: UI_MIME_TYPE,
    extensionSettings: { mimeTypes: [UI_MIME_TYPE] },
    views,
    callable: tools.filter(([, t]) => toolVisibility(t).includes('app')).map(ref),
    appOnly,
    layerConfig: jsLiteral({
      appOnly,
      openers: tools.filter(([, t]) => typeof t.ui?.app === 'string' && uris.has(t.ui.app)).map(([name]) => name),
      views: apps.map((a) => a.uri),
    }),
    viewFiles: jsLiteral(views.map((v) => ({ name: v.name, file: v.htmlFile }))),
    // A Worker has no files: its bundle carries each view's HTML as a text module (wrangler's rule for .html).
    embedded: views.map((v) => ({ local: `${v.ident}Html`, path: stringLiteral(`../../${v.htmlFile}`) })),
    embeddedTable: `{ ${views.map((v) => `${JSON.stringify(v.name)}: ${v.ident}Html`).join(', ')} }`,
  };
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}
