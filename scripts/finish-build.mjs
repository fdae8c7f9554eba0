// Runs after tsc. tsc emits only .ts sources: the precompiled spec validators (plain JavaScript) are copied beside
// them, and the Handlebars templates are precompiled into dist/generator/emit/templates.gen.cjs (compiling them cost
// every generate ~70 ms; render-template.ts compiles from templates/ when the table is absent, as under vitest). And a fingerprint of everything that shapes generated output (generator, templates, schemas, version) is
// written to dist/, so `generate` can skip all work when neither the manifest nor the generator changed.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
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

// The CLI as a few files: bin/mcp-gen.js loads dist/cli/index.js. A no-op generate read ~110 files (our modules,
// commander, semver's) in separate module loads; bundled, it reads a handful, ~60 ms less per run. The stages stay
// separate chunks (dynamic imports), so a no-op still loads none of them. Packages that are large, load lazily or
// resolve files of their own stay outside.
rmSync(join(root, 'dist/cli'), { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'dist/generator/cli/index.js')],
  outdir: join(root, 'dist/cli'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  external: [
    'typescript',
    'ts-morph',
    'handlebars',
    'ajv',
    'ajv/*',
    'ajv-formats',
    'yaml',
    'js-yaml',
    'diff',
    '@biomejs/*',
    '@modelcontextprotocol/*',
    './templates.gen.cjs',
  ],
  // commander and semver are CommonJS: their require() calls need one in scope.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
copyFileSync(join(root, 'dist/generator/emit/templates.gen.cjs'), join(root, 'dist/cli/templates.gen.cjs'));

// What bin/mcp-gen.js loads first: the up-to-date check of a plain `generate`, one file of node built-ins and the
// few core modules it uses, so that a no-op run does not load the CLI at all. Our modules are declared free of side
// effects here, so that the unused ones core/index.ts re-exports (one builds a node:net BlockList) are left out.
await build({
  entryPoints: [join(root, 'dist/generator/cli/fast-generate.js')],
  outfile: join(root, 'dist/fast-generate.js'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
  plugins: [
    {
      name: 'no-side-effects',
      setup(b) {
        b.onResolve({ filter: /^\./ }, (args) => ({ path: join(args.resolveDir, args.path), sideEffects: false }));
      },
    },
  ],
});
