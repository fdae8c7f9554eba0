// MCP Apps in `diff`. Hosts read a view by its URI and build its sandbox from its `_meta.ui`; tools name their view
// and who may call them in their own `_meta.ui`. A view removed or moved to another URI leaves the tools that open it
// pointing at nothing, and a tool hidden from the model or from views fails whoever called it: breaking. A CSP that
// allows more origins, a new permission or another sandbox domain changes what the view may do: risky, as what a
// security review must see. What narrows the view's reach is safe.
import type { PathSegment } from '../load/index.js';
import {
  CSP_FIELDS,
  DEFAULT_VISIBILITY,
  isObject,
  sameJson,
  showValue,
  type AppSurface,
  type Surface,
  type SurfaceEntry,
} from '../core/index.js';
import type { Change, ChangeClass } from './change.js';
import { compareDescriptions } from './compare-text.js';

type Emit = (cls: ChangeClass, rule: string, message: string, path: PathSegment[]) => void;

export function diffApps(base: Surface, head: Surface, out: Change[]): void {
  const added = [...head.apps.values()].filter((h) => !base.apps.has(h.name));
  for (const h of head.apps.values()) {
    const b = base.apps.get(h.name);
    if (b) compareApp(b, h, emitFor(out, h.name, 'head'));
  }
  for (const b of base.apps.values()) {
    if (head.apps.has(b.name)) continue;
    // Hosts know a view by its URI: under another name at the same URI, only the listed name changed.
    const same = added.find((a) => a.uri === b.uri);
    if (same) {
      added.splice(added.indexOf(same), 1);
      emitFor(out, same.name, 'head')('safe', 'renamed', `renamed from \`${b.name}\`, at the same URI ${showValue(b.uri, 80)}`, [
        'apps',
        same.name,
      ]);
      continue;
    }
    emitFor(out, b.name, 'base')(
      'breaking',
      'removed',
      `removed: hosts reading ${showValue(b.uri, 80)}, as the tools that opened it tell them to, fail`,
      ['apps', b.name],
    );
  }
  for (const a of added) emitFor(out, a.name, 'head')('safe', 'added', 'added', ['apps', a.name]);
}

function emitFor(out: Change[], entry: string, side: Change['side']): Emit {
  return (cls, rule, message, path) => out.push({ class: cls, rule: `app-${rule}`, kind: 'apps', entry, message, path, side });
}

function compareApp(b: AppSurface, h: AppSurface, emit: Emit): void {
  const at: PathSegment[] = ['apps', h.name];
  if (b.uri !== h.uri)
    emit(
      'breaking',
      'uri-changed',
      `uri changed from ${showValue(b.uri, 80)} to ${showValue(h.uri, 80)}; hosts that cached or read the old URI fail`,
      [...at, ...(h.declared.uri === undefined ? [] : ['uri'])],
    );
  compareDescriptions(b.published.description, h.published.description, (cls, rule, text) => emit(cls, rule, text, [...at, 'description']));
  if (!sameJson(b.published.title, h.published.title))
    emit('safe', 'title-changed', `title changed from ${showValue(b.published.title)} to ${showValue(h.published.title)}`, [
      ...at,
      'title',
    ]);
  const ub = uiOf(b.published);
  const uh = uiOf(h.published);
  for (const field of CSP_FIELDS) {
    const before = new Set(listOf(ub.csp, field));
    const after = listOf(uh.csp, field);
    const wider = after.filter((o) => !before.has(o));
    const narrower = [...before].filter((o) => !after.includes(o));
    const path = [...at, 'csp', field];
    if (wider.length)
      emit('risky', 'csp-widened', `csp.${field} now allows ${wider.join(', ')}: the view may reach more than it did`, path);
    if (narrower.length) emit('safe', 'csp-narrowed', `csp.${field} no longer allows ${narrower.join(', ')}`, path);
  }
  const pb = Object.keys(isObject(ub.permissions) ? ub.permissions : {});
  const ph = Object.keys(isObject(uh.permissions) ? uh.permissions : {});
  for (const p of ph.filter((p) => !pb.includes(p)))
    emit('risky', 'permission-added', `now asks for ${p}: hosts may prompt the user, or refuse the view`, [...at, 'permissions', p]);
  for (const p of pb.filter((p) => !ph.includes(p))) emit('safe', 'permission-removed', `no longer asks for ${p}`, [...at, 'permissions']);
  if (!sameJson(ub.domain, uh.domain)) {
    const change =
      ub.domain === undefined
        ? `domain set to ${showValue(uh.domain)}`
        : uh.domain === undefined
          ? `domain ${showValue(ub.domain)} removed`
          : `domain changed from ${showValue(ub.domain)} to ${showValue(uh.domain)}`;
    emit(
      'risky',
      'domain-changed',
      `${change}: the view's sandbox origin moves, and allowlists or OAuth callbacks keyed to the old one stop matching`,
      [...at, ...(uh.domain === undefined ? [] : ['domain'])],
    );
  }
  if (!sameJson(ub.prefersBorder, uh.prefersBorder))
    emit('safe', 'border-changed', `prefersBorder changed from ${showValue(ub.prefersBorder)} to ${showValue(uh.prefersBorder)}`, [
      ...at,
      'prefersBorder',
    ]);
  if (!sameJson(withoutUi(b.published._meta), withoutUi(h.published._meta)))
    emit('safe', 'metadata-changed', '_meta changed', [...at, '_meta']);
}

function uiOf(published: Record<string, unknown>): Record<string, unknown> {
  const meta = published._meta;
  return isObject(meta) && isObject(meta.ui) ? meta.ui : {};
}

function listOf(csp: unknown, field: string): string[] {
  const list = isObject(csp) ? csp[field] : undefined;
  return Array.isArray(list) ? list.filter((o): o is string => typeof o === 'string') : [];
}

/** `_meta` without the `ui` that views and tools are compared by field. */
export function withoutUi(meta: unknown): unknown {
  if (!isObject(meta) || !('ui' in meta)) return meta;
  const { ui: _, ...rest } = meta;
  return Object.keys(rest).length ? rest : undefined;
}

/** A tool's view and visibility: who loses it (breaking), who gains it, and which view it opens. */
export function compareToolUi(base: SurfaceEntry, head: SurfaceEntry, emit: Emit): void {
  const at: PathSegment[] = ['tools', head.name];
  const vb = visibilityOf(base.published);
  const vh = visibilityOf(head.published);
  const where = isObject(head.declared.ui) ? [...at, 'ui'] : at;
  if (vb.includes('model') && !vh.includes('model'))
    emit(
      'breaking',
      'hidden-from-model',
      'visibility no longer includes model: hosts stop listing it to the model, whose calls then fail',
      where,
    );
  if (vb.includes('app') && !vh.includes('app'))
    emit('breaking', 'hidden-from-views', "visibility no longer includes app: hosts refuse views' calls of it", where);
  if (!vb.includes('model') && vh.includes('model'))
    emit('risky', 'shown-to-model', 'visibility now includes model: the model sees and may call what only views could', where);
  if (!vb.includes('app') && vh.includes('app')) emit('safe', 'callable-by-views', 'visibility now includes app: views may call it', where);
  const ab = viewOf(base);
  const ah = viewOf(head);
  if (ab === ah) return;
  if (ab === undefined) emit('safe', 'opens-view', `now opens view \`${ah}\` in hosts that show views`, [...at, 'ui', 'app']);
  else if (ah === undefined) emit('risky', 'view-removed', `no longer opens view \`${ab}\`: hosts show its text result alone`, where);
  else emit('risky', 'view-changed', `now opens view \`${ah}\` instead of \`${ab}\``, [...at, 'ui', 'app']);
}

function visibilityOf(published: Record<string, unknown>): readonly string[] {
  const v = uiOf(published).visibility;
  return Array.isArray(v) ? v : DEFAULT_VISIBILITY;
}

/** The view a tool opens, by name (a view's URI change is reported once, with the view). */
function viewOf(e: SurfaceEntry): string | undefined {
  const ui = e.declared.ui;
  return isObject(ui) && typeof ui.app === 'string' ? ui.app : undefined;
}
