// Bundles a platform's entry as its own tools do: workers like wrangler (esbuild, the workerd/worker/browser
// conditions, node: built-ins left to nodejs_compat), the others for their runtime's conditions. The tests run
// the Worker's bundle on workerd; `npm run bench` reports every bundle's size.
import { builtinModules, createRequire } from 'node:module';
import { join } from 'node:path';
import { runtimesDir } from './platform-runtimes.js';

export type PlatformTarget = 'workers' | 'deno' | 'bun' | 'vercel' | 'lambda';

interface Esbuild {
  build(
    options: Record<string, unknown>,
  ): Promise<{ metafile: { inputs: Record<string, unknown>; outputs: Record<string, { bytes: number }> } }>;
}

const NODE_BANNER = "import { createRequire as __mcpRequire } from 'node:module'; const require = __mcpRequire(import.meta.url);";

const OPTIONS: Record<PlatformTarget, Record<string, unknown>> = {
  workers: {
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    external: ['node:*', 'cloudflare:*'],
    define: { 'navigator.userAgent': '"Cloudflare-Workers"', 'process.env.NODE_ENV': '"production"' },
    // wrangler's default rule: an imported .html file is a text module (the MCP Apps views the entry embeds).
    loader: { '.html': 'text' },
  },
  // Deno loads Node's built-ins itself, by either name.
  deno: {
    platform: 'neutral',
    conditions: ['deno', 'node', 'import'],
    mainFields: ['module', 'main'],
    external: ['node:*', ...builtinModules],
  },
  bun: { platform: 'node', conditions: ['bun', 'node', 'import'], banner: { js: NODE_BANNER } },
  // @vercel/functions imports ws only inside experimental_upgradeWebSocket, which the entry never calls (it uses
  // waitUntil): left out, as Vercel's file tracing leaves out a package the project does not install.
  vercel: { platform: 'node', target: 'node22', banner: { js: NODE_BANNER }, external: ['ws'] },
  lambda: { platform: 'node', target: 'node22', banner: { js: NODE_BANNER } },
};

export interface Bundle {
  file: string;
  bytes: number;
  /** The bundle's inputs (paths relative to the project), to see what an entry pulls in. */
  inputs: string[];
}

export async function bundleEntry(
  dir: string,
  target: PlatformTarget,
  // Two levels under the project, as the compiled entries are: the views' files are found from there.
  outfile = join(dir, 'dist', 'platform', `${target}.mjs`),
): Promise<Bundle> {
  const esbuild = createRequire(join(runtimesDir(), 'package.json'))('esbuild') as Esbuild;
  const { metafile } = await esbuild.build({
    entryPoints: [join(dir, 'src', 'generated', `${target}.gen.ts`)],
    outfile,
    bundle: true,
    format: 'esm',
    minify: true,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: dir,
    // The project's node_modules links the shared install: resolve packages from where they are.
    preserveSymlinks: false,
    ...OPTIONS[target],
  });
  const bytes = Object.values(metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  return { file: outfile, bytes, inputs: Object.keys(metafile.inputs) };
}
