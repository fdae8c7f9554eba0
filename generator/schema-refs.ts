// Schema-aware walking of JSON Schemas: `$ref` is only a reference where it sits in a schema position. A property
// *named* `$ref` (under `properties`) or a `$ref` inside `default`/`const`/`examples` or a vendor keyword is data.
import type { PathSegment } from './load-manifest.js';

type Json = unknown;
type SchemaVisitor = (schema: Record<string, Json>, path: PathSegment[]) => void;

const SINGLE = ['additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else', 'contains', 'unevaluatedProperties',
  'unevaluatedItems', 'additionalItems', 'contentSchema'];
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

export function walkSchema(schema: Json, visit: SchemaVisitor, path: PathSegment[] = []): void {
  if (!isObject(schema)) return;
  visit(schema, path);
  for (const k of SINGLE) if (k in schema) walkSchema(schema[k], visit, [...path, k]);
  for (const k of LISTS) {
    const list = schema[k];
    if (Array.isArray(list)) list.forEach((s, i) => walkSchema(s, visit, [...path, k, i]));
  }
  for (const k of MAPS) {
    const map = schema[k];
    if (isObject(map)) for (const [name, s] of Object.entries(map)) walkSchema(s, visit, [...path, k, name]);
  }
  const items = schema.items;
  if (Array.isArray(items)) items.forEach((s, i) => walkSchema(s, visit, [...path, 'items', i]));
  else walkSchema(items, visit, [...path, 'items']);
  const deps = schema.dependencies;
  if (isObject(deps)) for (const [name, s] of Object.entries(deps)) if (!Array.isArray(s)) walkSchema(s, visit, [...path, 'dependencies', name]);
}

export interface RefUse {
  ref: string;
  /** Path of the `$ref` keyword inside the schema. */
  path: PathSegment[];
}

export function collectRefs(schema: Json): RefUse[] {
  const refs: RefUse[] = [];
  walkSchema(schema, (s, path) => {
    if (typeof s.$ref === 'string') refs.push({ ref: s.$ref, path: [...path, '$ref'] });
  });
  return refs;
}

/** Resolves a local reference (`#`, `#/json/pointer`, `#anchor`) inside `root`; undefined when it points nowhere. */
export function resolveLocalRef(root: Json, ref: string): Json | undefined {
  if (!ref.startsWith('#')) return undefined;
  const fragment = decodeFragment(ref.slice(1));
  if (fragment === undefined) return undefined;
  if (fragment === '') return root;
  if (!fragment.startsWith('/')) return findAnchor(root, fragment);
  let node: Json = root;
  for (const raw of fragment.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)];
    else if (isObject(node) && Object.prototype.hasOwnProperty.call(node, token)) node = node[token];
    else return undefined;
  }
  return node;
}

function findAnchor(root: Json, anchor: string): Json | undefined {
  let found: Json | undefined;
  walkSchema(root, (s) => {
    if (found === undefined && (s.$anchor === anchor || s.$dynamicAnchor === anchor)) found = s;
  });
  return found;
}

/** The shared manifest definition a ref points into (`#/definitions/City`, `#/definitions/City/properties/zip` -> `City`). */
export function sharedDefinitionName(ref: string): string | undefined {
  const m = /^#\/definitions\/([^/]+)(?:\/|$)/.exec(ref);
  return m ? decodeFragment(m[1])?.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** A malformed %-escape makes the ref unresolvable, which validation reports; it must not throw. */
function decodeFragment(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/**
 * The schema a server publishes: the manifest's schema unchanged, plus the shared `definitions` it references
 * (transitively) attached under its own `definitions`, so every `#/definitions/...` ref resolves inside it.
 */
export function bundleSchema(schema: Json, shared: Record<string, Json>): Json {
  if (!isObject(schema)) return schema;
  const own = isObject(schema.definitions) ? schema.definitions : {};
  const needed = new Map<string, Json>();
  const visit = (s: Json) => {
    for (const { ref } of collectRefs(s)) {
      const name = sharedDefinitionName(ref);
      if (name === undefined || Object.hasOwn(own, name) || needed.has(name) || !Object.hasOwn(shared, name)) continue;
      needed.set(name, shared[name]);
      visit(shared[name]);
    }
  };
  visit(schema);
  if (needed.size === 0) return schema;
  // fromEntries defines own properties, so a definition named `__proto__` stays data.
  const added = [...needed.keys()].sort().map((name) => [name, needed.get(name)] as const);
  return { ...schema, definitions: Object.fromEntries([...Object.entries(own), ...added]) };
}

export function isObject(v: Json): v is Record<string, Json> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
