// TypeScript types for the manifest's JSON Schemas, printed directly. A purpose-built printer: json-schema-to-
// typescript spent over a second of CPU on 500 tools (deep clones and repeated traversals), which alone broke the
// generation budget; this walks each schema once. Shared and local definitions become named types (recursion
// works through names); anything a type cannot express precisely becomes `unknown`, never an error.
import { commentText } from './js-literal.js';
import type { JsonSchema } from '../core/index.js';
import { pascalCase } from '../core/index.js';
import { isObject, resolveLocalRef, sharedDefinitionName } from '../core/index.js';

export interface NamedSchema {
  /** Exported type name, e.g. `GetForecastInput`. */
  typeName: string;
  schema: JsonSchema;
}

type Schema = Record<string, unknown>;

interface Scope {
  /** The schema a `#...` reference resolves against. */
  root: JsonSchema;
  /** Type name of that root, used as the prefix of its local definitions. */
  rootName: string;
}

const MAX_DEPTH = 64;

export function printSchemaTypes(named: readonly NamedSchema[], shared: Record<string, JsonSchema>): string {
  const printer = new Printer(shared, new Set(named.map((n) => n.typeName)));
  const blocks = named.map((n) => printer.declare(n.typeName, n.schema, { root: n.schema, rootName: n.typeName }));
  return [...blocks, ...printer.drain()].join('\n\n') + (blocks.length ? '\n' : '');
}

class Printer {
  private readonly declared = new Map<string, string>();
  private readonly pending: string[] = [];
  private readonly taken: Set<string>;

  constructor(
    private readonly shared: Record<string, JsonSchema>,
    reserved: Set<string>,
  ) {
    this.taken = new Set(reserved);
  }

  declare(name: string, schema: JsonSchema, scope: Scope): string {
    const doc = isObject(schema) && typeof schema.description === 'string' ? `/** ${commentText(schema.description, 400)} */\n` : '';
    if (isObject(schema) && isPlainObjectType(schema) && !schema.$ref)
      return `${doc}export interface ${name} ${this.objectBody(schema, scope, '', 0)}`;
    return `${doc}export type ${name} = ${this.type(schema, scope, '', 0)};`;
  }

  /** Declarations of the definitions referenced so far, including the ones those reference in turn. */
  drain(): string[] {
    const out: string[] = [];
    while (this.pending.length) out.push(this.pending.shift()!);
    return out;
  }

  private type(schema: unknown, scope: Scope, indent: string, depth: number): string {
    if (schema === true || schema === undefined) return 'unknown';
    if (schema === false) return 'never';
    if (!isObject(schema) || depth > MAX_DEPTH) return 'unknown';
    if (typeof schema.$ref === 'string') return this.ref(schema.$ref, scope);
    if ('const' in schema) return literal(schema.const);
    if (Array.isArray(schema.enum)) return union(schema.enum.map(literal));
    const parts: string[] = [];
    const base = this.baseType(schema, scope, indent, depth);
    if (base !== undefined) parts.push(base);
    for (const key of ['anyOf', 'oneOf'] as const) {
      const list = schema[key];
      if (Array.isArray(list) && list.length) parts.push(union(list.map((s) => this.type(s, scope, indent, depth + 1))));
    }
    if (Array.isArray(schema.allOf)) for (const s of schema.allOf) parts.push(this.type(s, scope, indent, depth + 1));
    return parts.length === 0 ? 'unknown' : parts.length === 1 ? parts[0] : parts.map(wrap).join(' & ');
  }

  /** The type from `type` (and the keywords it implies), or undefined when the schema only combines others. */
  private baseType(schema: Schema, scope: Scope, indent: string, depth: number): string | undefined {
    const types = Array.isArray(schema.type) ? schema.type : typeof schema.type === 'string' ? [schema.type] : undefined;
    if (types) return union(types.map((t) => this.single(String(t), schema, scope, indent, depth)));
    if (isObject(schema.properties) || schema.additionalProperties !== undefined)
      return this.single('object', schema, scope, indent, depth);
    if (schema.items !== undefined || schema.prefixItems !== undefined) return this.single('array', schema, scope, indent, depth);
    return undefined;
  }

  private single(type: string, schema: Schema, scope: Scope, indent: string, depth: number): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return this.array(schema, scope, indent, depth);
      case 'object':
        return this.objectBody(schema, scope, indent, depth);
      default:
        return 'unknown';
    }
  }

  private array(schema: Schema, scope: Scope, indent: string, depth: number): string {
    const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
    if (tuple) {
      const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
      const head = tuple.map((s) => this.type(s, scope, indent, depth + 1));
      return `[${[...head, ...(rest === false ? [] : [`...${wrap(this.type(rest, scope, indent, depth + 1))}[]`])].join(', ')}]`;
    }
    return `${wrap(this.type(schema.items, scope, indent, depth + 1))}[]`;
  }

  private objectBody(schema: Schema, scope: Scope, indent: string, depth: number): string {
    const props = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const inner = `${indent}  `;
    const lines: string[] = [];
    for (const [key, sub] of Object.entries(props)) {
      if (isObject(sub) && typeof sub.description === 'string') lines.push(`${inner}/** ${commentText(sub.description, 400)} */`);
      lines.push(`${inner}${JSON.stringify(key)}${required.has(key) ? '' : '?'}: ${this.type(sub, scope, inner, depth + 1)};`);
    }
    const extra = schema.additionalProperties;
    const open = extra === true || isObject(extra) || isObject(schema.patternProperties) || (extra === undefined && lines.length === 0);
    if (open) {
      // Declared properties must fit the index signature, so it is only precise when there are none.
      const valueType = lines.length === 0 && isObject(extra) ? this.type(extra, scope, inner, depth + 1) : 'unknown';
      lines.push(`${inner}[key: string]: ${valueType};`);
    }
    return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : '{}';
  }

  private ref(ref: string, scope: Scope): string {
    if (ref === '#') return scope.rootName;
    const sharedName = sharedDefinitionName(ref);
    const own = isObject(scope.root) && isObject(scope.root.definitions) ? scope.root.definitions : {};
    if (
      sharedName !== undefined &&
      !Object.hasOwn(own, sharedName) &&
      Object.hasOwn(this.shared, sharedName) &&
      /^#\/definitions\/[^/]+$/.test(ref)
    ) {
      return this.named(`shared:${sharedName}`, pascalCase(sharedName) || 'Definition', this.shared[sharedName], {
        root: this.shared[sharedName],
        rootName: pascalCase(sharedName),
      });
    }
    const local = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
    const target = resolveLocalRef(scope.root, ref);
    if (local && target !== undefined) {
      return this.named(
        `${scope.rootName}:${ref}`,
        `${scope.rootName}${pascalCase(decodeURIComponent(local[2]))}`,
        target as JsonSchema,
        scope,
      );
    }
    // Any other pointer (into properties, items...) is printed in place; a cycle through one ends in unknown.
    return target === undefined ? 'unknown' : this.type(target, { ...scope }, '', MAX_DEPTH - 2);
  }

  private named(key: string, wanted: string, schema: JsonSchema, scope: Scope): string {
    const existing = this.declared.get(key);
    if (existing) return existing;
    let name = wanted;
    for (let i = 2; this.taken.has(name); i++) name = `${wanted}${i}`;
    this.taken.add(name);
    this.declared.set(key, name);
    // The root of a shared definition is itself, so its own `#/...` refs stay inside it.
    this.pending.push(this.declare(name, schema, key.startsWith('shared:') ? { root: schema, rootName: name } : scope));
    return name;
  }
}

function isPlainObjectType(schema: Schema): boolean {
  const declaresObject = schema.type === 'object' || (schema.type === undefined && isObject(schema.properties));
  return declaresObject && !schema.anyOf && !schema.oneOf && !schema.allOf && !('const' in schema) && !schema.enum;
}

function literal(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return 'unknown';
}

function union(types: string[]): string {
  const unique = [...new Set(types)];
  if (unique.includes('unknown')) return 'unknown';
  return unique.length ? unique.join(' | ') : 'never';
}

function wrap(type: string): string {
  return /^[\w.]+$|^\{[\s\S]*\}$|^\[[\s\S]*\]$|^"[^"]*"$/.test(type) && !type.includes(' | ') ? type : `(${type})`;
}
