// What a generated server publishes for each manifest entry: the objects `tools/list`, `resources/list`,
// `resources/templates/list`, `prompts/list` and serverInfo return. Validation checks these against the MCP
// schema, the emitter writes them into the generated code (the generated server lists them as they are, whatever
// the SDK's registration API would drop), and tests compare the wire with them. Every field is the manifest's as
// written; only the entry's key becomes `name`, shared schemas are bundled, inputSchema defaults to an object, and a
// tool that opens an MCP Apps view carries its `_meta.ui`.
import type { JsonSchema, Manifest, Prompt, Resource, ResourceTemplate, Tool } from './manifest-types.js';
import { bundleSchema } from './schema-refs.js';

import type { Json } from './json.js';

/** Copies the listed keys that are present, in the given order, so published objects have a stable shape. */
function pick(source: object, keys: readonly string[]): Json {
  const out: Json = {};
  for (const k of keys) {
    const v = (source as Json)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

export const DEFAULT_INPUT_SCHEMA = { type: 'object' } as const;

/** `ui` is the tool's resolved `_meta.ui` (core/apps.ts, toolUiMeta), published after the manifest's own `_meta`. */
export function publishedTool(name: string, tool: Tool, shared: Record<string, JsonSchema>, ui?: Json): Json {
  const out: Json = { name, ...pick(tool, ['title', 'description']) };
  out.inputSchema = bundleSchema(tool.inputSchema ?? DEFAULT_INPUT_SCHEMA, shared);
  if (tool.outputSchema !== undefined) out.outputSchema = bundleSchema(tool.outputSchema, shared);
  const published = { ...out, ...pick(tool, ['annotations', 'execution', 'icons', '_meta']) };
  if (ui) published._meta = { ...(published._meta as Json | undefined), ui };
  return published;
}

export function publishedResource(name: string, r: Resource): Json {
  return { uri: r.uri, name, ...pick(r, ['title', 'description', 'mimeType', 'size', 'annotations', 'icons', '_meta']) };
}

export function publishedResourceTemplate(name: string, t: ResourceTemplate): Json {
  return {
    uriTemplate: t.uriTemplate,
    name,
    ...pick(t, ['title', 'description', 'mimeType', 'annotations', 'icons', '_meta']),
  };
}

/** Prompt arguments as written (the SDK would derive them from the arguments schema, dropping `title`). */
export function publishedPrompt(name: string, p: Prompt): Json {
  const out: Json = { name, ...pick(p, ['title', 'description']) };
  if (p.arguments) out.arguments = p.arguments.map((a) => pick(a, ['name', 'title', 'description', 'required']));
  return { ...out, ...pick(p, ['icons', '_meta']) };
}

export function publishedServerInfo(m: Manifest): Json {
  return pick(m.server, ['name', 'version', 'title', 'description', 'websiteUrl', 'icons']);
}

/** The JSON Schema the SDK derives prompt arguments from: every argument is a string. */
export function promptArgsSchema(p: Prompt): Json | undefined {
  if (!p.arguments || p.arguments.length === 0) return undefined;
  const properties = Object.fromEntries(
    p.arguments.map((a) => [a.name, { type: 'string', ...(a.description !== undefined ? { description: a.description } : {}) }]),
  );
  const required = p.arguments.filter((a) => a.required).map((a) => a.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
