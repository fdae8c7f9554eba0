// Positions in HEAD for the few paths a diff reports. Building the position-keeping document of a whole manifest
// costs far more than the rest of a diff, so each path is looked up in its own entry (or section) alone, parsed
// once, and shifted to where that entry starts in the file.
import { loadManifest, type LoadedManifest, type PathSegment } from '../load/index.js';
import { splitManifest, type Chunk } from './manifest-chunks.js';

type Locate = LoadedManifest['locate'];

export function chunkLocator(loaded: LoadedManifest): Locate {
  const sections = splitManifest(loaded.source);
  if (!sections) return loaded.locate;
  const parsed = new Map<Chunk, LoadedManifest>();
  return (path, at = 'value') => {
    const section = sections.get(String(path[0]));
    if (!section) return loaded.locate(path, at);
    if (path.length === 1) return at === 'key' ? { line: section.line, column: section.column } : loaded.locate(path, at);
    const entry = section.entries?.get(String(path[1]));
    const chunk = entry ?? section;
    const inner: readonly PathSegment[] = entry ? path.slice(1) : path;
    let doc = parsed.get(chunk);
    if (!doc) parsed.set(chunk, (doc = loadManifest(loaded.file, chunk.text)));
    const { line, column } = doc.locate(inner, at);
    return { line: line + chunk.line - 1, column };
  };
}
