// `schemaFiles: true`: `$ref`s to JSON and YAML files inside the manifest's folder are read once, right after the
// manifest is parsed. Each schema taken from a file becomes a shared definition and each file ref is rewritten to
// '#/definitions/<Name>', so everything after loading (validation, published schemas, types, diff, docs) sees an
// ordinary manifest. Problems are Findings at manifest-data paths; mounts record which file each part of the data
// came from, so validation can point at the `$ref` in mcp.yaml and name the line in the file.
import { dirname, posix } from 'node:path';
import type { Finding } from '../../core/index.js';
import type { LoadedManifest, PathSegment } from '../load-manifest.js';
import type { Manifest } from '../../core/index.js';
import { entriesOf } from '../../core/index.js';
import { inPlaceLoops } from './cycles.js';
import { nameSchemas } from './names.js';
import { parseSchemaRef, pointerOf } from './refs.js';
import { workingTreeFiles, type SchemaFileSource } from './source.js';
import { loadSchemaDoc, takeSchema, type Site, type Target } from './targets.js';
import { collectRefs, isObject, measureJson, SCHEMA_LIMITS } from '../../core/index.js';

export interface SchemaFileMount {
  /** Where the file's schema sits in the data: ['definitions', 'City'], or a tool schema it replaced. */
  at: PathSegment[];
  file: string;
  /** Where that schema is inside the file. */
  pointer: PathSegment[];
  /** The `$ref` in mcp.yaml through which the schema was first reached: problems inside it are shown there. */
  via: PathSegment[];
  locate(path: readonly PathSegment[], at?: 'key' | 'value'): { line: number; column: number } | undefined;
}

export interface SchemaFiles {
  findings: Finding[];
  mounts: SchemaFileMount[];
  /** Every file read or tried, with a digest of what was found (for run keys), in the order read. */
  files: { path: string; digest: string }[];
}

export interface ResolvedManifest extends LoadedManifest {
  schemaFiles: SchemaFiles;
}

/** `source` defaults to the working tree beside the manifest; `diff` passes a git revision's files. */
export function resolveSchemaFiles(loaded: LoadedManifest, source?: SchemaFileSource): ResolvedManifest {
  const none: ResolvedManifest = { ...loaded, schemaFiles: { findings: [], mounts: [], files: [] } };
  const m = loaded.data;
  // A `definitions` that is not a map is a shape error; adding to it would hide that.
  if (!isObject(m) || m.schemaFiles !== true || (m.definitions !== undefined && !isObject(m.definitions))) return none;
  const sites = manifestSites(m);
  if (sites.length === 0) return none;
  const files = source ?? workingTreeFiles(dirname(loaded.file));
  const docs = new Map<string, ReturnType<typeof loadSchemaDoc>>();
  const targets = new Map<string, Target>();
  const problems: { site: Site; finding: Omit<Finding, 'path'> }[] = [];
  const read: SchemaFiles['files'] = [];
  const context = { files, docs, targets, read, bytes: 0 };
  // Breadth first, so each schema is reached by its shortest chain and the chain limit counts real depth.
  const queue: Target[] = [];
  const follow = (site: Site) => {
    const taken = takeSchema(site, context);
    if ('finding' in taken) problems.push({ site, finding: taken.finding });
    else if (taken.isNew) queue.push(taken.target);
  };
  sites.forEach(follow);
  for (let i = 0; i < queue.length; i++) queue[i].sites.forEach(follow);

  for (const loop of inPlaceLoops([...targets.values()])) {
    const names = [...loop.map((s) => label(s.owner!)), label(loop[loop.length - 1].target!)];
    problems.push({
      site: loop[loop.length - 1],
      finding: {
        code: 'schema/ref-cycle',
        message: `$ref ${JSON.stringify(loop[loop.length - 1].ref)} closes a loop of $refs that never reaches a property or item (${names.join(' -> ')}): validating it would never end`,
        hint: 'a recursive schema must recurse through properties or items, e.g. children: {type: array, items: {$ref: ...}}',
      },
    });
  }

  // A manifest definition that is only a file ref becomes that file's schema, under its own name.
  for (const site of sites) {
    if (site.inline !== 'definition' || !site.target || site.target.name !== undefined) continue;
    site.target.name = String(site.path[1]);
    site.claims = true;
  }
  const all = [...sites, ...[...targets.values()].flatMap((t) => t.sites)];
  for (const site of all) if (site.target && !site.claims && site.inline !== 'tool') site.target.referenced = true;
  const named = [...targets.values()].filter((t) => t.referenced || t.name !== undefined);
  nameSchemas(named, takenNames(m));
  for (const t of targets.values()) for (const s of t.sites) if (s.target) setAt(t.copy, s.path, refTo(s.target));

  const { data, mounts } = rewrite(m as unknown as Manifest, sites, named);
  const primary = new Map<Target, PathSegment[]>();
  for (const mount of mounts) primary.set(mount.target, primary.get(mount.target) ?? mount.at);
  const findings = problems.map(({ site, finding }) => ({
    ...finding,
    path: site.owner ? [...(primary.get(site.owner) ?? []), ...site.path] : site.path,
  }));
  return {
    ...loaded,
    data,
    schemaFiles: {
      findings,
      mounts: mounts.map(({ target, ...mount }) => ({ ...mount, file: target.file, pointer: target.pointer, locate: target.locate })),
      files: read,
    },
  };
}

/** Every ref to a file in the manifest's schemas; oversized schemas are left to check-schemas, which reports them. */
function manifestSites(m: Record<string, unknown>): Site[] {
  const sites: Site[] = [];
  const add = (schema: unknown, at: PathSegment[], inline: Site['inline']) => {
    const size = measureJson(schema, SCHEMA_LIMITS.depth, SCHEMA_LIMITS.nodes);
    if (size.tooDeep || size.nodes > SCHEMA_LIMITS.nodes) return;
    const sole = isObject(schema) && Object.keys(schema).length === 1 && typeof schema.$ref === 'string';
    for (const use of collectRefs(schema)) {
      if (parseSchemaRef(use.ref, '').kind === 'local') continue;
      const path = [...at, ...use.path];
      sites.push({ ref: use.ref, path, via: path, depth: 0, inline: sole ? inline : undefined });
    }
  };
  if (isObject(m.definitions)) for (const [name, schema] of Object.entries(m.definitions)) add(schema, ['definitions', name], 'definition');
  for (const [name, tool] of entriesOf(m as unknown as Manifest, 'tools')) {
    for (const field of ['inputSchema', 'outputSchema'] as const)
      if (tool[field] !== undefined) add(tool[field], ['tools', name, field], 'tool');
  }
  return sites;
}

/** Names a new definition must not take: the manifest's own, and those a tool schema keeps under its own `definitions`. */
function takenNames(m: Record<string, unknown>): string[] {
  const names = isObject(m.definitions) ? Object.keys(m.definitions) : [];
  for (const [, tool] of entriesOf(m as unknown as Manifest, 'tools')) {
    for (const schema of [tool.inputSchema, tool.outputSchema])
      if (isObject(schema) && isObject(schema.definitions)) names.push(...Object.keys(schema.definitions));
  }
  return names;
}

interface Mount extends Omit<SchemaFileMount, 'file' | 'pointer' | 'locate'> {
  target: Target;
}

/** The manifest with file refs rewritten and the schemas from files added; the parsed data itself is never changed. */
function rewrite(m: Manifest, sites: Site[], named: Target[]): { data: Manifest; mounts: Mount[] } {
  const mounts: Mount[] = [];
  const slots = new Map<string, unknown>();
  const slotPath = (site: Site) => site.path.slice(0, site.path[0] === 'definitions' ? 2 : 3);
  for (const site of sites) {
    if (!site.target) continue;
    const at = slotPath(site);
    const key = JSON.stringify(at);
    if (site.claims) {
      slots.set(key, site.target.copy);
      mounts.push({ at, via: site.path, target: site.target });
    } else if (site.inline === 'tool') {
      const copy = structuredClone(site.target.copy);
      slots.set(key, site.target.dialect && isObject(copy) ? { $schema: site.target.dialect, ...copy } : copy);
      mounts.push({ at, via: site.path, target: site.target });
    } else {
      if (!slots.has(key)) slots.set(key, structuredClone(getAt(m, at)));
      setAt(slots.get(key), site.path.slice(at.length), refTo(site.target));
    }
  }
  const definitions: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(isObject(m.definitions) ? m.definitions : {})) {
    define(definitions, name, slots.has(JSON.stringify(['definitions', name])) ? slots.get(JSON.stringify(['definitions', name])) : schema);
  }
  for (const t of [...named].sort((a, b) => (a.name! < b.name! ? -1 : 1))) {
    if (Object.hasOwn(definitions, t.name!)) continue; // claimed: already in place under the manifest's name
    define(definitions, t.name!, t.copy);
    mounts.push({ at: ['definitions', t.name!], via: t.via, target: t });
  }
  const data: Record<string, unknown> = { ...m };
  if (isObject(m.definitions) || named.length > 0) data.definitions = definitions;
  if (isObject(m.tools)) {
    const tools: Record<string, unknown> = { ...m.tools };
    for (const [name, tool] of Object.entries(m.tools)) {
      if (!isObject(tool)) continue;
      const edited = ['inputSchema', 'outputSchema'].filter((f) => slots.has(JSON.stringify(['tools', name, f])));
      if (edited.length === 0) continue;
      const copy: Record<string, unknown> = { ...tool };
      for (const f of edited) copy[f] = slots.get(JSON.stringify(['tools', name, f]));
      define(tools, name, copy);
    }
    data.tools = tools;
  }
  return { data: data as unknown as Manifest, mounts };
}

function refTo(t: Target): string {
  return `#/definitions/${encodeURIComponent(t.name!.replace(/~/g, '~0').replace(/\//g, '~1'))}`;
}

function label(t: Target): string {
  return t.pointer.length ? `${t.file}#${pointerOf(t.pointer)}` : t.file;
}

function getAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const seg of path) node = (node as Record<string, unknown>)[seg];
  return node;
}

function setAt(root: unknown, path: readonly PathSegment[], value: unknown): void {
  define(getAt(root, path.slice(0, -1)) as Record<string, unknown>, path[path.length - 1], value);
}

/** An own data property even for `__proto__`, which plain assignment would treat as the prototype. */
function define(obj: Record<string, unknown>, key: PathSegment, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
