// A JSON Schema node seen the way comparison needs it: `$ref` followed, `allOf` merged, properties and required
// names gathered with their manifest positions, and unions (anyOf/oneOf, nullable type arrays) split into
// variants that can be matched one by one.
import type { PathSegment } from '../load/index.js';
import { isObject, resolveLocalRef } from '../core/index.js';

import type { Json } from '../core/index.js';
export type { Json };

/** One published schema: its root, and where it sits in the manifest (to point reviewers at the right line). */
export interface SchemaSide {
  root: unknown;
  /** Manifest path of the root, e.g. `['tools', 'get_forecast', 'inputSchema']`. */
  at: PathSegment[];
  /** Names the tool's own schema defines under `definitions`; other `#/definitions/X` were bundled from the manifest's. */
  ownDefinitions: ReadonlySet<string>;
}

export interface At {
  node: unknown;
  loc: PathSegment[];
}

export interface View {
  /** Keywords of the node after resolution and merging, without properties/required/allOf/$ref. */
  s: Json;
  loc: PathSegment[];
  props: Map<string, At>;
  required: Set<string>;
  /** Where each required name is listed, to point at `days` in `required: [city, days]`. */
  requiredAt: Map<string, PathSegment[]>;
  /** Set when the node is `false`: nothing validates. */
  nothing: boolean;
  /** Identifies the node for cycle detection through recursive `$ref`s. */
  key: string;
  /** Set on a variant split from a union or a type array. */
  label?: string;
}

/** Keywords that describe rather than constrain. */
export const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$schema',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  'definitions',
]);

const NOTE_KEYWORDS = new Set(['title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

const TYPE_KEYWORDS: Record<string, string[]> = {
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
    'unevaluatedProperties',
  ],
  array: [
    'items',
    'prefixItems',
    'additionalItems',
    'contains',
    'minContains',
    'maxContains',
    'minItems',
    'maxItems',
    'uniqueItems',
    'unevaluatedItems',
  ],
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType', 'contentSchema'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
};
TYPE_KEYWORDS.integer = TYPE_KEYWORDS.number;
const TYPED = new Set(Object.values(TYPE_KEYWORDS).flat());

/** The manifest path a local `$ref` lands on. */
export function refLoc(side: SchemaSide, ref: string): PathSegment[] {
  if (!ref.startsWith('#/')) return side.at;
  const tokens = ref
    .slice(2)
    .split('/')
    .map((t) => decodeToken(t));
  if (tokens[0] === 'definitions' && tokens.length > 1 && !side.ownDefinitions.has(String(tokens[1])))
    return ['definitions', ...tokens.slice(1)];
  return [...side.at, ...tokens];
}

function decodeToken(t: string): string {
  try {
    return decodeURIComponent(t).replace(/~1/g, '/').replace(/~0/g, '~');
  } catch {
    return t;
  }
}

export function view(at: At, side: SchemaSide, depth = 0): View {
  let node = at.node;
  let loc = at.loc;
  for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && hops < 32; hops++) {
    const target = resolveLocalRef(side.root, node.$ref);
    if (target === undefined) break;
    const { $ref, ...siblings } = node;
    loc = refLoc(side, $ref as string);
    node = isObject(target) ? { ...target, ...siblings } : Object.keys(siblings).length ? siblings : target;
  }
  const out: View = {
    s: {},
    loc,
    props: new Map(),
    required: new Set(),
    requiredAt: new Map(),
    nothing: node === false,
    key: JSON.stringify(loc),
  };
  if (!isObject(node)) return out;
  const { properties, required, allOf, ...rest } = node;
  out.s = rest;
  if (isObject(properties))
    for (const [name, p] of Object.entries(properties)) out.props.set(name, { node: p, loc: [...loc, 'properties', name] });
  if (Array.isArray(required)) {
    required.forEach((r, i) => {
      if (typeof r !== 'string') return;
      out.required.add(r);
      out.requiredAt.set(r, [...loc, 'required', i]);
    });
  }
  if (Array.isArray(allOf) && depth < 16)
    allOf.forEach((branch, i) => mergeInto(out, view({ node: branch, loc: [...loc, 'allOf', i] }, side, depth + 1)));
  return out;
}

/** allOf: every branch applies, so properties, required names and constraints add up. */
function mergeInto(target: View, branch: View): void {
  for (const [name, p] of branch.props) if (!target.props.has(name)) target.props.set(name, p);
  for (const r of branch.required) target.required.add(r);
  for (const [r, at] of branch.requiredAt) if (!target.requiredAt.has(r)) target.requiredAt.set(r, at);
  if (branch.nothing) target.nothing = true;
  for (const [k, v] of Object.entries(branch.s)) {
    if (k === 'type' && target.s.type !== undefined) {
      const both = [...(typesOf(target) ?? [])].filter((t) => typesOf(branch)?.has(t));
      target.s.type = both.length === 1 ? both[0] : both;
    } else if (!(k in target.s)) {
      target.s[k] = v;
    }
  }
}

export function typesOf(v: View): Set<string> | undefined {
  const t = v.s.type;
  if (typeof t === 'string') return new Set([t]);
  if (Array.isArray(t)) return new Set(t.filter((x): x is string => typeof x === 'string'));
  return undefined;
}

/** Whether a type set accepts every value of type `t` (integers are numbers). */
export function accepts(types: Set<string> | undefined, t: string): boolean {
  return types === undefined || types.has(t) || (t === 'integer' && types.has('number'));
}

function isPureUnion(v: View): 'anyOf' | 'oneOf' | undefined {
  if (v.props.size || v.required.size) return undefined;
  const keys = Object.keys(v.s).filter((k) => !ANNOTATIONS.has(k));
  if (keys.length !== 1 || (keys[0] !== 'anyOf' && keys[0] !== 'oneOf') || !Array.isArray(v.s[keys[0]])) return undefined;
  return keys[0];
}

/**
 * The alternatives a schema accepts. `{anyOf: [A, {type: null}]}`, `{type: [A, null]}` and a plain `A` line up
 * variant by variant, so making a property nullable is one added variant, not a rewrite.
 */
export function variants(v: View, side: SchemaSide, depth = 0): View[] {
  const union = depth < 8 ? isPureUnion(v) : undefined;
  if (union) {
    return (v.s[union] as unknown[]).flatMap((branch, i) =>
      variants(view({ node: branch, loc: [...v.loc, union, i] }, side), side, depth + 1),
    );
  }
  const types = typesOf(v);
  if (!types || types.size < 2) return [v];
  return [...types].map((t) => {
    const own = new Set(Object.hasOwn(TYPE_KEYWORDS, t) ? TYPE_KEYWORDS[t] : []);
    // Annotations stay with the whole schema (compared once); type keywords go to the variant they apply to.
    const s = Object.fromEntries(Object.entries(v.s).filter(([k]) => (!TYPED.has(k) || own.has(k)) && !NOTE_KEYWORDS.has(k)));
    const isObj = t === 'object';
    return { ...v, s: { ...s, type: t }, props: isObj ? v.props : new Map(), required: isObj ? v.required : new Set<string>(), label: t };
  });
}

/** A short name for a variant in messages: `null`, `string`, `object kind="eq"`. */
export function variantLabel(v: View): string {
  const types = typesOf(v);
  const base = types ? [...types].join('|') : v.s.enum !== undefined || v.s.const !== undefined ? 'value' : 'any';
  const tag = discriminators(v)[0];
  return tag ? `${base} ${tag}` : base;
}

/** `kind="eq"` for each property pinned by `const` (or a one-value enum): how tagged unions tell variants apart. */
export function discriminators(v: View): string[] {
  const tags: string[] = [];
  for (const [name, p] of v.props) {
    if (!isObject(p.node)) continue;
    const value = 'const' in p.node ? p.node.const : Array.isArray(p.node.enum) && p.node.enum.length === 1 ? p.node.enum[0] : undefined;
    if (value !== undefined) tags.push(`${name}=${JSON.stringify(value)}`);
  }
  return tags;
}
