// One operation as one tool: an inputSchema merging path, query, header and cookie parameters (each under its own
// name) with the request body (under `body`), an outputSchema from the JSON success response, annotations from
// the HTTP method, and the description of the HTTP call the handler makes.
import type { PathSegment } from '../../load/index.js';
import type { Json, SpecDocument, SpecFinding } from './load.js';
import type { SelectedOperation } from './operations.js';
import { deref } from './refs.js';
import { isObject } from '../../core/index.js';
import type { SchemaConverter } from './schema.js';
import { operationSecurity, type ApiConfig, type SchemeConfig } from './security.js';
import { successResponse } from './response.js';

export type ParameterIn = 'path' | 'query' | 'header' | 'cookie';

/** What the handler needs to turn tool arguments into an HTTP request; printed into the handler as a literal. */
export interface OperationSpec {
  method: string;
  path: string;
  parameters: { key: string; name: string; in: ParameterIn; style?: string; explode?: boolean; json?: boolean }[];
  body?: { key: string; mediaType: string };
  security: string[][];
  /** The JSON success body becomes structuredContent as is (`false`) or under this key. */
  wrap?: string;
  structured: boolean;
}

export interface ImportedTool {
  name: string;
  entry: Json;
  operation: OperationSpec;
}

export const META_KEY = 'mcp-gen.dev/openapi';

/** Per the OpenAPI specification, header parameters with these names are ignored (content negotiation and auth). */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

const ANNOTATIONS: Record<string, Json> = {
  get: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  head: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  options: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  trace: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  put: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  delete: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  post: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  patch: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
};

export function operationToTool(
  spec: SpecDocument,
  sel: SelectedOperation,
  converter: SchemaConverter,
  api: ApiConfig,
  findings: SpecFinding[],
): ImportedTool {
  const properties: Json = {};
  const required: string[] = [];
  const refs = new Set<string>();
  const parameters: OperationSpec['parameters'] = [];

  for (const p of mergedParameters(spec, sel, findings)) {
    const param = p.value;
    const name = param.name as string;
    const where = param.in as ParameterIn;
    if (where === 'header' && IGNORED_HEADERS.has(name.toLowerCase())) {
      findings.push({
        path: p.path,
        severity: 'warning',
        message: `header parameter ${JSON.stringify(name)} is ignored (OpenAPI leaves it to content negotiation or security schemes)`,
      });
      continue;
    }
    const key = uniqueKey(properties, name, where);
    const viaContent = param.schema === undefined && isObject(param.content);
    const media = viaContent ? Object.values(param.content as Json)[0] : undefined;
    const rawSchema = viaContent ? (isObject(media) ? media.schema : undefined) : param.schema;
    const schemaPath = viaContent ? [...p.path, 'content', Object.keys(param.content as Json)[0], 'schema'] : [...p.path, 'schema'];
    properties[key] = annotate(converter.convert(rawSchema ?? {}, schemaPath, 'input', refs), param);
    if (param.required === true || where === 'path') required.push(key);
    parameters.push({ key, name, in: where, ...serialization(param, where), ...(viaContent ? { json: true } : {}) });
  }

  let body: OperationSpec['body'];
  if (sel.op.requestBody !== undefined) {
    const rb = deref(spec.doc, sel.op.requestBody, [...sel.at, 'requestBody'], findings);
    const content = rb && isObject(rb.value.content) ? rb.value.content : {};
    const mediaType = pickMediaType(Object.keys(content));
    if (rb && mediaType !== undefined) {
      const key = uniqueKey(properties, 'body', 'body');
      const media = isObject(content[mediaType]) ? (content[mediaType] as Json) : {};
      const converted = converter.convert(media.schema ?? {}, [...rb.path, 'content', mediaType, 'schema'], 'input', refs);
      properties[key] =
        typeof rb.value.description === 'string' && isObject(converted) && converted.description === undefined
          ? { ...converted, description: rb.value.description }
          : converted;
      if (rb.value.required === true) required.push(key);
      body = { key, mediaType };
    }
  }

  const inputSchema: Json = { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
  const defs = converter.collectDefs(refs, 'input');
  if (defs) inputSchema.$defs = defs;

  const output = successResponse(spec, sel, converter, findings);
  const security = operationSecurity(spec, sel.op, sel.at, api, findings);
  const operationId = typeof sel.op.operationId === 'string' ? sel.op.operationId : undefined;
  const summary = typeof sel.op.summary === 'string' ? sel.op.summary.trim() : undefined;
  const described =
    typeof sel.overrides.description === 'string'
      ? sel.overrides.description
      : typeof sel.op.description === 'string' && sel.op.description.trim()
        ? sel.op.description.trim()
        : summary;
  const description = sel.op.deprecated === true ? `Deprecated. ${described ?? ''}`.trim() : described;
  const title = typeof sel.overrides.title === 'string' ? sel.overrides.title : summary;

  const entry: Json = {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    inputSchema,
    ...(output ? { outputSchema: output.schema } : {}),
    annotations: ANNOTATIONS[sel.method],
    _meta: {
      [META_KEY]: {
        ...(operationId !== undefined ? { operationId } : {}),
        method: sel.method.toUpperCase(),
        path: sel.path,
        env: [api.baseUrlEnv, ...credentialEnv(security, api.schemes)],
      },
    },
  };
  return {
    name: sel.name,
    entry,
    operation: {
      method: sel.method.toUpperCase(),
      path: sel.path,
      parameters,
      ...(body ? { body } : {}),
      security,
      ...(output?.wrap ? { wrap: output.wrap } : {}),
      structured: output !== undefined,
    },
  };
}

/** Path-item parameters, overridden by the operation's own of the same name and location. */
function mergedParameters(spec: SpecDocument, sel: SelectedOperation, findings: SpecFinding[]): { value: Json; path: PathSegment[] }[] {
  const byKey = new Map<string, { value: Json; path: PathSegment[] }>();
  const add = (list: unknown, at: PathSegment[]) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) return findings.push({ path: at, message: 'parameters must be a list' });
    for (const [i, raw] of list.entries()) {
      const p = deref(spec.doc, raw, [...at, i], findings);
      if (!p) continue;
      const { name, in: where } = p.value;
      if (typeof name !== 'string' || !['path', 'query', 'header', 'cookie'].includes(where as string)) {
        findings.push({ path: p.path, message: 'a parameter needs a name and in: path, query, header or cookie' });
        continue;
      }
      byKey.set(`${where} ${name}`, p);
    }
  };
  add(sel.pathItem.parameters, [...sel.pathItemAt, 'parameters']);
  add(sel.op.parameters, [...sel.at, 'parameters']);
  return [...byKey.values()];
}

function uniqueKey(properties: Json, name: string, where: string): string {
  if (!Object.hasOwn(properties, name)) return name;
  const alternative = `${name}_${where}`;
  let key = alternative;
  for (let i = 2; Object.hasOwn(properties, key); i++) key = `${alternative}_${i}`;
  return key;
}

/** The parameter's description and deprecation travel with its schema, where a model reads them. */
function annotate(schema: unknown, param: Json): unknown {
  if (!isObject(schema)) return schema;
  const out: Json = { ...schema };
  if (typeof param.description === 'string' && out.description === undefined) out.description = param.description;
  if (param.deprecated === true) out.deprecated = true;
  if (param.example !== undefined && out.examples === undefined) out.examples = [param.example];
  return out;
}

const DEFAULT_STYLE: Record<ParameterIn, string> = { path: 'simple', query: 'form', header: 'simple', cookie: 'form' };

function serialization(param: Json, where: ParameterIn): { style?: string; explode?: boolean } {
  const style = typeof param.style === 'string' ? param.style : DEFAULT_STYLE[where];
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  return {
    ...(style !== DEFAULT_STYLE[where] ? { style } : {}),
    ...(explode !== (DEFAULT_STYLE[where] === 'form') ? { explode } : {}),
  };
}

export function isJsonMediaType(m: string): boolean {
  return /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(m) || m === '*/*';
}

function pickMediaType(types: string[]): string | undefined {
  return (
    types.find((t) => /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i.test(t)) ??
    types.find((t) => /^application\/x-www-form-urlencoded/i.test(t)) ??
    types.find((t) => /^multipart\/form-data/i.test(t)) ??
    types.find((t) => /^text\//i.test(t)) ??
    types[0]
  );
}

function credentialEnv(security: string[][], schemes: Record<string, SchemeConfig>): string[] {
  const names = new Set<string>();
  for (const alternative of security) {
    for (const s of alternative) {
      const c = schemes[s];
      if (!c) continue;
      if (c.type === 'basic') names.add(c.usernameEnv).add(c.passwordEnv);
      else names.add(c.env);
    }
  }
  return [...names];
}
