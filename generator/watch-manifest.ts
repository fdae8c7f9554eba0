// `generate --watch`: regenerate on every save of the manifest. Editors save by writing in place or by renaming a
// temporary file over it, so the folder is watched and events are debounced; an invalid intermediate save prints
// its errors and the watch goes on.
import { watch } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { runGenerate, type GenerateFlags } from './commands.js';

const DEBOUNCE_MS = 120;

export async function watchManifest(opts: GenerateFlags): Promise<number> {
  const file = resolve(opts.manifest);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      process.stdout.write(`\n[${new Date().toISOString().slice(11, 19)}] ${opts.manifest} changed\n`);
      await runGenerate(opts).catch((err: unknown) => process.stderr.write(`mcp-gen: error: ${(err as Error).message}\n`));
    });
  };
  await runGenerate(opts).catch((err: unknown) => process.stderr.write(`mcp-gen: error: ${(err as Error).message}\n`));
  process.stdout.write(`watching ${opts.manifest} (Ctrl-C to stop)\n`);
  const watcher = watch(dirname(file), (_event, name) => {
    if (name !== null && name.toString() !== basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(run, DEBOUNCE_MS);
  });
  return new Promise((done) => {
    const stop = () => {
      watcher.close();
      clearTimeout(timer);
      void running.then(() => done(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
