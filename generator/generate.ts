import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ContractReport } from './write/index.js';
import { generatorFingerprint, generatorVersion } from './write/index.js';
import { hasErrors, type Issue, MAX_PROJECT_FILE_BYTES, readConfined, readManifestSource, readTextInside } from './core/index.js';
import type { LoadedManifest } from './load/index.js';
import type { Manifest } from './core/index.js';
import type { Plan, PlannedFile } from './write/index.js';
import { readState, serializeState, sha256, STATE_PATH, type ProjectState } from './write/index.js';
import { fileSystemNow, readRunKey, TreeCapture, treeKey, writeRunKey, writeUncleanRun } from './core/index.js';

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

export interface GenerateOptions {
  manifestPath: string;
  /** Output folder; defaults to the manifest's folder. */
  outDir?: string;
  /** Plan only: nothing is written. */
  dryRun?: boolean;
  /** Overwrite generated files that were edited by hand. */
  force?: boolean;
  /** Delete orphaned handler stubs that are still exactly as generated. */
  prune?: boolean;
  /** Type-check handlers against the new types after writing (default true). */
  contracts?: boolean;
}

export interface GenerateResult {
  loaded?: LoadedManifest;
  issues: Issue[];
  /** Undefined when validation failed: then nothing was written. */
  plan?: Plan;
  outDir: string;
  /** Set when hand-edited generated files stopped the run before anything was written. */
  conflicts: PlannedFile[];
  contracts?: ContractReport;
  /** True when neither the manifest nor the generator changed since the last run, and no work was done. */
  upToDate?: boolean;
  /** The state recorded by the previous run, if any. */
  prior?: ProjectState;
}

/** load -> validate -> model -> emit -> plan -> write, then check the handlers against the new types. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const outDir = resolve(options.outDir ?? dirname(options.manifestPath));
  const shortcut = !options.force && !options.prune && !options.dryRun;
  const last = readRunKey(outDir);
  // With a key to match, everything the check below reads is stat'ed first, each path before it is read: recorded
  // once the check passes, it lets the next run answer from stat alone (bin/mcp-gen.js, core/tree-signature.ts).
  // A file changed after its stat fails either this check or the next run's stat comparison.
  const since = shortcut && last ? fileSystemNow() : undefined;
  const capture = since === undefined ? undefined : new TreeCapture(since);
  capture?.add(outDir, [STATE_PATH, 'package.json']);
  capture?.add(resolve(dirname(options.manifestPath)), [basename(options.manifestPath), ...(last?.files ?? [])]);
  const prior = readState(outDir);
  // Anything unreadable (missing, a folder, no permission) is left to readManifest below, which says why.
  const source = readable(options.manifestPath);
  // Schema files the last run read are part of its key: editing one alone must not look like a no-op.
  const lastFiles = last?.files.length ? (await import('./load/index.js')).digestInputFiles(dirname(options.manifestPath), last.files) : [];
  const key = source === undefined ? undefined : runKey(source, options.manifestPath, outDir, lastFiles);
  // A run that ended with handlers to fix (exit 3) is never taken as up to date (its record matches no key): the
  // same command on the same tree must give the same verdict, and only a full run gives it.
  if (key && prior && shortcut && last?.key === key && !last.unclean) {
    const handlers = handlerFiles(prior);
    capture?.add(
      outDir,
      Object.keys(prior.files).filter((f) => !handlers.has(f)),
    );
    capture?.addListed(outDir, new Set([...handlers].map((f) => dirname(f))));
    if (isTreeIntact(outDir, prior)) {
      const fingerprint = generatorFingerprint();
      const tree = fingerprint && capture?.finish(treeKey(relative(outDir, resolve(options.manifestPath)), fingerprint));
      if (tree) writeRunKey(outDir, key, last.files, tree);
      return { issues: [], outDir, conflicts: [], upToDate: true, prior };
    }
  }

  const {
    loadManifest,
    readManifest,
    resolveSchemaFiles,
    validateManifest,
    buildServerModel,
    emitProject,
    formatEmitted,
    handlerEntries,
    completionExports,
    knownPackages,
    planFiles,
    writeOutput,
    changesDisk,
    checkContracts,
    embeddedFiles,
    digestInputFiles,
  } = await stages();
  const loaded = resolveSchemaFiles(source === undefined ? readManifest(options.manifestPath) : loadManifest(options.manifestPath, source));
  const issues = validateManifest(loaded, { generate: true });
  if (hasErrors(issues)) return { loaded, issues, outDir, conflicts: [] };
  const manifest = loaded.data as Manifest;
  // Digested before the model reads them: a file edited in between fails the next run's key, never the reverse.
  const embedded = embeddedFiles(manifest);
  const embeddedDigests = digestInputFiles(dirname(options.manifestPath), embedded);
  const model = await buildServerModel(manifest, { manifestPath: options.manifestPath, outDir });
  const formatted = formatEmitted(outDir, emitProject(model));
  if (formatted.warning)
    issues.push({ code: 'format-unavailable', severity: 'warning', path: '', message: formatted.warning, line: 0, column: 0 });
  const plan = await planFiles({
    outDir,
    files: formatted.files,
    handlers: handlerEntries(model, manifest),
    completions: completionExports(model, manifest),
    prior,
    manifestSha256: sha256(source ?? ''),
    generator: generatorVersion(),
    force: options.force,
    prune: options.prune,
    knownPackages: knownPackages(model.sdk),
  });
  plan.files.push(statePlan(outDir, plan.state));
  const conflicts = plan.files.filter((f) => f.action === 'conflict');
  if (conflicts.length > 0 || options.dryRun) return { loaded, issues, plan, outDir, conflicts, prior };

  // Until this run has its verdict, the folder's record says that the last run did not end clean: a run stopped after
  // writing must not leave a key that a later manifest (the previous one, restored) could match.
  let unclean = last?.unclean === true;
  if (key && last && !unclean && changesDisk(plan.files)) {
    writeUncleanRun(outDir);
    unclean = true;
  }
  writeOutput(outDir, plan.files);
  const read = [...loaded.schemaFiles.files, ...embedded.map((path, i) => ({ path, digest: embeddedDigests[i] }))];
  const doneKey =
    key &&
    runKey(
      source!,
      options.manifestPath,
      outDir,
      read.map((f) => f.digest),
    );
  // With nothing to write, the handlers are checked again unless the last run is known to have ended clean (not when
  // its handlers did not fit, nor without a record: a fresh clone, another machine), so that a run gives the same
  // verdict as the one before it on the same tree.
  const orphans = new Set(plan.files.filter((f) => f.action === 'orphaned').map((f) => f.path));
  const contracts =
    options.contracts === false || (!changesDisk(plan.files) && last !== undefined && !last.unclean)
      ? undefined
      : await checkContracts(outDir, { state: plan.state, prior, orphans, completions: plan.completions });
  // A run that could not check the handlers (--no-check, no dependencies installed) does not clear an exit 3.
  const checked = contracts !== undefined && contracts.skipped === undefined;
  const clean = plan.problems.length === 0 && (checked ? contracts.problems.length === 0 : last?.unclean !== true);
  if (doneKey && clean)
    writeRunKey(
      outDir,
      doneKey,
      read.map((f) => f.path),
    );
  else if (key && !clean && !unclean) writeUncleanRun(outDir);
  return { loaded, issues, plan, outDir, conflicts, contracts, prior };
}

/**
 * Everything a run's output depends on: the manifest text, where it sits, the generator build (none: no shortcut),
 * the path and content digest of each schema file and embedded file it read, and package.json (whose pins a run may have to raise).
 */
function runKey(source: string, manifestPath: string, outDir: string, schemaFiles: readonly string[]): string | undefined {
  const fingerprint = generatorFingerprint();
  if (!fingerprint) return undefined;
  const pkg = readConfined(outDir, 'package.json', MAX_PROJECT_FILE_BYTES);
  const pkgDigest = pkg.ok ? sha256(pkg.bytes.toString('utf8')) : pkg.kind;
  return sha256([source, relative(outDir, resolve(manifestPath)), fingerprint, pkgDigest, ...schemaFiles].join('\0'));
}

/** Every generated file as mcp-gen wrote it and every handler present: with the same run key, nothing to do. */
function isTreeIntact(outDir: string, prior: ProjectState): boolean {
  const folders = new Map<string, string>();
  for (const [path, record] of Object.entries(prior.files)) {
    const read = readConfined(outDir, path, MAX_PROJECT_FILE_BYTES, folders);
    if (!read.ok) return false;
    if (record.owner === 'generator' && sha256(read.bytes.toString('utf8')) !== record.sha256) return false;
  }
  return Object.values(prior.handlers).every((byName) => Object.values(byName ?? {}).every((h) => existsSync(join(outDir, h.file))));
}

/**
 * The handler files isTreeIntact looks for (the handlers' and those the state holds as the user's below src/handlers/):
 * only their presence matters to a no-op, so the stat shortcut vouches for their folders' lists of names instead.
 */
function handlerFiles(prior: ProjectState): Set<string> {
  const files = new Set(Object.values(prior.handlers).flatMap((byName) => Object.values(byName ?? {}).map((h) => h.file)));
  for (const [path, record] of Object.entries(prior.files))
    if (record.owner === 'user' && path.startsWith('src/handlers/')) files.add(path);
  return files;
}

function statePlan(outDir: string, state: ProjectState): PlannedFile {
  const content = serializeState(state);
  const current = readTextInside(outDir, STATE_PATH, MAX_PROJECT_FILE_BYTES);
  const action = current === undefined ? 'create' : current === content ? 'unchanged' : 'update';
  return { path: STATE_PATH, owner: 'generator', action, content, current };
}

function readable(file: string): string | undefined {
  const read = readManifestSource(file);
  return read.ok ? read.source : undefined;
}
