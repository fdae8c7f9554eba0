// tsc emits only .ts sources; the precompiled spec validators are plain JavaScript and are copied beside them.
import { copyFileSync } from 'node:fs';

for (const file of ['spec-validators.gen.js']) {
  copyFileSync(new URL(`../generator/${file}`, import.meta.url), new URL(`../dist/generator/${file}`, import.meta.url));
}
