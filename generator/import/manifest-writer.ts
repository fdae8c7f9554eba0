// Imported manifests as YAML a reviewer can read: small maps and lists on one line (`{type: string}`), long text
// as block scalars, import notes as comments above the entry they concern. Reading the text back gives exactly
// the manifest object (printExact checks it, and falls back to escaped double quotes for strings no other style
// carries), so nothing is lost in the formatting.
import { Document, isMap, isPair, isScalar, isSeq, Scalar, visit, type Node, type Pair } from 'yaml';
import { orderManifest } from '../fmt/index.js';
import { printExact } from '../load/index.js';

export interface WriteOptions {
  /** Comment lines at the top of the file (without `#`). */
  header: string[];
  /** Comment lines above entries, keyed by `section/name`, or `server`. */
  notes?: Map<string, string[]>;
}

const FLOW_MAX = 72;

export function manifestYaml(manifest: Record<string, unknown>, options: WriteOptions): string {
  // Import shares converted schemas between tools; a manifest spells each one out rather than using YAML aliases.
  const doc = new Document(manifest, { aliasDuplicateObjects: false });
  orderManifest(doc.contents);
  compactSmallCollections(doc);
  for (const [key, lines] of options.notes ?? []) {
    const [section, ...rest] = key.split('/');
    const pair = rest.length ? findPair(doc.get(section, true), rest.join('/')) : findPair(doc.contents, section);
    if (pair) setComment(pair, lines);
  }
  doc.commentBefore = options.header.map((l) => ` ${l}`.trimEnd()).join('\n');
  return printExact(doc, manifest, { lineWidth: 0, flowCollectionPadding: false });
}

/** Puts collections whose JSON is short on one line, as hand-written manifests do. */
export function compactSmallCollections(root: Document | Node): void {
  visit(root, {
    Map(_, node) {
      if (fitsOnALine(node.items.map((p) => [p.key, p.value]))) node.flow = true;
    },
    Seq(_, node) {
      if (fitsOnALine(node.items.map((v) => [undefined, v]))) node.flow = true;
    },
  });
}

/** Whether the collection's JSON stays within FLOW_MAX characters and one line; stops counting past the limit. */
function fitsOnALine(items: [unknown, unknown][]): boolean {
  let budget = FLOW_MAX - 2;
  for (const [key, value] of items) {
    if (key !== undefined) budget -= scalarLength(key) + 1;
    budget -= nodeLength(value, budget) + 1;
    if (budget < 0) return false;
  }
  return true;
}

/** JSON length of a node, or more than `limit` once it is known to exceed it (then the exact figure does not matter). */
function nodeLength(node: unknown, limit: number): number {
  if (isMap(node) || isSeq(node)) {
    let total = 2;
    for (const item of node.items as unknown[]) {
      const [k, v] = isPair(item) ? [item.key, item.value] : [undefined, item];
      if (k !== undefined) total += scalarLength(k) + 1;
      total += nodeLength(v, limit - total) + 1;
      if (total > limit) return limit + 1;
    }
    return total;
  }
  return scalarLength(node);
}

/** Scalars with line breaks or escapes never go on a flow line: they count as too long. */
function scalarLength(node: unknown): number {
  const value = isScalar(node) ? node.value : node;
  const json = JSON.stringify(value) ?? 'null';
  return json.includes('\\n') || json.includes('\\u') ? FLOW_MAX + 1 : json.length;
}

function findPair(node: unknown, key: string): Pair | undefined {
  if (!isMap(node)) return undefined;
  return node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === key) as Pair | undefined;
}

export function setComment(pair: Pair, lines: readonly string[]): void {
  if (!isScalar(pair.key)) pair.key = new Scalar(pair.key);
  const text = lines
    .flatMap((l) => l.split('\n'))
    .map((l) => ` ${l}`.trimEnd())
    .join('\n');
  (pair.key as Scalar).commentBefore = text;
}
