import { Command, CommanderError } from 'commander';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCheck } from './check-project.js';
import { runGenerate, runInit, runValidate, type GenerateFlags } from './commands.js';
import { watchManifest } from './watch-manifest.js';
import { packageRoot } from './package-root.js';
import { registerImportCommands } from './cli-import.js';
import { registerReviewCommands } from './cli-review.js';

export async function main(argv: string[]): Promise<number> {
  const version = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version as string;
  let code = 0;
  const program = new Command('mcp-gen')
    .description('Generate a typed MCP server project from one YAML manifest (mcp.yaml).')
    .version(version, '-v, --version')
    .showHelpAfterError('(run mcp-gen help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) });

  program
    .command('init')
    .description('Create a commented starter mcp.yaml in DIR and generate the project there.')
    .argument('[dir]', 'folder to create the project in', '.')
    .option('--name <name>', 'server name (default: the folder name)')
    .option('--template <template>', 'starter manifest: minimal or weather', 'weather')
    .action(async (dir: string, opts: { name?: string; template: string }) => {
      code = await runInit(dir, opts);
    });

  program
    .command('validate')
    .description('Check the manifest and report every problem with its line and column. Writes nothing.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('--format <format>', 'text or json', 'text')
    .action(async (opts: { manifest: string; format: string }) => {
      code = await runValidate(opts);
    });

  program
    .command('generate')
    .description('Validate the manifest and write the server project: generated files are rewritten, your handlers are kept.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('-o, --out <dir>', "output folder (default: the manifest's folder)")
    .option('--dry-run', 'print the plan and a diff of every change, and write nothing')
    .option('--force', 'overwrite generated files even when they were edited by hand')
    .option('--prune', 'delete handler stubs of removed entries, if they are still exactly as generated')
    .option('--no-check', 'skip type-checking the handlers against the new types')
    .option('-w, --watch', 'regenerate whenever the manifest is saved')
    .option('-q, --quiet', 'print only problems')
    .addHelpText('after', '\nExit codes: 0 done, 1 nothing written (invalid manifest or hand-edited generated files), 3 written but handlers need work.')
    .action(async (opts: GenerateFlags & { watch?: boolean }) => {
      code = opts.watch ? await watchManifest(opts) : await runGenerate(opts);
    });

  program
    .command('check')
    .description('For CI and pre-commit: exit 1 unless the generated files are exactly what the manifest produces and every handler exists and fits. Writes nothing.')
    .option('-m, --manifest <file>', 'manifest file', 'mcp.yaml')
    .option('-o, --out <dir>', "project folder (default: the manifest's folder)")
    .action(async (opts: { manifest: string; out?: string }) => {
      code = await runCheck(opts);
    });

  registerImportCommands(program);
  registerReviewCommands(program);
  try {
    await program.parseAsync(argv);
    return code;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? 0 : 2;
    process.stderr.write(`mcp-gen: error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}
