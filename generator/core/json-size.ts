// The size and nesting of a JSON value, measured before anything recursive walks it.
import type { PathSegment } from './path.js';
import { isObject } from './json.js';
import { schemaMemo } from './schema-memo.js';

type Json = unknown;

export interface JsonSize {
  nodes: number;
  /** Where nesting first went past the depth limit, if it did. */
  tooDeep?: PathSegment[];
}

/**
 * Counts the values of a JSON tree, recursing no deeper than `maxDepth`, so arbitrarily deep input cannot exhaust the stack; stops
 * once `maxNodes` is passed (the count is then `maxNodes + 1`) or the first path deeper than `maxDepth` is seen.
 */
export function measureJson(value: Json, maxDepth: number, maxNodes: number): JsonSize {
  const memo = schemaMemo();
  if (memo === undefined || !isObject(value)) return measure(value, maxDepth, maxNodes);
  const key = `${maxDepth}:${maxNodes}`;
  let byLimits = memo.sizes.get(value);
  if (byLimits === undefined) memo.sizes.set(value, (byLimits = new Map()));
  let size = byLimits.get(key) as JsonSize | undefined;
  if (size === undefined) byLimits.set(key, (size = measure(value, maxDepth, maxNodes)));
  return size;
}

// Recursion is as deep as maxDepth at most; the limits callers pass are small, and a larger one walks without it.
const RECURSION_LIMIT = 1000;

function measure(value: Json, maxDepth: number, maxNodes: number): JsonSize {
  if (maxDepth > RECURSION_LIMIT) return measureIteratively(value, maxDepth, maxNodes);
  // The same order as the iterative walk (depth first, last child first), so the same path is found too deep and
  // the same count is returned; without an entry object per value, which on a large manifest was most of the cost.
  let nodes = 0;
  let stop = false;
  let tooDeep: PathSegment[] | undefined;
  const visit = (v: Json, depth: number): void => {
    if (++nodes > maxNodes) {
      stop = true;
      return;
    }
    if (typeof v !== 'object' || v === null) return;
    if (depth >= maxDepth) {
      tooDeep = [];
      stop = true;
      return;
    }
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        visit(v[i], depth + 1);
        if (stop) return void tooDeep?.push(i);
      }
      return;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      visit((v as Record<string, Json>)[keys[i]], depth + 1);
      if (stop) return void tooDeep?.push(keys[i]);
    }
  };
  visit(value, 0);
  return tooDeep ? { nodes, tooDeep: tooDeep.reverse() } : { nodes };
}

function measureIteratively(value: Json, maxDepth: number, maxNodes: number): JsonSize {
  // Each entry keeps its parent, so the path is only spelled out for the one value that is too deep.
  interface Entry {
    value: Json;
    key: PathSegment;
    depth: number;
    parent?: Entry;
  }
  const stack: Entry[] = [{ value, key: '', depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const entry = stack.pop()!;
    const v = entry.value;
    if (++nodes > maxNodes) return { nodes };
    if (typeof v !== 'object' || v === null) continue;
    if (entry.depth >= maxDepth) return { nodes, tooDeep: pathOf(entry) };
    const depth = entry.depth + 1;
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) stack.push({ value: v[i], key: i, depth, parent: entry });
    else for (const k in v) if (Object.hasOwn(v, k)) stack.push({ value: (v as Record<string, Json>)[k], key: k, depth, parent: entry });
  }
  return { nodes };
}

function pathOf(entry: { key: PathSegment; parent?: { key: PathSegment; parent?: unknown } }): PathSegment[] {
  const path: PathSegment[] = [];
  for (let e: typeof entry | undefined = entry; e?.parent !== undefined; e = e.parent as typeof entry) path.push(e.key);
  return path.reverse();
}
