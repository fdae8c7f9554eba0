// Slim imports: OpenAPI response schemas are most of an imported tools/list (GitHub's issues operations publish
// ~259,000 tokens, nearly all of it responses). Each option only loosens a schema, so every argument list and every
// answer that was valid stays valid: deeper structure becomes `{type: object}` / `{type: array}` (or `{}`),
// `oneOf` becomes `anyOf`, and keywords that a loosened subschema would make stricter (`not`, `if`) are dropped.
import type { Json } from './load.js';
import { isObject } from '../../core/index.js';

export type OutputSchemaMode = 'full' | 'shallow' | 'none';
export type DescriptionMode = 'keep' | 'trim' | 'drop';

export interface SlimOptions {
  /** full: as converted; shallow: top-level fields only, each typed; none: no outputSchema (text results). */
  outputSchema: OutputSchemaMode;
  /** Levels of nested properties/items kept in input and output schemas; deeper ones are stubbed. */
  schemaDepth?: number;
  /** Descriptions below the top-level arguments, and all of those in output schemas. */
  nestedDescriptions: DescriptionMode;
}

export const FULL: SlimOptions = { outputSchema: 'full', nestedDescriptions: 'keep' };
/** What docs/import.md recommends; measured in test/import/slim.test.ts. */
export const RECOMMENDED: SlimOptions = { outputSchema: 'shallow', schemaDepth: 3, nestedDescriptions: 'trim' };

export function isFull(o: SlimOptions): boolean {
  return o.outputSchema === 'full' && o.schemaDepth === undefined && o.nestedDescriptions === 'keep';
}

/** A tool entry of the imported manifest with its schemas slimmed. */
export function slimEntry(entry: Json, o: SlimOptions): Json {
  if (isFull(o)) return entry;
  const out: Json = { ...entry };
  if (isObject(entry.inputSchema)) out.inputSchema = slimSchema(entry.inputSchema, o.schemaDepth, o.nestedDescriptions, 2);
  if (o.outputSchema === 'none') delete out.outputSchema;
  else if (isObject(entry.outputSchema)) {
    // shallow: the top-level fields stay, each as its kind (object, array, string ...), nothing below them.
    const depth = o.outputSchema === 'shallow' ? 0 : o.schemaDepth;
    out.outputSchema = slimSchema(entry.outputSchema, depth, o.nestedDescriptions, 0);
  }
  return out;
}

/** Keywords whose value is one subschema at the same level, or a list of them. */
const SAME_LEVEL = ['allOf', 'anyOf', 'oneOf'];
/** Keywords that step one level down. */
const MAP_DOWN = ['properties', 'patternProperties'];
const ONE_DOWN = ['items', 'additionalProperties', 'contains', 'propertyNames'];
/** A loosened subschema under these would make the schema stricter, or change what it means. */
const DROPPED = ['not', 'if', 'then', 'else', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems'];

/**
 * `levelOfDescriptions`: descriptions at this level and below are nested (trimmed or dropped); 2 keeps an input's
 * top-level arguments' own descriptions, 0 treats every one as nested.
 */
function slimSchema(root: Json, maxDepth: number | undefined, descriptions: DescriptionMode, levelOfDescriptions: number): Json {
  const defs = isObject(root.$defs) ? (root.$defs as Record<string, unknown>) : {};
  const walk = (schema: unknown, level: number): unknown => {
    if (!isObject(schema)) return schema;
    if (maxDepth !== undefined && level > maxDepth && hasStructure(schema)) return stub(schema, defs);
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === '$defs' && level === 0) continue; // rebuilt below from the refs that remain
      if (key === 'description' && typeof value === 'string' && level >= levelOfDescriptions) {
        const kept = describe(value, descriptions);
        if (kept !== undefined) out.description = kept;
      } else if (DROPPED.includes(key) && maxDepth !== undefined) {
        continue;
      } else if (SAME_LEVEL.includes(key) && Array.isArray(value)) {
        // Branches loosened alike can both match one value, which oneOf refuses; anyOf admits what oneOf did.
        out[maxDepth !== undefined && key === 'oneOf' ? 'anyOf' : key] = value.map((v) => walk(v, level));
      } else if (MAP_DOWN.includes(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, level + 1)]));
      } else if (ONE_DOWN.includes(key)) {
        out[key] = Array.isArray(value) ? value.map((v) => walk(v, level + 1)) : walk(value, level + 1);
      } else out[key] = value;
    }
    return out;
  };
  const slim = walk(root, 0) as Json;
  // Each definition is walked from the shallowest level it is used at (through other definitions too): that cut
  // keeps every use valid. Refs cut away with their subschema need no definition.
  const levels = new Map<string, number>();
  const record = (name: string, level: number) => {
    if (maxDepth !== undefined && level > maxDepth) return;
    if ((levels.get(name) ?? Infinity) <= level) return;
    levels.set(name, level);
    if (isObject(defs[name])) refLevels(defs[name], level, record);
  };
  refLevels(slim, 0, record);
  const kept = Object.fromEntries(
    [...levels].filter(([name]) => Object.hasOwn(defs, name)).map(([name, level]) => [name, walk(defs[name], level)]),
  );
  // Walking a definition may cut refs inside it, never add any: keep only what is still reachable.
  const reachable = usedDefs({ ...slim, $defs: kept }, kept);
  if (reachable.size > 0) slim.$defs = Object.fromEntries(Object.entries(kept).filter(([name]) => reachable.has(name)));
  return slim;
}

function hasStructure(s: Json): boolean {
  return ['properties', 'patternProperties', 'items', 'additionalProperties', '$ref', ...SAME_LEVEL, ...DROPPED].some(
    (k) => s[k] !== undefined && s[k] !== true,
  );
}

/** The loosest schema that still says what kind of value it is. */
function stub(s: Json, defs: Record<string, unknown>): Json {
  const target = typeof s.$ref === 'string' ? defs[refName(s.$ref) ?? ''] : undefined;
  const type = s.type ?? (isObject(target) ? target.type : undefined);
  if (typeof type === 'string' || Array.isArray(type)) return { type };
  if (s.properties !== undefined || s.additionalProperties !== undefined) return { type: 'object' };
  if (s.items !== undefined) return { type: 'array' };
  return {};
}

function describe(text: string, mode: DescriptionMode): string | undefined {
  if (mode === 'keep') return text;
  if (mode === 'drop') return undefined;
  const first = text
    .trim()
    .split(/(?<=[.!?])\s|\n/)[0]
    .trim();
  return first.length > 120 ? `${first.slice(0, 119).trimEnd()}…` : first;
}

function refName(ref: string): string | undefined {
  const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
  return m ? m[1].replace(/~1/g, '/').replace(/~0/g, '~') : undefined;
}

/** Definitions reachable from the schema's refs (outside `$defs`), transitively through the original definitions. */
function usedDefs(schema: Json, defs: Record<string, unknown>): Set<string> {
  const used = new Set<string>();
  const visit = (node: unknown, skipDefs: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, false));
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (skipDefs && k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string') {
        const name = refName(v);
        if (name !== undefined && !used.has(name)) {
          used.add(name);
          visit(isObject(schema.$defs) && isObject((schema.$defs as Json)[name]) ? (schema.$defs as Json)[name] : defs[name], false);
        }
      } else visit(v, false);
    }
  };
  visit(schema, true);
  return used;
}

/** Calls `found` with each definition the schema refers to (outside `$defs`) and the level of the ref. */
function refLevels(schema: unknown, base: number, found: (name: string, level: number) => void): void {
  const visit = (node: unknown, level: number): void => {
    if (!isObject(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if (k === '$defs') continue;
      if (k === '$ref' && typeof v === 'string') {
        const name = refName(v);
        if (name !== undefined) found(name, level);
      } else if (MAP_DOWN.includes(k) && isObject(v)) for (const s of Object.values(v)) visit(s, level + 1);
      else if (ONE_DOWN.includes(k)) (Array.isArray(v) ? v : [v]).forEach((s) => visit(s, level + 1));
      else if (Array.isArray(v)) v.forEach((s) => visit(s, level));
      else visit(v, level);
    }
  };
  visit(schema, base);
}

/** The command line's slim options, checked: a bad value is a usage error (exit 2), never a stack trace. */
export function parseSlimOptions(
  flags: { outputSchema?: string; schemaDepth?: string; nestedDescriptions?: string },
  usage: (message: string, hint: string) => Error,
): SlimOptions {
  const outputSchema = flags.outputSchema ?? 'full';
  if (outputSchema !== 'full' && outputSchema !== 'shallow' && outputSchema !== 'none')
    throw usage(
      `--output-schema takes full, shallow or none, not ${JSON.stringify(outputSchema)}`,
      'shallow keeps the top-level fields of each result',
    );
  const nestedDescriptions = flags.nestedDescriptions ?? 'keep';
  if (nestedDescriptions !== 'keep' && nestedDescriptions !== 'trim' && nestedDescriptions !== 'drop')
    throw usage(
      `--nested-descriptions takes keep, trim or drop, not ${JSON.stringify(nestedDescriptions)}`,
      'trim keeps the first sentence',
    );
  let schemaDepth: number | undefined;
  if (flags.schemaDepth !== undefined) {
    schemaDepth = Number(flags.schemaDepth);
    if (!/^\d+$/.test(flags.schemaDepth) || schemaDepth < 1 || schemaDepth > 64)
      throw usage(
        `--schema-depth takes a whole number from 1 to 64, not ${JSON.stringify(flags.schemaDepth)}`,
        '3 keeps arguments like body.labels[].name',
      );
  }
  return { outputSchema, nestedDescriptions, ...(schemaDepth !== undefined ? { schemaDepth } : {}) };
}
