import type { PathSegment } from '../load/index.js';
import { type EntryKind, KIND_LABEL as ENTRY_LABEL } from '../core/index.js';

/** What a change is about: an entry of one of the four lists, an MCP Apps view, or the server itself. */
export type ChangeKind = EntryKind | 'apps' | 'server';
/** How messages name each kind of change. */
export const KIND_LABEL: Record<ChangeKind, string> = { ...ENTRY_LABEL, apps: 'app' };

/**
 * breaking: a client that worked before can fail now. risky: nothing fails, but what the model or client does may
 * change (a tool becoming destructive, a rewritten description). safe: additions and clarifications.
 */
export type ChangeClass = 'breaking' | 'risky' | 'safe';
export const CHANGE_CLASSES: readonly ChangeClass[] = ['breaking', 'risky', 'safe'];

export interface Change {
  class: ChangeClass;
  /** Stable id of the kind of change, e.g. `input-property-required`. */
  rule: string;
  kind: ChangeKind;
  /** The entry's name in HEAD (or in BASE when it is gone). */
  entry: string;
  message: string;
  /** Manifest path of what changed, in HEAD; in BASE when `side` is `base` (the thing no longer exists). */
  path: PathSegment[];
  side: 'head' | 'base';
}

/** A change found inside a schema, before it is attached to its entry. */
export type SchemaChange = Omit<Change, 'kind' | 'entry' | 'side'>;
