// Names of the shared definitions that schemas from files become. They are published (under a tool schema's
// `definitions`) and name generated types, so they should read well and must not change when unrelated refs are
// added: each name depends only on the set of schemas taken from files and the names already in use, never on the
// order refs were found in. Shortest first: `City`, then `city_City` (file and pointer), then the whole path.
import { posix } from 'node:path';
import type { PathSegment } from '../load-manifest.js';

export interface Nameable {
  /** `file#/pointer`, unique. */
  key: string;
  file: string;
  pointer: PathSegment[];
  name?: string;
}

/** Gives every schema without a name one that no other and nothing in `taken` has, ignoring case. */
export function nameSchemas(schemas: readonly Nameable[], taken: Iterable<string>): void {
  const used = new Set([...taken].map((n) => n.toLowerCase()));
  let open = schemas.filter((s) => s.name === undefined).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let level = 0; level < 3 && open.length > 0; level++) {
    const wanted = new Map<string, Nameable[]>();
    for (const s of open) {
      const name = candidates(s)[level];
      if (name === undefined || used.has(name.toLowerCase())) continue;
      const group = wanted.get(name.toLowerCase()) ?? [];
      group.push(s);
      wanted.set(name.toLowerCase(), group);
    }
    // A name two schemas want goes to neither: both move on to a longer one, so neither depends on the other.
    for (const [lower, group] of wanted) {
      if (group.length > 1) continue;
      group[0].name = candidates(group[0])[level];
      used.add(lower);
    }
    open = open.filter((s) => s.name === undefined);
  }
  for (const s of open) {
    const base = candidates(s)[2];
    let n = 2;
    while (used.has(`${base}_${n}`.toLowerCase())) n++;
    s.name = `${base}_${n}`;
    used.add(s.name.toLowerCase());
  }
}

/** Up to three names, shortest first; a candidate that is not a usable identifier is left out (undefined). */
export function candidates(s: Pick<Nameable, 'file' | 'pointer'>): (string | undefined)[] {
  const stem = posix.basename(s.file, posix.extname(s.file));
  const folder = posix.basename(posix.dirname(s.file));
  const last = s.pointer.length ? String(s.pointer[s.pointer.length - 1]) : stem;
  const short = s.pointer.length ? `${stem}_${last}` : folder === '.' ? undefined : `${folder}_${stem}`;
  const full = [s.file.slice(0, s.file.length - posix.extname(s.file).length), ...s.pointer.map(String)].join('_');
  return [usable(last), usable(short), usable(full) ?? 'Schema'];
}

function usable(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const name = raw
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/__+/g, '_')
    .replace(/^_+|_+$/g, '');
  // Names every object inherits would be shadowed lookups in generated code; a leading digit is no identifier.
  if (name === '' || /^[0-9]/.test(name) || name in {}) return undefined;
  return name;
}
