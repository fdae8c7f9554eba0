// The review commands: diff, lint, docs, fmt. Each run returns its output and exit code; a non-zero code is handed
// to main() the way every command reports failure there: a CommanderError for a bad command line (exit 2), any
// other error for a failed run (printed as `mcp-gen: error: ...`, exit 1).
import { CommanderError, type Command } from 'commander';
import type { CommandOutput } from '../diff/index.js';

// Review modules load only when a review command runs, not on every mcp-gen start.
const review = () => import('./review.js');

function finish(out: CommandOutput): void {
  if (out.stdout) process.stdout.write(out.stdout);
  if (out.stderr) process.stderr.write(out.stderr);
  if (out.code === 2) throw new CommanderError(2, 'mcp-gen.usage', out.stderr.trim());
  if (out.code === 1) throw new Error(out.error ?? 'failed');
}

export function registerReviewCommands(program: Command): void {
  program
    .command('diff')
    .description('Report what a manifest change does to clients: breaking, risky and safe changes, and the size of tools/list.')
    .argument('[base]', 'BASE: a manifest file, a git revision (the manifest as it was there) or REV:path')
    .argument('[head]', 'HEAD: likewise (default: the working manifest, -m)')
    .option('-m, --manifest <file>', 'the working manifest', 'mcp.yaml')
    .option('--against <rev>', 'compare the working manifest (or HEAD) with the one at this git revision')
    .option('--format <format>', 'text, markdown, json or github', 'text')
    .option('--fail-on <class>', 'exit 1 when a change of this class (or worse) exists: breaking, risky or none', 'none')
    .action(
      async (
        base: string | undefined,
        head: string | undefined,
        opts: { manifest: string; against?: string; format: string; failOn: string },
      ) => {
        finish((await import('../diff/index.js')).runDiff(base, head, opts));
      },
    );

  program
    .command('lint')
    .description('Check the manifest for what makes it hard for models and clients to use. Rules are set in its lint: section.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('--format <format>', 'text or json', 'text')
    .action(async (opts: { manifest: string; format: string }) => finish((await review()).runLint(opts)));

  program
    .command('docs')
    .description('Write a Markdown reference of the server: tools with parameter tables, resources, templates, prompts.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('-o, --out <file>', 'write to this file (default, or -: standard output)')
    .option('--check', 'exit 1 if the file given with -o is missing or stale')
    .action(async (opts: { manifest: string; out?: string; check?: boolean }) => finish((await review()).runDocs(opts)));

  program
    .command('fmt')
    .description('Rewrite the manifest in canonical form (key order, indentation), keeping comments.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('--check', 'change nothing; exit 1 and print the difference if the manifest is not formatted')
    .action(async (opts: { manifest: string; check?: boolean }) => finish((await review()).runFmt(opts)));
}
