// OpenAPI Schema Objects as JSON Schema 2020-12, types kept exact: integer stays integer, formats and enums are
// kept, 3.0's `nullable` becomes a type array (or an anyOf with null), boolean exclusive bounds become numbers,
// `example` becomes `examples`. References stay references: each referenced schema becomes one entry of the
// tool schema's own `$defs`, under the component's name, so the published schema is self-contained.
//
// Every schema is seen from one side: `input` (arguments the model sends) leaves out `readOnly` properties, and
// `output` (what the API answers) leaves out `writeOnly` ones. `oneOf`/`anyOf` with a discriminator become a
// union whose branches each pin the discriminator property to their tag, so exactly one branch matches.
import type { PathSegment } from '../../load/index.js';
import { isObject } from '../../core/index.js';
import type { Json, SpecFinding } from './load.js';
import { pointerSegments, resolvePointer } from './refs.js';

export type Side = 'input' | 'output';

const SCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'];
const SCHEMA_SINGLE = [
  'additionalProperties',
  'items',
  'additionalItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** OpenAPI vocabulary with no JSON Schema meaning; its content is carried over in JSON Schema terms or dropped. */
const OPENAPI_ONLY = new Set(['nullable', 'discriminator', 'xml', 'externalDocs', 'example']);

interface Converted {
  schema: unknown;
  /** Pointers (`#/components/schemas/Pet`) this schema refers to. */
  refs: Set<string>;
}

/** Conversion state shared by every tool of one document: names and converted components are computed once. */
export class SchemaConverter {
  private names = new Map<string, string>();
  /** `#/$defs/Name` -> the pointer it stands for. */
  private pointers = new Map<string, string>();
  private taken = new Set<string>();
  private cache = new Map<string, Converted>();

  constructor(
    private readonly doc: Json,
    private readonly version: '3.0' | '3.1',
    private readonly findings: SpecFinding[],
  ) {}

  /** A tool-side schema: the converted schema and the `$defs` it needs (transitively), or none. */
  convertRoot(schema: unknown, path: PathSegment[], side: Side): { schema: unknown; defs?: Json } {
    const refs = new Set<string>();
    const converted = this.convert(schema, path, side, refs);
    const defs = this.collectDefs(refs, side);
    return defs ? { schema: converted, defs } : { schema: converted };
  }

  /** Resolves a schema reference chain to its target (for deciding what a schema is, not for output). */
  resolve(schema: unknown): unknown {
    let s = schema;
    for (let i = 0; i < 32 && isObject(s) && typeof s.$ref === 'string'; i++) {
      const target = resolvePointer(this.doc, s.$ref);
      if (!target) return s;
      s = target.value;
    }
    return s;
  }

  collectDefs(refs: Set<string>, side: Side): Json | undefined {
    if (refs.size === 0) return undefined;
    const defs: Json = {};
    const queue = [...refs];
    const done = new Set<string>();
    while (queue.length) {
      const pointer = queue.shift()!;
      if (done.has(pointer)) continue;
      done.add(pointer);
      const def = this.definition(pointer, side);
      if (!def) continue;
      defs[this.nameOf(pointer)] = def.schema;
      queue.push(...def.refs);
    }
    return defs;
  }

  private definition(pointer: string, side: Side): Converted | undefined {
    const key = `${side} ${pointer}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const target = resolvePointer(this.doc, pointer);
    if (!target) return undefined;
    const refs = new Set<string>();
    const entry: Converted = { schema: {}, refs };
    this.cache.set(key, entry);
    entry.schema = this.convert(target.value, target.path, side, refs);
    return entry;
  }

  /** `Pet` for `#/components/schemas/Pet`; other pointers get a name from their last segments. Unique per document. */
  nameOf(pointer: string): string {
    const known = this.names.get(pointer);
    if (known) return known;
    const segments = pointerSegments(pointer) ?? [];
    const component = segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas';
    const base = (component ? segments[2] : segments.slice(-3).join('_')).replace(/[^A-Za-z0-9_.-]+/g, '_') || 'Schema';
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}_${i}`;
    this.taken.add(name);
    this.names.set(pointer, name);
    this.pointers.set(`#/$defs/${escapePointer(name)}`, pointer);
    return name;
  }

  convert(schema: unknown, path: PathSegment[], side: Side, refs: Set<string>): unknown {
    if (!isObject(schema)) return schema;
    if (typeof schema.$ref === 'string') {
      const ref = this.reference(schema.$ref, [...path, '$ref'], refs);
      // In 3.0 a Reference Object's siblings are ignored; 3.1 applies them alongside the reference.
      if (this.version === '3.0' || ref === undefined) return ref ?? {};
      const { $ref: _ref, ...rest } = schema;
      return Object.keys(rest).length ? { ...ref, ...(this.convert(rest, path, side, refs) as Json) } : ref;
    }
    const out: Json = {};
    for (const [k, v] of Object.entries(schema)) {
      if (OPENAPI_ONLY.has(k) || k.startsWith('x-')) continue;
      if (SCHEMA_MAPS.includes(k) && isObject(v)) {
        out[k] = Object.fromEntries(Object.entries(v).map(([name, s]) => [name, this.convert(s, [...path, k, name], side, refs)]));
      } else if (SCHEMA_SINGLE.includes(k) && isObject(v)) {
        out[k] = this.convert(v, [...path, k], side, refs);
      } else if (SCHEMA_LISTS.includes(k) && Array.isArray(v)) {
        out[k] = v.map((s, i) => this.convert(s, [...path, k, i], side, refs));
      } else {
        out[k] = v;
      }
    }
    if (schema.example !== undefined && out.examples === undefined) out.examples = [schema.example];
    if (this.version === '3.0') boundsTo2020(out);
    this.dropHiddenProperties(out, side);
    if (isObject(schema.discriminator)) this.pinDiscriminator(out, schema.discriminator, path);
    return this.version === '3.0' && schema.nullable === true ? nullable(out) : out;
  }

  private reference(ref: string, path: PathSegment[], refs: Set<string>): Json | undefined {
    if (!ref.startsWith('#')) {
      this.findings.push({
        path,
        message: `$ref ${JSON.stringify(ref)} points outside this document`,
        hint: 'bundle the document into one file first (for example with redocly bundle); nothing is fetched',
      });
      return undefined;
    }
    if (!resolvePointer(this.doc, ref)) {
      this.findings.push({ path, message: `$ref ${JSON.stringify(ref)} does not resolve in this document` });
      return undefined;
    }
    refs.add(ref);
    return { $ref: `#/$defs/${escapePointer(this.nameOf(ref))}` };
  }

  /** Inputs never carry readOnly properties (the server sets them); outputs never carry writeOnly ones. */
  private dropHiddenProperties(out: Json, side: Side): void {
    if (!isObject(out.properties)) return;
    const flag = side === 'input' ? 'readOnly' : 'writeOnly';
    const source = out.properties;
    const hidden = Object.keys(source).filter((k) => this.flagged(source[k], flag));
    if (hidden.length === 0) return;
    out.properties = Object.fromEntries(Object.entries(source).filter(([k]) => !hidden.includes(k)));
    if (Array.isArray(out.required)) {
      const required = out.required.filter((r) => !hidden.includes(r as string));
      if (required.length) out.required = required;
      else delete out.required;
    }
  }

  /** Whether a (converted) property schema is marked readOnly/writeOnly, directly or on what it refers to. */
  private flagged(schema: unknown, flag: string): boolean {
    if (!isObject(schema)) return false;
    if (schema[flag] === true) return true;
    const pointer = typeof schema.$ref === 'string' ? this.pointers.get(schema.$ref) : undefined;
    if (pointer === undefined) return false;
    const target = this.resolve({ $ref: pointer });
    return isObject(target) && target[flag] === true;
  }

  /** Each referenced branch of a discriminated oneOf/anyOf requires its own tag in the discriminator property. */
  private pinDiscriminator(out: Json, discriminator: Json, path: PathSegment[]): void {
    const property = discriminator.propertyName;
    const key = Array.isArray(out.oneOf) ? 'oneOf' : Array.isArray(out.anyOf) ? 'anyOf' : undefined;
    if (typeof property !== 'string' || key === undefined) return;
    const mapping = isObject(discriminator.mapping) ? discriminator.mapping : {};
    const tagsFor = (pointer: string): string[] => {
      const explicit = Object.entries(mapping)
        .filter(
          ([, target]) => typeof target === 'string' && (target.startsWith('#') ? target : `#/components/schemas/${target}`) === pointer,
        )
        .map(([tag]) => tag);
      if (explicit.length) return explicit;
      const segments = pointerSegments(pointer);
      return segments && segments.length === 3 && segments[1] === 'schemas' ? [segments[2]] : [];
    };
    out[key] = (out[key] as unknown[]).map((branch) => {
      if (!isObject(branch) || typeof branch.$ref !== 'string') return branch;
      const pointer = this.pointers.get(branch.$ref);
      const tags = pointer ? tagsFor(pointer) : [];
      if (tags.length === 0) {
        this.findings.push({
          path: [...path, 'discriminator'],
          severity: 'warning',
          message: `no discriminator value maps to ${branch.$ref}; that branch is left unpinned`,
        });
        return branch;
      }
      return { ...branch, properties: { [property]: tags.length === 1 ? { const: tags[0] } : { enum: tags } }, required: [property] };
    });
  }
}

/** 3.0 bounds: `exclusiveMinimum: true` qualifies `minimum`; in 2020-12 the bound itself is the value. */
function boundsTo2020(out: Json): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (typeof out[flag] === 'boolean') {
      delete out[flag];
    }
  }
}

function escapePointer(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Annotations that describe the value as a whole, so they stay on the outside when a schema is wrapped. */
const OUTER = ['title', 'description', 'default', 'deprecated', 'readOnly', 'writeOnly', 'examples'];

/** 3.0 `nullable: true`, in 2020-12 terms. */
function nullable(out: Json): Json {
  if (typeof out.type === 'string') {
    const result: Json = { ...out, type: [out.type, 'null'] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) result.enum = [...out.enum, null];
    return result;
  }
  if (Array.isArray(out.type)) return out.type.includes('null') ? out : { ...out, type: [...out.type, 'null'] };
  const inner: Json = {};
  const outer: Json = {};
  for (const [k, v] of Object.entries(out)) (OUTER.includes(k) ? outer : inner)[k] = v;
  return { ...outer, anyOf: [inner, { type: 'null' }] };
}
