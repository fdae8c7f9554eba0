// `generate --watch`: regenerate on every save of the manifest, of a schema file it refers to (schemaFiles) or of a
// file it embeds (`file:`).
// Editors save by writing in place or by renaming a temporary file over it, so folders are watched and events are
// debounced; an invalid intermediate save prints its errors and the watch goes on. The files to watch are found
// again after each run, since an edit may add or drop one.
import { watch, type FSWatcher } from 'node:fs';
import { basename, dirname, relative, resolve } from 'node:path';
import { isObject, type Manifest, readManifestSource } from '../core/index.js';
import { runGenerate, type GenerateFlags } from './commands.js';

const DEBOUNCE_MS = 120;

export async function watchManifest(opts: GenerateFlags): Promise<number> {
  const file = resolve(opts.manifest);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let changed = new Set<string>();
  const watchers = new Map<string, { watcher: FSWatcher; names: Set<string> }>();
  const generateOnce = async () => {
    await runGenerate(opts).catch((err: unknown) => process.stderr.write(`mcp-gen: error: ${(err as Error).message}\n`));
    const wanted = [file, ...(await inputFilesOf(file))];
    // A watcher per folder, each filtering the names it was asked for.
    const byDir = new Map<string, Set<string>>();
    for (const f of wanted) byDir.set(dirname(f), (byDir.get(dirname(f)) ?? new Set()).add(basename(f)));
    for (const [dir, entry] of watchers) {
      if (byDir.has(dir)) continue;
      entry.watcher.close();
      watchers.delete(dir);
    }
    for (const [dir, names] of byDir) {
      const entry = watchers.get(dir);
      if (entry) entry.names = names;
      else {
        try {
          const w = watch(dir, (_event, name) => onEvent(dir, name?.toString() ?? null));
          watchers.set(dir, { watcher: w, names });
        } catch {
          // A folder that does not exist yet (a schema file not written yet): the next run looks again.
        }
      }
    }
  };
  const onEvent = (dir: string, name: string | null) => {
    const entry = watchers.get(dir);
    if (!entry || (name !== null && !entry.names.has(name))) return;
    changed.add(name === null ? dir : resolve(dir, name));
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  };
  const run = () => {
    const names = [...changed].map((f) => (f === file ? opts.manifest : relative(process.cwd(), f) || f)).sort();
    changed = new Set();
    running = running.then(async () => {
      process.stdout.write(`\n[${new Date().toISOString().slice(11, 19)}] ${names.join(', ') || opts.manifest} changed\n`);
      await generateOnce();
    });
  };
  await generateOnce();
  process.stdout.write(`watching ${opts.manifest} (Ctrl-C to stop)\n`);
  return new Promise((done) => {
    const stop = () => {
      for (const { watcher } of watchers.values()) watcher.close();
      clearTimeout(timer);
      void running.then(() => done(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** Absolute paths of the schema files and embedded files the manifest refers to now, read or not (a missing one may appear). */
async function inputFilesOf(file: string): Promise<string[]> {
  // Read as generate reads it: a manifest that is a link out, a pipe or a device is refused there, with the reason.
  const manifest = readManifestSource(file);
  if (!manifest.ok) return [];
  const text = manifest.source;
  // Parsing a large manifest after every save costs more than this test; without either word there is nothing to watch.
  const schemaFiles = text.includes('schemaFiles');
  if (!schemaFiles && !/\bfile\b/.test(text)) return [];
  const [{ loadManifest, resolveSchemaFiles }, { embeddedFiles }] = await Promise.all([
    import('../load/index.js'),
    import('../validate/index.js'),
  ]);
  const loaded = loadManifest(file, text);
  const read = schemaFiles ? resolveSchemaFiles(loaded).schemaFiles.files.map((f) => f.path) : [];
  const embedded = isObject(loaded.data) ? embeddedFiles(loaded.data as Manifest) : [];
  return [...read, ...embedded].map((path) => resolve(dirname(file), path));
}
