// The pipeline: load -> validate -> model -> emit -> plan -> write, then the handlers' check against the new types.
// Whether there is anything to do, and the record a run leaves so that the next one can tell, is write/up-to-date.ts.
import { dirname, resolve } from 'node:path';
import { hasErrors, type Manifest } from './core/index.js';
import type { GenerateOptions, GenerateResult } from './generate-types.js';
import { startRun } from './write/index.js';

export type { GenerateOptions, GenerateResult } from './generate-types.js';

/** The pipeline's stages, loaded after the up-to-date check: a no-op run needs none of them. */
async function stages() {
  const [load, validate, model, emit, write] = await Promise.all([
    import('./load/index.js'),
    import('./validate/index.js'),
    import('./model/index.js'),
    import('./emit/index.js'),
    import('./write/index.js'),
  ]);
  return { ...load, ...validate, ...model, ...emit, ...write };
}

/** Generates the project of a manifest; a run with nothing to do answers before any stage is loaded. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const { manifestPath } = options;
  const outDir = resolve(options.outDir ?? dirname(manifestPath));
  const run = await startRun(manifestPath, outDir, !options.force && !options.prune && !options.dryRun);
  const { prior, source } = run;
  if (run.upToDate) return { issues: [], outDir, conflicts: [], upToDate: true, prior };
  const s = await stages();

  const loaded = s.resolveSchemaFiles(source === undefined ? s.readManifest(manifestPath) : s.loadManifest(manifestPath, source));
  const issues = s.validateManifest(loaded);
  if (hasErrors(issues)) return { loaded, issues, outDir, conflicts: [] };
  const manifest = loaded.data as Manifest;
  // Digested before the model reads them: a file edited in between fails the next run's key, never the reverse.
  const embedded = s.embeddedFiles(manifest);
  const digests = s.digestInputFiles(dirname(manifestPath), embedded);
  const inputs = [...loaded.schemaFiles.files, ...embedded.map((path, i) => ({ path, digest: digests[i] }))];
  const model = await s.buildServerModel(manifest, { manifestPath, outDir });
  const formatted = s.formatEmitted(outDir, s.emitProject(model));
  if (formatted.warning)
    issues.push({ code: 'format-unavailable', severity: 'warning', path: '', message: formatted.warning, line: 0, column: 0 });

  const plan = await s.planFiles({
    outDir,
    files: formatted.files,
    handlers: s.handlerEntries(model, manifest),
    completions: s.completionExports(model, manifest),
    views: s.viewEntries(model),
    prior,
    manifestSha256: s.sha256(source ?? ''),
    generator: s.generatorVersion(),
    force: options.force,
    prune: options.prune,
    knownPackages: s.knownPackages(model.sdk),
  });
  plan.files.push(s.statePlan(outDir, plan.state));
  const conflicts = plan.files.filter((f) => f.action === 'conflict');
  if (conflicts.length > 0 || options.dryRun) return { loaded, issues, plan, outDir, conflicts, prior };

  const changed = s.changesDisk(plan.files);
  run.beforeWrite(changed);
  s.writeOutput(outDir, plan.files);
  run.afterWrite(inputs);
  const orphans = new Set(plan.files.filter((f) => f.action === 'orphaned').map((f) => f.path));
  const contracts =
    options.contracts !== false && run.mustCheck(changed)
      ? await s.checkContracts(outDir, { state: plan.state, prior, orphans, completions: plan.completions, views: plan.views })
      : undefined;
  run.finish(plan.problems.length, contracts);
  return { loaded, issues, plan, outDir, conflicts, contracts, prior };
}
