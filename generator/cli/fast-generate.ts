// `mcp-gen generate` when nothing changed, answered before the CLI is loaded: bin/mcp-gen.js calls this first, from
// its own small bundle (dist/fast-generate.js, node built-ins and a few core modules). Loading the CLI and the stages,
// parsing .mcp-gen/state.json and hashing every generated file made a no-op of a 500-tool project cost ~300 ms.
// This answers only a plain `generate` (options -m, -o, -q, --no-check, each at most once) and only when the record
// of the last run that verified the tree by content still matches, by stat, everything that check read
// (core/tree-signature.ts says why that is safe), and that run ended clean: a run whose handlers no longer fit (exit 3)
// leaves no such record, so the rerun gives that verdict again. Anything else, or any doubt, returns undefined: the CLI
// runs as usual.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { packageRoot, readRunKey, treeKey, treeUnchanged } from '../core/index.js';

/** The line a no-op generate prints unless --quiet (the CLI prints it too). */
export function upToDateMessage(outDir: string, ms: number): string {
  return `up to date: ${relative(process.cwd(), outDir) || '.'} was generated from this manifest (${ms} ms)\n`;
}

interface PlainGenerate {
  manifest: string;
  out?: string;
  quiet: boolean;
}

/** The options of `generate` that leave a no-op possible; undefined for anything else. */
function parse(args: readonly string[]): PlainGenerate | undefined {
  if (args[0] !== 'generate') return undefined;
  const seen = new Set<string>();
  const values: Record<string, string> = {};
  for (let i = 1; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const name = { '-m': 'manifest', '--manifest': 'manifest', '-o': 'out', '--out': 'out', '-q': 'quiet', '--quiet': 'quiet' }[flag];
    const option = flag === '--no-check' ? 'check' : name;
    if (!option || seen.has(option)) return undefined;
    seen.add(option);
    if (option === 'quiet' || option === 'check') {
      if (eq > 0) return undefined;
      continue;
    }
    const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
    // Leave anything commander might read differently (a missing value, one that looks like an option) to it.
    if (value === undefined || value === '' || value.startsWith('-')) return undefined;
    values[option] = value;
  }
  return { manifest: values.manifest ?? 'mcp.yaml', out: values.out, quiet: seen.has('quiet') };
}

/** The exit code when the run was answered here, else undefined. Never throws and never writes a file. */
export function fastGenerate(argv: readonly string[]): number | undefined {
  const started = performance.now();
  try {
    const opts = parse(argv.slice(2));
    if (!opts) return undefined;
    const outDir = resolve(opts.out ?? dirname(opts.manifest));
    const record = readRunKey(outDir, process.env, false);
    // Only the last run's verdict is answered here: after one that did not end clean (handlers to fix), the CLI runs.
    const tree = record?.unclean ? undefined : record?.tree;
    if (!tree) return undefined;
    const fingerprint = readFileSync(join(packageRoot(), 'dist', 'fingerprint.txt'), 'utf8').trim();
    if (!fingerprint || treeKey(relative(outDir, resolve(opts.manifest)), fingerprint) !== tree.key) return undefined;
    if (!treeUnchanged(tree, [outDir, resolve(dirname(opts.manifest))])) return undefined;
    if (!opts.quiet) process.stdout.write(upToDateMessage(outDir, Math.round(performance.now() - started)));
    return 0;
  } catch {
    return undefined;
  }
}
