import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { generate } from './generate.js';
import { hasErrors, type Issue } from './issue.js';
import { readManifest } from './load-manifest.js';
import { formatIssuesJson, formatIssuesText, summarize } from './print-issues.js';
import { starterManifest, STARTER_TEMPLATES } from './starter-manifest.js';
import { validateManifest } from './validate-manifest.js';
import type { PlannedFile } from './write-output.js';

export async function runValidate(opts: { manifest: string; format: string }): Promise<number> {
  if (opts.format !== 'text' && opts.format !== 'json') return usageError(`--format must be text or json, not ${JSON.stringify(opts.format)}`);
  const loaded = readManifest(opts.manifest);
  const issues = validateManifest(loaded);
  if (opts.format === 'json') process.stdout.write(formatIssuesJson(issues, opts.manifest) + '\n');
  else if (issues.length) process.stderr.write(`${formatIssuesText(issues, opts.manifest, loaded.source)}\n\n${summarize(issues)}\n`);
  else process.stdout.write(`${opts.manifest}: ok\n`);
  return hasErrors(issues) ? 1 : 0;
}

export async function runGenerate(opts: { manifest: string; out?: string; dryRun?: boolean }): Promise<number> {
  const started = performance.now();
  const result = await generate({ manifestPath: opts.manifest, outDir: opts.out, dryRun: opts.dryRun });
  reportIssues(result.issues, opts.manifest, result.loaded.source);
  if (!result.plan) return 1;
  const ms = Math.round(performance.now() - started);
  process.stdout.write(describePlan(result.plan, relative(process.cwd(), result.outDir) || '.', ms, opts.dryRun === true));
  return 0;
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
  const code = await runGenerate({ manifest: manifestPath });
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

function describePlan(plan: PlannedFile[], outDir: string, ms: number, dryRun: boolean): string {
  const count = (a: PlannedFile['action']) => plan.filter((p) => p.action === a).length;
  const lines = plan.filter((p) => p.action === 'create' || p.action === 'update').map((p) => `  ${p.action.padEnd(7)} ${join(outDir, p.path)}`);
  const summary = `${dryRun ? 'would create' : 'created'} ${count('create')}, ${dryRun ? 'would update' : 'updated'} ${count('update')}, unchanged ${count('unchanged')}, kept ${count('kept')} in ${ms} ms`;
  return `${lines.join('\n')}${lines.length ? '\n' : ''}${summary}\n`;
}

function usageError(message: string): number {
  process.stderr.write(`mcp-gen: error: ${message}\n`);
  return 2;
}
