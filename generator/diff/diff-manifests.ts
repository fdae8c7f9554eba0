// What a change to the manifest does to clients: entries are matched by name (or by `renamedFrom`), then each
// pair is compared field by field through its published form.
import { ENTRY_KINDS, type EntryKind } from '../core/index.js';
import { canonicalJson, sameJson, showValue } from '../core/index.js';
import { CHANGE_CLASSES, KIND_LABEL, type Change } from './change.js';
import { compareEntry, RULE_PREFIX } from './compare-entries.js';
import { compareDescriptions } from './compare-text.js';
import { diffApps } from './compare-apps.js';
import { diffToolsets } from './compare-toolsets.js';
import type { Surface, SurfaceEntry } from '../core/index.js';

export function diffSurfaces(base: Surface, head: Surface): Change[] {
  const out: Change[] = [];
  diffServer(base, head, out);
  for (const kind of ENTRY_KINDS) diffKind(kind, base, head, out);
  diffToolsets(base, head, out);
  diffApps(base, head, out);
  return out;
}

function diffKind(kind: EntryKind, base: Surface, head: Surface, out: Change[]): void {
  const before = base.entries[kind];
  const after = head.entries[kind];
  const prefix = RULE_PREFIX[kind];
  const matched = new Set<string>();
  const added: SurfaceEntry[] = [];
  for (const h of after.values()) {
    let b = before.get(h.name);
    const renamed = !b && h.renamedFrom !== undefined && !after.has(h.renamedFrom) ? before.get(h.renamedFrom) : undefined;
    b ??= renamed;
    if (!b) {
      added.push(h);
      continue;
    }
    matched.add(b.name);
    if (renamed) {
      out.push({
        class: 'risky',
        rule: `${prefix}-renamed`,
        kind,
        entry: h.name,
        side: 'head',
        path: [kind, h.name, 'renamedFrom'],
        message: `renamed from \`${renamed.name}\` (renamedFrom); clients that use the old name must switch to the new one`,
      });
    }
    // The same parsed entry (BASE reuses HEAD's unchanged ones), the same JSON, or the same data in another key order.
    const untouched = b.declared === h.declared && base.shared === head.shared;
    if (
      !renamed &&
      (untouched ||
        JSON.stringify(b.published) === JSON.stringify(h.published) ||
        canonicalJson(b.published) === canonicalJson(h.published))
    )
      continue;
    compareEntry(b, h, out);
  }
  for (const b of before.values()) {
    if (matched.has(b.name)) continue;
    // A removal plus an addition with the same content is almost always a rename that forgot to say so.
    const twin = added.find((a) => sameJson({ ...a.published, name: '' }, { ...b.published, name: '' }));
    const hint = twin ? `; if it became \`${twin.name}\`, add \`renamedFrom: ${b.name}\` there` : '';
    out.push({
      class: 'breaking',
      rule: `${prefix}-removed`,
      kind,
      entry: b.name,
      side: 'base',
      path: [kind, b.name],
      message: `removed; clients that use it fail${hint}`,
    });
  }
  for (const a of added) {
    const announced = head.listChanged[kind];
    out.push({
      class: announced ? 'safe' : 'risky',
      rule: `${prefix}-added`,
      kind,
      entry: a.name,
      side: 'head',
      path: [kind, a.name],
      message: announced
        ? 'added'
        : 'added, but the server does not announce list changes (listChanged: false): connected clients see it only after reconnecting',
    });
  }
}

function diffServer(base: Surface, head: Surface, out: Change[]): void {
  const emit = (cls: Change['class'], rule: string, message: string, key: string) =>
    out.push({
      class: cls,
      rule: `server-${rule}`,
      kind: 'server',
      entry: String(head.serverInfo.name ?? ''),
      side: 'head',
      path: ['server', key],
      message,
    });
  const b = base.serverInfo;
  const h = head.serverInfo;
  if (b.name !== undefined && b.name !== h.name)
    emit(
      'risky',
      'name-changed',
      `serverInfo.name changed from ${showValue(b.name)} to ${showValue(h.name)}; client configurations that refer to it need updating`,
      'name',
    );
  const info = ['title', 'description', 'websiteUrl', 'icons'].filter((k) => !sameJson(b[k], h[k]));
  if (info.length) emit('safe', 'info-changed', `${info.join(', ')} changed`, info[0]);
  compareDescriptions(base.instructions, head.instructions, (cls, rule, text) =>
    emit(cls, `instructions-${rule.replace('description-', '')}`, `instructions: ${text.replace('description ', '')}`, 'instructions'),
  );
}

/** Breaking first, then risky, then safe; inside a class, in the order of the manifest's sections. */
export function sortChanges<T extends Change>(changes: T[], line: (c: T) => number): T[] {
  // Views after the four lists, as the manifest schema orders the sections.
  const kindRank = (c: Change) => (c.kind === 'server' ? -1 : c.kind === 'apps' ? ENTRY_KINDS.length : ENTRY_KINDS.indexOf(c.kind));
  return changes
    .map((c, i) => ({ c, i }))
    .sort(
      (x, y) =>
        CHANGE_CLASSES.indexOf(x.c.class) - CHANGE_CLASSES.indexOf(y.c.class) ||
        kindRank(x.c) - kindRank(y.c) ||
        line(x.c) - line(y.c) ||
        x.i - y.i,
    )
    .map(({ c }) => c);
}

export function describeEntry(c: Change): string {
  return c.kind === 'server' ? 'server' : `${KIND_LABEL[c.kind]} \`${c.entry}\``;
}
