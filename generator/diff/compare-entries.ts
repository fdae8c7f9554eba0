// Compares one published entry (a tool, resource, resource template or prompt) between BASE and HEAD.
import type { PathSegment } from '../load/index.js';
import { ENTRY_KINDS, KIND_INFO, type EntryKind } from '../core/index.js';
import { isObject } from '../core/index.js';
import { uriTemplateVariableNames } from '../core/index.js';
import { sameJson, showValue } from '../core/index.js';
import type { Change, ChangeClass } from './change.js';
import { compareToolUi, withoutUi } from './compare-apps.js';
import { compareSchemas } from './compare-schemas.js';
import { compareDescriptions } from './compare-text.js';
import type { SchemaSide } from './schema-view.js';
import type { SurfaceEntry } from '../core/index.js';

export const RULE_PREFIX: Record<EntryKind, string> = Object.fromEntries(ENTRY_KINDS.map((k) => [k, KIND_INFO[k].prefix])) as Record<
  EntryKind,
  string
>;

type Emit = (cls: ChangeClass, rule: string, message: string, path: PathSegment[]) => void;

export function compareEntry(base: SurfaceEntry, head: SurfaceEntry, out: Change[]): void {
  const kind = head.kind;
  const at: PathSegment[] = [kind, head.name];
  const emit: Emit = (cls, rule, message, path) =>
    out.push({ class: cls, rule: `${RULE_PREFIX[kind]}-${rule}`, kind, entry: head.name, message, path, side: 'head' });
  const b = base.published;
  const h = head.published;
  compareDescriptions(b.description, h.description, (cls, rule, text) => emit(cls, rule, text, [...at, 'description']));
  if (!sameJson(b.title, h.title))
    emit('safe', 'title-changed', `title changed from ${showValue(b.title)} to ${showValue(h.title)}`, [...at, 'title']);
  if (kind === 'tools') compareTool(base, head, emit, out);
  if (kind === 'resources') compareResource(b, h, at, emit);
  if (kind === 'resourceTemplates') compareTemplate(b, h, at, emit);
  if (kind === 'prompts') comparePrompt(base, head, emit);
  // A tool's `_meta.ui` is compared by what it means (compareToolUi), the rest of `_meta` as metadata.
  const meta = ['icons', '_meta', 'size', ...(kind === 'tools' ? [] : ['annotations'])].filter(
    (k) => !sameJson(k === '_meta' ? withoutUi(b[k]) : b[k], k === '_meta' ? withoutUi(h[k]) : h[k]),
  );
  if (meta.length) emit('safe', 'metadata-changed', `${meta.join(', ')} changed`, [...at, meta[0]]);
}

function schemaSide(e: SurfaceEntry, field: 'inputSchema' | 'outputSchema'): SchemaSide {
  const declared = e.declared[field];
  const own = isObject(declared) && isObject(declared.definitions) ? Object.keys(declared.definitions) : [];
  return { root: e.published[field], at: [e.kind, e.name, field], ownDefinitions: new Set(own) };
}

function compareTool(base: SurfaceEntry, head: SurfaceEntry, emit: Emit, out: Change[]): void {
  const attach = (changes: ReturnType<typeof compareSchemas>) => {
    for (const c of changes) out.push({ ...c, rule: `tool-${c.rule}`, kind: 'tools', entry: head.name, side: 'head' });
  };
  if (!sameJson(base.published.inputSchema, head.published.inputSchema))
    attach(compareSchemas('input', schemaSide(base, 'inputSchema'), schemaSide(head, 'inputSchema')));
  const ob = base.published.outputSchema;
  const oh = head.published.outputSchema;
  if (ob === undefined && oh !== undefined)
    emit('safe', 'output-schema-added', 'now declares an outputSchema (structured output)', [head.kind, head.name, 'outputSchema']);
  else if (ob !== undefined && oh === undefined)
    emit('breaking', 'output-schema-removed', 'outputSchema removed; clients that read structuredContent lose it', [head.kind, head.name]);
  else if (!sameJson(ob, oh)) attach(compareSchemas('output', schemaSide(base, 'outputSchema'), schemaSide(head, 'outputSchema')));
  compareAnnotations(base.published.annotations, head.published.annotations, [head.kind, head.name], emit);
  compareToolUi(base, head, emit);
}

interface Hints {
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  openWorld: boolean;
}

/** The hints a client assumes, with the MCP defaults for unset ones (not read-only, destructive, open world). */
export function effectiveHints(annotations: unknown): Hints {
  const a = isObject(annotations) ? annotations : {};
  const readOnly = a.readOnlyHint === true;
  return {
    readOnly,
    destructive: !readOnly && a.destructiveHint !== false,
    idempotent: readOnly || a.idempotentHint === true,
    openWorld: a.openWorldHint !== false,
  };
}

function compareAnnotations(before: unknown, after: unknown, at: PathSegment[], emit: Emit): void {
  const b = effectiveHints(before);
  const h = effectiveHints(after);
  const where = (key: string) =>
    isObject(after) && key in after ? [...at, 'annotations', key] : isObject(after) ? [...at, 'annotations'] : at;
  if (b.readOnly && !h.readOnly)
    emit('risky', 'no-longer-read-only', 'readOnlyHint turned false: the tool may now change its environment', where('readOnlyHint'));
  if (!b.readOnly && h.readOnly) emit('safe', 'read-only', 'now marked read-only (readOnlyHint: true)', where('readOnlyHint'));
  if (!b.destructive && h.destructive)
    emit('risky', 'destructive', 'destructiveHint turned true: clients may now ask before every call', where('destructiveHint'));
  if (b.destructive && !h.destructive && !h.readOnly)
    emit('safe', 'not-destructive', 'no longer marked destructive', where('destructiveHint'));
  // Read-only tools are idempotent by nature; losing that is already reported as the read-only change.
  if (b.idempotent && !h.idempotent && !b.readOnly)
    emit('risky', 'not-idempotent', 'idempotentHint turned false: repeating a call is no longer safe', where('idempotentHint'));
  if (!b.openWorld && h.openWorld)
    emit('risky', 'open-world', 'openWorldHint turned true: the tool now reaches outside systems', where('openWorldHint'));
  if (b.openWorld && !h.openWorld) emit('safe', 'closed-world', 'openWorldHint turned false', where('openWorldHint'));
  const titleB = isObject(before) ? before.title : undefined;
  const titleH = isObject(after) ? after.title : undefined;
  if (!sameJson(titleB, titleH)) emit('safe', 'title-changed', 'annotations.title changed', where('title'));
}

function compareResource(b: Record<string, unknown>, h: Record<string, unknown>, at: PathSegment[], emit: Emit): void {
  if (b.uri !== h.uri)
    emit(
      'breaking',
      'uri-changed',
      `uri changed from ${showValue(b.uri, 80)} to ${showValue(h.uri, 80)}; clients that read the old URI fail`,
      [...at, 'uri'],
    );
  if (b.mimeType !== h.mimeType)
    emit('risky', 'mime-type-changed', `mimeType changed from ${showValue(b.mimeType)} to ${showValue(h.mimeType)}`, [...at, 'mimeType']);
}

function compareTemplate(b: Record<string, unknown>, h: Record<string, unknown>, at: PathSegment[], emit: Emit): void {
  if (b.uriTemplate !== h.uriTemplate) {
    const vb = uriTemplateVariableNames(String(b.uriTemplate));
    const vh = uriTemplateVariableNames(String(h.uriTemplate));
    const list = (v: string[]) => (v.length ? v.map((n) => `{${n}}`).join(', ') : 'none');
    if (!sameJson([...vb].sort(), [...vh].sort()))
      emit('breaking', 'variables-changed', `URI template variables changed from ${list(vb)} to ${list(vh)}`, [...at, 'uriTemplate']);
    else
      emit(
        'risky',
        'uri-changed',
        `uriTemplate changed from ${showValue(b.uriTemplate, 80)} to ${showValue(h.uriTemplate, 80)}; URIs built from the old one no longer match`,
        [...at, 'uriTemplate'],
      );
  }
  if (b.mimeType !== h.mimeType)
    emit('risky', 'mime-type-changed', `mimeType changed from ${showValue(b.mimeType)} to ${showValue(h.mimeType)}`, [...at, 'mimeType']);
}

interface Argument {
  name: string;
  description?: string;
  /** As written in the manifest: absent means not required. */
  required?: boolean;
}

function comparePrompt(base: SurfaceEntry, head: SurfaceEntry, emit: Emit): void {
  const args = (e: SurfaceEntry) =>
    new Map(((e.published.arguments as Argument[] | undefined) ?? []).map((a, i) => [a.name, { ...a, index: i }]));
  const ab = args(base);
  const ah = args(head);
  const at = (i: number, key?: string): PathSegment[] => [head.kind, head.name, 'arguments', i, ...(key ? [key] : [])];
  for (const [name, a] of ah) {
    const old = ab.get(name);
    if (!old) {
      if (a.required) emit('breaking', 'argument-added-required', `new required argument \`${name}\`; existing calls lack it`, at(a.index));
      else emit('safe', 'argument-added', `optional argument \`${name}\` added`, at(a.index));
      continue;
    }
    if (!old.required && a.required) emit('breaking', 'argument-required', `argument \`${name}\` is now required`, at(a.index, 'required'));
    if (old.required && !a.required) emit('safe', 'argument-optional', `argument \`${name}\` is now optional`, at(a.index));
    compareDescriptions(old.description, a.description, (cls, rule, text) =>
      emit(cls, `argument-${rule}`, `argument \`${name}\`: ${text}`, at(a.index, 'description')),
    );
  }
  for (const name of ab.keys()) {
    if (!ah.has(name))
      emit('risky', 'argument-removed', `argument \`${name}\` removed; what callers send for it is ignored`, [
        head.kind,
        head.name,
        'arguments',
      ]);
  }
}
