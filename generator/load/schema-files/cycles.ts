// Recursive schemas are fine when each turn goes through a property or an item: validation then walks down the
// instance and ends. A loop of $refs that stays on the same value (`a.json` is `{$ref: b.json}` and `b.json` is
// `{allOf: [{$ref: a.json}]}`) makes a validator recurse forever, in the generator's checks and in the served
// server alike, so such loops among schemas taken from files are found here and reported.
import type { PathSegment } from '../load-manifest.js';

export interface CycleNode {
  sites: { path: PathSegment[]; target?: CycleNode }[];
}

const SAME_VALUE_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
const SAME_VALUE_SINGLE = new Set(['not', 'if', 'then', 'else']);

/** Whether a `$ref` at `path` (ending in `$ref`) applies to the same value as the schema it sits in. */
export function appliesInPlace(path: readonly PathSegment[]): boolean {
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i];
    if (SAME_VALUE_LIST.has(String(seg)) || seg === 'dependentSchemas') i++;
    else if (!SAME_VALUE_SINGLE.has(String(seg))) return false;
  }
  return true;
}

/**
 * Each loop of in-place refs once, as the list of sites around it; the last site closes the loop. Iterative, so a
 * long chain cannot exhaust the stack.
 */
export function inPlaceLoops<N extends CycleNode>(nodes: readonly N[]): N['sites'][number][][] {
  const state = new Map<CycleNode, 'open' | 'done'>();
  const loops: N['sites'][number][][] = [];
  for (const start of nodes) {
    if (state.has(start)) continue;
    const stack: { node: CycleNode; next: number; via?: N['sites'][number] }[] = [{ node: start, next: 0 }];
    state.set(start, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      const site = top.node.sites[top.next++] as N['sites'][number] | undefined;
      if (site === undefined) {
        state.set(top.node, 'done');
        stack.pop();
        continue;
      }
      if (!site.target || !appliesInPlace(site.path)) continue;
      const seen = state.get(site.target);
      if (seen === 'done') continue;
      if (seen === 'open') {
        const from = stack.findIndex((f) => f.node === site.target);
        loops.push([...stack.slice(from + 1).map((f) => f.via!), site]);
        continue;
      }
      state.set(site.target, 'open');
      stack.push({ node: site.target, next: 0, via: site });
    }
  }
  return loops;
}
