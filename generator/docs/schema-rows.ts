// A JSON Schema as table rows for the docs: one row per property (nested ones as `address.city`, array items as
// `tags[]`), with a readable type, whether it is required, its default, its constraints and its description.
import { isObject, resolveLocalRef } from '../core/index.js';
import { markdownText, showValue } from '../core/index.js';

import type { Json } from '../core/index.js';

export interface SchemaRow {
  name: string;
  type: string;
  required: boolean;
  default?: string;
  constraints: string;
  description: string;
}

const MAX_DEPTH = 4;

export function schemaRows(root: unknown): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const top = deref(root, root);
  if (isObject(top)) addProperties(rows, top, root, '', 0, new Set());
  return rows;
}

function deref(schema: unknown, root: unknown, seen = new Set<string>()): unknown {
  let s = schema;
  while (isObject(s) && typeof s.$ref === 'string' && !seen.has(s.$ref)) {
    seen.add(s.$ref);
    const target = resolveLocalRef(root, s.$ref);
    if (target === undefined) return s;
    const { $ref, ...siblings } = s;
    s = isObject(target) ? { ...target, ...siblings } : target;
  }
  return s;
}

function addProperties(rows: SchemaRow[], schema: Json, root: unknown, prefix: string, depth: number, refs: Set<string>): void {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, raw] of Object.entries(props)) {
    const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined;
    const p = deref(raw, root);
    const full = `${prefix}${name}`;
    rows.push(row(full, p, root, required.has(name)));
    if (depth >= MAX_DEPTH || (ref && refs.has(ref))) continue;
    const nextRefs = ref ? new Set([...refs, ref]) : refs;
    if (isObject(p) && isObject(p.properties)) addProperties(rows, p, root, `${full}.`, depth + 1, nextRefs);
    const items = isObject(p) ? deref(p.items, root) : undefined;
    if (isObject(items) && isObject(items.properties)) addProperties(rows, items, root, `${full}[].`, depth + 1, nextRefs);
  }
}

function row(name: string, p: unknown, root: unknown, required: boolean): SchemaRow {
  const s = isObject(p) ? p : {};
  return {
    name,
    type: typeText(p, root, 0),
    required,
    default: 'default' in s ? showValue(s.default, 60) : undefined,
    constraints: constraints(s),
    description: typeof s.description === 'string' ? markdownText(s.description) : '',
  };
}

export function typeText(schema: unknown, root: unknown, depth: number): string {
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return 'any';
  if (schema === false) return 'nothing';
  const s = deref(schema, root);
  if (!isObject(s) || depth > 4) return 'any';
  if ('const' in s) return `constant ${showValue(s.const)}`;
  const union = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : undefined;
  if (union && s.type === undefined) return [...new Set(union.map((b) => typeText(b, root, depth + 1)))].join(' | ');
  const types = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? (s.type as string[]) : [];
  if (types.length === 0) return s.enum ? 'enum' : isObject(s.properties) ? 'object' : 'any';
  return types
    .map((t) => (t === 'array' && s.items !== undefined && !Array.isArray(s.items) ? `array of ${typeText(s.items, root, depth + 1)}` : t))
    .join(' | ');
}

function constraints(s: Json): string {
  const out: string[] = [];
  if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map((v) => showValue(v)).join(', ')}`);
  const range = (lo: unknown, hi: unknown, exLo: unknown, exHi: unknown, what: string) => {
    const low = typeof exLo === 'number' ? `${exLo} <` : typeof lo === 'number' ? `${lo} ≤` : '';
    const high = typeof exHi === 'number' ? `< ${exHi}` : typeof hi === 'number' ? `≤ ${hi}` : '';
    if (low && high) out.push(`${low} ${what} ${high}`);
    else if (low) out.push(`${what} ${low.endsWith('<') ? '>' : '≥'} ${low.split(' ')[0]}`);
    else if (high) out.push(`${what} ${high}`);
  };
  range(s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum, 'value');
  range(s.minLength, s.maxLength, undefined, undefined, 'length');
  range(s.minItems, s.maxItems, undefined, undefined, 'items');
  range(s.minProperties, s.maxProperties, undefined, undefined, 'properties');
  if (typeof s.multipleOf === 'number') out.push(`multiple of ${s.multipleOf}`);
  if (typeof s.format === 'string') out.push(`format ${s.format}`);
  if (typeof s.pattern === 'string') out.push(`pattern \`${s.pattern}\``);
  if (s.uniqueItems === true) out.push('unique items');
  if (s.additionalProperties === false) out.push('no other properties');
  if (s.deprecated === true) out.push('deprecated');
  return out.join('; ');
}
