// Compares two versions of a tool's schema by what they accept (inputSchema: what callers may send) or promise
// (outputSchema: what clients read back). Input that used to validate and no longer does is breaking; output that
// clients relied on and no longer get is breaking. `$ref`, `allOf`, unions and nullable type arrays are seen through,
// so moving a schema into `$defs` or rewriting `type: [string, "null"]` as an `anyOf` is no change.
import type { PathSegment } from '../load/index.js';
import { canonicalJson, sameJson, showValue } from '../core/index.js';
import type { ChangeClass, SchemaChange } from './change.js';
import { accepts, discriminators, typesOf, variantLabel, variants, view, type SchemaSide, type View } from './schema-view.js';
import { compareDescriptions } from './compare-text.js';

export type Direction = 'input' | 'output';

interface Ctx {
  direction: Direction;
  base: SchemaSide;
  head: SchemaSide;
  out: SchemaChange[];
  /** Pairs of nodes being compared, so recursive `$ref`s end. */
  stack: Set<string>;
}

const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const EXACT = ['pattern', 'format', 'multipleOf', 'contentMediaType', 'contentEncoding'];
const NOTES = ['title', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment'];
const HANDLED = new Set([
  ...LOWER,
  ...UPPER,
  ...EXACT,
  ...NOTES,
  'type',
  'enum',
  'const',
  'uniqueItems',
  'additionalProperties',
  'unevaluatedProperties',
  'items',
  'prefixItems',
  'description',
  'default',
  '$id',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  'definitions',
]);

export function compareSchemas(direction: Direction, base: SchemaSide, head: SchemaSide): SchemaChange[] {
  const ctx: Ctx = { direction, base, head, out: [], stack: new Set() };
  compareAt(ctx, view({ node: base.root, loc: base.at }, base), view({ node: head.root, loc: head.at }, head), '');
  return ctx.out;
}

function compareAt(ctx: Ctx, b: View, h: View, field: string): void {
  const key = `${b.key}|${h.key}`;
  if (ctx.stack.has(key)) return;
  ctx.stack.add(key);
  try {
    const vb = variants(b, ctx.base);
    const vh = variants(h, ctx.head);
    if (vb.length === 1 && vh.length === 1 && vb[0] === b && vh[0] === h) return compareNode(ctx, b, h, field);
    // A union's own description and default describe every variant: compare them once, here.
    compareNotes(ctx, b, h, field);
    const own = (v: View, whole: View) => (v === whole ? withoutNotes(v) : v);
    compareVariants(
      ctx,
      vb.map((v) => own(v, b)),
      vh.map((v) => own(v, h)),
      field,
      h,
    );
  } finally {
    ctx.stack.delete(key);
  }
}

function push(ctx: Ctx, cls: ChangeClass, rule: string, field: string, text: string, path: PathSegment[]): void {
  const where = field ? `${ctx.direction} property \`${field}\`` : ctx.direction === 'input' ? 'arguments' : 'structured output';
  ctx.out.push({ class: cls, rule: `${ctx.direction}-${rule}`, message: `${where}: ${text}`, path });
}

/** A constraint that got stricter (or looser): breaking for what callers send, informative for what they read. */
function tightened(ctx: Ctx, strict: boolean, rule: string, field: string, text: string, path: PathSegment[]): void {
  const cls: ChangeClass = ctx.direction === 'input' ? (strict ? 'breaking' : 'safe') : strict ? 'safe' : 'risky';
  push(ctx, cls, rule, field, text, path);
}

function compareVariants(ctx: Ctx, vb: View[], vh: View[], field: string, parent: View): void {
  const { matched, removed, added } = matchVariants(vb, vh);
  const several = vh.filter((v) => !typesOf(v)?.has('null') || typesOf(v)!.size > 1).length > 1;
  for (const [b, h] of matched) compareNode(ctx, b, h, several ? `${field}${field ? ' ' : ''}(${variantLabel(h)})` : field);
  const baseTypes = new Set(vb.flatMap((v) => [...(typesOf(v) ?? ['any'])]));
  for (const b of removed) {
    const text = ctx.direction === 'input' ? `no longer accepts ${variantLabel(b)}` : `no longer returns ${variantLabel(b)}`;
    tightened(ctx, true, 'variant-removed', field, text, parent.loc);
  }
  for (const h of added) {
    if (ctx.direction === 'input') {
      push(ctx, 'safe', 'variant-added', field, `now also accepts ${variantLabel(h)}`, h.loc);
    } else {
      const newType = [...(typesOf(h) ?? ['any'])].some((t) => !accepts(baseTypes.has('any') ? undefined : baseTypes, t));
      push(ctx, newType ? 'breaking' : 'risky', 'variant-added', field, `may now be ${variantLabel(h)}`, h.loc);
    }
  }
}

function matchVariants(vb: View[], vh: View[]): { matched: [View, View][]; removed: View[]; added: View[] } {
  const removed = [...vb];
  const added = [...vh];
  const matched: [View, View][] = [];
  const take = (same: (b: View, h: View) => boolean) => {
    for (const b of [...removed]) {
      const i = added.findIndex((h) => same(b, h));
      if (i < 0) continue;
      matched.push([b, added[i]]);
      removed.splice(removed.indexOf(b), 1);
      added.splice(i, 1);
    }
  };
  const shape = (v: View) => canonicalJson({ s: v.s, p: [...v.props].map(([k, a]) => [k, a.node]), r: [...v.required].sort() });
  const typeKey = (v: View) => [...(typesOf(v) ?? ['any'])].sort().join('|');
  take((b, h) => shape(b) === shape(h));
  take((b, h) => discriminators(b).some((t) => discriminators(h).includes(t)));
  take((b, h) => typeKey(b) === typeKey(h) && discriminators(b).length === 0 && discriminators(h).length === 0);
  if (removed.length === 1 && added.length === 1) take(() => true);
  return { matched, removed, added };
}

function compareNode(ctx: Ctx, b: View, h: View, field: string): void {
  if (b.nothing || h.nothing) {
    if (b.nothing !== h.nothing)
      tightened(ctx, h.nothing, 'nothing', field, h.nothing ? 'now accepts no value at all (false)' : 'now accepts values again', h.loc);
    return;
  }
  if (!compareTypes(ctx, b, h, field)) return;
  compareEnums(ctx, b, h, field);
  compareBounds(ctx, b, h, field);
  compareObjects(ctx, b, h, field);
  compareArrays(ctx, b, h, field);
  compareNotes(ctx, b, h, field);
  for (const k of new Set([...Object.keys(b.s), ...Object.keys(h.s)])) {
    if (HANDLED.has(k) || sameJson(b.s[k], h.s[k])) continue;
    push(
      ctx,
      'risky',
      'keyword-changed',
      field,
      `\`${k}\` changed (review by hand: mcp-gen cannot tell whether it narrows or widens)`,
      h.loc,
    );
  }
}

/** Returns false when the types have nothing in common: then the rest of the comparison is noise. */
function compareTypes(ctx: Ctx, b: View, h: View, field: string): boolean {
  const tb = typesOf(b);
  const th = typesOf(h);
  const at = 'type' in h.s ? [...h.loc, 'type'] : h.loc;
  const list = (t: Set<string>) => [...t].join(' | ');
  if (tb && th && ![...tb].some((t) => accepts(th, t)) && ![...th].some((t) => accepts(tb, t))) {
    push(ctx, 'breaking', 'type-changed', field, `type changed from ${list(tb)} to ${list(th)}`, at);
    return false;
  }
  const lost = tb ? [...tb].filter((t) => !accepts(th, t)) : th ? [`anything but ${list(th)}`] : [];
  const gained = th ? [...th].filter((t) => !accepts(tb, t)) : tb ? [`anything, not only ${list(tb)}`] : [];
  if (lost.length)
    tightened(ctx, true, 'type-narrowed', field, `no longer ${ctx.direction === 'input' ? 'accepts' : 'returns'} ${lost.join(', ')}`, at);
  if (gained.length) {
    if (ctx.direction === 'output') push(ctx, 'breaking', 'type-widened', field, `may now be ${gained.join(', ')}`, at);
    else push(ctx, 'safe', 'type-widened', field, `now also accepts ${gained.join(', ')}`, at);
  }
  return true;
}

function enumOf(v: View): unknown[] | undefined {
  if ('const' in v.s) return [v.s.const];
  return Array.isArray(v.s.enum) ? v.s.enum : undefined;
}

function compareEnums(ctx: Ctx, b: View, h: View, field: string): void {
  const eb = enumOf(b);
  const eh = enumOf(h);
  const at = 'enum' in h.s ? [...h.loc, 'enum'] : 'const' in h.s ? [...h.loc, 'const'] : h.loc;
  const list = (vs: unknown[]) => vs.map((v) => showValue(v)).join(', ');
  if (!eb && !eh) return;
  if (!eb) return tightened(ctx, true, 'enum-narrowed', field, `now restricted to ${list(eh!)}`, at);
  if (!eh) return tightened(ctx, false, 'enum-widened', field, `no longer restricted to ${list(eb)}`, at);
  const keys = (vs: unknown[]) => new Set(vs.map(canonicalJson));
  const kb = keys(eb);
  const kh = keys(eh);
  const removed = eb.filter((v) => !kh.has(canonicalJson(v)));
  const added = eh.filter((v) => !kb.has(canonicalJson(v)));
  if (removed.length) tightened(ctx, true, 'enum-narrowed', field, `value${removed.length > 1 ? 's' : ''} ${list(removed)} removed`, at);
  if (added.length) tightened(ctx, false, 'enum-widened', field, `value${added.length > 1 ? 's' : ''} ${list(added)} added`, at);
}

function compareBounds(ctx: Ctx, b: View, h: View, field: string): void {
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  for (const [keywords, lower] of [
    [LOWER, true],
    [UPPER, false],
  ] as const) {
    for (const k of keywords) {
      const vb = num(b.s[k]);
      const vh = num(h.s[k]);
      if (vb === vh) continue;
      const stricter = vh !== undefined && (vb === undefined || (lower ? vh > vb : vh < vb));
      const text =
        vb === undefined
          ? `${k} ${vh} added`
          : vh === undefined
            ? `${k} ${vb} removed`
            : `${k} ${vh > vb ? 'raised' : 'lowered'} from ${vb} to ${vh}`;
      tightened(ctx, stricter, stricter ? 'constraint-tightened' : 'constraint-relaxed', field, text, k in h.s ? [...h.loc, k] : h.loc);
    }
  }
  for (const k of EXACT) {
    const vb = b.s[k];
    const vh = h.s[k];
    if (sameJson(vb, vh)) continue;
    const at = k in h.s ? [...h.loc, k] : h.loc;
    if (vh === undefined) tightened(ctx, false, 'constraint-relaxed', field, `${k} ${showValue(vb)} removed`, at);
    else if (vb === undefined) tightened(ctx, true, 'constraint-tightened', field, `${k} ${showValue(vh)} added`, at);
    // A different pattern or format may accept other values: a caller's input can fail, a client's parser can too.
    else
      push(
        ctx,
        ctx.direction === 'input' ? 'breaking' : 'risky',
        'constraint-changed',
        field,
        `${k} changed from ${showValue(vb)} to ${showValue(vh)}`,
        at,
      );
  }
  if ((b.s.uniqueItems === true) !== (h.s.uniqueItems === true)) {
    tightened(
      ctx,
      h.s.uniqueItems === true,
      h.s.uniqueItems === true ? 'constraint-tightened' : 'constraint-relaxed',
      field,
      h.s.uniqueItems === true ? 'items must now be unique' : 'items no longer need to be unique',
      h.loc,
    );
  }
}

const sub = (field: string, name: string) => (field ? `${field}.${name}` : name);
const closed = (v: View) => v.s.additionalProperties === false || v.s.unevaluatedProperties === false;

function compareObjects(ctx: Ctx, b: View, h: View, field: string): void {
  const input = ctx.direction === 'input';
  const names = new Set([...h.props.keys(), ...h.required, ...b.props.keys(), ...b.required]);
  const requiredAt = (name: string) => h.requiredAt.get(name) ?? h.props.get(name)?.loc ?? h.loc;
  for (const name of names) {
    const pb = b.props.get(name);
    const ph = h.props.get(name);
    const rb = b.required.has(name);
    const rh = h.required.has(name);
    const f = sub(field, name);
    if (pb && ph) compareAt(ctx, view(pb, ctx.base), view(ph, ctx.head), f);
    if (pb && !ph && !rh) {
      if (!input)
        push(
          ctx,
          'breaking',
          'property-removed',
          f,
          'removed; clients that read it get nothing',
          h.props.size ? [...h.loc, 'properties'] : h.loc,
        );
      else if (closed(h))
        push(
          ctx,
          'breaking',
          'property-removed',
          f,
          'removed; callers that still send it are rejected (additionalProperties: false)',
          h.loc,
        );
      else push(ctx, 'risky', 'property-removed', f, 'removed; what callers send for it is no longer validated or used', h.loc);
    } else if (!pb && ph && !rh) {
      push(ctx, 'safe', 'property-added', f, `optional property added`, ph.loc);
    } else if (rb !== rh) {
      const isNew = !pb && !rb;
      if (input && rh)
        push(
          ctx,
          'breaking',
          isNew ? 'required-property-added' : 'property-required',
          f,
          isNew ? 'new required property; existing calls lack it' : 'now required',
          requiredAt(name),
        );
      else if (input) push(ctx, 'safe', 'property-optional', f, 'now optional', pb && ph ? ph.loc : h.loc);
      else if (rb && ph) push(ctx, 'breaking', 'property-optional', f, 'now optional; clients that read it may get nothing', ph.loc);
      else if (rh)
        push(
          ctx,
          'safe',
          isNew ? 'property-added' : 'property-required',
          f,
          isNew ? 'new property, always present' : 'now always present',
          requiredAt(name),
        );
    }
  }
  compareAdditional(ctx, b, h, field);
}

function compareAdditional(ctx: Ctx, b: View, h: View, field: string): void {
  const cb = closed(b);
  const ch = closed(h);
  if (cb !== ch) {
    const text = ch
      ? 'no longer accepts properties it does not list (additionalProperties: false)'
      : 'now accepts properties it does not list';
    tightened(ctx, ch, ch ? 'closed' : 'opened', field, text, 'additionalProperties' in h.s ? [...h.loc, 'additionalProperties'] : h.loc);
    return;
  }
  const ab = b.s.additionalProperties;
  const ah = h.s.additionalProperties;
  if (cb || sameJson(ab, ah) || (ab === undefined && ah === true) || (ab === true && ah === undefined)) return;
  compareAt(
    ctx,
    view({ node: ab ?? true, loc: [...b.loc, 'additionalProperties'] }, ctx.base),
    view({ node: ah ?? true, loc: 'additionalProperties' in h.s ? [...h.loc, 'additionalProperties'] : h.loc }, ctx.head),
    sub(field, '*'),
  );
}

function compareArrays(ctx: Ctx, b: View, h: View, field: string): void {
  const ib = b.s.items;
  const ih = h.s.items;
  // Equal text is equal meaning unless a $ref inside points at a definition that changed.
  const same = sameJson(ib, ih) && !JSON.stringify(ib ?? null).includes('"$ref"');
  if (!same && !Array.isArray(ib) && !Array.isArray(ih)) {
    compareAt(
      ctx,
      view({ node: ib ?? true, loc: [...b.loc, 'items'] }, ctx.base),
      view({ node: ih ?? true, loc: ih !== undefined ? [...h.loc, 'items'] : h.loc }, ctx.head),
      `${field}[]`,
    );
  }
  const pb = Array.isArray(b.s.prefixItems) ? b.s.prefixItems : [];
  const ph = Array.isArray(h.s.prefixItems) ? h.s.prefixItems : [];
  for (let i = 0; i < Math.max(pb.length, ph.length); i++) {
    if (i < pb.length && i < ph.length)
      compareAt(
        ctx,
        view({ node: pb[i], loc: [...b.loc, 'prefixItems', i] }, ctx.base),
        view({ node: ph[i], loc: [...h.loc, 'prefixItems', i] }, ctx.head),
        `${field}[${i}]`,
      );
    else tightened(ctx, i < ph.length, 'tuple-changed', field, i < ph.length ? `tuple item ${i} added` : `tuple item ${i} removed`, h.loc);
  }
}

const NOTE_KEYS = ['description', 'default', ...NOTES];

function compareNotes(ctx: Ctx, b: View, h: View, field: string): void {
  compareDescriptions(b.s.description, h.s.description, (cls, rule, text) => push(ctx, cls, rule, field, text, [...h.loc, 'description']));
  compareDefaults(ctx, b, h, field);
  const notes = NOTES.filter((k) => !sameJson(b.s[k], h.s[k]));
  if (notes.length) push(ctx, 'safe', 'annotation-changed', field, `${notes.join(', ')} changed`, h.loc);
}

function withoutNotes(v: View): View {
  return { ...v, s: Object.fromEntries(Object.entries(v.s).filter(([k]) => !NOTE_KEYS.includes(k))) };
}

function compareDefaults(ctx: Ctx, b: View, h: View, field: string): void {
  if (sameJson(b.s.default, h.s.default)) return;
  const at = 'default' in h.s ? [...h.loc, 'default'] : h.loc;
  if (ctx.direction === 'output') return push(ctx, 'safe', 'annotation-changed', field, 'default changed', at);
  if (!('default' in b.s)) return push(ctx, 'safe', 'default-added', field, `default ${showValue(h.s.default)} added`, at);
  if (!('default' in h.s))
    return push(
      ctx,
      'risky',
      'default-removed',
      field,
      `default ${showValue(b.s.default)} removed; calls that omit it behave differently`,
      at,
    );
  push(
    ctx,
    'risky',
    'default-changed',
    field,
    `default changed from ${showValue(b.s.default)} to ${showValue(h.s.default)}; calls that omit it behave differently`,
    at,
  );
}
