// Schema-aware walking of JSON Schemas: `$ref` is only a reference where it sits in a schema position. A property
// *named* `$ref` (under `properties`) or a `$ref` inside `default`/`const`/`examples` or a vendor keyword is data.
import type { PathSegment } from './path.js';

import { isObject } from './json.js';
import { schemaMemo } from './schema-memo.js';

export { isObject };
export { measureJson, type JsonSize } from './json-size.js';
export { withSchemaMemo } from './schema-memo.js';
type Json = unknown;
/** `path` is the walker's own stack, valid during the call only: copy it (`[...path]`) to keep it. */
type SchemaVisitor = (schema: Record<string, Json>, path: readonly PathSegment[]) => void;

const SINGLE = new Set([
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
]);
const LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

// Walks every schema of a 500-tool manifest several times per run: one shared path stack and one pass over each
// schema's own keys, rather than a new path array per child and a probe per keyword.
export function walkSchema(schema: Json, visit: SchemaVisitor, path: PathSegment[] = []): void {
  const stack = [...path];
  const walk = (node: Json): void => {
    if (!isObject(node)) return;
    visit(node, stack);
    for (const k in node) {
      if (!Object.hasOwn(node, k)) continue;
      const value = node[k];
      stack.push(k);
      if (SINGLE.has(k)) walk(value);
      else if (LISTS.has(k) || k === 'items') {
        if (Array.isArray(value)) eachIndexed(value, walk);
        else if (k === 'items') walk(value);
      } else if (MAPS.has(k) || k === 'dependencies') {
        // `dependencies` mixes schemas with property-name lists; only the schemas are walked.
        if (isObject(value)) eachNamed(value, walk, k === 'dependencies');
      }
      stack.pop();
    }
  };
  const eachIndexed = (list: Json[], fn: (n: Json) => void) => {
    for (let i = 0; i < list.length; i++) {
      stack.push(i);
      fn(list[i]);
      stack.pop();
    }
  };
  const eachNamed = (map: Record<string, Json>, fn: (n: Json) => void, skipLists: boolean) => {
    for (const name in map) {
      if (!Object.hasOwn(map, name) || (skipLists && Array.isArray(map[name]))) continue;
      stack.push(name);
      fn(map[name]);
      stack.pop();
    }
  };
  walk(schema);
}

export interface RefUse {
  ref: string;
  /** Path of the `$ref` keyword inside the schema. */
  path: PathSegment[];
}

/** Every `$ref` in a schema, in walk order. Inside withSchemaMemo the list is shared: do not change it. */
export function collectRefs(schema: Json): RefUse[] {
  const memo = schemaMemo();
  if (memo === undefined || !isObject(schema)) return walkRefs(schema);
  let refs = memo.refs.get(schema) as RefUse[] | undefined;
  if (refs === undefined) {
    const source = memo.bundled.get(schema);
    // A bundle's refs are its schema's and its definitions', known already: spelled out rather than walked again.
    refs = source === undefined ? walkRefs(schema) : bundledRefs(source, schema);
    memo.refs.set(schema, refs);
  }
  return refs;
}

function walkRefs(schema: Json): RefUse[] {
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
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token];
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

const definitionNames = new Map<string, string | undefined>();

/** The shared manifest definition a ref points into (`#/definitions/City`, `#/definitions/City/properties/zip` -> `City`). */
export function sharedDefinitionName(ref: string): string | undefined {
  // A pure function of the text, asked for each ref of each bundle: the answers are kept (a bounded number).
  if (definitionNames.has(ref)) return definitionNames.get(ref);
  const m = /^#\/definitions\/([^/]+)(?:\/|$)/.exec(ref);
  const name = m ? decodeFragment(m[1])?.replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
  if (definitionNames.size >= 10_000) definitionNames.clear();
  definitionNames.set(ref, name);
  return name;
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
  const memo = schemaMemo();
  if (memo === undefined) return bundle(schema, shared);
  let byShared = memo.bundles.get(schema);
  if (byShared === undefined) memo.bundles.set(schema, (byShared = new Map()));
  let bundled = byShared.get(shared);
  if (bundled === undefined) {
    bundled = bundle(schema, shared);
    byShared.set(shared, bundled);
    if (bundled !== schema && isObject(bundled)) memo.bundled.set(bundled, schema);
  }
  return bundled;
}

function bundle(schema: Record<string, Json>, shared: Record<string, Json>): Json {
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

/**
 * collectRefs of a bundle, from the refs of its parts: the walk visits the root's own `$ref`, then each key's subtree
 * in key order. The bundle has the schema's keys in the schema's order, with `definitions` replaced (or added last).
 */
function bundledRefs(schema: Record<string, Json>, bundled: Record<string, Json>): RefUse[] {
  const out: RefUse[] = [];
  const byKey = new Map<PathSegment, RefUse[]>();
  for (const use of collectRefs(schema)) {
    if (use.path.length === 1) out.push(use);
    else {
      const list = byKey.get(use.path[0]);
      if (list) list.push(use);
      else byKey.set(use.path[0], [use]);
    }
  }
  for (const key in bundled) {
    if (!Object.hasOwn(bundled, key)) continue;
    if (key !== 'definitions') {
      const list = byKey.get(key);
      if (list) for (const use of list) out.push(use);
      continue;
    }
    const defs = bundled.definitions as Record<string, Json>;
    for (const name in defs) {
      if (!Object.hasOwn(defs, name)) continue;
      for (const use of collectRefs(defs[name])) out.push({ ref: use.ref, path: ['definitions', name, ...use.path] });
    }
  }
  return out;
}

/** Limits on what a manifest may ask the generator (and the generated server's validator) to walk. */
export const SCHEMA_LIMITS = {
  /** Nesting of JSON objects and arrays inside one schema; validators recurse once per level. */
  depth: 128,
  /** JSON values in one schema, the shared definitions it pulls in included. */
  nodes: 20_000,
  /** Shared definitions reached through one chain of $refs; ajv compiles such a chain recursively. */
  refChain: 64,
  /** Bytes of one schema file (`schemaFiles: true`); far more than any hand-written schema needs. */
  fileBytes: 1024 * 1024,
  /** Schema files one manifest may read, and schemas it may take from them. */
  files: 256,
  fileSchemas: 2_000,
} as const;

/**
 * The longest chain of `$ref`s followed from one schema (`#/definitions/A` whose target refers to `#/$defs/B`, ...
 * is 2), with the first refs along it. `root` is the schema as published, shared definitions bundled in. A ref back
 * into the chain ends it: cycles are legal JSON Schema (recursive types), and validators compile them once.
 */
export function longestRefChain(root: Json): { length: number; refs: string[] } {
  // For each finished ref: the length of the longest chain it starts and the ref that continues it.
  const memo = new Map<string, { length: number; next?: string }>();
  const targets = (s: Json) => [...new Set(collectRefs(s).map((u) => u.ref))].filter((ref) => resolveLocalRef(root, ref) !== undefined);
  const onPath = new Set<string>();
  const visit = (start: string) => {
    // Iterative post-order DFS, so a chain of any length cannot exhaust the stack.
    const stack = [{ ref: start, next: targets(resolveLocalRef(root, start)), best: { length: 0 } as { length: number; next?: string } }];
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const child = top.next.pop();
      if (child === undefined) {
        stack.pop();
        onPath.delete(top.ref);
        memo.set(top.ref, { length: top.best.length + 1, next: top.best.next });
        const parent = stack[stack.length - 1];
        if (parent && top.best.length + 1 > parent.best.length) parent.best = { length: top.best.length + 1, next: top.ref };
        continue;
      }
      if (onPath.has(child)) continue;
      const known = memo.get(child);
      if (known === undefined) {
        onPath.add(child);
        stack.push({ ref: child, next: targets(resolveLocalRef(root, child)), best: { length: 0 } });
      } else if (known.length > top.best.length) top.best = { length: known.length, next: child };
    }
  };
  let first: string | undefined;
  for (const ref of targets(root)) {
    if (!memo.has(ref)) visit(ref);
    if (first === undefined || memo.get(ref)!.length > memo.get(first)!.length) first = ref;
  }
  const refs: string[] = [];
  for (let ref = first; ref !== undefined && refs.length < 4; ref = memo.get(ref)?.next) refs.push(ref);
  return { length: first === undefined ? 0 : memo.get(first)!.length, refs };
}
