import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { generate } from './generate.js';
import { hasErrors, type Issue } from './issue.js';
import { readManifest } from './load-manifest.js';
import { formatIssuesJson, formatIssuesText, summarize } from './print-issues.js';
import { starterManifest, STARTER_TEMPLATES } from './starter-manifest.js';
import { validateManifest } from './validate-manifest.js';
import { formatDiffs, formatPlan, formatProblems, summarizePlan } from './print-plan.js';

export async function runValidate(opts: { manifest: string; format: string }): Promise<number> {
  if (opts.format !== 'text' && opts.format !== 'json') return usageError(`--format must be text or json, not ${JSON.stringify(opts.format)}`);
  const loaded = readManifest(opts.manifest);
  const issues = validateManifest(loaded, { lint: true });
  if (opts.format === 'json') process.stdout.write(formatIssuesJson(issues, opts.manifest) + '\n');
  else if (issues.length) process.stderr.write(`${formatIssuesText(issues, opts.manifest, loaded.source)}\n\n${summarize(issues)}\n`);
  else process.stdout.write(`${opts.manifest}: ok\n`);
  return hasErrors(issues) ? 1 : 0;
}

export interface GenerateFlags {
  manifest: string;
  out?: string;
  dryRun?: boolean;
  force?: boolean;
  prune?: boolean;
  check?: boolean;
  quiet?: boolean;
}

/** Exit codes: 0 written and every handler fits; 1 nothing written (invalid manifest, conflicts); 3 written, but handlers need work. */
export async function runGenerate(opts: GenerateFlags): Promise<number> {
  const started = performance.now();
  const result = await generate({ manifestPath: opts.manifest, outDir: opts.out, dryRun: opts.dryRun, force: opts.force, prune: opts.prune, contracts: opts.check });
  const shownOut = relative(process.cwd(), result.outDir) || '.';
  const ms = Math.round(performance.now() - started);
  if (result.loaded) reportIssues(result.issues, opts.manifest, result.loaded.source);
  if (result.upToDate) {
    if (!opts.quiet) process.stdout.write(`up to date: ${shownOut} was generated from this manifest (${ms} ms)\n`);
    return 0;
  }
  if (!result.plan) return 1;
  const plan = result.plan.files;
  const listing = formatPlan(plan, shownOut);
  if (result.conflicts.length > 0) {
    process.stderr.write(`${listing}\n\nnothing was written: ${result.conflicts.length} generated file${result.conflicts.length === 1 ? ' was' : 's were'} edited by hand\n`);
    return 1;
  }
  if (!opts.quiet || opts.dryRun) process.stdout.write(`${listing}${listing ? '\n' : ''}${summarizePlan(plan, ms, opts.dryRun === true)}\n`);
  if (opts.dryRun) process.stdout.write(formatDiffs(plan));
  const problems = formatProblems(result.plan.problems, result.contracts);
  if (problems) process.stderr.write(`${problems}\n`);
  return result.plan.problems.length > 0 || (result.contracts?.problems.length ?? 0) > 0 ? 3 : 0;
}

export async function runInit(dir: string, opts: { name?: string; template: string }): Promise<number> {
  if (!STARTER_TEMPLATES.includes(opts.template)) return usageError(`--template must be one of ${STARTER_TEMPLATES.join(', ')}`);
  const target = resolve(dir);
  const manifestPath = join(target, 'mcp.yaml');
  if (existsSync(manifestPath)) {
    process.stderr.write(`mcp-gen: error: ${relative(process.cwd(), manifestPath)} already exists\n  hint: run \`mcp-gen generate -m ${relative(process.cwd(), manifestPath)}\` to regenerate it\n`);
    return 1;
  }
  const name = opts.name ?? (basename(target).toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'my-server');
  mkdirSync(target, { recursive: true });
  writeFileSync(manifestPath, starterManifest(opts.template, name));
  // A fresh project has no dependencies installed yet, so there is nothing to type-check handlers against.
  const code = await runGenerate({ manifest: manifestPath, check: false });
  if (code !== 0) return code;
  const shown = relative(process.cwd(), target) || '.';
  process.stdout.write(
    `\nNext steps:\n` +
      (shown === '.' ? '' : `  cd ${shown}\n`) +
      `  npm install\n  npm run build\n  npm start            # stdio; add -- --transport http for Streamable HTTP\n  npm test\n\n` +
      `Edit mcp.yaml, then run \`mcp-gen generate\` again: your handlers in src/handlers/ are kept.\n`,
  );
  return 0;
}

function reportIssues(issues: Issue[], file: string, source: string): void {
  if (issues.length === 0) return;
  process.stderr.write(`${formatIssuesText(issues, file, source)}\n\n${summarize(issues)}${hasErrors(issues) ? '; nothing was written' : ''}\n`);
}

function usageError(message: string): number {
  process.stderr.write(`mcp-gen: error: ${message}\n`);
  return 2;
}
