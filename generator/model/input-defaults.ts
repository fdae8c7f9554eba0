// The defaults a tool's handler gets filled in: a top-level input property the client left out takes the `default`
// its schema declares, so `input.days` is 3 rather than undefined when the manifest says `default: 3`. The default is
// the property's own, or that of the schema its local $ref names (the published schema carries its definitions).
// Nested objects and array items keep what the client sent: their defaults stay annotations, as JSON Schema has them.
// A default the property's own schema rejects is not filled in: `lint` flags it (schema-value-rejected).
import { isObject, resolveLocalRef, type Json } from '../core/index.js';
import { valueRejection } from '../validate/index.js';
import { stringLiteral } from './js-literal.js';

/** Refs followed to find a default: enough for a definition that names another, and no loop. */
const MAX_REF_HOPS = 8;

export function inputDefaults(inputSchema: unknown): Record<string, unknown> {
  if (!isObject(inputSchema) || !isObject(inputSchema.properties)) return {};
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(inputSchema.properties as Record<string, unknown>)) {
    let node = property;
    for (let hop = 0; isObject(node) && hop <= MAX_REF_HOPS; hop++) {
      if ('default' in node) {
        // A default its own schema rejects (lint: schema-value-rejected) would break the handler's type: left out.
        if (valueRejection(node as Json, (node as Json).default) === undefined) out[name] = (node as Json).default;
        break;
      }
      const ref = (node as Json).$ref;
      node = typeof ref === 'string' ? resolveLocalRef(inputSchema as Json, ref) : undefined;
    }
  }
  return out;
}

/** What a tool model says of its defaults: the literal its adapter fills in, and the keys they make present. */
export function inputDefaultsModel(inputSchema: unknown, inputType: string) {
  const defaults = inputDefaults(inputSchema);
  const keys = Object.keys(defaults);
  if (keys.length === 0) return { inputDefaults: null, handlerInputType: inputType };
  return { inputDefaults: defaults, handlerInputType: `WithDefaults<${inputType}, ${keys.map(stringLiteral).join(' | ')}>` };
}
