// Runs after tsc. tsc emits only .ts sources: the precompiled spec validators (plain JavaScript) are copied beside
// them. And a fingerprint of everything that shapes generated output (generator, templates, schemas, version) is
// written to dist/, so `generate` can skip all work when neither the manifest nor the generator changed.
import { createHash } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
copyFileSync(join(root, 'generator/spec-validators.gen.js'), join(root, 'dist/generator/spec-validators.gen.js'));

const hash = createHash('sha256');
for (const dir of ['generator', 'templates', 'schemas']) {
  const files = readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
}
hash.update(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version);
writeFileSync(join(root, 'dist/fingerprint.txt'), `${hash.digest('hex')}\n`);
