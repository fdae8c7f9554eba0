// `mcp-gen fmt`: the manifest in canonical form. Keys follow the order of the manifest schema (and a fixed
// keyword order inside JSON Schemas), indentation is two spaces, and comments, blank lines, flow/block style and
// the order of entries (which is the order clients list them in) are kept. Keys the schema does not know stay
// after the known ones, in their original order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  isMap,
  isNode,
  isPair,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
} from 'yaml';
import { packageRoot } from '../core/index.js';
import { printExact, YamlRoundTripError } from '../load/index.js';
import { isObject, SCHEMA_KEYWORD_ORDER } from '../core/index.js';
import { preserveFoldedScalars } from './yaml-folded.js';

type SchemaNode = Record<string, unknown>;

const SCHEMA_SINGLE = new Set([
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'items',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
  'contentSchema',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

export type FormatResult =
  | { ok: true; text: string; changed: boolean }
  | { ok: false; reason: 'yaml'; line: number; column: number; message: string };

let manifestSchema: SchemaNode | undefined;
function loadManifestSchema(): SchemaNode {
  manifestSchema ??= JSON.parse(readFileSync(join(packageRoot(), 'schemas', 'manifest.schema.json'), 'utf8')) as SchemaNode;
  return manifestSchema;
}

export function formatManifest(source: string): FormatResult {
  const doc = parseDocument(source, { keepSourceTokens: true, uniqueKeys: true, strict: true });
  if (doc.errors.length) {
    const e = doc.errors[0];
    return {
      ok: false,
      reason: 'yaml',
      line: e.linePos?.[0].line ?? 1,
      column: e.linePos?.[0].col ?? 1,
      message: e.message.split('\n')[0],
    };
  }
  keepKeyLineComments(doc, source);
  const root = loadManifestSchema();
  if (isMap(doc.contents)) {
    keepHeaderComment(doc, doc.contents, () => orderManifestNode(doc.contents, root, root));
  }
  preserveFoldedScalars(doc);
  // Formatting must never change what the manifest says: printExact reads the text back with the loader's parsers
  // and re-prints strings its style would change in escaped double quotes; it throws if nothing works.
  const before = doc.toJS();
  let text: string;
  try {
    text = printExact(doc, before, { indent: 2, indentSeq: true, lineWidth: 0, flowCollectionPadding: false });
  } catch (err) {
    if (err instanceof YamlRoundTripError) throw new Error("formatting would change the manifest's content; the file was left as it is");
    throw err;
  }
  return { ok: true, text, changed: text !== source };
}

/**
 * A manifest built in code (by `import`) in the key order `fmt` gives, so that what import writes already passes
 * `mcp-gen fmt --check`. With `section`, `node` is one entry of that section (a merge adds entries one by one and
 * leaves the rest of the file as it is).
 */
export function orderManifest(node: unknown, section?: string): void {
  const root = loadManifestSchema();
  const schema = section ? ((root.properties as Record<string, SchemaNode>)[section]?.additionalProperties as SchemaNode) : root;
  if (schema) orderManifestNode(node, schema, root);
}

/** A comment above the first key is the file's header (a `yaml-language-server` line, a title): it stays on top. */
function keepHeaderComment(doc: Document, map: YAMLMap, reorder: () => void): void {
  const first = map.items[0];
  const header = first && isScalar(first.key) ? first.key.commentBefore : undefined;
  reorder();
  if (map.items[0] === first) return;
  // The new first key opens the document: a blank line before it would only push the content down.
  const opening = map.items[0]?.key;
  if (isScalar(opening)) opening.spaceBefore = false;
  if (!header) return;
  (first.key as Scalar).commentBefore = undefined;
  doc.commentBefore = doc.commentBefore ? `${doc.commentBefore}\n${header}` : header;
}

/**
 * `inputSchema:   # note` parses as a comment before the block under the key, which would print on the next line:
 * when it was written on the key's line, it stays there. Other comments before a block belong to its first key.
 */
function keepKeyLineComments(doc: Document, source: string): void {
  visit(doc, {
    Pair(_key, pair) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (
        !isNode(key) ||
        !isNode(value) ||
        !(isMap(value) || isSeq(value)) ||
        value.flow ||
        !value.commentBefore ||
        !key.range ||
        !value.range
      )
        return;
      const between = source.slice(key.range[1], value.range[0]);
      if (between.split('\n')[0].includes('#') && !key.comment) {
        const [first, ...rest] = value.commentBefore.split('\n');
        key.comment = first;
        value.commentBefore = rest.length ? rest.join('\n') : undefined;
      }
      // A comment on its own line above a block's first key is about that key: it moves with it.
      const firstKey = isMap(value) ? value.items[0]?.key : undefined;
      if (value.commentBefore && isScalar(firstKey)) {
        firstKey.commentBefore = firstKey.commentBefore ? `${value.commentBefore}\n${firstKey.commentBefore}` : value.commentBefore;
        value.commentBefore = undefined;
      }
    },
  });
}

function resolve(schema: SchemaNode, root: SchemaNode): SchemaNode {
  let s = schema;
  for (let i = 0; i < 8 && typeof s.$ref === 'string'; i++) {
    const name = /^#\/definitions\/(.+)$/.exec(s.$ref as string)?.[1];
    const target = name ? (root.definitions as Record<string, SchemaNode>)[name] : undefined;
    if (!target) break;
    s = target;
  }
  // `oneOf: [boolean, {object}]` (transports.http): the object branch says how a map is ordered.
  const branches = (s.oneOf ?? s.anyOf) as SchemaNode[] | undefined;
  if (Array.isArray(branches)) {
    const objectBranch = branches.map((b) => resolve(b, root)).find((b) => b.properties);
    if (objectBranch) return objectBranch;
  }
  return s;
}

const isSchemaSlot = (s: SchemaNode) => typeof s.description === 'string' && /^(A JSON Schema|JSON Schema of)/.test(s.description);

function orderManifestNode(node: unknown, schema: SchemaNode, root: SchemaNode): void {
  const s = resolve(schema, root);
  if (isSchemaSlot(s)) return orderJsonSchema(node);
  if (isSeq(node) && isObject(s.items)) {
    for (const item of node.items) orderManifestNode(item, s.items as SchemaNode, root);
    return;
  }
  if (!isMap(node)) return;
  const props = isObject(s.properties) ? (s.properties as Record<string, SchemaNode>) : {};
  sortPairs(node, Object.keys(props));
  for (const pair of node.items) {
    const key = keyOf(pair);
    const child =
      key !== undefined && Object.hasOwn(props, key)
        ? props[key]
        : isObject(s.additionalProperties)
          ? (s.additionalProperties as SchemaNode)
          : undefined;
    if (child) orderManifestNode(pair.value, child, root);
  }
}

function orderJsonSchema(node: unknown): void {
  if (!isMap(node)) return;
  sortPairs(node, SCHEMA_KEYWORD_ORDER);
  for (const pair of node.items) {
    const key = keyOf(pair);
    if (key === undefined) continue;
    const value = pair.value;
    if (SCHEMA_MAPS.has(key) && isMap(value)) for (const entry of value.items) orderJsonSchema(entry.value);
    else if (SCHEMA_LISTS.has(key) && isSeq(value)) for (const item of value.items) orderJsonSchema(item);
    else if (SCHEMA_SINGLE.has(key)) orderJsonSchema(value);
    else if (key === 'dependencies' && isMap(value)) for (const entry of value.items) orderJsonSchema(entry.value);
  }
}

/** Stable sort: known keys by their rank, unknown keys after them in the order they were written. */
function sortPairs(map: YAMLMap, order: readonly string[]): void {
  const rank = new Map(order.map((k, i) => [k, i]));
  const ranked = map.items.map((pair, i) => ({ pair, i, r: rank.get(keyOf(pair) ?? '') ?? order.length }));
  ranked.sort((a, b) => a.r - b.r || a.i - b.i);
  map.items = ranked.map((x) => x.pair);
}

function keyOf(pair: Pair<unknown, unknown>): string | undefined {
  return isPair(pair) && isScalar(pair.key) ? String((pair.key as Scalar).value) : undefined;
}
