// BASE of a diff, loaded against HEAD: sections and entries whose text is the same in both are taken from HEAD's
// parsed data, so only what changed is parsed again. Parsing YAML is most of what `diff` costs, and a change under
// review usually touches a few entries of hundreds. When the text cannot be split safely, BASE is parsed whole.
import { loadManifest, type LoadedManifest, type PathSegment } from '../load/index.js';
import type { Manifest } from '../core/index.js';
import { isObject } from '../core/index.js';
import { splitManifest, type Chunk } from './manifest-chunks.js';
import type { ManifestText } from './read-manifest-at-rev.js';

export function loadBase(base: ManifestText, head: LoadedManifest): LoadedManifest {
  return loadFromChunks(base, head) ?? loadManifest(base.label, base.source);
}

function loadFromChunks(base: ManifestText, head: LoadedManifest): LoadedManifest | undefined {
  const baseChunks = splitManifest(base.source);
  const headChunks = splitManifest(head.source);
  const headData = head.data as unknown;
  if (!baseChunks || !headChunks || !isObject(headData) || !sameKeys(headData, headChunks)) return undefined;
  const data: Record<string, unknown> = {};
  try {
    for (const [key, chunk] of baseChunks) data[key] = sectionValue(chunk, headChunks.get(key), headData[key]);
  } catch {
    return undefined;
  }
  return {
    file: base.label,
    source: base.source,
    data: data as unknown as Manifest,
    issues: [],
    locate: (path) => locateIn(baseChunks, path),
    scalarStart: () => undefined,
  };
}

/** The split is trusted only when it names exactly the keys the real parse of HEAD found. */
function sameKeys(value: Record<string, unknown>, chunks: Map<string, Chunk>): boolean {
  const keys = Object.keys(value);
  if (keys.length !== chunks.size || keys.some((k) => !chunks.has(k))) return false;
  for (const [key, chunk] of chunks) {
    if (!chunk.entries) continue;
    const section = value[key];
    if (
      !isObject(section) ||
      Object.keys(section).length !== chunk.entries.size ||
      Object.keys(section).some((k) => !chunk.entries!.has(k))
    )
      return false;
  }
  return true;
}

function sectionValue(chunk: Chunk, headChunk: Chunk | undefined, headValue: unknown): unknown {
  if (headChunk && headChunk.text === chunk.text) return headValue;
  if (!chunk.entries || !headChunk?.entries || !isObject(headValue)) return parseChunk(chunk);
  const out: Record<string, unknown> = {};
  for (const [key, entry] of chunk.entries) {
    const same = headChunk.entries.get(key);
    out[key] = same && same.text === entry.text ? headValue[key] : parseChunk(entry);
  }
  return out;
}

/**
 * One chunk parsed alone, by the same loader as HEAD (so both sides read YAML alike). Its indentation is kept, so
 * it reads exactly as it does inside the file.
 */
function parseChunk(chunk: Chunk): unknown {
  const loaded = loadManifest(chunk.key, chunk.text);
  const value = loaded.data as unknown;
  if (loaded.issues.length || !isObject(value) || !Object.hasOwn(value, chunk.key))
    throw new Error(`chunk ${chunk.key} did not parse as itself`);
  return value[chunk.key];
}

function locateIn(chunks: Map<string, Chunk>, path: readonly PathSegment[]): { line: number; column: number } {
  const section = chunks.get(String(path[0]));
  if (!section) return { line: 1, column: 1 };
  const entry = path.length > 1 ? section.entries?.get(String(path[1])) : undefined;
  const at = entry ?? section;
  return { line: at.line, column: at.column };
}
