// A server snapshot as a manifest. Every definition is copied verbatim as far as the manifest language can hold
// it; what it cannot is found by computing what a generated server would publish from the new manifest
// (publish.ts, the same code the emitter uses) and comparing that with what the source published. Those
// differences are the import's gaps: reported, and noted in the manifest next to the entry.
import type { PathSegment } from '../../load/index.js';
import type { Manifest, Prompt, Resource, ResourceTemplate, Tool } from '../../core/index.js';
import { publishedPrompt, publishedResource, publishedResourceTemplate, publishedServerInfo, publishedTool } from '../../core/index.js';
import { describeDifference, jsonDiff } from '../json-diff.js';
import { fitEntry, manifestHasField, type ManifestDefinition } from './manifest-fit.js';
import type { Json, ServerSnapshot } from './snapshot.js';
import { isObject } from '../../core/index.js';

export interface Gap {
  /** Where, in published terms: `['tools', name, 'execution']`, `['serverInfo', ...]`, `['capabilities', ...]`. */
  path: PathSegment[];
  message: string;
}

export interface ImportedManifest {
  manifest: Json;
  gaps: Gap[];
  /** Comment lines for the manifest, keyed by `section/name` (entries) or `server`. */
  notes: Map<string, string[]>;
}

type Section = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

interface SectionSpec {
  section: Section;
  definition: ManifestDefinition;
  publish: (name: string, entry: Json) => Json;
}

const SECTIONS: SectionSpec[] = [
  { section: 'tools', definition: 'Tool', publish: (n, e) => publishedTool(n, e as Tool, {}) },
  { section: 'resources', definition: 'Resource', publish: (n, e) => publishedResource(n, e as unknown as Resource) },
  {
    section: 'resourceTemplates',
    definition: 'ResourceTemplate',
    publish: (n, e) => publishedResourceTemplate(n, e as unknown as ResourceTemplate),
  },
  { section: 'prompts', definition: 'Prompt', publish: (n, e) => publishedPrompt(n, e as Prompt) },
];

export function snapshotToManifest(snapshot: ServerSnapshot): ImportedManifest {
  const gaps: Gap[] = [];
  const notes = new Map<string, string[]>();
  const note = (key: string, line: string) => notes.set(key, [...(notes.get(key) ?? []), line]);

  const server = fitEntry('Server', snapshot.serverInfo, []);
  if (typeof server.name !== 'string' || server.name === '') server.name = 'imported-server';
  if (typeof server.version !== 'string' || server.version === '') server.version = '0.0.0';
  if (snapshot.instructions !== undefined) server.instructions = snapshot.instructions;
  const manifest: Json = { version: 1, server };
  const capabilities = declaredCapabilities(snapshot.capabilities);
  if (capabilities) manifest.capabilities = capabilities;
  for (const d of jsonDiff(snapshot.serverInfo, publishedServerInfo({ server } as Manifest), ['serverInfo'])) {
    gaps.push({ path: d.path, message: describeDifference(d) });
    note('server', describeDifference(d));
  }

  for (const spec of SECTIONS) {
    const entries: Json = {};
    for (const [index, item] of snapshot[spec.section].entries()) {
      const name = item.name;
      if (typeof name !== 'string' || name === '') {
        gaps.push({ path: [spec.section, index], message: `${spec.section}[${index}] has no name and was left out` });
        continue;
      }
      if (Object.hasOwn(entries, name)) {
        // Manifest entries are keyed by name; MCP allows two resources to share one.
        gaps.push({
          path: [spec.section, name],
          message: `a second entry named ${JSON.stringify(name)} (at index ${index}) was left out: manifest names are unique`,
        });
        note(`${spec.section}/${name}`, `the source publishes a second entry with this name (index ${index}); it is not imported`);
        continue;
      }
      const entry = fitEntry(spec.definition, item, ['name']);
      entries[name] = entry;
      for (const d of jsonDiff(item, spec.publish(name, entry), [spec.section, name])) {
        gaps.push({ path: d.path, message: describeDifference(d) });
        note(`${spec.section}/${name}`, describeDifference({ ...d, path: d.path.slice(2) }));
      }
    }
    if (Object.keys(entries).length > 0) manifest[spec.section] = entries;
  }

  const expectedCaps = generatedCapabilities(manifest);
  for (const d of jsonDiff(snapshot.capabilities, expectedCaps, ['capabilities'])) {
    gaps.push({ path: d.path, message: describeDifference(d) });
    note('server', describeDifference(d));
  }
  return { manifest, gaps, notes };
}

/** The capabilities the manifest can declare (where its language has `capabilities:`), without empty parts. */
function declaredCapabilities(source: Json): Json | undefined {
  if (!manifestHasField('capabilities')) return undefined;
  const fitted = fitEntry('Capabilities', source, []);
  const out = Object.fromEntries(Object.entries(fitted).filter(([, v]) => !(isObject(v) && Object.keys(v).length === 0)));
  return Object.keys(out).length ? out : undefined;
}

/**
 * What a generated server declares: logging always, a list capability (listChanged) for each kind it registers,
 * tasks when a tool may run as one, and what the manifest's `capabilities:` adds.
 */
export function generatedCapabilities(manifest: Json): Json {
  const has = (k: Section) => manifest[k] !== undefined && Object.keys(manifest[k] as Json).length > 0;
  const caps: Json = { logging: {} };
  if (has('prompts')) caps.prompts = { listChanged: true };
  if (has('resources') || has('resourceTemplates')) caps.resources = { listChanged: true };
  if (has('tools')) caps.tools = { listChanged: true };
  // Tools that may run as tasks make the (2025-era) server declare the tasks capability.
  const tools = isObject(manifest.tools) ? Object.values(manifest.tools) : [];
  if (tools.some((t) => isObject(t) && isObject(t.execution) && ['optional', 'required'].includes(t.execution.taskSupport as string))) {
    caps.tasks = { list: {}, cancel: {}, requests: { tools: { call: {} } } };
  }
  const declared = isObject(manifest.capabilities) ? manifest.capabilities : {};
  for (const [k, v] of Object.entries(declared)) caps[k] = isObject(v) && isObject(caps[k]) ? { ...caps[k], ...v } : v;
  return caps;
}
