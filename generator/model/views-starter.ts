// What the starter view of an app shows, decided from the schemas of the tool that opens it: each top-level field of
// its input and output read by name (so that the starter is typed code, and a manifest edit that removes a field it
// reads fails the check at that line), arrays of objects as a table whose numeric columns are drawn as bars (a
// forecast's days become a table of highs and lows), and a button for each tool only this view calls, when the
// view's input holds what that tool needs. Created once: after that the file is the user's.
import type { JsonSchema, Tool } from '../core/index.js';
import { DEFAULT_INPUT_SCHEMA, isObject, resolveLocalRef, sameJson, sharedDefinitionName, words } from '../core/index.js';
import { stringLiteral } from './js-literal.js';
import type { AppModel } from './server-model.js';
import type { StarterField, StarterModel } from './view-types.js';

type Shared = Record<string, JsonSchema>;

export function starterModel(view: AppModel, tools: ReadonlyMap<string, Tool>, shared: Shared): StarterModel {
  const opener = view.openedBy.length === 1 ? tools.get(view.openedBy[0].name) : undefined;
  if (!opener) return { opener: null, inputFields: [], output: null, actions: [], helpers: { fields: false, table: false, json: true } };
  const input = (opener.inputSchema ?? DEFAULT_INPUT_SCHEMA) as JsonSchema;
  const output = opener.outputSchema as JsonSchema | undefined;
  const outputProps = output === undefined ? [] : properties(output, shared);
  const only = view.tools.filter((t) => !t.visibility.includes('model') && t.name !== view.openedBy[0].name);
  const tables = outputProps.flatMap(([key, schema]) => {
    const columns = output && tableColumns(schema, output, shared);
    return columns ? [{ ...field(key, schema), columnsLiteral: `[${columns.map(stringLiteral).join(', ')}]` }] : [];
  });
  return {
    opener: view.openedBy[0].name,
    inputFields: properties(input, shared).map(([key, schema]) => field(key, schema)),
    output:
      output === undefined
        ? null
        : {
            fields: outputProps.filter(([, s]) => !tableColumns(s, output, shared)).map(([key, schema]) => field(key, schema)),
            tables,
          },
    actions: only.flatMap((t) => {
      const tool = tools.get(t.name);
      const args = tool && argsFrom(tool, input, shared);
      if (args === undefined) return [];
      const redraws = output !== undefined && tool?.outputSchema !== undefined && sameJson(tool.outputSchema, output);
      return [{ nameLiteral: t.nameLiteral, labelLiteral: stringLiteral(label(t.name, tool?.title)), argsExpr: args, redraws }];
    }),
    helpers: { fields: true, table: tables.length > 0, json: false },
  };
}

/** Top-level properties of an object schema, its own `$ref` followed. */
function properties(schema: JsonSchema, shared: Shared): [string, JsonSchema][] {
  const target = deref(schema, schema, shared);
  return isObject(target) && isObject(target.properties) ? (Object.entries(target.properties) as [string, JsonSchema][]) : [];
}

function field(key: string, schema: JsonSchema): StarterField {
  const title = isObject(schema) && typeof schema.title === 'string' ? schema.title : undefined;
  return { labelLiteral: stringLiteral(label(key, title)), access: access(key) };
}

/**
 * The columns of an array of objects with declared properties (`type: array` alone: the row type is then an object
 * type, which the starter's table() takes); undefined for anything else.
 */
function tableColumns(schema: JsonSchema, root: JsonSchema, shared: Shared): string[] | undefined {
  const array = deref(schema, root, shared);
  if (!isObject(array) || array.type !== 'array' || !isObject(array.items)) return undefined;
  const items = deref(array.items as JsonSchema, root, shared);
  if (!isObject(items) || !isObject(items.properties) || items.anyOf || items.oneOf || items.allOf) return undefined;
  if (items.type !== undefined && items.type !== 'object') return undefined;
  const columns = Object.keys(items.properties);
  return columns.length ? columns : undefined;
}

/**
 * `{ city: input.city }` when every required property of the tool is a required property of the opener's input with
 * the same schema (so the value fits), `{}` when it requires none; undefined when the input cannot supply it.
 */
function argsFrom(tool: Tool, openerInput: JsonSchema, shared: Shared): string | undefined {
  const schema = deref((tool.inputSchema ?? DEFAULT_INPUT_SCHEMA) as JsonSchema, tool.inputSchema as JsonSchema, shared);
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required.map(String) : [];
  const own = new Map(properties(schema as JsonSchema, shared));
  const from = new Map(properties(openerInput, shared));
  const opener = deref(openerInput, openerInput, shared);
  const openerRequired = new Set(isObject(opener) && Array.isArray(opener.required) ? opener.required.map(String) : []);
  const parts: string[] = [];
  for (const key of required) {
    if (!openerRequired.has(key) || !own.has(key) || !from.has(key) || !sameJson(typeOnly(own.get(key)), typeOnly(from.get(key))))
      return undefined;
    parts.push(`${/^[A-Za-z_$][\w$]*$/.test(key) ? key : stringLiteral(key)}: input${access(key)}`);
  }
  return parts.length ? `{ ${parts.join(', ')} }` : '{}';
}

/** Words about a value that do not change what it may be: two schemas that differ only there give the same type. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default', 'deprecated', '$comment']);

function typeOnly(schema: JsonSchema | undefined): unknown {
  return isObject(schema) ? Object.fromEntries(Object.entries(schema).filter(([k]) => !ANNOTATIONS.has(k))) : schema;
}

/** A schema with its `$ref` (local, or to a shared definition) followed, a few levels at most. */
function deref(schema: JsonSchema, root: JsonSchema, shared: Shared): JsonSchema | undefined {
  let current: unknown = schema;
  for (let hops = 0; hops < 8 && isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    const name = sharedDefinitionName(ref);
    const own = isObject(root) ? resolveLocalRef(root, ref) : undefined;
    current = own ?? (name !== undefined && Object.hasOwn(shared, name) ? shared[name] : undefined);
  }
  return current as JsonSchema | undefined;
}

/** `.city`, or `["max-temp"]` for a key that is not an identifier. */
function access(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${stringLiteral(key)}]`;
}

/** A title, or the key in words: `high_temp` -> `High temp`. */
function label(key: string, title: string | undefined): string {
  if (title) return title;
  const text = words(key).join(' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : key;
}
