// Tool input/output schemas and shared definitions: valid for their JSON Schema dialect, object at the root,
// and every $ref resolvable inside what the server will publish (no network; files only through schemaFiles: true,
// which resolve-schema-files turns into shared definitions before this runs).
import { checkJsonSchema } from './json-schema.js';
import type { Finding } from '../core/index.js';
import { closest } from '../core/index.js';
import type { PathSegment } from '../load/index.js';
import type { JsonSchema, Manifest } from '../core/index.js';
import { entriesOf } from '../core/index.js';
import {
  bundleSchema,
  collectRefs,
  isObject,
  longestRefChain,
  measureJson,
  resolveLocalRef,
  SCHEMA_LIMITS,
  sharedDefinitionName,
} from '../core/index.js';

export function checkSchemas(m: Manifest): Finding[] {
  const findings: Finding[] = [];
  const refFinding = (ref: string, path: PathSegment[], shared: Record<string, JsonSchema>, hint?: string) =>
    unresolvedRef(ref, path, shared, m.schemaFiles === true, hint);
  const declared: Record<string, JsonSchema> = isObject(m.definitions) ? (m.definitions as Record<string, JsonSchema>) : {};
  // Oversized schemas are reported and left out of every walk below: the walks recurse.
  const fitting: Record<string, JsonSchema> = {};
  let oversized = false;
  for (const [name, schema] of Object.entries(declared)) {
    const limit = sizeFinding(schema, ['definitions', name]);
    if (limit) findings.push(limit);
    else Object.defineProperty(fitting, name, { value: schema, enumerable: true });
    oversized ||= limit !== undefined;
  }
  // The manifest's own definitions when all fit: the bundles made here are then the ones later checks ask for.
  const shared = oversized ? fitting : declared;
  for (const [name, schema] of Object.entries(shared)) {
    const path = ['definitions', name];
    findings.push(...dialectFindings(schema, path));
    for (const use of collectRefs(schema)) {
      const target = sharedDefinitionName(use.ref);
      if (target !== undefined && Object.hasOwn(declared, target)) continue;
      findings.push(
        refFinding(
          use.ref,
          [...path, ...use.path],
          declared,
          target === undefined ? 'inside a shared definition, refer to other definitions as #/definitions/Name' : undefined,
        ),
      );
    }
  }
  for (const [name, tool] of entriesOf(m, 'tools')) {
    for (const field of ['inputSchema', 'outputSchema'] as const) {
      const schema = tool[field];
      if (schema === undefined) continue;
      const path = ['tools', name, field];
      const limit = sizeFinding(schema, path);
      if (limit) {
        findings.push(limit);
        continue;
      }
      const rootProblem = rootFinding(schema, path, field);
      if (rootProblem) findings.push(rootProblem);
      else findings.push(...forbiddenRequired(schema, path, field));
      findings.push(...dialectFindings(schema, path));
      const bundled = bundleSchema(schema, shared);
      for (const use of collectRefs(schema)) {
        // A ref into an oversized definition is left out of the bundle; that definition carries the error.
        const target = sharedDefinitionName(use.ref);
        if (
          resolveLocalRef(bundled, use.ref) !== undefined ||
          (target !== undefined && Object.hasOwn(declared, target) && !Object.hasOwn(shared, target))
        )
          continue;
        findings.push(refFinding(use.ref, [...path, ...use.path], declared));
      }
      findings.push(...bundleFindings(schema, bundled, path));
    }
  }
  return findings;
}

function sizeFinding(schema: JsonSchema, path: PathSegment[]): Finding | undefined {
  const size = measureJson(schema, SCHEMA_LIMITS.depth, SCHEMA_LIMITS.nodes);
  if (size.tooDeep) {
    return {
      code: 'schema/too-deep',
      path: [...path, ...size.tooDeep],
      message: `the schema nests more than ${SCHEMA_LIMITS.depth} levels deep here`,
      hint: 'move nested parts into definitions: and refer to them with $ref, or flatten the structure',
    };
  }
  if (size.nodes > SCHEMA_LIMITS.nodes) {
    return {
      code: 'schema/too-large',
      path,
      message: `the schema has more than ${SCHEMA_LIMITS.nodes} values`,
      hint: 'split the tool, or share repeated parts through definitions: and $ref',
    };
  }
  return undefined;
}

/** Limits on the schema as published: shared definitions pulled in count towards its size, and ref chains are bounded. */
function bundleFindings(schema: JsonSchema, bundled: unknown, path: PathSegment[]): Finding[] {
  if (bundledNodes(schema, bundled) > SCHEMA_LIMITS.nodes) {
    return [
      {
        code: 'schema/too-large',
        path,
        message: `with the definitions it refers to, the schema has more than ${SCHEMA_LIMITS.nodes} values`,
        hint: 'split the tool, or simplify the shared definitions it uses',
      },
    ];
  }
  const chain = longestRefChain(bundled);
  if (chain.length <= SCHEMA_LIMITS.refChain) return [];
  return [
    {
      code: 'schema/ref-chain',
      path,
      message: `the schema follows a chain of ${chain.length} $refs (${chain.refs.join(' -> ')} -> ...); at most ${SCHEMA_LIMITS.refChain} are allowed`,
      hint: 'validators compile a ref chain recursively: flatten some of the definitions along it',
    },
  ];
}

/**
 * The values in a bundle (what measureJson would count), from the sizes of its parts: the schema's own, with its
 * `definitions` replaced by the bundle's. Every part passed sizeFinding (oversized definitions are never bundled),
 * so each count is exact and no part nests too deep for the bundle's limit, which allows the two levels it adds.
 */
function bundledNodes(schema: JsonSchema, bundled: unknown): number {
  const nodes = (v: unknown) => measureJson(v, SCHEMA_LIMITS.depth, SCHEMA_LIMITS.nodes).nodes;
  if (bundled === schema || !isObject(schema) || !isObject(bundled) || !isObject(bundled.definitions)) return nodes(bundled);
  let count = nodes(schema) - (Object.hasOwn(schema, 'definitions') ? nodes(schema.definitions) : 0) + 1;
  const defs = bundled.definitions;
  for (const name in defs) if (Object.hasOwn(defs, name)) count += nodes(defs[name]);
  return count;
}

/**
 * `additionalProperties: false` takes every name its own `properties` and `patternProperties` leave out as forbidden
 * (a `$ref` or `allOf` beside it declares nothing for it), so a required name missing from `properties` makes the root
 * unsatisfiable: no arguments pass, and the tool can never be called (or never answer).
 */
function forbiddenRequired(schema: JsonSchema, path: PathSegment[], field: 'inputSchema' | 'outputSchema'): Finding[] {
  if (!isObject(schema) || schema.additionalProperties !== false || schema.patternProperties !== undefined) return [];
  if (!Array.isArray(schema.required)) return [];
  const declared = isObject(schema.properties) ? Object.keys(schema.properties) : [];
  return schema.required.flatMap((name, i) => {
    if (typeof name !== 'string' || declared.includes(name)) return [];
    const guess = closest(name, declared);
    return [
      {
        code: 'schema/required-forbidden',
        path: [...path, 'required', i],
        message: `required names "${name}", which additionalProperties: false forbids (properties does not declare it): no ${
          field === 'inputSchema'
            ? 'arguments are valid, so the tool can never be called'
            : 'structuredContent is valid, so the tool can never answer'
        }`,
        hint: guess ? `did you mean '${guess}'?` : `declare ${name} under properties, or take it out of required`,
      },
    ];
  });
}

function rootFinding(schema: JsonSchema, path: PathSegment[], field: string): Finding | undefined {
  if (isObject(schema) && schema.type === 'object') return undefined;
  // A ref to a file left in place could not be followed, and the finding at the ref says why; its type is unknown.
  if (isObject(schema) && schema.type === undefined && typeof schema.$ref === 'string' && !schema.$ref.startsWith('#')) return undefined;
  // Left out, most often by an author who wrote properties and took the object for granted (JSON Schema does).
  if (isObject(schema) && schema.type === undefined)
    return {
      code: 'schema/root-not-object',
      path,
      message: `${field} has no type: MCP requires type: object at its root`,
      hint: `add type: object${schema.properties !== undefined ? ' beside properties' : ''}`,
    };
  const found = isObject(schema) ? JSON.stringify(schema.type ?? null) : String(schema);
  return {
    code: 'schema/root-not-object',
    path: isObject(schema) && schema.type !== undefined ? [...path, 'type'] : path,
    message: `${field} must describe an object (type: object at its root), found type ${found}`,
    hint:
      field === 'inputSchema'
        ? 'tool arguments are always a JSON object: wrap the value in a property, e.g. {type: object, properties: {value: ...}}'
        : 'structuredContent is always a JSON object: wrap the value in a property, e.g. {type: object, properties: {items: ...}}',
  };
}

function dialectFindings(schema: JsonSchema, path: PathSegment[]): Finding[] {
  return checkJsonSchema(schema).map((p) => ({
    code: 'schema/invalid',
    path: [...path, ...p.path],
    message: `not valid JSON Schema: ${p.message}`,
    ...(p.hint && { hint: p.hint }),
  }));
}

function unresolvedRef(
  ref: string,
  path: PathSegment[],
  shared: Record<string, JsonSchema>,
  filesOptedIn: boolean,
  hint?: string,
): Finding {
  if (!ref.startsWith('#')) {
    // A relative path is most likely meant as a schema file: say how to opt in. A URL is never fetched either way.
    const looksLikeFile = !/^[A-Za-z][A-Za-z0-9+.-]*:|^[/\\]/.test(ref);
    return {
      code: 'schema/external-ref',
      path,
      message: `$ref ${JSON.stringify(ref)} points outside the manifest; only local references ('#/...') are resolved`,
      hint:
        looksLikeFile && !filesOptedIn
          ? "to read schema files inside the manifest's folder, opt in with `schemaFiles: true` at the top level of mcp.yaml; or copy the schema into definitions: and refer to it as #/definitions/Name"
          : 'nothing is ever fetched: copy the referenced schema into definitions: and refer to it as #/definitions/Name',
    };
  }
  const target = sharedDefinitionName(ref);
  const guess = target !== undefined ? closest(target, Object.keys(shared)) : undefined;
  return {
    code: 'schema/unresolved-ref',
    path,
    message: `$ref ${JSON.stringify(ref)} does not resolve to any schema`,
    hint:
      hint ?? (guess ? `did you mean '#/definitions/${guess}'?` : "declare it under definitions: (top level) or in this schema's $defs"),
  };
}
