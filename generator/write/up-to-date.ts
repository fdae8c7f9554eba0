// The up-to-date shortcut and the run's record. A run whose manifest, schema and embedded files, package.json and
// generator build give the key the last clean run left (core/run-cache.ts), on a tree still as that run wrote it, has
// nothing to do: it answers without loading the pipeline's stages (only the load stage's digests, when the last run
// read schema files), and records by stat what it verified, so that the next no-op answers from bin/mcp-gen.js before
// the CLI is loaded. A full run leaves its key once it ends clean; from the moment it writes until then, and when it
// ends with handlers that no longer fit (exit 3), the folder's record is the unclean marker, which matches no key.
import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import {
  fileSystemNow,
  MAX_PROJECT_FILE_BYTES,
  readConfined,
  readManifestSource,
  readRunKey,
  type RunRecord,
  TreeCapture,
  treeKey,
  writeRunKey,
  writeUncleanRun,
} from '../core/index.js';
import type { ContractReport } from './contract-check.js';
import { generatorFingerprint } from './fingerprint.js';
import { type ProjectState, readState, STATE_PATH, sha256 } from './project-state.js';

/** A file a run read besides the manifest (a schema file or an embedded one), relative to the manifest's folder. */
export interface RunInput {
  path: string;
  digest: string;
}

/**
 * Whether the folder is up to date, and if not, the run's record: `shortcut` false (--force, --prune, --dry-run)
 * always does the full run, which still leaves its key for the next one.
 */
export async function startRun(manifestPath: string, outDir: string, shortcut: boolean): Promise<Run> {
  const last = readRunKey(outDir);
  // With a key to match, everything the check below reads is stat'ed first, each path before it is read: recorded
  // once the check passes, it lets the next run answer from stat alone (bin/mcp-gen.js, core/tree-signature.ts).
  // A file changed after its stat fails either this check or the next run's stat comparison.
  const since = shortcut && last ? fileSystemNow() : undefined;
  const capture = since === undefined ? undefined : new TreeCapture(since);
  capture?.add(outDir, [STATE_PATH, 'package.json']);
  capture?.add(resolve(dirname(manifestPath)), [basename(manifestPath), ...(last?.files ?? [])]);
  const prior = readState(outDir);
  // Anything unreadable (missing, a folder, no permission) is left to the load stage, which says why.
  const read = readManifestSource(manifestPath);
  const source = read.ok ? read.source : undefined;
  // Schema files the last run read are part of its key: editing one alone must not look like a no-op.
  const lastFiles = last?.files.length ? (await import('../load/index.js')).digestInputFiles(dirname(manifestPath), last.files) : [];
  const key = source === undefined ? undefined : runKey(source, manifestPath, outDir, lastFiles);
  const run = new Run(manifestPath, outDir, last, key, prior, source);
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
      const tree = fingerprint && capture?.finish(treeKey(relative(outDir, resolve(manifestPath)), fingerprint));
      if (tree) writeRunKey(outDir, key, last.files, tree);
      run.upToDate = true;
    }
  }
  return run;
}

/** One run's dealings with the folder's record, around the write stage and the handlers' check. */
export class Run {
  /** True when neither the manifest nor the generator changed since the last run, and the tree is as it wrote it. */
  upToDate = false;
  private unclean: boolean;
  private doneKey: string | undefined;
  private inputs: readonly RunInput[] = [];

  constructor(
    private readonly manifestPath: string,
    private readonly outDir: string,
    private readonly last: RunRecord | undefined,
    private readonly key: string | undefined,
    /** The state recorded by the previous run, if any. */
    readonly prior: ProjectState | undefined,
    /** The manifest's text; undefined when it could not be read (the load stage says why). */
    readonly source: string | undefined,
  ) {
    this.unclean = last?.unclean === true;
  }

  /**
   * Before writing: until this run has its verdict, the folder's record says that the last run did not end clean, so
   * that a run stopped after writing does not leave a key that a later manifest (the previous one, restored) could match.
   */
  beforeWrite(changesDisk: boolean): void {
    if (this.key && this.last && !this.unclean && changesDisk) {
      writeUncleanRun(this.outDir);
      this.unclean = true;
    }
  }

  /** After writing, before the check: the key covers package.json as this run wrote it, and the files it read. */
  afterWrite(inputs: readonly RunInput[]): void {
    this.inputs = inputs;
    const digests = inputs.map((f) => f.digest);
    this.doneKey = this.key && runKey(this.source!, this.manifestPath, this.outDir, digests);
  }

  /**
   * With nothing to write, the handlers are checked again unless the last run is known to have ended clean (not when
   * its handlers did not fit, nor without a record: a fresh clone, another machine), so that a run gives the same
   * verdict as the one before it on the same tree.
   */
  mustCheck(changesDisk: boolean): boolean {
    return changesDisk || this.last === undefined || this.last.unclean === true;
  }

  /** The verdict: the key when the run ended clean, else the unclean marker. */
  finish(planProblems: number, contracts: ContractReport | undefined): void {
    // A run that could not check the handlers (--no-check, no dependencies installed) does not clear an exit 3.
    const checked = contracts !== undefined && contracts.skipped === undefined;
    const clean = planProblems === 0 && (checked ? contracts.problems.length === 0 : this.last?.unclean !== true);
    if (this.doneKey && clean)
      writeRunKey(
        this.outDir,
        this.doneKey,
        this.inputs.map((f) => f.path),
      );
    else if (this.key && !clean && !this.unclean) writeUncleanRun(this.outDir);
  }
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
