// Validation reads the same schema objects many times (each check, and each shared definition once per tool that
// refers to it) and changes none of them. Inside withSchemaMemo, what is learnt about a schema object (its refs, its
// bundle, its size) is computed once per object; outside it nothing is kept, since loaders edit schemas in place
// (resolve-schema-files rewrites refs) and a cached answer could then go stale.
// Values are typed by the modules that keep them (schema-refs, json-size), which import this one.
// Plain maps, not weak ones: the memo lives for one run of checks, and weak maps cost the garbage collector more.
export interface SchemaMemo {
  refs: Map<object, unknown>;
  /** schema -> shared definitions -> the bundle. */
  bundles: Map<object, Map<object, unknown>>;
  /** bundle -> the schema it was made from. */
  bundled: Map<object, Record<string, unknown>>;
  /** value -> `maxDepth:maxNodes` -> size. */
  sizes: Map<object, Map<string, unknown>>;
}

let memo: SchemaMemo | undefined;

/** The memo of the run in progress; undefined outside withSchemaMemo. */
export function schemaMemo(): SchemaMemo | undefined {
  return memo;
}

/**
 * Runs `fn` with schema facts memoised per schema object; `fn` must not change any schema it passes to
 * schema-refs meanwhile. Results handed out (ref lists, bundles, sizes) are shared between callers: read them only.
 */
export function withSchemaMemo<T>(fn: () => T): T {
  if (memo) return fn();
  memo = { refs: new Map(), bundles: new Map(), bundled: new Map(), sizes: new Map() };
  try {
    return fn();
  } finally {
    memo = undefined;
  }
}
