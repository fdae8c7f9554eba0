// The end of every import: the manifest written (or merged into an existing one), checked by the same validation
// `mcp-gen validate` runs, then the project generated next to it. Files import writes besides the manifest
// (handlers that already do something) are user-owned: created when absent, never overwritten, and written
// before `generate` so that it keeps them instead of writing stubs.
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { assertWritableInside, hasErrors, writeInside } from '../core/index.js';
import { loadManifest, readManifestText, type LoadedManifest } from '../load/index.js';
import { formatIssuesText, summarize } from '../core/index.js';
import { resolveSchemaFiles } from '../load/index.js';
import { validateManifest } from '../validate/index.js';
import { ImportError } from './import-error.js';
import { manifestYaml } from './manifest-writer.js';
import { describeMerge, mergeManifest } from './merge-manifest.js';
import type { Json } from './server/snapshot.js';

/** Runs `mcp-gen generate` on a manifest and returns its exit code; passed in by the CLI, which owns printing. */
export type RunGenerate = (manifestPath: string) => Promise<number>;

export interface ImportWrite {
  /** Manifest path as the user gave it. */
  manifestPath: string;
  manifest: Json;
  header: string[];
  notes: Map<string, string[]>;
  merge: boolean;
  /** Generates the project from the written manifest (the CLI's `generate`), or false to write the manifest only. */
  generate: RunGenerate | false;
  /** User-owned files to create (paths relative to the manifest's folder) for the manifest that ends up written. */
  userFiles?: (written: Json) => Map<string, string>;
}

export interface ImportWriteResult {
  /** User-owned files created, relative to the manifest's folder. */
  created: string[];
  kept: string[];
}

/** Refuses to replace a manifest (checked before any work, and again before writing). */
export function assertWritable(manifestPath: string, merge: boolean): void {
  if (merge || !existsSync(manifestPath)) return;
  const shown = relative(process.cwd(), manifestPath) || manifestPath;
  throw new ImportError(`${shown} already exists`, 'add --merge to add what is new to it, or choose another file with --output');
}

export async function writeImport(w: ImportWrite): Promise<ImportWriteResult> {
  const shown = relative(process.cwd(), w.manifestPath) || w.manifestPath;
  assertWritable(w.manifestPath, w.merge);
  const exists = existsSync(w.manifestPath);
  let text: string;
  let original: string | undefined;
  if (exists) {
    // Read as every command reads a manifest: a link out of its folder, a pipe or a device is refused, not merged into.
    const read = readManifestText(w.manifestPath);
    if (!read.ok) throw new ImportError(`${shown}: ${read.message}`, read.hint);
    original = read.source;
    const merged = mergeManifest(original, w.manifest, w.notes);
    if (!merged) throw new ImportError(`${shown} is not a YAML map that --merge can add to`, `run mcp-gen validate -m ${shown} to see why`);
    text = merged.text;
    process.stdout.write(describeMerge(merged.report));
  } else {
    text = manifestYaml(w.manifest, { header: w.header, notes: w.notes });
  }

  // A manifest merged into may use schema files; a fresh import never does, and resolving it is then a no-op.
  const loaded = resolveSchemaFiles(lazilyLocated(w.manifestPath, text, exists ? undefined : w.manifest));
  const issues = validateManifest(loaded);
  const root = dirname(w.manifestPath);
  // Every path is checked before the first write: a link planted where a handler goes must not lead a write out of
  // the folder, and a refused run writes nothing at all.
  const userFiles =
    hasErrors(issues) || !w.generate
      ? new Map<string, string>()
      : (w.userFiles?.(loaded.data as unknown as Json) ?? new Map<string, string>());
  const manifestFile = relative(root, w.manifestPath);
  for (const path of [manifestFile, ...userFiles.keys()]) assertWritableInside(root, path);
  if (text !== original) writeInside(root, manifestFile, text);
  process.stdout.write(`wrote ${shown}\n`);
  // Errors in full; warnings (mostly lint advice on names and descriptions) as a count, as validate shows them.
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length) process.stderr.write(`${formatIssuesText(errors, shown, text)}\n\n${summarize(issues)}\n`);
  else if (issues.length) process.stderr.write(`${summarize(issues)} in ${shown}: run mcp-gen validate -m ${shown} to see them\n`);
  if (hasErrors(issues)) {
    throw new ImportError(
      `${shown} keeps what the source publishes, but it cannot be generated as it is`,
      `fix the errors above, then run mcp-gen generate -m ${shown}`,
    );
  }
  if (!w.generate) return { created: [], kept: [] };

  const created: string[] = [];
  const kept: string[] = [];
  for (const [path, content] of userFiles) {
    if (existsSync(join(root, path))) {
      kept.push(path);
      continue;
    }
    writeInside(root, path, content);
    created.push(path);
  }
  if (w.generate && (await w.generate(w.manifestPath)) !== 0) throw new ImportError(`generating the project from ${shown} failed`);
  return { created, kept };
}

/**
 * The written manifest for validation. A fresh import's text reads back as exactly the manifest object (the
 * writer guarantees it), so parsing the YAML for positions, costly for large documents, waits until a finding
 * needs one.
 */
function lazilyLocated(file: string, text: string, manifest: Json | undefined): LoadedManifest {
  if (manifest === undefined) return loadManifest(file, text);
  let parsed: LoadedManifest | undefined;
  const positions = () => (parsed ??= loadManifest(file, text));
  return {
    file,
    source: text,
    data: structuredClone(manifest) as unknown as LoadedManifest['data'],
    issues: [],
    locate: (path, at) => positions().locate(path, at),
    scalarStart: (path) => positions().scalarStart(path),
  };
}
