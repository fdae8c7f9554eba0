import type { Manifest } from './manifest-types.js';
import { isObject } from './schema-refs.js';

export type EntryKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';
export const ENTRY_KINDS: readonly EntryKind[] = ['tools', 'resources', 'resourceTemplates', 'prompts'];

/** `[name, entry]` pairs of one section, in manifest order, skipping entries that are not maps (shape errors cover those). */
export function entriesOf<K extends EntryKind>(m: Manifest, kind: K): [string, NonNullable<Manifest[K]>[string]][] {
  const section = (m as unknown as Record<string, unknown>)[kind];
  if (!isObject(section)) return [];
  return Object.entries(section).filter(([, v]) => isObject(v)) as [string, NonNullable<Manifest[K]>[string]][];
}
