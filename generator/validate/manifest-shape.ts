// Structural validation against schemas/manifest.schema.json, with errors rewritten for people: unknown keys get a
// "did you mean", enums list their values, and each error points at the offending key or value.
import type { ErrorObject } from 'ajv';
import type { Finding, PathSegment } from '../core/index.js';
import { closest, isObject, isTargetName } from '../core/index.js';
import { manifestValidatorFactory, type GeneratedValidator } from './spec-validators.gen.js';
import { pointerToPath } from './against-spec.js';

// Compiled ahead of time by scripts/build-spec-validators.mjs: compiling the manifest schema with ajv on every run
// cost about 180 ms.
let validator: GeneratedValidator | undefined;

function manifestValidator(): GeneratedValidator {
  return (validator ??= manifestValidatorFactory());
}

export function checkManifestShape(data: unknown): Finding[] {
  const validate = manifestValidator();
  if (validate(data)) return [];
  const errors = validate.errors ?? [];
  const noise = oneOfNoise(errors);
  return dedupe(
    withoutMovedKeys([...errors.filter((e) => !noise.has(e)).map((e) => toFinding(e, data)), ...oneOfTypeFindings(errors, data)]),
  );
}

/** `- node: {...}` in targets: node, deno and bun take no settings, so they are written by name alone. */
function bareTarget(path: PathSegment[], key: string): string | undefined {
  return path[0] === 'targets' && isTargetName(key) ? `${key} takes no settings: write the item as - ${key}` : undefined;
}

/** An entry in the wrong section misses the other kind's key: the hint to move it says all, so that error goes. */
function withoutMovedKeys(findings: Finding[]): Finding[] {
  const moved = new Set(
    findings.filter((f) => f.path.length === 3 && WRONG_KIND[`${f.path[0]}.${f.path[2]}`]).map((f) => `${f.path[0]}\0${f.path[1]}`),
  );
  return moved.size === 0 ? findings : findings.filter((f) => !(f.code === 'manifest/missing-key' && moved.has(f.path.join('\0'))));
}

// `<<: *common` is YAML 1.1's merge key. Manifests are YAML 1.2, where it is an ordinary key; an alias of a whole
// value still shares it, and keeps every published field visible where a reviewer reads it.
const MERGE_KEY =
  "'<<' merges maps in YAML 1.1 only; a manifest is YAML 1.2: write the keys out, or share a whole value with an anchor (annotations: &ro {readOnlyHint: true}, then annotations: *ro)";

// `x-common:` holds anchors or notes in OpenAPI and Compose files; a manifest publishes what it holds, so it takes
// no keys of its own invention.
const EXTENSION_KEY =
  "a manifest takes no 'x-' keys: data for clients goes in _meta, a note in a # comment, and an anchor (&name) on the first value that uses it";

/** Keys of one entry kind written in an entry of the other: the entry belongs in the other section. */
const WRONG_KIND: Record<string, string> = {
  'resources.uriTemplate': 'a resource with a uriTemplate is a resource template: move this entry under resourceTemplates:',
  'resourceTemplates.uri':
    'a resource template has a uriTemplate (rename uri to uriTemplate); a resource with a fixed uri goes under resources:',
};

function toFinding(e: ErrorObject, data: unknown): Finding {
  const path = pointerToPath(e.instancePath, data);
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const allowed = Object.keys((e.parentSchema as { properties?: object })?.properties ?? {});
      const guess = closest(key, allowed);
      const moved = path.length === 2 ? (WRONG_KIND[`${path[0]}.${key}`] ?? bareTarget(path, key)) : undefined;
      return {
        code: 'manifest/unknown-key',
        path: [...path, key],
        at: 'key',
        message: `unknown key '${key}'`,
        hint:
          moved ??
          (key === '<<'
            ? MERGE_KEY
            : key.startsWith('x-') && !guess
              ? EXTENSION_KEY
              : guess
                ? `did you mean '${guess}'?`
                : `allowed keys here: ${allowed.join(', ')}`),
      };
    }
    case 'maxProperties':
      return {
        code: 'manifest/invalid-value',
        path,
        message: `must have at most ${p.limit} key${p.limit === 1 ? '' : 's'}`,
        ...(path.length === 2 && path[0] === 'targets'
          ? { hint: 'one target per item: write each target with its settings as an item of its own' }
          : {}),
      };
    case 'required':
      return {
        code: 'manifest/missing-key',
        path,
        message: `missing required key '${p.missingProperty}'`,
        hint: `add '${p.missingProperty}:' here`,
      };
    case 'enum': {
      const allowed = p.allowedValues as unknown[];
      const guess =
        typeof e.data === 'string'
          ? closest(
              e.data,
              allowed.filter((v) => typeof v === 'string'),
            )
          : undefined;
      return {
        code: 'manifest/invalid-value',
        path,
        message: `must be one of: ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
        ...(guess ? { hint: `did you mean '${guess}'?` } : {}),
      };
    }
    case 'const':
      return {
        code: 'manifest/invalid-value',
        path,
        message: `must be ${JSON.stringify(p.allowedValue)}`,
        ...(path.length === 1 && path[0] === 'version' ? versionHint(e.data) : {}),
      };
    case 'type':
      return {
        code: 'manifest/invalid-type',
        path,
        message: `must be ${String(p.type).replace(',', ' or ')}`,
        ...(iconSize(e.data, path) ??
          permission(e.data, path) ??
          unquoted(p.type, e.data) ??
          quoted(p.type, e.data) ??
          listed(p.type, e.data, path) ??
          keyed(p.type, e.data, path)),
      };
    default:
      return { code: 'manifest/invalid-value', path, message: e.message ?? 'invalid value' };
  }
}

// A failed oneOf says only "must match exactly one schema", and the branches that reject the value's type say
// "must be boolean" while the real problem is inside the object branch. Both are dropped; when every branch
// rejects the type, one finding names all the accepted types instead.
function oneOfNoise(errors: ErrorObject[]): Set<ErrorObject> {
  const oneOfPaths = new Set(errors.filter((e) => e.keyword === 'oneOf').map((e) => e.instancePath));
  return new Set(
    errors.filter(
      (e) =>
        e.keyword === 'oneOf' ||
        (e.keyword === 'type' && oneOfPaths.has(e.instancePath)) ||
        // A branch of names (enum) rejects a map for its type, as a type branch would: the map's own branch speaks.
        (e.keyword === 'enum' && oneOfPaths.has(e.instancePath) && !enumType(e)),
    ),
  );
}

/** Whether the value is of a type some of the enum's values have. */
function enumType(e: ErrorObject): boolean {
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues ?? [];
  return allowed.some((v) => typeof v === typeof e.data && Array.isArray(v) === Array.isArray(e.data));
}

function oneOfTypeFindings(errors: ErrorObject[], data: unknown): Finding[] {
  return errors
    .filter((e) => e.keyword === 'oneOf')
    .flatMap((oneOf) => {
      const typeErrors = errors.filter((e) => e.keyword === 'type' && e.instancePath === oneOf.instancePath);
      if (typeErrors.length !== (oneOf.schema as unknown[]).length) return [];
      const types = typeErrors.map((e) => String((e.params as { type: unknown }).type));
      return [{ code: 'manifest/invalid-type', path: pointerToPath(oneOf.instancePath, data), message: `must be ${types.join(' or ')}` }];
    });
}

function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.path.join('\0')}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * `port: '3000'` is text: when a number or boolean was wanted and a quoted text reads as one, say to drop the quotes.
 * `readOnlyHint: yes` is text too (YAML 1.1 read yes as true; the manifest's YAML 1.2 does not): say what to write.
 */
export function quoted(type: unknown, value: unknown): { hint: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (type === 'boolean' && /^(yes|no|on|off|y|n)$/i.test(text)) {
    const meant = /^(yes|on|y)$/i.test(text);
    return { hint: `YAML 1.2 reads ${text} as text, not a boolean: write ${meant}` };
  }
  const reads =
    type === 'boolean'
      ? text === 'true' || text === 'false'
      : (type === 'integer' || type === 'number') &&
        text !== '' &&
        Number.isFinite(Number(text)) &&
        (type === 'number' || Number.isInteger(Number(text)));
  return reads ? { hint: `this value is quoted, so it is text; write it without quotes for the ${type} ${text}` } : undefined;
}

/** `version: 1.10` is the number 1.1 to YAML: when text was wanted and a plain scalar gave something else, say so. */
function unquoted(type: unknown, value: unknown): { hint: string } | undefined {
  if (type !== 'string' || !(typeof value === 'number' || typeof value === 'boolean' || value === null)) return undefined;
  const read = value === null ? 'null' : `the ${typeof value} ${JSON.stringify(value)}`;
  return { hint: `YAML reads this unquoted value as ${read}; quote it to keep the text as written` };
}

/**
 * `arguments: {who: {...}}` is a map where the manifest takes a list (prompt arguments are a list, as in the spec,
 * since their order is what clients show): give the list form, with the key as the item's name.
 */
function listed(type: unknown, value: unknown, path: PathSegment[]): { hint: string } | undefined {
  if (type !== 'array' || !isObject(value)) return undefined;
  const [first] = Object.entries(value);
  if (path.at(-1) === 'arguments' && first && isObject(first[1])) {
    const fields = Object.entries(first[1]).map(([k, v]) => `, ${k}: ${inline(v)}`);
    return { hint: `write a list, each argument with its name: - {name: ${first[0]}${fields.join('')}}` };
  }
  return { hint: 'write a list: one item per line, each starting with "- "' };
}

/** The manifest's `version:` is its format: a quoted 1, another format, or the server's version written there. */
function versionHint(value: unknown): { hint: string } {
  if (value === '1') return { hint: 'this value is quoted, so it is text; write version: 1' };
  if (typeof value === 'number' && Number.isInteger(value) && value > 1)
    return { hint: `this mcp-gen reads manifests of format 1; format ${value} needs a newer mcp-gen` };
  return { hint: "version: is the manifest's format, 1; the server's own version goes in server.version" };
}

// Sections keyed by name. Their entries carry no `name:`: the key is the name, so it cannot be given twice.
const NAMED_MAPS = new Set(['tools', 'resources', 'resourceTemplates', 'prompts', 'apps', 'definitions']);

/**
 * `tools: [{name: get_forecast, ...}]` is the shape of a tools/list result, and `tools: [a, b]` a list of names:
 * the manifest keys each entry by its name. Give the map form of the first item.
 */
function keyed(type: unknown, value: unknown, path: PathSegment[]): { hint: string } | undefined {
  const section = path[0];
  if (type !== 'object' || !Array.isArray(value) || path.length !== 1 || !NAMED_MAPS.has(String(section))) return undefined;
  const [first] = value;
  if (first === undefined) return { hint: `for none, write ${String(section)}: {} or leave the key out` };
  const named = isObject(first) && typeof first.name === 'string';
  const name = named ? (first.name as string) : typeof first === 'string' ? first : undefined;
  if (name === undefined) return { hint: `${String(section)} is a map from each name to its entry: write name: {...} lines, without "- "` };
  const rest = named ? Object.entries(first).filter(([k]) => k !== 'name') : [];
  let fields = rest.map(([k, v]) => `${k}: ${inline(v)}`).join(', ');
  // A whole schema on one line helps no one: past a line's worth, nested values are elided.
  if (fields.length > 100)
    fields = rest.map(([k, v]) => `${k}: ${isObject(v) ? '{...}' : Array.isArray(v) ? '[...]' : inline(v)}`).join(', ');
  return {
    hint: `${String(section)} is a map from each name to its entry, not a list: under ${String(section)}:, write ${name}: {${fields || '...'}}${named ? ', with no name: inside' : ''}`,
  };
}

/** A value as flow YAML on one line: plain when that reads back the same, JSON otherwise. */
function inline(value: unknown): string {
  if (typeof value === 'string')
    return /^[\w][\w .()/-]*$/.test(value) && !/^(true|false|null|~|[-+.\d])/i.test(value) ? value : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (isObject(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${inline(v)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/** `camera: {}` is how the spec publishes a permission; the manifest asks for one with `camera: true`. */
function permission(value: unknown, path: PathSegment[]): { hint: string } | undefined {
  return path[0] === 'apps' && path[2] === 'permissions' && path.length === 4 && (isObject(value) || value === null)
    ? { hint: `ask for it with ${String(path[3])}: true; it is published as ${String(path[3])}: {}` }
    : undefined;
}

/** `sizes: [48]`: a number where an icon size goes, which the spec writes WxH. */
function iconSize(value: unknown, path: PathSegment[]): { hint: string } | undefined {
  return typeof value === 'number' && path.at(-2) === 'sizes'
    ? { hint: `icon sizes are text as WxH: write '${value}x${value}'` }
    : undefined;
}
