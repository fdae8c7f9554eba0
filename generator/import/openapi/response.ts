// The outputSchema of an imported tool: the schema of the operation's first 2xx response, when that response is
// JSON. MCP requires structuredContent to be an object, so a body that may be something else (an array, a
// string, null) is published under one property: `items` for arrays, `value` otherwise.
import type { Json, SpecDocument, SpecFinding } from './load.js';
import type { SelectedOperation } from './operations.js';
import { deref } from './refs.js';
import { isObject } from '../../core/index.js';
import type { SchemaConverter } from './schema.js';

export interface OutputSchema {
  schema: Json;
  /** The property the body is published under, when it is not itself an object. */
  wrap?: string;
}

export function successResponse(
  spec: SpecDocument,
  sel: SelectedOperation,
  converter: SchemaConverter,
  findings: SpecFinding[],
): OutputSchema | undefined {
  const responses = sel.op.responses;
  if (!isObject(responses)) return undefined;
  const code = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort((a, b) => rank(a) - rank(b))[0];
  if (code === undefined) return undefined;
  const response = deref(spec.doc, responses[code], [...sel.at, 'responses', code], findings);
  if (!response || !isObject(response.value.content)) return undefined;
  const content = response.value.content;
  const mediaType = Object.keys(content).find((m) => /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(m));
  if (mediaType === undefined) return undefined;
  const media = content[mediaType];
  if (!isObject(media) || media.schema === undefined) return undefined;
  const schemaPath = [...response.path, 'content', mediaType, 'schema'];

  const refs = new Set<string>();
  const resolved = converter.resolve(media.schema);
  let schema: Json;
  let wrap: string | undefined;
  if (isObjectSchema(resolved, converter, 0)) {
    // The referenced schema itself at the root, so clients see its properties without following a $ref.
    const target = isObject(media.schema) && typeof media.schema.$ref === 'string' ? resolved : media.schema;
    schema = { type: 'object', ...(converter.convert(target, schemaPath, 'output', refs) as Json) };
  } else {
    wrap = isObject(resolved) && (resolved.type === 'array' || isObject(resolved.items)) ? 'items' : 'value';
    schema = { type: 'object', properties: { [wrap]: converter.convert(media.schema, schemaPath, 'output', refs) }, required: [wrap] };
  }
  const defs = converter.collectDefs(refs, 'output');
  if (defs) schema.$defs = { ...(isObject(schema.$defs) ? schema.$defs : {}), ...defs };
  return { schema, ...(wrap ? { wrap } : {}) };
}

/** 200 before 201 before 2XX. */
function rank(code: string): number {
  return /^\d+$/.test(code) ? Number(code) : 299.5;
}

/** Whether every value the schema admits is a JSON object (null excluded). */
function isObjectSchema(schema: unknown, converter: SchemaConverter, depth: number): boolean {
  if (!isObject(schema) || depth > 16) return false;
  if (schema.nullable === true) return false;
  const type = schema.type;
  if (type === 'object' || (Array.isArray(type) && type.length === 1 && type[0] === 'object')) return true;
  if (type !== undefined) return false;
  const branch = (s: unknown) => isObjectSchema(converter.resolve(s), converter, depth + 1);
  if (Array.isArray(schema.allOf) && schema.allOf.some(branch)) return true;
  for (const k of ['oneOf', 'anyOf']) {
    const list = schema[k];
    if (Array.isArray(list) && list.length > 0 && list.every(branch)) return true;
  }
  return isObject(schema.properties) && schema.allOf === undefined && schema.oneOf === undefined && schema.anyOf === undefined;
}
