import { existsSync, lstatSync, mkdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { painter, writeInside } from '../core/index.js';
import { generate, type GenerateResult } from '../generate.js';
import { hasErrors, type Issue } from '../core/index.js';
import { formatIssuesJson, formatIssuesText, summarize } from '../core/index.js';
import { initTargets, starterManifest, STARTER_TEMPLATES } from './starter-manifest.js';
import { formatDiffs, formatPlan, formatProblems, summarizePlan } from './print-plan.js';
import { generateReport } from './json-report.js';
import { startProgress } from './progress.js';
import { upToDateMessage } from './fast-generate.js';

export interface OutputFlags {
  /** Print only problems. */
  quiet?: boolean;
  /** One JSON object on stdout instead of text. */
  json?: boolean;
}

export async function runValidate(opts: { manifest: string; format: string } & OutputFlags): Promise<number> {
  if (opts.format !== 'text' && opts.format !== 'json')
    return usageError(`--format must be text or json, not ${JSON.stringify(opts.format)}`);
  const [{ readManifest }, { resolveSchemaFiles }, { validateManifest }] = await Promise.all([
    import('../load/index.js'),
    import('../load/index.js'),
    import('../validate/index.js'),
  ]);
  const loaded = resolveSchemaFiles(readManifest(opts.manifest));
  const issues = validateManifest(loaded, { lint: true });
  if (opts.json || opts.format === 'json') {
    process.stdout.write(formatIssuesJson(issues, opts.manifest) + '\n');
    return hasErrors(issues) ? 1 : 0;
  }
  const shown = opts.quiet ? issues.filter((i) => i.severity === 'error') : issues;
  if (shown.length)
    process.stderr.write(`${formatIssuesText(shown, opts.manifest, loaded.source, painter(process.stderr))}\n\n${summarize(shown)}\n`);
  else if (!opts.quiet) process.stdout.write(`${opts.manifest}: ok\n`);
  return hasErrors(issues) ? 1 : 0;
}

export interface GenerateFlags extends OutputFlags {
  manifest: string;
  out?: string;
  dryRun?: boolean;
  force?: boolean;
  prune?: boolean;
  check?: boolean;
}

/** Exit codes: 0 written and every handler fits; 1 nothing written (invalid manifest, conflicts); 3 written, but handlers need work. */
export async function runGenerate(opts: GenerateFlags): Promise<number> {
  const started = performance.now();
  const progress = opts.quiet || opts.json ? undefined : startProgress(opts.dryRun ? 'planning' : 'generating');
  let result: GenerateResult;
  try {
    result = await generate({
      manifestPath: opts.manifest,
      outDir: opts.out,
      dryRun: opts.dryRun,
      force: opts.force,
      prune: opts.prune,
      contracts: opts.check,
    });
  } finally {
    progress?.done();
  }
  const ms = Math.round(performance.now() - started);
  const code = result.upToDate
    ? 0
    : !result.plan || result.conflicts.length > 0
      ? 1
      : result.plan.problems.length > 0 || (result.contracts?.problems.length ?? 0) > 0
        ? 3
        : 0;
  if (opts.json) {
    process.stdout.write(`${JSON.stringify(generateReport(result, opts, ms, code), null, 2)}\n`);
    return code;
  }
  const shownOut = relative(process.cwd(), result.outDir) || '.';
  if (result.loaded) reportIssues(result.issues, opts.manifest, result.loaded.source);
  if (result.upToDate) {
    if (!opts.quiet) process.stdout.write(upToDateMessage(result.outDir, ms));
    return code;
  }
  if (!result.plan) return code;
  const plan = result.plan.files;
  if (result.conflicts.length > 0) {
    process.stderr.write(
      `${formatPlan(plan, shownOut, painter(process.stderr))}\n\nnothing was written: ${result.conflicts.length} generated file${result.conflicts.length === 1 ? ' was' : 's were'} edited by hand\n`,
    );
    return code;
  }
  const listing = formatPlan(plan, shownOut, painter(process.stdout));
  if (!opts.quiet || opts.dryRun)
    process.stdout.write(`${listing}${listing ? '\n' : ''}${summarizePlan(plan, ms, opts.dryRun === true)}\n`);
  if (opts.dryRun) process.stdout.write(await formatDiffs(plan));
  const problems = formatProblems(result.plan.problems, result.contracts, shownOut);
  if (problems) process.stderr.write(`${problems}\n`);
  return code;
}

export async function runInit(dir: string, opts: { name?: string; template: string; target?: string[] } & OutputFlags): Promise<number> {
  const started = performance.now();
  if (!STARTER_TEMPLATES.includes(opts.template)) return usageError(`--template must be one of ${STARTER_TEMPLATES.join(', ')}`);
  const chosen = initTargets(opts.target ?? []);
  if ('error' in chosen) return usageError(chosen.error);
  const target = resolve(dir);
  const manifestPath = join(target, 'mcp.yaml');
  // A link counts as there, even one that points nowhere: init never writes through it.
  if (existsSync(manifestPath) || isLink(manifestPath)) {
    process.stderr.write(
      `mcp-gen: error: ${relative(process.cwd(), manifestPath)} already exists\n  hint: run \`mcp-gen generate -m ${relative(process.cwd(), manifestPath)}\` to regenerate it\n`,
    );
    return 1;
  }
  const name =
    opts.name ??
    (basename(target)
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/^-+|-+$/g, '') ||
      'my-server');
  const text = starterManifest(opts.template, name, chosen.targets);
  // A starter that generate would refuse (a target whose entry is not generated yet) is reported before anything is
  // written: init leaves a whole project or nothing, never a lone mcp.yaml that a second init refuses to replace.
  const issues = await starterIssues(manifestPath, text);
  if (hasErrors(issues)) {
    if (opts.json) {
      const result: GenerateResult = { issues, outDir: target, conflicts: [] };
      process.stdout.write(
        `${JSON.stringify(generateReport(result, { manifest: manifestPath }, Math.round(performance.now() - started), 1), null, 2)}\n`,
      );
    } else reportIssues(issues, manifestPath, text);
    return 1;
  }
  mkdirSync(target, { recursive: true });
  writeInside(target, 'mcp.yaml', text);
  // A fresh project has no dependencies installed yet, so there is nothing to type-check handlers against.
  const code = await runGenerate({ manifest: manifestPath, check: false, quiet: opts.quiet, json: opts.json });
  if (code !== 0 || opts.quiet || opts.json) return code;
  const shown = relative(process.cwd(), target) || '.';
  process.stdout.write(
    `\nNext steps:\n` +
      (shown === '.' ? '' : `  cd ${shown}\n`) +
      `  npm install\n  npm run dev          # the server from source, restarting on every change\n  npm run inspect      # the MCP Inspector against it (npm run inspect:cli -- --method tools/list: in the terminal)\n  npm test             # a real client checks every listing, and the examples in mcp.yaml\n\n` +
      `Edit mcp.yaml, then run \`mcp-gen generate\` again: your handlers in src/handlers/ are kept.\n`,
  );
  return 0;
}

/** What `generate` would say of the starter, read from its text: the same checks, nothing read from disk. */
async function starterIssues(file: string, text: string): Promise<Issue[]> {
  const [{ loadManifest }, { validateManifest }] = await Promise.all([import('../load/index.js'), import('../validate/index.js')]);
  return validateManifest(loadManifest(file, text));
}

function reportIssues(issues: Issue[], file: string, source: string): void {
  if (issues.length === 0) return;
  process.stderr.write(
    `${formatIssuesText(issues, file, source, painter(process.stderr))}\n\n${summarize(issues)}${hasErrors(issues) ? '; nothing was written' : ''}\n`,
  );
}

function usageError(message: string): number {
  process.stderr.write(`mcp-gen: error: ${message}\n`);
  return 2;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
