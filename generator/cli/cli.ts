import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GenerateFlags, OutputFlags } from './commands.js';
import { registerCompletionCommand } from './completion.js';
import { packageRoot } from '../core/index.js';
import { registerImportCommands } from './import.js';
import { registerReviewCommands } from './diff.js';

// Each command loads its pipeline only when it runs: `--help`, `--version` and the other commands skip the cost.
const commands = () => import('./commands.js');

export async function main(argv: string[]): Promise<number> {
  const version = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
  let code = 0;
  const program = new Command('mcp-gen')
    .description('Generate a typed MCP server project from one YAML manifest (mcp.yaml).')
    .version(version, '-v, --version')
    .showHelpAfterError('(run mcp-gen help for usage)')
    .addHelpText(
      'after',
      `\n${EXIT_CODES}\nColour is used on a terminal only, never when NO_COLOR is set. Shell completion: mcp-gen completion bash|zsh|fish.`,
    )
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) });

  program
    .command('init')
    .description('Create a commented starter mcp.yaml in DIR and generate the project there.')
    .argument('[dir]', 'folder to create the project in', '.')
    .option('--name <name>', 'server name (default: the folder name)')
    .option('--template <template>', 'starter manifest: minimal or weather', 'weather')
    .option(
      '--target <target>',
      'a platform to deploy to besides node: deno, bun, workers, vercel or lambda (repeatable, or a comma list)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    .option('-q, --quiet', 'print only problems')
    .option('--json', 'print one JSON object (the generate report) instead of text')
    .action(async (dir: string, opts: { name?: string; template: string; target?: string[] } & OutputFlags) => {
      code = await (await commands()).runInit(dir, opts);
    });

  program
    .command('validate')
    .description('Check the manifest and report every problem with its line and column. Writes nothing.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('--format <format>', 'text or json', 'text')
    .option('--json', 'same as --format json')
    .option('-q, --quiet', 'print only errors; nothing when the manifest is valid')
    .addHelpText('after', '\nExit codes: 0 valid (warnings allowed), 1 errors, 2 bad command line.')
    .action(async (opts: { manifest: string; format: string } & OutputFlags) => {
      code = await (await commands()).runValidate(opts);
    });

  program
    .command('generate')
    .description('Validate the manifest and write the server project: generated files are rewritten, your handlers are kept.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('-o, --out <dir>', "output folder (default: the manifest's folder)")
    .option('--dry-run', 'print the plan and a diff of every change, and write nothing')
    .option(
      '--force',
      'overwrite generated files even when they were edited by hand (each edited copy is kept in .mcp-gen/cache/overwritten/)',
    )
    .option('--prune', 'delete handler stubs of removed entries, if they are still exactly as generated')
    .option('--no-check', 'skip type-checking the handlers against the new types')
    .option('-w, --watch', 'regenerate whenever the manifest, or a schema file it refers to, is saved')
    .option('-q, --quiet', 'print only problems')
    .option('--json', 'print one JSON object: what was written, issues and handler problems')
    .addHelpText(
      'after',
      '\nExit codes: 0 done, 1 nothing written (invalid manifest or hand-edited generated files), 2 bad command line, 3 written but handlers need work.',
    )
    .action(async (opts: GenerateFlags & { watch?: boolean }) => {
      code = opts.watch ? await (await import('./watch.js')).watchManifest(opts) : await (await commands()).runGenerate(opts);
    });

  program
    .command('check')
    .description(
      'For CI and pre-commit: exit 1 unless the generated files are exactly what the manifest produces and every handler exists and fits. Writes nothing.',
    )
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('-o, --out <dir>', "project folder (default: the manifest's folder)")
    .option('-q, --quiet', 'print only problems, without diffs')
    .option('--json', 'print one JSON object: stale files, missing handlers, handler problems')
    .addHelpText('after', '\nExit codes: 0 up to date and every handler fits, 1 otherwise, 2 bad command line.')
    .action(async (opts: { manifest: string; out?: string } & OutputFlags) => {
      code = await (await import('./check.js')).runCheck(opts);
    });

  registerImportCommands(program);
  registerReviewCommands(program);
  registerCompletionCommand(program);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    process.stderr.write(`mcp-gen: error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

export const EXIT_CODES = `Exit codes:
  0  success
  1  the input is wrong or a check failed: invalid manifest, hand-edited generated files, stale project (nothing written)
  2  bad command line
  3  generate wrote the project, but handlers no longer fit their manifest entries`;
