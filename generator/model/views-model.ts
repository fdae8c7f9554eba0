// The view side of MCP Apps: for each view of `apps:`, what generate writes in its folder. The types of the tools that
// open it and of those it may call (app.gen.ts, rewritten on every run), and the starter code it creates once
// (views-starter.ts), the user's thereafter. apps-model.ts holds what the server needs; this reads it.
import type { JsonSchema, Manifest, Tool } from '../core/index.js';
import { DEFAULT_INPUT_SCHEMA, entriesOf, isObject, VIEW_STARTER_FILES, VIEW_TYPES_FILE, viewHtmlPath } from '../core/index.js';
import { stringLiteral } from './js-literal.js';
import { printSchemaTypes, type NamedSchema } from './schema-types.js';
import type { AppsModel, AppToolModel } from './server-model.js';
import type { ViewModel, ViewToolModel } from './view-types.js';
import { starterModel } from './views-starter.js';

/** One model per view of `apps:`, in manifest order; none without apps. */
export function viewsModel(m: Manifest, apps: AppsModel | null): ViewModel[] {
  if (!apps) return [];
  const shared = (isObject(m.definitions) ? m.definitions : {}) as Record<string, JsonSchema>;
  const declared = new Map(entriesOf(m, 'tools'));
  return apps.views.map((view): ViewModel => {
    const typed = [...new Map([...view.openedBy, ...apps.callable].map((t) => [t.name, t])).values()];
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
