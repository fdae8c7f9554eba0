// What server.gen.ts writes for each entry, as the SDK's own examples write it: the name and the metadata as
// literals at the registration (`server.registerTool('get_forecast', {title, description, inputSchema, ...}, ...)`),
// and the handler behind one adapter call (`tool('get_forecast', getForecast, {defaults: {...}})`). The published
// lists still come from definitions.gen.ts, exactly as the manifest writes them.
import { jsLiteral } from './js-literal.js';
import type { EntryModel, Json, PromptModel, ResourceModel, TemplateModel, ToolModel } from './server-model.js';

/**
 * Names server.gen.ts gives its own imports and locals: a handler whose export has one of them (a tool named
 * `tool`) is imported under its kind-prefixed alias instead (`toolTool`).
 */
const TAKEN = new Set([
  'AppContext',
  'appsLayer',
  'McpServer',
  'ProtocolEra',
  'ResourceTemplate',
  'T',
  'adapters',
  'app',
  'args',
  'buildServer',
  'completion',
  'defs',
  'era',
  'fromList',
  'inTask',
  'installCompletions',
  'installSubscriptions',
  'layered',
  'Policies',
  'policies',
  'policyLayer',
  'prompt',
  'registerAppResource',
  'registerAppTool',
  'renderTemplate',
  'requestStateOptions',
  'resource',
  'schemas',
  'servedTemplate',
  'server',
  'taskLayer',
  'template',
  'tool',
  'Toolsets',
  'toolsets',
  'toolsetsLayer',
  'uri',
  'Views',
  'views',
]);

/** The tool annotations registerTool takes (the SDK's ToolAnnotations); the published list carries every key. */
const TOOL_ANNOTATIONS = ['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];

/** The metadata of a registration, as `key: literal` fields: what the SDK's examples write. */
function fields(published: Json, keys: readonly string[]): string[] {
  return keys.filter((k) => published[k] !== undefined).map((k) => `${k}: ${jsLiteral(published[k])}`);
}

export interface Named {
  ident: string;
  alias: string;
}

/**
 * Each handler's local name in server.gen.ts: its own export name (`getForecast`) unless another handler or a name of
 * the file has it, then its alias.
 */
export function localNames(named: readonly Named[]): Map<Named, string> {
  const count = new Map<string, number>();
  for (const n of named) count.set(n.ident, (count.get(n.ident) ?? 0) + 1);
  return new Map(named.map((n) => [n, count.get(n.ident) === 1 && !TAKEN.has(n.ident) ? n.ident : n.alias]));
}

/** `ident` or `ident as local`, for the import. */
export function importSpecifier(n: Named, local: string): string {
  return local === n.ident ? local : `${n.ident} as ${local}`;
}

export function toolRegistration(t: ToolModel, local: string): { config: string; adapterCall: string; appTool: boolean } {
  const annotations = t.published.annotations as Json | undefined;
  const taken = annotations && Object.fromEntries(Object.entries(annotations).filter(([k]) => TOOL_ANNOTATIONS.includes(k)));
  const config = [
    ...fields(t.published, ['title', 'description']),
    `inputSchema: schemas.${t.inputSchemaConst}`,
    ...(t.outputSchemaConst ? [`outputSchema: schemas.${t.outputSchemaConst}`] : []),
    ...(taken && Object.keys(taken).length > 0 ? [`annotations: ${jsLiteral(taken)}`] : []),
    ...(t.scopeChallenge ? [`scopeChallenge: policies.scopeChallenge(${t.nameLiteral})`] : []),
    // `_meta.ui` as ext-apps' examples register it; the published list (definitions.gen.ts) carries it as the manifest
    // says, without the deprecated flat key registerAppTool adds to the SDK's own copy.
    ...(t.ui ? [`_meta: ${jsLiteral({ ui: t.ui.meta })}`] : []),
  ];
  const options = [
    ...(t.inputDefaults !== null ? [`defaults: ${jsLiteral(t.inputDefaults)}`] : []),
    ...(t.taskSupport ? ['task: inTask'] : []),
  ];
  const adapterCall = `tool(${t.nameLiteral}, ${local}${options.length ? `, { ${options.join(', ')} }` : ''})`;
  // ext-apps' ToolConfig has no scopeChallenge: such a tool keeps the SDK's registerTool, with the same `_meta`.
  return { config: config.join(', '), adapterCall, appTool: t.ui !== null && !t.scopeChallenge };
}

/** Resources and templates: title, description and mimeType, as the SDK's examples register them. */
export function readConfig(e: ResourceModel | TemplateModel): string {
  return fields(e.published, ['title', 'description', 'mimeType']).join(', ');
}

export function promptConfig(p: PromptModel): string {
  return [
    ...fields(p.published, ['title', 'description']),
    ...(p.argsSchemaConst ? [`argsSchema: schemas.${p.argsSchemaConst}`] : []),
  ].join(', ');
}

/** `kind(name, handler)`: the adapter call of a resource, template or prompt with a handler. */
export function adapterCall(kind: 'resource' | 'template' | 'prompt', e: EntryModel, local: string): string {
  return `${kind}(${e.nameLiteral}, ${local})`;
}
