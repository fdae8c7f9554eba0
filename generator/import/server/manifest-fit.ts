// Which fields of a published definition the manifest language can hold, read from the manifest schema itself,
// so that the day the schema gains a field (say `execution` on tools) import carries it without a change here.
// Only closed objects are trimmed; open values (`_meta`, JSON Schemas) pass through verbatim.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../../core/index.js';

type Node = Record<string, unknown>;

let cached: Node | undefined;

function manifestSchema(): Node {
  cached ??= JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8')) as Node;
  return cached;
}

/** Manifest-only fields: they steer the generator and are never published, so import never sets them. */
const GENERATOR_FIELDS = new Set(['renamedFrom', 'text', 'blob', 'file', 'messages', 'complete']);

export type ManifestDefinition = 'Tool' | 'Resource' | 'ResourceTemplate' | 'Prompt' | 'Server' | 'Capabilities';

function definition(name: ManifestDefinition): Node {
  const root = manifestSchema();
  if (name === 'Server') return (root.properties as Node).server as Node;
  // Top-level `capabilities` only where the manifest language has them; otherwise nothing fits.
  if (name === 'Capabilities')
    return ((root.properties as Node).capabilities as Node | undefined) ?? { type: 'object', additionalProperties: false, properties: {} };
  return (root.definitions as Node)[name] as Node;
}

function deref(node: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return node;
  return ((manifestSchema().definitions as Node)[ref.slice('#/definitions/'.length)] ?? {}) as Node;
}

/** Keeps the parts of `value` the manifest schema admits at `schema`; everything else is left out. */
function fitTo(value: unknown, schema: Node): unknown {
  const s = deref(schema);
  if (Array.isArray(value) && s.type === 'array' && s.items && typeof s.items === 'object') {
    return value.map((item) => fitTo(item, s.items as Node));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const props = s.properties as Node | undefined;
  if (s.additionalProperties !== false || props === undefined) return value;
  // In the schema's order, which is the order docs/manifest.md documents and hand-written manifests follow.
  const out: Node = {};
  for (const k of Object.keys(props)) {
    if (Object.hasOwn(value, k) && !GENERATOR_FIELDS.has(k)) out[k] = fitTo((value as Node)[k], props[k] as Node);
  }
  return out;
}

/** Whether the manifest language has a top-level field of this name. */
export function manifestHasField(field: string): boolean {
  return Object.hasOwn(manifestSchema().properties as Node, field);
}

/** A published definition (minus its name) as a manifest entry: the fields the manifest can hold, verbatim. */
export function fitEntry(kind: ManifestDefinition, published: Node, skip: readonly string[]): Node {
  const copy: Node = {};
  for (const [k, v] of Object.entries(published)) if (!skip.includes(k)) copy[k] = v;
  return fitTo(copy, definition(kind)) as Node;
}
