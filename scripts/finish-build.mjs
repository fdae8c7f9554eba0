// Runs after tsc. tsc emits only .ts sources: the precompiled spec validators (plain JavaScript) are copied beside
// them, and the Handlebars templates are precompiled into dist/generator/emit/templates.gen.cjs (compiling them cost
// every generate ~70 ms; render-template.ts compiles from templates/ when the table is absent, as under vitest). And a fingerprint of everything that shapes generated output (generator, templates, schemas, version) is
// written to dist/, so `generate` can skip all work when neither the manifest nor the generator changed.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
copyFileSync(join(root, 'generator/validate/spec-validators.gen.js'), join(root, 'dist/generator/validate/spec-validators.gen.js'));

// The same options as render-template.ts compiles with.
const Handlebars = createRequire(import.meta.url)('handlebars');
const templates = readdirSync(join(root, 'templates'), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.hbs'))
  .map((e) => relative(join(root, 'templates'), join(e.parentPath, e.name)).split('\\').join('/'))
  .sort();
const specs = templates.map((name) => {
  const spec = Handlebars.precompile(readFileSync(join(root, 'templates', name), 'utf8'), { noEscape: true, strict: true });
  return `  ${JSON.stringify(name)}: ${spec},`;
});
writeFileSync(
  join(root, 'dist/generator/emit/templates.gen.cjs'),
  `// Precompiled from templates/ by scripts/finish-build.mjs.\nmodule.exports = {\n${specs.join('\n')}\n};\n`,
);

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
