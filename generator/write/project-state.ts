// .mcp-gen/state.json records what mcp-gen last wrote: each file's owner and content hash, and each handler's
// entry. With it, a later run can tell a file it wrote from one a person edited, find the handler (and the
// completions) of a renamed entry, and recognise orphaned stubs that are still exactly as generated. The file is meant
// to be committed.
import { createHash } from 'node:crypto';
import type { Owner } from '../emit/index.js';
import { escapes, type EntryKind, MAX_PROJECT_FILE_BYTES, readTextInside } from '../core/index.js';
import { resolve } from 'node:path';

export const STATE_PATH = '.mcp-gen/state.json';

export interface FileRecord {
  owner: Owner;
  /** sha256 of the content mcp-gen last wrote to this path. */
  sha256: string;
}

export interface HandlerRecord {
  file: string;
  export: string;
  /** Property names of the tool's input and output at the time, to explain contract errors after a change. */
  inputProperties?: string[];
  outputProperties?: string[];
}

/** The user file of a prompt's or template's completion handlers, and what it exports. */
export interface CompletionsRecord {
  file: string;
  export: string;
}

export type CompletionsKind = 'prompts' | 'resourceTemplates';

export interface ProjectState {
  version: 1;
  /** sha256 of the manifest text the files were generated from, and the generator version. */
  manifestSha256: string;
  generator: string;
  files: Record<string, FileRecord>;
  handlers: Partial<Record<EntryKind, Record<string, HandlerRecord>>>;
  /** Completions files by entry, so that they follow a rename as handlers do; absent when there are none (and in states written before they were recorded). */
  completions?: Partial<Record<CompletionsKind, Record<string, CompletionsRecord>>>;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function readState(outDir: string): ProjectState | undefined {
  const text = readTextInside(outDir, STATE_PATH, MAX_PROJECT_FILE_BYTES);
  if (text === undefined) return undefined;
  try {
    const state = JSON.parse(text) as ProjectState;
    return state.version === 1 && typeof state.files === 'object' && state.files !== null ? confine(outDir, state) : undefined;
  } catch {
    // A broken state file only costs the shortcuts it enables; generation stays safe without it.
    return undefined;
  }
}

/**
 * The state file is committed and so can come from anyone: paths that would lead outside the project (absolute,
 * `..`) are dropped, as if never recorded, so no later step reads or writes them.
 */
function confine(outDir: string, state: ProjectState): ProjectState {
  const inside = (path: unknown) =>
    typeof path === 'string' &&
    path !== '' &&
    !path.includes('\0') &&
    !escapes(resolve(outDir), resolve(outDir, path)) &&
    !/^[a-zA-Z]:|^[\\/]/.test(path);
  const files = Object.fromEntries(Object.entries(state.files).filter(([path]) => inside(path)));
  // Each record of a file, by kind and entry name, kept only when its file is inside.
  const byKind = <R extends { file: unknown }>(records: unknown) =>
    Object.fromEntries(
      Object.entries(records !== null && typeof records === 'object' ? records : {}).map(([kind, byName]) => [
        kind,
        Object.fromEntries(
          Object.entries((byName ?? {}) as Record<string, R>).filter(([, r]) => r !== null && typeof r === 'object' && inside(r.file)),
        ),
      ]),
    );
  const handlers: ProjectState['handlers'] = byKind<HandlerRecord>(state.handlers);
  if (state.completions === null || typeof state.completions !== 'object') return { ...state, files, handlers, completions: undefined };
  const completions: ProjectState['completions'] = byKind<CompletionsRecord>(state.completions);
  return { ...state, files, handlers, completions };
}

/** Deterministic JSON: sorted paths and names, so the state file diffs cleanly in review. */
export function serializeState(state: ProjectState): string {
  const sortKeys = <T>(o: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const handlers: ProjectState['handlers'] = {};
  for (const kind of Object.keys(state.handlers).sort() as EntryKind[]) handlers[kind] = sortKeys(state.handlers[kind] ?? {});
  // Written only when there are some: the state of a project without completion handlers stays as it was.
  const kinds = Object.keys(state.completions ?? {}).sort() as CompletionsKind[];
  const completions = kinds.length ? Object.fromEntries(kinds.map((k) => [k, sortKeys(state.completions?.[k] ?? {})])) : undefined;
  return `${JSON.stringify({ ...state, files: sortKeys(state.files), handlers, completions }, null, 2)}\n`;
}
