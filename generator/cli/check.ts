// `mcp-gen check`: the generated tree must be exactly what the manifest produces, and every handler must exist and
// fit its entry. Nothing is written: the plan is computed in memory and handlers are type-checked against it.
import { relative } from 'node:path';
import { checkContracts } from '../write/index.js';
import { generate } from '../generate.js';
import { formatIssuesText, summarize } from '../core/index.js';
import { formatDiffs, formatProblems } from './print-plan.js';
import { handlerProblems } from './json-report.js';
import { startProgress } from './progress.js';

export async function runCheck(opts: { manifest: string; out?: string; quiet?: boolean; json?: boolean }): Promise<number> {
  const progress = opts.quiet || opts.json ? undefined : startProgress('checking');
  try {
    return await check(opts);
  } finally {
    progress?.done();
  }
}

async function check(opts: { manifest: string; out?: string; quiet?: boolean; json?: boolean }): Promise<number> {
  const result = await generate({ manifestPath: opts.manifest, outDir: opts.out, dryRun: true });
  if (opts.json && !result.plan) {
    process.stdout.write(`${JSON.stringify({ ok: false, file: opts.manifest, outDir: result.outDir, issues: result.issues }, null, 2)}\n`);
    return 1;
  }
  if (!opts.json && result.loaded && result.issues.length)
    process.stderr.write(`${formatIssuesText(result.issues, opts.manifest, result.loaded.source)}\n\n${summarize(result.issues)}\n`);
  if (!result.plan) return 1;
  const shownOut = relative(process.cwd(), result.outDir) || '.';
  const files = result.plan.files;
  const stale = files.filter((f) => f.owner === 'generator' && ['create', 'update', 'delete', 'conflict'].includes(f.action));
  const missing = files.filter(
    (f) => f.owner === 'user' && f.path.startsWith('src/handlers/') && (f.action === 'create' || f.action === 'rename'),
  );
  const overlay = new Map<string, string | null>();
  for (const f of files) {
    if (f.action === 'delete') overlay.set(f.path, null);
    else if (f.action !== 'conflict' && f.action !== 'orphaned') overlay.set(f.path, f.content);
    if (f.from) overlay.set(f.from, null);
  }
  // A pin older than the generated code needs, or a package it needs missing: generate would change package.json.
  const pkg = files.find((f) => f.path === 'package.json' && f.action === 'merge');
  const orphans = new Set(files.filter((f) => f.action === 'orphaned').map((f) => f.path));
  const contracts = await checkContracts(result.outDir, {
    state: result.plan.state,
    prior: result.prior,
    overlay,
    orphans,
    completions: result.plan.completions,
  });
  const out: string[] = [];
  for (const f of stale)
    out.push(
      `stale: ${shownOut}/${f.path} (${f.action === 'conflict' ? 'edited by hand' : f.action === 'create' ? 'missing' : f.action === 'delete' ? 'no longer generated' : 'out of date'})`,
    );
  if (pkg) out.push(`package.json: ${pkg.note} (the generated code needs these; \`mcp-gen generate\` makes the change)`);
  for (const f of missing)
    out.push(`missing handler: ${shownOut}/${f.path}${f.from ? ` (its entry was renamed from a handler in ${f.from})` : ''}`);
  const problems = formatProblems(result.plan.problems, contracts, shownOut);
  if (problems) out.push(problems);
  // Advice on the user's files (a Dockerfile on an old Node, packages no longer loaded): shown, never a failure.
  const advice = files.filter((f) => f.action === 'kept' && f.note).map((f) => `note: ${shownOut}/${f.path}: ${f.note}`);
  const failed = (pkg ? 1 : 0) + stale.length + missing.length + result.plan.problems.length + contracts.problems.length > 0;
  if (opts.json) {
    const reason = (f: (typeof stale)[number]) =>
      f.action === 'conflict'
        ? 'edited by hand'
        : f.action === 'create'
          ? 'missing'
          : f.action === 'delete'
            ? 'no longer generated'
            : 'out of date';
    process.stdout.write(
      `${JSON.stringify(
        {
          ok: !failed,
          file: opts.manifest,
          outDir: result.outDir,
          issues: result.issues,
          stale: stale.map((f) => ({ path: f.path, reason: reason(f) })),
          ...(pkg ? { packageJson: { note: pkg.note, raised: pkg.pins ?? [] } } : {}),
          missingHandlers: missing.map((f) => ({ path: f.path, ...(f.from ? { renamedFrom: f.from } : {}) })),
          handlerProblems: handlerProblems(result.plan.problems, contracts),
          ...(contracts.skipped ? { note: contracts.skipped } : {}),
          ...(advice.length ? { advice } : {}),
        },
        null,
        2,
      )}\n`,
    );
    return failed ? 1 : 0;
  }
  if (failed) {
    process.stderr.write(`${[...out, ...advice].join('\n')}\n`);
    const diffs = opts.quiet ? '' : await formatDiffs(stale.filter((f) => f.action !== 'conflict'));
    if (diffs) process.stderr.write(`\n${diffs}`);
    process.stderr.write(`\ncheck failed: run \`mcp-gen generate -m ${opts.manifest}\` and fix the handlers listed\n`);
    return 1;
  }
  if (advice.length) process.stderr.write(`${advice.join('\n')}\n`);
  if (!opts.quiet)
    process.stdout.write(
      `ok: ${shownOut} matches ${opts.manifest}${contracts.skipped ? ` (${contracts.skipped})` : '; every handler fits'}\n`,
    );
  return 0;
}
