// `--merge`: an imported manifest folded into one that already exists and has been reviewed. New entries are
// added (with their import notes); entries that exist on both sides are left exactly as they are, and where the
// source now publishes something different the differences are reported for a person to apply. The existing
// file's comments and formatting are kept.
import { isMap, parseDocument, type Document, type Pair } from 'yaml';
import { orderManifest } from '../fmt/index.js';
import { printExact } from '../load/index.js';
import { describeDifference, jsonDiff } from './json-diff.js';
import { compactSmallCollections, setComment } from './manifest-writer.js';
import type { Json } from './server/snapshot.js';
import { isObject } from '../core/index.js';

const SECTIONS = ['tools', 'resources', 'resourceTemplates', 'prompts'] as const;

/** Fields that steer the generator and are never published: a difference there is no change of the source. */
const LOCAL_FIELDS = new Set(['renamedFrom', 'text', 'messages']);

export interface MergeReport {
  /** `tools/name` of each entry added. */
  added: string[];
  /** Entries present on both sides that differ: kept as they were. */
  changed: { entry: string; differences: string[] }[];
  /** Entries of the existing manifest the source no longer publishes: kept. */
  notInSource: string[];
  /** Differences in `server:` (kept as they were). */
  server: string[];
}

export interface MergeResult {
  text: string;
  report: MergeReport;
}

/** Undefined when the existing manifest is not a YAML map (the caller reports it with positions). */
export function mergeManifest(existingSource: string, incoming: Json, notes: Map<string, string[]>): MergeResult | undefined {
  const doc = parseDocument(existingSource);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return undefined;
  const existing = doc.toJS() as Json;
  const report: MergeReport = { added: [], changed: [], notInSource: [], server: [] };

  report.server = jsonDiff(existing.server ?? {}, incoming.server ?? {}).map((d) => describeDifference(d, 'manifest', 'source'));

  for (const section of SECTIONS) {
    const theirs = (incoming[section] ?? {}) as Json;
    const ours = (isObject(existing[section]) ? existing[section] : {}) as Json;
    for (const [name, entry] of Object.entries(theirs)) {
      const key = `${section}/${name}`;
      if (!Object.hasOwn(ours, name)) {
        addEntry(doc, section, name, entry, notes.get(key));
        report.added.push(key);
        continue;
      }
      const differences = jsonDiff(ours[name], entry)
        .filter((d) => !LOCAL_FIELDS.has(String(d.path[0])))
        .map((d) => describeDifference(d, 'manifest', 'source'));
      if (differences.length) report.changed.push({ entry: key, differences });
    }
    for (const name of Object.keys(ours)) if (!Object.hasOwn(theirs, name)) report.notInSource.push(`${section}/${name}`);
  }
  if (!report.added.length) return { text: existingSource, report };
  return { text: printExact(doc, doc.toJS(), { lineWidth: 0, flowCollectionPadding: false }), report };
}

function addEntry(doc: Document, section: string, name: string, entry: unknown, lines: string[] | undefined): void {
  if (!isMap(doc.get(section, true))) doc.set(section, doc.createNode({}));
  const node = doc.createNode(entry, { aliasDuplicateObjects: false });
  orderManifest(node, section);
  compactSmallCollections(node);
  const map = doc.get(section, true);
  if (!isMap(map)) return;
  const pair = doc.createPair(name, node) as Pair;
  if (lines?.length) setComment(pair, lines);
  map.items.push(pair);
}

export function describeMerge(report: MergeReport): string {
  const out: string[] = [];
  for (const a of report.added) out.push(`  added     ${a}`);
  for (const c of report.changed) {
    out.push(`  changed   ${c.entry} (kept as it is in the manifest):`);
    for (const d of c.differences.slice(0, 10)) out.push(`      ${d}`);
    if (c.differences.length > 10) out.push(`      … and ${c.differences.length - 10} more`);
  }
  for (const s of report.server) out.push(`  changed   server (kept): ${s}`);
  for (const n of report.notInSource) out.push(`  kept      ${n} (the source no longer publishes it)`);
  out.push(
    `merged: added ${report.added.length}, changed ${report.changed.length + (report.server.length ? 1 : 0)} (kept, review them), not in the source ${report.notInSource.length} (kept)`,
  );
  return out.join('\n') + '\n';
}
