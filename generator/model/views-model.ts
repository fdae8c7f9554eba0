// The view side of MCP Apps: for each view of `apps:`, what generate writes in its folder. The types of the tools that
// open it and of those it may call (app.gen.ts, rewritten on every run), and the starter code it creates once
// (views-starter.ts), the user's thereafter. apps-model.ts holds what the server needs; this reads it.
import type { JsonSchema, Manifest, Tool } from '../core/index.js';
import { DEFAULT_INPUT_SCHEMA, entriesOf, isObject, VIEW_STARTER_FILES, VIEW_TYPES_FILE, viewHtmlPath } from '../core/index.js';
import { stringLiteral } from './js-literal.js';
import { printSchemaTypes, type NamedSchema } from './schema-types.js';
import type { AppsModel, AppToolModel } from './server-model.js';
import { starterModel, type StarterModel } from './views-starter.js';

/** A tool as a view's types name it. */
export interface ViewToolModel {
  name: string;
  nameLiteral: string;
  /** Its input type in app.gen.ts, e.g. `GetForecastInput` (as the model sent it: defaults are not filled in). */
  inputType: string;
  /** The type of its `structuredContent`, or `undefined` without an outputSchema. */
  outputTypeExpr: string;
}

export interface ViewModel {
  name: string;
  nameLiteral: string;
  uriLiteral: string;
  /** The view's folder relative to the project (POSIX, normalized). */
  source: string;
  /** Files in that folder, relative to the project: the generated types and the starter, created once. */
  typesFile: string;
  pageFile: string;
  mainFile: string;
  /** Where `npm run build:views` writes the view's one HTML file, relative to the project. */
  htmlFile: string;
  /** The page title, as HTML text (escaped), and as a TS literal. */
  titleHtml: string;
  titleLiteral: string;
  /** Declarations of the input and output types of `openers` and `callable`, as types.gen.ts prints them. */
  schemaTypes: string;
  /** Tools the model calls that open this view: what it receives. */
  openers: ViewToolModel[];
  /** Tools the view may call through the host (`app` in their visibility): what its typed callServerTool takes. */
  callable: ViewToolModel[];
  starter: StarterModel;
}

/** One model per view of `apps:`, in manifest order; none without apps. */
export function viewsModel(m: Manifest, apps: AppsModel | null): ViewModel[] {
  if (!apps) return [];
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const declared = new Map(entriesOf(m, 'tools'));
  return apps.views.map((view): ViewModel => {
    const typed = [...view.openedBy, ...apps.callable].filter((t, i, all) => all.findIndex((o) => o.name === t.name) === i);
    const named: NamedSchema[] = typed.flatMap((t) => {
      const tool = declared.get(t.name) as Tool;
      const input = { typeName: t.inputType, schema: tool.inputSchema ?? DEFAULT_INPUT_SCHEMA };
      return t.outputType && tool.outputSchema !== undefined ? [input, { typeName: t.outputType, schema: tool.outputSchema }] : [input];
    });
    const title = view.title ?? view.name;
    const file = (name: string) => `${view.source}/${name}`;
    return {
      name: view.name,
      nameLiteral: view.nameLiteral,
      uriLiteral: view.uriLiteral,
      source: view.source,
      typesFile: file(VIEW_TYPES_FILE),
      pageFile: file(VIEW_STARTER_FILES.page),
      mainFile: file(VIEW_STARTER_FILES.main),
      htmlFile: viewHtmlPath(view.name),
      titleHtml: htmlText(title),
      titleLiteral: stringLiteral(title),
      schemaTypes: printSchemaTypes(named, shared),
      openers: view.openedBy.map(viewTool),
      callable: apps.callable.map(viewTool),
      starter: starterModel(view, declared, shared),
    };
  });
}

function viewTool(t: AppToolModel): ViewToolModel {
  return { name: t.name, nameLiteral: t.nameLiteral, inputType: t.inputType, outputTypeExpr: t.outputType ?? 'undefined' };
}

/** Text placed in HTML: the manifest's words shown, never markup. */
export function htmlText(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
