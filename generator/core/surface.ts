// The published surface of a manifest: what `tools/list`, `resources/list`, `resources/templates/list` and
// `prompts/list` return, plus serverInfo and instructions. Review commands compare and measure this, never the
// YAML text, so reordering or reformatting a manifest changes nothing here.
import { appsOf, appUris, toolUiMeta } from './apps.js';
import { entriesOf, ENTRY_KINDS, type EntryKind } from './entries.js';
import type { JsonSchema, Manifest } from './manifest-types.js';
import { publishedPrompt, publishedResource, publishedResourceTemplate, publishedServerInfo, publishedTool } from './published.js';
import { isObject } from './schema-refs.js';
import { defaultToolsets, servedTools, toolsetsOf } from './toolsets.js';

import type { Json } from './json.js';
export type { Json };

export interface SurfaceEntry {
  kind: EntryKind;
  /** The manifest key, which is also the published name. */
  name: string;
  renamedFrom?: string;
  published: Json;
  /** What the manifest wrote for this entry; the published schemas may carry bundled shared definitions. */
  declared: Json;
}

/** An MCP Apps view: its ui:// resource as `resources/list` gives it. */
export interface AppSurface {
  name: string;
  uri: string;
  published: Json;
  declared: Json;
}

export interface Surface {
  serverInfo: Json;
  instructions?: string;
  entries: Record<EntryKind, Map<string, SurfaceEntry>>;
  /** Whether the server tells clients when each list changes (the SDK's default is yes). */
  listChanged: Record<EntryKind, boolean>;
  /** Shared definitions, to tell a tool's own `definitions` from bundled ones. */
  shared: Record<string, JsonSchema>;
  /** With `toolsets:`, the tools served when no set is chosen, and those each set serves alone; null without. */
  toolsets: { defaultServed: Set<string>; sets: Map<string, Set<string>> } | null;
  /** MCP Apps views by name, in manifest order. */
  apps: Map<string, AppSurface>;
}

export function buildSurface(m: Manifest): Surface {
  const shared: Record<string, JsonSchema> = isObject(m.definitions) ? (m.definitions as Record<string, JsonSchema>) : {};
  const uris = appUris(m);
  const publish = {
    tools: (name: string, e: object) => publishedTool(name, e, shared, toolUiMeta(e, uris)),
    resources: (name: string, e: object) => publishedResource(name, e as never),
    resourceTemplates: (name: string, e: object) => publishedResourceTemplate(name, e as never),
    prompts: (name: string, e: object) => publishedPrompt(name, e),
  } satisfies Record<EntryKind, (name: string, e: object) => Json>;
  const entries = {} as Surface['entries'];
  for (const kind of ENTRY_KINDS) {
    const map = new Map<string, SurfaceEntry>();
    for (const [name, entry] of entriesOf(m, kind)) {
      const renamedFrom = typeof entry.renamedFrom === 'string' ? entry.renamedFrom : undefined;
      map.set(name, { kind, name, renamedFrom, published: publish[kind](name, entry), declared: entry as Json });
    }
    entries[kind] = map;
  }
  return {
    serverInfo: isObject(m.server) ? publishedServerInfo(m) : {},
    instructions: isObject(m.server) && typeof m.server.instructions === 'string' ? m.server.instructions : undefined,
    entries,
    listChanged: listChangedOf(m),
    shared,
    toolsets: toolsetsSurface(m),
    apps: new Map(appsOf(m).map((a) => [a.name, { name: a.name, uri: a.uri, published: a.published, declared: a.declared as Json }])),
  };
}

function toolsetsSurface(m: Manifest): Surface['toolsets'] {
  const sets = toolsetsOf(m);
  if (sets.length === 0) return null;
  return { defaultServed: servedTools(m, defaultToolsets(m)), sets: new Map(sets.map((s) => [s.name, servedTools(m, [s.name])])) };
}

/** `capabilities.<list>.listChanged: false` in the manifest; otherwise the server announces list changes. */
function listChangedOf(m: Manifest): Record<EntryKind, boolean> {
  const caps = (m as unknown as Json).capabilities;
  const flag = (key: string) => {
    const c = isObject(caps) ? caps[key] : undefined;
    return !(isObject(c) && c.listChanged === false);
  };
  const resources = flag('resources');
  return { tools: flag('tools'), resources, resourceTemplates: resources, prompts: flag('prompts') };
}

/** The `tools/list` result as sent (to a caller served `only` these tools): its size is what every conversation pays for. */
export function toolsListJson(s: Surface, only?: ReadonlySet<string>): string {
  return JSON.stringify({ tools: [...s.entries.tools.values()].filter((e) => !only || only.has(e.name)).map((e) => e.published) });
}

export interface ListSize {
  bytes: number;
  tokens: number;
}

/** How tokens are estimated: models' tokenizers differ, so this is a documented rule of thumb. */
export const TOKEN_METHOD = 'UTF-8 bytes / 4';

/** UTF-8 bytes of each tool as `tools/list` sends it, in list order: each is serialized once, however many lists hold it. */
export function toolSizes(s: Surface): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const e of s.entries.tools.values()) sizes.set(e.name, Buffer.byteLength(JSON.stringify(e.published), 'utf8'));
  return sizes;
}

// `{"tools":[` + the tools joined with `,` + `]}`: the bytes of toolsListJson, without building it.
const LIST_FRAME_BYTES = '{"tools":[]}'.length;

/** The size of toolsListJson(s, only); pass `sizes` (toolSizes) when measuring several lists of one surface. */
export function toolsListSize(s: Surface, only?: ReadonlySet<string>, sizes: ReadonlyMap<string, number> = toolSizes(s)): ListSize {
  let bytes = LIST_FRAME_BYTES;
  let count = 0;
  for (const [name, size] of sizes) {
    if (only && !only.has(name)) continue;
    bytes += size;
    count++;
  }
  if (count > 1) bytes += count - 1;
  return { bytes, tokens: Math.ceil(bytes / 4) };
}
