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

/** Everything derived from an entry kind, in one table: how messages name it, identifiers and folders. */
export const KIND_INFO: Record<EntryKind, { label: string; word: string; prefix: string; handlerDir: string }> = {
  tools: { label: 'tool', word: 'Tool', prefix: 'tool', handlerDir: 'tools' },
  resources: { label: 'resource', word: 'Resource', prefix: 'resource', handlerDir: 'resources' },
  resourceTemplates: { label: 'resource template', word: 'ResourceTemplate', prefix: 'template', handlerDir: 'resource-templates' },
  prompts: { label: 'prompt', word: 'Prompt', prefix: 'prompt', handlerDir: 'prompts' },
};

/** How messages name a kind of entry, or the server itself. */
export const KIND_LABEL: Record<EntryKind | 'server', string> = { ...mapKinds((k) => k.label), server: 'server' };
/** Folder of each kind's handlers under src/handlers/. */
export const HANDLER_DIRS: Record<EntryKind, string> = mapKinds((k) => k.handlerDir);

function mapKinds(pick: (info: (typeof KIND_INFO)[EntryKind]) => string): Record<EntryKind, string> {
  return Object.fromEntries(ENTRY_KINDS.map((k) => [k, pick(KIND_INFO[k])])) as Record<EntryKind, string>;
}
